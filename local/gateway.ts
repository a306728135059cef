import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2,
  APIGatewayProxyResult,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { servedByApi, shortLinkRoute } from '../lib/edge-paths.js';
import { methodsOfResource, type RouteDefinition, routeName } from '../shared/api/routes.js';
import { jsonResponse } from '../shared/http/answers.js';
import { corsHeaders, preflightHeaders } from '../shared/http/cors.js';
import { toErrorOutcome } from '../shared/http/error-policy.js';
import { securityHeaders } from '../shared/http/security-headers.js';
import { serviceConfig } from '../shared/platform/config.js';
import {
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  RuleViolationError,
  TooManyRequestsError,
} from '../shared/platform/errors.js';
import { logger } from '../shared/platform/logger.js';
import { recordRequest } from '../shared/platform/metrics.js';
import { edge, type HeaderPairs } from './edge.js';
import type { LocalFunction } from './function-instances.js';
import { invokeFunction } from './lambda-invocation.js';
import type { RouteRateLimit } from './rate-limits.js';

/** API Gateway's own limits, reproduced so that local behaviour matches the deployment. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const INTEGRATION_TIMEOUT_MS = 29_000;
/**
 * Connections waiting to be accepted, per listening socket. Node's default (511) overflows when hundreds of
 * clients connect at once to a busy gateway, and the kernel drops their SYNs: they retry after 1, 3, 7, 15 s.
 * The kernel caps it at net.core.somaxconn (4,096 on current Linux).
 */
const CONNECTION_BACKLOG = 4096;
/**
 * Listening sockets sharing the port (SO_REUSEPORT, which Node offers on Linux). libuv accepts one connection
 * per listening socket per turn of the event loop (libuv PR #3696), and a saturated gateway's loop turns every
 * 50-100 ms: with one socket, 600 clients connecting at once (a load test's start) were accepted at about 12 a
 * second, and the last waited 20 s for their first answer. The kernel spreads new connections over the
 * sockets, so each turn accepts up to this many.
 */
const LISTENING_SOCKETS = process.platform === 'linux' ? 128 : 1;
/** Content types API Gateway passes to the function base64-encoded (the stack's binary media types). */
const BINARY_MEDIA_TYPES = ['multipart/form-data'];

type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
type FunctionUrlHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export interface LoadedRoute extends RouteDefinition {
  segments: string[];
  invoke: ProxyHandler;
  /**
   * The same function, called by its function URL (payload format 2.0): the redirect's, which serves the
   * short links `/<code>` behind CloudFront's default behaviour (lib/edge-paths.ts).
   */
  invokeUrl?: FunctionUrlHandler;
}

/**
 * Every route with the function that serves it (local/function-instances.ts: each its own module instance,
 * loaded at its first request, as a cold start does). The redirect's function is also its function URL's: one
 * function for both, as deployed (one instance: one hot-key cache).
 */
export function loadRoutes(
  definitions: readonly RouteDefinition[],
  functions: ReadonlyMap<string, LocalFunction<never, unknown>>,
): LoadedRoute[] {
  return definitions.map((definition) => {
    const served = functions.get(routeName(definition));
    if (!served) throw new Error(`No function serves ${definition.method} ${definition.path}`);
    const handler = served.handler as ProxyHandler & FunctionUrlHandler;
    return {
      ...definition,
      segments: splitPath(definition.path),
      invoke: handler,
      ...(definition.handler === shortLinkRoute.handler && { invokeUrl: handler }),
    };
  });
}

function splitPath(requestPath: string): string[] {
  return requestPath.split('/').filter((segment) => segment !== '');
}

const isParameter = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

type RouteMatch =
  | { kind: 'found'; route: LoadedRoute; pathParameters: Record<string, string> | null }
  | { kind: 'no-resource' }
  | { kind: 'no-method'; allowed: string[] };

/**
 * Finds the route for a request as API Gateway does: the most specific resource wins (at each level a
 * literal segment beats a `{param}`), and only then is the method looked up on that resource.
 */
