import { httpRoute } from '#shared/http/route.js';
import { listUsersQuery } from '#shared/schemas.js';
import { listUsers } from '#shared/store/users.js';

/** GET /users?page&per_page */
export const handler = httpRoute({ query: listUsersQuery }, ({ query }) => listUsers(query.page, query.per_page));
