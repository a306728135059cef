import { httpRoute } from '#shared/http/route.js';
import { createReportBody } from '#shared/schemas.js';
import { reportLink } from '#shared/store/reports.js';

/** POST /reports: anyone may report a short link (phishing, spam...); the operator reads GET /reports. */
export const handler = httpRoute({ access: 'open', success: 201, body: createReportBody }, ({ body }) =>
  reportLink(body),
);