export function matchRoute(routes: readonly LoadedRoute[], method: string, requestPath: string): RouteMatch {
  const segments = splitPath(requestPath);
  let best: { resource: string; specificity: string } | undefined;
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    const fits = route.segments.every((segment, i) => isParameter(segment) || segment === segments[i]);
    if (!fits) continue;
    const specificity = route.segments.map((segment) => (isParameter(segment) ? '0' : '1')).join('');
    if (!best || specificity > best.specificity) best = { resource: route.path, specificity };
  }
  if (!best) return { kind: 'no-resource' };
  const onResource = routes.filter((route) => route.path === best.resource);
  // HEAD is served by the GET route's function, as API Gateway's HEAD methods are (lib/service-api.ts).
  const route = onResource.find((candidate) => candidate.method === (method === 'HEAD' ? 'GET' : method));
  if (!route) return { kind: 'no-method', allowed: methodsOfResource(onResource.map((candidate) => candidate.method)) };
  const pathParameters: Record<string, string> = {};
  route.segments.forEach((segment, i) => {
    if (isParameter(segment)) pathParameters[segment.slice(1, -1)] = safeDecode(segments[i] ?? '');
  });
  return { kind: 'found', route, pathParameters: Object.keys(pathParameters).length > 0 ? pathParameters : null };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** API Gateway's two views of repeated names: the last value, and every value in order. */
function collectPairs(pairs: Iterable<[string, string]>) {
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [name, value] of pairs) {
    single[name] = value;
    multi[name] = [...(multi[name] ?? []), value];
  }
  return { single, multi, empty: Object.keys(single).length === 0 };
}

/**
 * Builds the REST API (v1) proxy event API Gateway would hand the function for this request, with its headers
 * as the edge passes them on (local/edge.ts).
 */
function toProxyEvent(
  request: IncomingMessage,
  url: URL,
  body: Buffer,
  match: { route: Pick<RouteDefinition, 'path'>; pathParameters: Record<string, string> | null },
  requestId: string,
  edgeHeaders: HeaderPairs,
): APIGatewayProxyEvent {
  // CloudFront calls API Gateway by its own name, and API Gateway hands that on as Host.
  const domainName = `local.execute-api.${process.env.AWS_REGION ?? 'us-east-1'}.amazonaws.com`;
  const headers = collectPairs([...edgeHeaders, ['Host', domainName]]);
  const query = collectPairs(url.searchParams);
  const contentType = (request.headers['content-type'] ?? '').toLowerCase();
  const binary = BINARY_MEDIA_TYPES.some((type) => contentType.startsWith(type));
  const now = new Date();
  const method = request.method ?? 'GET';
  return {
    resource: match.route.path,
    path: url.pathname,
    httpMethod: method,
    headers: headers.single,
    multiValueHeaders: headers.multi,
    queryStringParameters: query.empty ? null : query.single,
    multiValueQueryStringParameters: query.empty ? null : query.multi,
    pathParameters: match.pathParameters,
    stageVariables: null,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: null,
      protocol: `HTTP/${request.httpVersion}`,
      httpMethod: method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        user: null,
        userAgent: request.headers['user-agent'] ?? null,
        userArn: null,
      },
      path: `/local${url.pathname}`,
      domainName,
      stage: 'local',
      requestId,
      requestTimeEpoch: now.getTime(),
      resourceId: 'local',
      resourcePath: match.route.path,
    },
    body: body.length === 0 ? null : binary ? body.toString('base64') : body.toString('utf8'),
    isBase64Encoded: binary && body.length > 0,
  };
}

/** Content types a function URL hands the function as text; any other body arrives base64-encoded. */
const isTextual = (contentType: string) =>
  contentType === '' ||
  contentType.startsWith('text/') ||
  /\b(json|xml|javascript|x-www-form-urlencoded)\b/.test(contentType);

