import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { bearerKey } from '../shared/http/caller.js';
import { rawHeaderPairs } from './edge.js';

/**
 * The local gateway's rate limits (CONTRACT.md, "Abuse controls"): at most `perMinute` requests to a route in
 * any 60 seconds from one client address, and from one access key. Exact: each client's last requests are
 * kept, and the next one is refused until the oldest is a minute old. In AWS the same settings are WAF
 * rate-based rules (docs/decisions.md says how exact those are).
 */

const WINDOW_MS = 60_000;
const SWEEP_ABOVE = 10_000;

export interface RateLimiter {
  /** Seconds the client must wait, or 0 when the request may go. */
  wait(request: IncomingMessage): number;
}

export function rateLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
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
    wait(request) {
      const at = now();
      const clients = clientsOf(request);
      let wait = 0;
      const windows = clients.map((client) => (recent.get(client) ?? []).filter((time) => time > at - WINDOW_MS));
      for (const times of windows) {
        if (times.length >= perMinute) wait = Math.max(wait, Math.ceil(((times[0] ?? at) + WINDOW_MS - at) / 1000));
      }
      clients.forEach((client, index) => {
        const times = windows[index] ?? [];
        if (wait === 0) times.push(at);
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
