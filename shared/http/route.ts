import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { serviceConfig } from '../config.js';
import { DeadlineExceededError } from '../errors.js';
import { logger } from '../logger.js';
import { markInvocation, recordRequest } from '../metrics.js';
import type { Page } from '../records.js';
import { Answer } from './answer.js';
import { type Caller, identifyCaller, type RouteAccess } from './caller.js';
import { corsHeaders } from './cors.js';
import { toErrorOutcome } from './error-policy.js';
import { acceptQuality, requestHeader } from './headers.js';
import type { IdempotentRequest, IdempotentRoute } from './idempotency.js';
import { verifyOrigin } from './origin.js';
import { errorPage, prefersHtml } from './pages-for-people.js';
import { securityHeaders } from './security-headers.js';
import {
  type InputSource,
  type Parseable,
  parseJsonObjectBody,
  requireJsonContentType,
  validateInput,
} from './validation.js';

/** What a route's core receives: its validated inputs, plus the raw request for the few that need more. */
export interface RouteInput<Body, Query, Path> {
  body: Body;
  query: Query;
  path: Path;
  event: APIGatewayProxyEvent;
  context: Context;
  requestId: string;
  /** A HEAD request: answered like the GET, without a body and without side effects (no event is emitted). */
  head: boolean;
  /** The request's `Idempotency-Key`, on routes that take one and when it was sent (http/idempotency.ts). */
  idempotency: IdempotentRequest | undefined;
  /** Who is calling (http/caller.ts): `anyone` in `open` mode. */
  caller: Caller;
}

export interface RouteSpec<Body, Query, Path> {
  /**
   * Who may call the route in `keys` mode: the route table's `access` (the access keys test calls every
   * route with every kind of key).
   * @default 'user'
   */
  access?: RouteAccess;
  /**
   * Errors answered to a browser as a small HTML page (a short link, a statistics page); JSON to every other client. @default false
   */
  pagesForPeople?: boolean;
  /** Status of a successful answer. @default 200 */
  success?: 200 | 201 | 204;
  body?: Parseable<Body>;
  query?: Parseable<Query>;
  path?: Parseable<Path>;
  /**
   * The route takes an `Idempotency-Key`: a repeated request gets the first answer (`idempotentRequests` of
   * http/idempotency.ts, imported by the routes that use it only, so no other function bundles Powertools).
   */
  idempotent?: IdempotentRoute<NoInfer<RouteInput<Body, Query, Path>>>;
  /**
   * A list route that also answers CSV (`csvExport` of http/csv-answer.ts, imported by those routes only): a
   * request whose Accept prefers `text/csv` is validated with its query schema and answered by it.
   */
  csv?: CsvExport<NoInfer<Query>>;
}

/** How a list route answers `Accept: text/csv`: its own query bounds, and the CSV of a window. */
export interface CsvExport<Query> {
  query: Parseable<Query>;
  answer(page: Page<unknown>, event: APIGatewayProxyEvent, query: Query): APIGatewayProxyResult;
}

/** Whether the request's Accept header rates CSV above JSON (no Accept, or `*`/`*`, stays JSON). */
export function prefersCsv(event: Pick<APIGatewayProxyEvent, 'headers'>): boolean {
  const accept = requestHeader(event, 'accept');
  return accept !== undefined && acceptQuality(accept, 'text/csv') > acceptQuality(accept, 'application/json');
}

/**
 * A core that answers with one window of a list: the items as the JSON array, and, when there may be more,
 * a `Link: <...>; rel="next"` header whose URL repeats the request with the next cursor.
 */
export class ListWindow<T> {
  constructor(readonly page: Page<T>) {}
}

/** The request's query again, from where `cursor` resumes: offsets (`skip`, `page`) no longer apply. */
export function nextPageQuery(event: APIGatewayProxyEvent, cursor: string): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) {
    if (value !== undefined && !['cursor', 'skip', 'page'].includes(name)) query.set(name, value);
  }
  query.set('cursor', cursor);
  return query;
}