/** `12/Mar/2020:19:03:58 +0000`, the function URL event's `time`. */
function requestTime(now: Date): string {
  const [weekday, day, month, year, time] = now.toUTCString().replace(',', '').split(' ');
  return weekday === undefined ? '' : `${day}/${month}/${year}:${time} +0000`;
}

/**
 * Builds the function URL event (payload format 2.0) Lambda would hand the function for this request, as
 * CloudFront sends it after the edge (local/edge.ts): header names lower-cased and repeated values joined with
 * commas, cookies apart, the raw path and query string, and the query decoded and joined by name.
 */
function toFunctionUrlEvent(
  request: IncomingMessage,
  url: URL,
  body: Buffer,
  requestId: string,
  edgeHeaders: HeaderPairs,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of edgeHeaders) {
    const lower = name.toLowerCase();
    if (lower === 'cookie') cookies.push(...value.split(';').map((cookie) => cookie.trim()));
    else headers[lower] = headers[lower] === undefined ? value : `${headers[lower]},${value}`;
  }
  // CloudFront calls the function URL by its own name: Host is never the viewer's (X-Viewer-Host says that).
  const domainName = `local.lambda-url.${process.env.AWS_REGION ?? 'us-east-1'}.on.aws`;
  headers.host = domainName;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = query[name] === undefined ? value : `${query[name]},${value}`;
  const contentType = (request.headers['content-type'] ?? '').toLowerCase();
  const now = new Date();
  const method = request.method ?? 'GET';
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length > 0 && { cookies: cookies.filter(Boolean) }),
    headers,
    ...(Object.keys(query).length > 0 && { queryStringParameters: query }),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName,
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: request.headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: '$default',
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(body.length > 0 && {
      body: isTextual(contentType) ? body.toString('utf8') : body.toString('base64'),
    }),
    isBase64Encoded: body.length > 0 && !isTextual(contentType),
  };
}

/** A function URL's answer as it goes out (a structured result; cookies as Set-Cookie headers). */
function fromFunctionUrlResult(result: APIGatewayProxyStructuredResultV2): APIGatewayProxyResult {
  return {
    statusCode: result.statusCode ?? 200,
    headers: Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)])),
    ...(result.cookies?.length && { multiValueHeaders: { 'Set-Cookie': result.cookies } }),
    body: result.body ?? '',
    isBase64Encoded: result.isBase64Encoded ?? false,
  };
}

class BodyTooLarge extends Error {}
class RequestAborted extends Error {}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', () => reject(new RequestAborted()));
    request.on('close', () => {
      if (!request.complete) reject(new RequestAborted());
    });
  });
}

/** Whether the gateway listens on loopback only (the default): then it answers only its own names. */
const isLoopbackInterface = (host: string) =>
  ['127.0.0.1', 'localhost', '::1'].includes(host) || host.startsWith('127.');

/**
 * Whether a request's Host names this service: `localhost`, `127.0.0.1`, `[::1]`, PUBLIC_BASE_URL's host or one
 * of SHORT_LINK_HOSTS, on any port (docs/decisions.md, "Hardening").
 */
function isOwnHostHeader(header: string | undefined): boolean {
  if (header === undefined) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${header}`).hostname;
  } catch {
    return false;
  }
  const config = serviceConfig();
  const own = [
    'localhost',
    '127.0.0.1',
    '[::1]',
    ...(config.publicBaseUrl ? [new URL(config.publicBaseUrl).hostname] : []),
    ...config.shortLinkHosts.map((address) => new URL(`http://${address}`).hostname),
  ];
  return own.includes(hostname);
}

/**
 * Node's own answer to a request it cannot read (headers or URL too large, a malformed request line), in the
 * contract's JSON like every other error of the gateway: 431 or 400.
 */
function answerMalformedRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW' || error.code === 'HPE_URI_TOO_LONG';
  const [status, reason, detail] = tooLarge
    ? [431, 'Request Header Fields Too Large', 'Request header fields or URL too large']
    : [400, 'Bad Request', 'Malformed request'];
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * The URL a request asks for, read as an HTTP server reads its request target: a path (`//` and `/\\` are paths
 * too, not a host, as WHATWG's parsing against a base would take them), or the absolute form a proxy sends
 * (`http:` or `https:`).
 * Undefined for a target that is neither (`*`, garbage), which the gateway answers 400.
 */
function requestTarget(target: string | undefined): URL | undefined {
  if (target === undefined) return undefined;
  try {
    if (target.startsWith('/')) return new URL(`http://localhost${target}`);
    const absolute = new URL(target);
    return absolute.protocol === 'http:' || absolute.protocol === 'https:' ? absolute : undefined;
  } catch {
    return undefined;
  }
}

function send(response: ServerResponse, result: APIGatewayProxyResult): void {
  // What CloudFront adds in AWS, where the function did not set it.
  const headers: Record<string, string | string[]> = { ...securityHeaders };
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) headers[name] = values.map(String);
  const body = result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body ?? '', 'utf8');
  headers['Content-Length'] = String(body.length);
  response.writeHead(result.statusCode, headers);
  response.end(body);
}

