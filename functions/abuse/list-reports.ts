import { listReportsRoute } from '#shared/api/abuse.js';
import { ListPage } from '#shared/http/answers.js';
import { httpRoute } from '#shared/http/route.js';
import { listReports } from '#shared/store/reports.js';

/** GET /reports?page&per_page: the reports, newest first. */
export const handler = httpRoute(
  listReportsRoute,
  async ({ query }) => new ListPage(await listReports(query.page, query.per_page, query.cursor)),
);
