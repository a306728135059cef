import { httpRoute } from '#shared/http/route.js';

/** GET /health: liveness only; it touches nothing, so it stays cheap under background health checks. */
export const handler = httpRoute({ access: 'open' }, async () => ({ status: 'ok' }));
