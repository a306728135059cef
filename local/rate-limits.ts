import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { bearerKey } from '../shared/http/caller.js';
import { MAX_BULK_LINKS } from '../shared/schemas/urls.js';
import { rawHeaderPairs } from './edge.js';

/**
 * The local gateway's rate limits (docs/decisions.md, "Abuse controls"): at most `perMinute` requests to a route in
 * any 60 seconds from one client address, and from one access key. Exact: each client's last requests are
 * kept, and the next one is refused until the oldest is a minute old. In AWS the same settings are WAF
 * rate-based rules (docs/decisions.md says how exact those are).
 */

const WINDOW_MS = 60_000;
const SWEEP_ABOVE = 10_000;

interface RateLimiter {
  /**
   * Seconds the client must wait, or 0 when the request may go: it counts as `weight` requests (a bulk
   * request as its links). One heavier than the whole minute's allowance waits a minute and never goes.
   */
  wait(request: IncomingMessage, weight?: number): number;
}

/** A limit as the gateway applies it: what a request of the route weighs, read from its body (one by default). */
export interface RouteRateLimit {
  limiter: RateLimiter;
  weigh?: (body: Buffer) => number;
}

function rateLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
  const recent = new Map<string, number[]>();
  let sweptAt = 0;
  // A key counts as itself however its header is written (the caller check reads it the same way), so
  // `bearer K` and `Bearer  K` share one budget.
  const clientsOf = (request: IncomingMessage) => {
    const key = bearerKey(rawHeaderPairs(request));
    return [
      `address:${request.socket.remoteAddress ?? 'unknown'}`,
      ...(key ? [`key:${createHash('sha256').update(key).digest('hex')}`] : []),
    ];
  };
  return {
    wait(request, weight = 1) {
      const at = now();
      const clients = clientsOf(request);
      let wait = weight > perMinute ? WINDOW_MS / 1000 : 0;
      const windows = clients.map((client) => (recent.get(client) ?? []).filter((time) => time > at - WINDOW_MS));
      for (const times of windows) {
        // Room for `weight` more once the oldest of those past the allowance is a minute old.
        const freedBy = times[times.length + weight - perMinute - 1];
        if (weight <= perMinute && freedBy !== undefined) {
          wait = Math.max(wait, Math.ceil((freedBy + WINDOW_MS - at) / 1000));
        }
      }
      clients.forEach((client, index) => {
        const times = windows[index] ?? [];
        if (wait === 0) times.push(...Array.from({ length: weight }, () => at));
        recent.set(client, times);
      });
      // Clients quiet for a minute are forgotten (once a minute at most), so the map holds about a minute's clients.
      if (recent.size > SWEEP_ABOVE && at - sweptAt >= WINDOW_MS) {
        sweptAt = at;
        for (const [client, times] of recent) if ((times.at(-1) ?? 0) <= at - WINDOW_MS) recent.delete(client);
      }
      return wait;
    },
  };
}

/**
 * The links a `POST /urls/bulk` body asks for; 1 for a body the function refuses whole (not such a request,
 * or more links than it takes), as a request that creates nothing.
 */
function linksIn(body: Buffer): number {
  try {
    const links = (JSON.parse(body.toString('utf8')) as { links?: unknown }).links;
    return Array.isArray(links) && links.length > 0 && links.length <= MAX_BULK_LINKS ? links.length : 1;
  } catch {
    return 1;
  }
}

/**
 * The limits by route: link creations count each link, whether one by `POST /urls` or many by `POST
 * /urls/bulk`, against one allowance per client.
 */
export function rateLimitsOf(settings: {
  createLinksPerMinute?: number;
  reportsPerMinute?: number;
}): Record<string, RouteRateLimit> {
  const links = settings.createLinksPerMinute ? rateLimiter(settings.createLinksPerMinute) : undefined;
  return {
    ...(links && { 'POST /urls': { limiter: links }, 'POST /urls/bulk': { limiter: links, weigh: linksIn } }),
    ...(settings.reportsPerMinute && { 'POST /reports': { limiter: rateLimiter(settings.reportsPerMinute) } }),
  };
}
