import type { RecordName } from '../schemas/record-schemas.js';
import { requestIdHeader, schemaRef } from './components.js';
import type { JsonSchema, Ref, Response } from './document-types.js';

export const errorResponse = (description: string, body: RecordName = 'Error'): Response => ({
  description,
  headers: requestIdHeader,
  content: { 'application/json': { schema: schemaRef(body) } },
});

/**
 * A 503 or 429: the client may send the request again after `Retry-After` seconds; nothing was half-done. The
 * header is optional where not every sender of the answer sets it.
 */
export function overloadResponse(description: string, retryAfterAlways = true): Response {
  return {
    ...errorResponse(description),
    headers: {
      ...requestIdHeader,
      'Retry-After': {
        description: 'Seconds to wait before sending the request again',
        required: retryAfterAlways,
        schema: { type: 'string', pattern: '^[0-9]+$' },
      },
    },
  };
}

/** Errors that are not a route's own business: validation, size, the gateway's and the unexpected. */
export const errorResponses = {
  ValidationFailed: errorResponse(
    'The request does not fit its schema; every wrong field is listed with its loc, msg and type',
    'ValidationError',
  ),
  PayloadTooLarge: errorResponse('The request body, or the uploaded CSV (at most 4 MiB), is too large'),
  MethodNotAllowed: {
    ...errorResponse('The path exists, but not with this method: {"detail": "Method Not Allowed"}'),
    headers: {
      ...requestIdHeader,
      Allow: { description: 'The methods the path has', required: true, schema: { type: 'string' } },
    },
  },
  // The abuse controls' per-client limits say when to come back; API Gateway's stage throttling does not.
  TooManyRequests: overloadResponse(
    'Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After',
    false,
  ),
  HeadersTooLarge: errorResponse(
    'The URL or the headers are too large: {"detail": "Request header fields or URL too large"}',
  ),
  InternalServerError: errorResponse('An unexpected failure: {"detail": "Internal Server Error"}, no internals'),
  BadGateway: errorResponse('The function could not be run: {"detail": "Bad Gateway"}'),
  GatewayTimeout: errorResponse('Out of time: {"detail": "Request timed out"} or "Endpoint request timed out"'),
  Overloaded: overloadResponse(
    'The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"}',
  ),
  ValidationFailedOrKeyReused: {
    description:
      'The request does not fit its schema (every wrong field listed with its loc, msg and type); or its ' +
      'Idempotency-Key was used before with another request: {"detail": "Idempotency key reused with another request"}',
    headers: requestIdHeader,
    content: {
      'application/json': { schema: { oneOf: [schemaRef('ValidationError'), schemaRef('Error')] } as JsonSchema },
    },
  },
  NotAuthenticated: {
    ...errorResponse(
      'No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"}',
    ),
    headers: {
      ...requestIdHeader,
      'WWW-Authenticate': { description: 'How to authenticate: Bearer', required: true, schema: { type: 'string' } },
    },
  },
  NotAllowed: errorResponse('A valid key asking for what it may not do: {"detail": "Not allowed"}'),
  IdempotentRequestInProgress: errorResponse(
    'A request with this Idempotency-Key is still running: {"detail": "Request with this idempotency key is in progress"}; send it again in a moment',
  ),
} satisfies Record<string, Response>;

export const responseRef = (name: keyof typeof errorResponses): Ref => ({ $ref: `#/components/responses/${name}` });

/** Every operation may answer these, whatever its inputs. */
export const commonErrors = {
  405: responseRef('MethodNotAllowed'),
  431: responseRef('HeadersTooLarge'),
  429: responseRef('TooManyRequests'),
  500: responseRef('InternalServerError'),
  502: responseRef('BadGateway'),
  504: responseRef('GatewayTimeout'),
};

/** What an idempotent route's 503 adds to its description. */
export const retryAfterUnavailable =
  ' A 503 may come after the request was carried out: send it again with the same Idempotency-Key to get its answer without doing it twice.';

/** A 422 that is either a validation failure or the route's own refusal, with a string detail. */
export function validationOr(refusal: string): Response {
  return {
    description:
      'The request does not fit its schema (every wrong field listed with its loc, msg and type); or ' +
      `{"detail": "${refusal}"}`,
    headers: requestIdHeader,
    content: {
      'application/json': { schema: { oneOf: [schemaRef('ValidationError'), schemaRef('Error')] } as JsonSchema },
    },
  };
}
