import { ListPage } from '#shared/http/answers.js';
import { httpRoute } from '#shared/http/route.js';
import { listUsersQuery } from '#shared/schemas.js';
import { listReports } from '#shared/store/reports.js';

/** GET /reports?page&per_page: the reports, newest first. */
export const handler = httpRoute(
  { access: 'operator', query: listUsersQuery },
  async ({ query }) => new ListPage(await listReports(query.page, query.per_page, query.cursor)),
);
