import http from 'node:http';
import https from 'node:https';
import type { Outcome } from './stats.js';

export interface PlannedRequest {
  method: 'GET' | 'POST';
  /** Path and query, relative to the base URL. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
}

export interface Response extends Outcome {
  /** The body as text, only when asked for: the load loop discards bodies unread to save CPU. */
  text?: string;
}

export interface HttpClient {
  send(request: PlannedRequest, options?: { keepBody?: boolean }): Promise<Response>;
  /** Closes the pooled connections so that the process can exit. */
  close(): void;
}

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * A client on node:http with a keep-alive pool, chosen over fetch because it costs less CPU per request on
 * a machine the service under test shares. Redirects are never followed: the redirect route's answer is
 * the 302 itself.
 */
export function createHttpClient(baseUrl: URL, connections: number): HttpClient {
  const transport = baseUrl.protocol === 'https:' ? https : http;
  // One socket per virtual user: a user has at most one request in flight, so no request ever waits
  // for a socket inside the client, which would count the client's queueing as the service's latency.
  const agent = new transport.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const target = {
    protocol: baseUrl.protocol,
    // node:http wants an IPv6 literal without its brackets.
    hostname: baseUrl.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: baseUrl.port,
    basePath: baseUrl.pathname.replace(/\/+$/, ''),
  };

  function send(request: PlannedRequest, { keepBody = false } = {}): Promise<Response> {
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    const startedAt = performance.now();
    return new Promise((resolve) => {
      const settle = (status: number, extra: { error?: string; text?: string } = {}) =>
        resolve({ status, durationMs: performance.now() - startedAt, ...extra });
      const outgoing = transport.request({
        agent,
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: request.method,
        path: target.basePath + request.path,
        timeout: REQUEST_TIMEOUT_MS,
        headers:
          payload === undefined
            ? {}
            : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      });
      outgoing.on('response', (incoming) => {
        const status = incoming.statusCode ?? 0;
        incoming.on('error', (error) => settle(0, { error: errorCode(error) }));
        if (!keepBody) {
          incoming.on('end', () => settle(status));
          incoming.resume();
          return;
        }
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => settle(status, { text: Buffer.concat(chunks).toString('utf8') }));
      });
      outgoing.on('timeout', () =>
        outgoing.destroy(Object.assign(new Error(`no response within ${REQUEST_TIMEOUT_MS} ms`), { code: 'TIMEOUT' })),
      );
      outgoing.on('error', (error) => settle(0, { error: errorCode(error) }));
      outgoing.end(payload);
    });
  }

  return { send, close: () => agent.destroy() };
}

const errorCode = (error: Error) => (error as NodeJS.ErrnoException).code ?? error.message;
