import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { serviceConfig } from '../platform/config.js';
import { markInvocation, recordRequest } from '../platform/metrics.js';
import { corsHeaders } from './cors.js';
import { requestHeader } from './headers.js';
import { securityHeaders } from './security-headers.js';

/** What the envelope reads of a request, whichever entrance it came through. */
export interface RequestView<Event> {
  method(event: Event): string;
  /** The route's name in `http_requests_total`. */
  route(event: Event): string;
}

type Answer = { statusCode?: number; headers?: Record<string, unknown>; body?: string };

/** A REST API (v1) request: the resource path (`/users/{id}`) names the route, in API Gateway and locally. */
const restRequest: RequestView<APIGatewayProxyEvent> = {
  method: (event) => event.httpMethod,
  route: (event) => event.resource,
};

/**
 * Outermost middleware: stamps every answer (success or error) with the request id, the security and CORS
 * headers, empties a HEAD's body, and counts the answer in `http_requests_total`. A REST API route's by
 * default; the function URL's entrance passes its own view of a request (function-url.ts).
 */
export function responseEnvelope<
  Event extends Pick<APIGatewayProxyEvent, 'headers'> & {
    requestContext?: { requestId?: string };
  } = APIGatewayProxyEvent,
  Result extends Answer = APIGatewayProxyResult,
>(view: RequestView<Event> = restRequest as unknown as RequestView<Event>): MiddlewareObj<Event, Result> {
  const startedAt = new WeakMap<object, number>();
  const finish = async (request: { event: Event; response: Result | null | undefined }) => {
    const { event, response } = request;
    if (!response) return;
    const requestId = event.requestContext?.requestId;
    const cors = corsHeaders(serviceConfig().corsAllowedOrigins, requestHeader(event, 'origin'));
    const own = response.headers?.Vary;
    response.headers = {
      ...response.headers,
      ...securityHeaders,
      ...cors,
      // An answer may vary by Accept (a CSV export) as well as by Origin (a list of allowed origins): both count.
      ...(own !== undefined && cors.Vary !== undefined && { Vary: `${own}, ${cors.Vary}` }),
      ...(requestId ? { 'X-Request-Id': requestId } : {}),
    };
    // HEAD answers what GET would, without the body.
    if (view.method(event) === 'HEAD') response.body = '';
    await recordRequest({
      route: view.route(event),
      method: view.method(event),
      status: response.statusCode ?? 200,
      durationMs: performance.now() - (startedAt.get(event) ?? performance.now()),
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
