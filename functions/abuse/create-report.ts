import { createReportRoute } from '#shared/api/abuse.js';
import { httpRoute } from '#shared/http/route.js';
import { reportLink } from '#shared/store/reports.js';

/** POST /reports: anyone may report a short link (phishing, spam...); the operator reads GET /reports. */
export const handler = httpRoute(createReportRoute, ({ body }) => reportLink(body));
