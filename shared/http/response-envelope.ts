import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { serviceConfig } from '../platform/config.js';
import { markInvocation, recordRequest } from '../platform/metrics.js';
import { corsHeaders } from './cors.js';
import { requestHeader } from './headers.js';
import { securityHeaders } from './security-headers.js';

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