/** The gateway's own answers (no route, wrong method, too large, timeout), in the contract's JSON. */
function gatewayError(
  error: unknown,
  requestId: string,
  extraHeaders: Record<string, string> = {},
): APIGatewayProxyResult {
  const outcome = toErrorOutcome(error);
  return jsonResponse(outcome.statusCode, outcome.body, {
    ...outcome.headers,
    'X-Content-Type-Options': 'nosniff',
    'X-Request-Id': requestId,
    ...extraHeaders,
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface LocalGateway {
  port: number;
  url: string;
  /** Stops accepting connections and waits for requests in flight. */
  close(): Promise<void>;
}

/**
 * Serves the route table over HTTP exactly as CloudFront and API Gateway would hand requests to the functions:
 * the edge function run, the API's paths (CloudFront's behaviours, lib/edge-paths.ts) to the routes, CORS
 * preflights answered, HEAD served by the GET route, the gateway's own errors in the contract's JSON; every
 * other path (the short links `/<code>`) to the redirect function as its function URL's event, when the routes
 * have it; and one access-log line per request.
 */
export async function startGateway(
  routes: readonly LoadedRoute[],
  options: {
    port: number;
    host?: string;
    /** The runtime the gateway belongs to: what its functions call is attributed to it (function-identity.ts). */
    runtime: string;
    /** Pages of the local runtime itself, by path (the limits report): not routes of the service. */
    localPages?: Record<string, (request: IncomingMessage, query: URLSearchParams) => APIGatewayProxyResult>;
    /** Rate limits by route (`POST /urls`), as the deployment's WAF rules hold them (local/rate-limits.ts). */
    rateLimits?: Record<string, RouteRateLimit>;
  },
): Promise<LocalGateway> {
  const atEdge = edge();
  const host = options.host ?? '127.0.0.1';
  const onLoopback = isLoopbackInterface(host);
  /** The function behind CloudFront's default behaviour: the redirect's, by its function URL. */
  const shortLinks = routes.find((route) => route.invokeUrl !== undefined);
  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    const requestId = randomUUID();
    const method = request.method ?? 'GET';
    const received = requestTarget(request.url);
    // HTTP/1.1 requires a Host header (RFC 9112, 3.2); Node's own refusal would not be the contract's JSON.
    const hostMissing = request.headers.host === undefined && request.httpVersion !== '1.0';
    if (!received || hostMissing) {
      request.resume();
      send(response, gatewayError(new RuleViolationError('Malformed request'), requestId));
      await recordRequest({ route: 'unmatched', method, status: 400, durationMs: 0 });
      return;
    }
    const viewed = atEdge(request, received.pathname);
    // The edge function's rewrite replaces the path alone (set, not resolved: `//` stays a path).
    const url = new URL(received);
    if ('path' in viewed) url.pathname = viewed.path;
    const origin = request.headers.origin;
    const match = matchRoute(routes, method, url.pathname);
    // CloudFront picks the behaviour by the path the viewer sent, before the edge function's rewrite.
    const byFunctionUrl = shortLinks?.invokeUrl !== undefined && !servedByApi(received.pathname);
    // The short links' route as the API documents it, and as the function counts it.
    const routeLabel = byFunctionUrl ? '/{code}' : match.kind === 'found' ? match.route.path : 'unmatched';
    const startedAt = performance.now();
    const log = (status: number, durationMs: number) =>
      logger.info('request', {
        method,
        path: received.pathname,
        status,
        duration_ms: Math.round(durationMs * 10) / 10,
        request_id: requestId,
      });
    /** The gateway's own answer: CORS headers as API Gateway's gateway responses carry them, counted here. */
    const answer = async (route: string, result: APIGatewayProxyResult) => {
      send(response, {
        ...result,
        headers: { ...corsHeaders(serviceConfig().corsAllowedOrigins, origin), ...result.headers },
      });
      const durationMs = performance.now() - startedAt;
      log(result.statusCode, durationMs);
      await recordRequest({ route, method, status: result.statusCode, durationMs });
    };
    try {
      // A page a browser loaded from another name that resolves here (DNS rebinding) must not reach the API.
      if (onLoopback && !isOwnHostHeader(request.headers.host)) {
        request.resume();
        return await answer(
          'unmatched',
          jsonResponse(
            421,
            { detail: 'Misdirected Request' },
            { 'X-Content-Type-Options': 'nosniff', 'X-Request-Id': requestId },
          ),
        );
      }
      const localPage = method === 'GET' ? options.localPages?.[received.pathname] : undefined;
      if (localPage) {
        request.resume();
        return await answer('local', localPage(request, received.searchParams));
      }
      // The edge function answered by itself (a short link's wrong method): nothing reaches an origin.
      if ('answer' in viewed) {
        request.resume();
        return await answer('edge', { ...viewed.answer });
      }
      if (byFunctionUrl && shortLinks?.invokeUrl) {
        const body = await readBody(request);
        const event = toFunctionUrlEvent(request, url, body, requestId, viewed.headers);
        const invoked = invokeFunction(
          { runtime: options.runtime, name: routeName(shortLinks) },
          shortLinks.invokeUrl,
          event,
          INTEGRATION_TIMEOUT_MS,
        );
        const result = await withTimeout(invoked, INTEGRATION_TIMEOUT_MS);
        // A function URL whose function ran out of time answers 502; CloudFront's error page says so in JSON.
        if (result === 'timeout') {
          return await answer(routeLabel, jsonResponse(502, { detail: 'Bad Gateway' }, { 'X-Request-Id': requestId }));
        }
        send(response, fromFunctionUrlResult(result));
        log(result.statusCode ?? 200, performance.now() - startedAt);
        return;
      }
      if (match.kind === 'no-resource') {
        request.resume();
        return await answer('unmatched', gatewayError(new NotFoundError('Not Found'), requestId));
      }
      if (match.kind === 'no-method') {
        request.resume();
        if (method === 'OPTIONS') {
          const headers = preflightHeaders(serviceConfig().corsAllowedOrigins, origin, match.allowed);
          return await answer('preflight', {
            statusCode: 204,
            headers: { ...headers, 'X-Request-Id': requestId },
            body: '',
          });
        }
        return await answer(
          'unmatched',
          gatewayError(new MethodNotAllowedError(), requestId, { Allow: match.allowed.join(', ') }),
        );
      }
      const limit = options.rateLimits?.[`${method} ${match.route.path}`];
      // A route whose requests weigh what their body holds (a bulk request, its links) is read first.
      let body = limit?.weigh ? await readBody(request) : undefined;
      const wait = limit?.limiter.wait(request, body && limit.weigh ? limit.weigh(body) : 1) ?? 0;
      if (wait > 0) {
        if (!body) request.resume();
        return await answer(
          match.route.path,
          gatewayError(new TooManyRequestsError(), requestId, { 'Retry-After': String(wait) }),
        );
      }
      body ??= await readBody(request);
      const event = toProxyEvent(request, url, body, match, requestId, viewed.headers);
      const invoked = invokeFunction(
        { runtime: options.runtime, name: routeName(match.route) },
        match.route.invoke,
        event,
        INTEGRATION_TIMEOUT_MS,
      );
      const result = await withTimeout(invoked, INTEGRATION_TIMEOUT_MS);
      if (result === 'timeout') {
        return await answer(
          match.route.path,
          jsonResponse(504, { detail: 'Endpoint request timed out' }, { 'X-Request-Id': requestId }),
        );
      }
      // The function's answer goes out as it is (the function stamped its headers and counted it).
      send(response, result);
      log(result.statusCode, performance.now() - startedAt);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        return await answer('unmatched', gatewayError(new PayloadTooLargeError('Request body too large'), requestId));
      }
      // The client gave up (an upload cut short, or its connection closed): nobody to answer, and nothing wrong
      // with the service. (Not `request.destroyed`: a request read to its end is destroyed too.)
      if (error instanceof RequestAborted || request.socket.destroyed) {
        logger.info('request aborted by the client', { method, path: received.pathname, request_id: requestId });
        return;
      }
      // Answered already (what failed came after): nothing more can be sent.
      if (response.headersSent) throw error;
      // A handler that throws past its error policy is what API Gateway reports as a 502.
      logger.error('Function failed', { requestId, path: url.pathname, error: error as Error });
      await answer(routeLabel, jsonResponse(502, { detail: 'Bad Gateway' }, { 'X-Request-Id': requestId }));
    }
  };
  const listen = (server: Server, port: number, address = host) =>
    new Promise<number>((resolve, reject) => {
      server.keepAliveTimeout = 65_000;
      server.once('error', reject);
      server.listen({ port, host: address, backlog: CONNECTION_BACKLOG, reusePort: LISTENING_SOCKETS > 1 }, () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  // The gateway answers a request without Host itself, in JSON (above).
  const serverOptions = { requireHostHeader: false };
  /** Whatever happens to a request, the process goes on serving the others: a failure is a 500, and logged. */
  const serveSafely = (request: IncomingMessage, response: ServerResponse) => {
    serve(request, response).catch((error: unknown) => {
      logger.error('The gateway failed', { method: request.method, error: error as Error });
      if (response.headersSent) {
        if (!response.writableEnded) response.destroy();
        return;
      }
      try {
        send(response, gatewayError(error, randomUUID()));
      } catch {
        response.destroy();
      }
    });
  };
  const servers = Array.from({ length: LISTENING_SOCKETS }, () =>
    createServer(serverOptions, serveSafely).on('clientError', answerMalformedRequest),
  );
  const [first, ...others] = servers as [Server, ...Server[]];
  // The first socket takes the port (a free one for port 0); the others join it.
  const port = await listen(first, options.port);
  try {
    await Promise.all(others.map((server) => listen(server, port)));
  } catch (error) {
    for (const server of servers) server.close();
    throw error;
  }
  // On loopback, IPv6's loopback too, so that http://[::1]:<port>/ works as http://127.0.0.1:<port>/ does.
  if (host === '127.0.0.1' || host === 'localhost') {
    const ipv6 = createServer(serverOptions, serveSafely).on('clientError', answerMalformedRequest);
    try {
      await listen(ipv6, port, '::1');
      servers.push(ipv6);
    } catch (error) {
      // A machine without IPv6, or with [::1]:<port> taken by another program: IPv4 alone serves.
      logger.warn('The gateway does not listen on [::1]', { port, reason: (error as Error).message });
    }
  }
  const closeServer = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  return {
    port,
    url: `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`,
    close: async () => {
      await Promise.all(servers.map(closeServer));
    },
  };
}
