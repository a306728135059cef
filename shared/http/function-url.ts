import middy, { type MiddlewareObj } from '@middy/core';
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2,
  APIGatewayProxyResult,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { serviceConfig } from '../platform/config.js';
import { DeadlineExceededError, MethodNotAllowedError, NotFoundError } from '../platform/errors.js';
import type { Redirect } from './answers.js';
import { preflightHeaders } from './cors.js';
import { errorAnswer } from './error-policy.js';
import { requestHeader } from './headers.js';
import { responseEnvelope } from './response-envelope.js';

/**
 * A route served by a Lambda function URL (payload format 2.0) rather than API Gateway: the short links,
 * `/<code>`, behind CloudFront's default behaviour. The same conventions as `httpRoute` (route.ts): the
 * error contract's JSON (or a page for people), the security and CORS headers, `X-Request-Id`, the request
 * metrics; and what API Gateway did in front of a route: 404 for a path that is none of the route's, 405 with
 * `Allow` for another method, HEAD answered as GET without a body, the CORS preflight. No origin check: the
 * function URL's AWS_IAM auth lets only CloudFront's origin access control call it.
 */

type Response = APIGatewayProxyStructuredResultV2;

/** What a function URL route's core receives. */
interface FunctionUrlInput<Path> {
  path: Path;
  /**
   * Every query parameter, every value of each name in the order sent, read from the raw query string (the
   * event's `queryStringParameters` join repeated values with commas, which a value may contain too).
   */
  query: Record<string, string[]>;
  event: APIGatewayProxyEventV2;
  context: Context;
  requestId: string;
  /** A HEAD request: answered like the GET, without a body and without side effects. */
  head: boolean;
}

interface FunctionUrlSpec<Path> {
  /** The route's name in the request metrics (`route` of `http_requests_total`): its path as the API documents it. */
  route: string;
  /** The path's parameters, or undefined for a path that is none of the route's: 404 "Not Found", as any unknown route. */
  path: (rawPath: string) => Path | undefined;
  /** The methods the route answers (`Allow` of a 405): GET, with HEAD (as GET) and OPTIONS (the CORS preflight). */
  methods: readonly string[];
  /** Errors answered to a browser as a small HTML page (pages-for-people.ts). @default false */
  pagesForPeople?: boolean;
}

function queryOf(rawQueryString: string): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) query[name] = [...(query[name] ?? []), value];
  return query;
}

const methodOf = (event: APIGatewayProxyEventV2) => event.requestContext.http.method;

/** The error policy (error-policy.ts) for a function URL's answers, and `Allow` beside a 405. */
function errorPolicy(spec: FunctionUrlSpec<unknown>): MiddlewareObj<APIGatewayProxyEventV2, Response> {
  return {
    onError: (request) => {
      const { event } = request;
      const answer = errorAnswer(
        request.error,
        {
          requestId: event.requestContext?.requestId,
          path: event.rawPath,
          method: methodOf(event),
          headers: event.headers,
        },
        {
          pagesForPeople: spec.pagesForPeople,
          headers: request.error instanceof MethodNotAllowedError ? { Allow: spec.methods.join(', ') } : {},
        },
      );
      request.response = { ...answer, isBase64Encoded: false };
    },
  };
}

/**
 * Builds a function URL handler from a route's path and its core, which answers with a redirect (the only
 * answer a function URL route gives today).
 */
export function functionUrlRoute<Path>(
  spec: FunctionUrlSpec<Path>,
  core: (input: FunctionUrlInput<Path>) => Promise<Redirect>,
) {
  // Built when the handler's module loads: a bad configuration fails the cold start, not a request.
  serviceConfig();
  return middy<APIGatewayProxyEventV2, Response, Error, Context>({
    // A second before Lambda would kill the function, answer 504 in the contract's JSON instead.
    timeoutEarlyInMillis: 1000,
    timeoutEarlyResponse: () => {
      throw new DeadlineExceededError();
    },
  })
    .use(
      responseEnvelope<APIGatewayProxyEventV2, Response>({
        method: methodOf,
        // Under the route's name when the path was the route's.
        route: (event) => (spec.path(event.rawPath) === undefined ? 'unmatched' : spec.route),
      }),
    )
    .use(errorPolicy(spec))
    .handler(async (event, context): Promise<Response> => {
      const path = spec.path(event.rawPath);
      if (path === undefined) throw new NotFoundError('Not Found');
      const method = methodOf(event);
      if (method === 'OPTIONS') {
        const origin = requestHeader(event, 'origin');
        const headers = preflightHeaders(serviceConfig().corsAllowedOrigins, origin, spec.methods);
        return { statusCode: 204, headers, body: '', isBase64Encoded: false };
      }
      const head = method === 'HEAD';
      if (!spec.methods.includes(head ? 'GET' : method)) throw new MethodNotAllowedError();
      const { location } = await core({
        path,
        query: queryOf(event.rawQueryString ?? ''),
        event,
        context,
        requestId: event.requestContext.requestId,
        head,
      });
      return {
        statusCode: 302,
        headers: { Location: location, 'Cache-Control': 'private, no-store' },
        body: '',
        isBase64Encoded: false,
      };
    });
}

type RestHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
type FunctionUrlHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<Response>;

/** A function URL's event (payload format 2.0), rather than API Gateway's REST proxy event. */
const isFunctionUrlEvent = (event: APIGatewayProxyEvent | APIGatewayProxyEventV2): event is APIGatewayProxyEventV2 =>
  'rawPath' in event;

/**
 * One Lambda function behind two entrances: API Gateway's REST proxy events for its API route, and its
 * function URL's events. One function, so both share its warm instances and what they keep in memory.
 */
export function restAndFunctionUrl(
  rest: RestHandler,
  functionUrl: FunctionUrlHandler,
): RestHandler & FunctionUrlHandler {
  function handler(event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult>;
  function handler(event: APIGatewayProxyEventV2, context: Context): Promise<Response>;
  function handler(event: APIGatewayProxyEvent | APIGatewayProxyEventV2, context: Context) {
    return isFunctionUrlEvent(event) ? functionUrl(event, context) : rest(event, context);
  }
  return handler;
}
