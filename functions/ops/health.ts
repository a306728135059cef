import { healthRoute } from '#shared/api/service.js';
import { httpRoute } from '#shared/http/route.js';

/** GET /health: liveness only; it touches nothing, so it stays cheap under background health checks. */
export const handler = httpRoute(healthRoute, async () => ({ status: 'ok' }));
