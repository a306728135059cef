import { createUserRoute } from '#shared/api/users.js';
import { idempotentRequests } from '#shared/http/idempotency.js';
import { httpRoute } from '#shared/http/route.js';
import { createUser } from '#shared/store/users.js';

/** POST /users */
export const handler = httpRoute(createUserRoute, { idempotent: idempotentRequests() }, ({ body, idempotency }) =>
  createUser(body, idempotency?.identity),
);
