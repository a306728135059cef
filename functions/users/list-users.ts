import { listUsersRoute } from '#shared/api/users.js';
import { ListPage } from '#shared/http/answers.js';
import { httpRoute } from '#shared/http/route.js';
import { listUsers } from '#shared/store/users.js';

/** GET /users?page&per_page */
export const handler = httpRoute(
  listUsersRoute,
  async ({ query }) => new ListPage(await listUsers(query.page, query.per_page, query.cursor)),
);