const nextLink = (event: APIGatewayProxyEvent, cursor: string): string =>
  `<${event.path}?${nextPageQuery(event, cursor)}>; rel="next"`;

/**
 * The `Location` for a stored URL: the URL itself when it is printable ASCII without spaces, otherwise its
 * WHATWG serialization (punycode host, percent-encoded path, query and fragment), which is always valid in
 * a header. Stored URLs passed the URL parser, so serializing them cannot fail.
 */
export function locationHeader(url: string): string {
  return /^[\x21-\x7E]+$/.test(url) ? url : new URL(url).href;
}

/** A core that answers with a file (a page, a script, a stylesheet) instead of JSON. */
export class StaticFile {
  constructor(
    readonly contentType: string,
    readonly content: string,
    /** How long browsers and CloudFront may keep it. */
    readonly cacheControl: string,
    readonly extraHeaders: Record<string, string> = {},
  ) {}
}

/** A core that answers with a redirect to `target` instead of JSON. */
export class Redirect {
  readonly location: string;
  constructor(target: string) {
    this.location = locationHeader(target);
  }
}

export function jsonResponse(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
    body: statusCode === 204 ? '' : JSON.stringify(body),
  };
}

function toSuccessResponse(
  status: 200 | 201 | 204,
  result: unknown,
  event: APIGatewayProxyEvent,
): APIGatewayProxyResult {
  if (result instanceof ListWindow) {
    const { items, next } = result.page;
    return jsonResponse(status, items, next ? { Link: nextLink(event, next) } : {});
  }
  if (result instanceof Answer) return jsonResponse(result.status, result.body, result.headers);
  if (result instanceof Redirect) {
    return { statusCode: 302, headers: { Location: result.location, 'Cache-Control': 'private, no-store' }, body: '' };
  }
  if (result instanceof StaticFile) {
    return {
      statusCode: 200,
      headers: { 'Content-Type': result.contentType, 'Cache-Control': result.cacheControl, ...result.extraHeaders },
      body: result.content,
    };
  }
  if (status === 204) return { statusCode: 204, headers: { 'Cache-Control': 'no-store' }, body: '' };
  return jsonResponse(status, result);
}

/**
 * What a failure answers, whichever entrance the request came by: the contract's JSON, or a small page for a
 * browser where the route serves people; an unexpected one (5xx) is logged with its stack.
 */
export function errorAnswer(
  error: unknown,
  request: { requestId: string | undefined; path: string; method: string } & Pick<APIGatewayProxyEvent, 'headers'>,
  options: { pagesForPeople?: boolean; headers?: Record<string, string> } = {},
): APIGatewayProxyResult {
  const outcome = toErrorOutcome(error);
  if (outcome.unexpected) {
    logger.error('Unhandled error', {
      requestId: request.requestId,
      path: request.path,
      method: request.method,
      error: error as Error,
    });
  }
  const headers = { ...outcome.headers, ...options.headers };
  const page = options.pagesForPeople && prefersHtml(request) && typeof outcome.body.detail === 'string';
  return page
    ? errorPage(outcome.statusCode, outcome.body.detail as string, headers)
    : jsonResponse(outcome.statusCode, outcome.body, headers);
}

/** The error policy as middleware: any failure becomes the contract's JSON; 5xx are logged with their stack. */
export function errorPolicy(
  options: { pagesForPeople?: boolean } = {},
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    onError: (request) => {
      const { event } = request;
      request.response = errorAnswer(
        request.error,
        {
          requestId: event.requestContext?.requestId,
          path: event.path,
          method: event.httpMethod,
          headers: event.headers,
        },
        options,
      );
    },
  };
}

/**
 * Outermost middleware: stamps every answer (success or error) with the request id, the security and CORS
 * headers, and counts it in `http_requests_total`.
 */
