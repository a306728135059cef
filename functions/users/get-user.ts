import { httpRoute } from '#shared/http/route.js';
import { idPath } from '#shared/schemas.js';
import { getUser } from '#shared/store/users.js';

/** GET /users/{id} */
export const handler = httpRoute({ path: idPath }, ({ path }) => getUser(path.id));
