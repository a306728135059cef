import { metricsRoute } from '#shared/api/service.js';
import { httpRoute } from '#shared/http/route.js';
import { metricsSnapshot } from '#shared/platform/metrics.js';

/** GET /metrics/json: this process's request counters and process figures. */
export const handler = httpRoute(metricsRoute, async () => metricsSnapshot());
