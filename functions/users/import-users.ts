import { NotImplementedError } from '#shared/errors.js';
import { httpRoute } from '#shared/http/route.js';

/** POST /users/bulk: CSV import, built with the users issue. */
export const handler = httpRoute({}, async () => {
  throw new NotImplementedError();
});
