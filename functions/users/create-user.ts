import { idempotentRequests } from '#shared/http/idempotency.js';
import { httpRoute } from '#shared/http/route.js';
import { createUserBody } from '#shared/schemas.js';
import { createUser } from '#shared/store/users.js';

/** POST /users */
export const handler = httpRoute(
  { access: 'operator', success: 201, body: createUserBody, idempotent: idempotentRequests() },
  ({ body, idempotency }) => createUser(body, idempotency?.identity),
);