export function responseEnvelope(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  const startedAt = new WeakMap<object, number>();
  const finish = async (request: {
    event: APIGatewayProxyEvent;
    response: APIGatewayProxyResult | null | undefined;
  }) => {
    const response = request.response;
    if (!response) return;
    const requestId = request.event.requestContext?.requestId;
    const cors = corsHeaders(serviceConfig().corsAllowedOrigins, requestHeader(request.event, 'origin'));
    // An answer may vary by Accept (a CSV export) as well as by Origin (a list of allowed origins): both count.
    const vary = [response.headers?.Vary, cors.Vary].filter((value) => value !== undefined).join(', ');
    response.headers = {
      ...response.headers,
      ...securityHeaders,
      ...cors,
      ...(vary && { Vary: vary }),
      ...(requestId ? { 'X-Request-Id': requestId } : {}),
    };
    // HEAD answers what GET would, without the body.
    if (request.event.httpMethod === 'HEAD') response.body = '';
    await recordRequest({
      // The resource path (`/users/{id}`) names the route in both API Gateway and the local gateway.
      route: request.event.resource,
      method: request.event.httpMethod,
      status: response.statusCode,
      durationMs: performance.now() - (startedAt.get(request.event) ?? performance.now()),
    });
  };
  return {
    before: (request) => {
      markInvocation();
      startedAt.set(request.event, performance.now());
    },
    after: finish,
    onError: finish,
  };
}

function parsePart<T>(source: InputSource, schema: Parseable<T> | undefined, input: unknown): T {
  return schema ? validateInput(source, schema, input) : (undefined as T);
}

/**
 * Builds an API Gateway handler from a route's schemas and its core: the core gets validated, typed
 * input and returns plain data (or a `Redirect`); status codes, headers and errors are handled here.
 */
export function httpRoute<Body = undefined, Query = undefined, Path = undefined>(
  spec: RouteSpec<Body, Query, Path>,
  core: (input: RouteInput<Body, Query, Path>) => Promise<unknown>,
) {
  // Built when the handler's module loads: a bad configuration fails the cold start, not a request.
  serviceConfig();
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>({
    // A second before Lambda would kill the function, answer 504 in the contract's JSON instead.
    timeoutEarlyInMillis: 1000,
    timeoutEarlyResponse: () => {
      throw new DeadlineExceededError();
    },
  })
    .use(responseEnvelope())
    .use(errorPolicy({ pagesForPeople: spec.pagesForPeople }))
    .handler(async (event, context) => {
      await verifyOrigin(event);
      const caller = await identifyCaller(event, spec.access ?? 'user');
      const path = parsePart('path', spec.path, event.pathParameters ?? {});
      const csv = spec.csv && prefersCsv(event) ? spec.csv : undefined;
      const query = parsePart('query', csv ? csv.query : spec.query, event.queryStringParameters ?? {});
      if (spec.body) requireJsonContentType(requestHeader(event, 'content-type'));
      const body = spec.body
        ? validateInput('body', spec.body, parseJsonObjectBody(event.body, event.isBase64Encoded))
        : (undefined as Body);
      const input: RouteInput<Body, Query, Path> = {
        body,
        query,
        path,
        event,
        context,
        requestId: event.requestContext.requestId,
        head: event.httpMethod === 'HEAD',
        idempotency: spec.idempotent?.keyOf(event, caller.kind === 'anyone' ? 'anyone' : caller.keyHash),
        caller,
      };
      const result = spec.idempotent ? await spec.idempotent.run(input, () => core(input)) : await core(input);
      const answer =
        csv && result instanceof ListWindow
          ? csv.answer(result.page, event, query)
          : toSuccessResponse(spec.success ?? 200, result, event);
      // A route that answers CSV too says so to caches, whichever it answered.
      return spec.csv ? { ...answer, headers: { ...answer.headers, Vary: 'Accept' } } : answer;
    });
}
