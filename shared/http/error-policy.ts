import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import {
  DeadlineExceededError,
  DomainError,
  GoneError,
  IdempotencyConflictError,
  IdempotencyKeyReusedError,
  LimitReachedError,
  MethodNotAllowedError,
  NotAllowedError,
  NotAuthenticatedError,
  NotFoundError,
  PasswordRequiredError,
  PayloadTooLargeError,
  RequestValidationError,
  RuleViolationError,
  TooManyRequestsError,
  UnavailableError,
} from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { jsonResponse } from './answers.js';
import { errorPage, passwordPage, prefersHtml } from './pages-for-people.js';

/** The contract's error body: `detail` is a string, or the list of validation issues for a 422. */
interface ErrorBody {
  detail: string | RequestValidationError['issues'];
}

interface ErrorOutcome {
  statusCode: number;
  body: ErrorBody;
  /** Headers the answer carries besides the usual ones (`Retry-After` when the client should come back). */
  headers: Record<string, string>;
  /** True when the error is a bug (a 500): log it with its stack. */
  unexpected: boolean;
}

/** Seconds a client is asked to wait after a 503: DynamoDB's partitions refill every second. */
const RETRY_AFTER_SECONDS = '1';

const statusByClass = new Map<abstract new (...args: never[]) => DomainError, number>([
  [RuleViolationError, 400],
  [NotAuthenticatedError, 401],
  [PasswordRequiredError, 401],
  [NotAllowedError, 403],
  [NotFoundError, 404],
  [IdempotencyConflictError, 409],
  [IdempotencyKeyReusedError, 422],
  [LimitReachedError, 422],
  [MethodNotAllowedError, 405],
  [GoneError, 410],
  [PayloadTooLargeError, 413],
  [TooManyRequestsError, 429],
  [UnavailableError, 503],
  [DeadlineExceededError, 504],
]);

/**
 * The one error policy of the service: every failure, wherever it was thrown, becomes the contract's
 * JSON here. Anything not a known domain error is a 500 whose body never carries internal detail.
 */
export function toErrorOutcome(error: unknown): ErrorOutcome {
  if (error instanceof RequestValidationError) {
    return { statusCode: 422, body: { detail: error.issues }, headers: {}, unexpected: false };
  }
  if (error instanceof DomainError) {
    // Whatever made the service unavailable for now (an overload, no free short code), a client may come back.
    // A client without a valid key is told how to authenticate (RFC 6750).
    const headers: Record<string, string> =
      error instanceof UnavailableError
        ? { 'Retry-After': RETRY_AFTER_SECONDS }
        : error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined
          ? { 'Retry-After': String(error.retryAfterSeconds) }
          : error instanceof NotAuthenticatedError
            ? { 'WWW-Authenticate': 'Bearer' }
            : {};
    for (const [errorClass, statusCode] of statusByClass) {
      if (error instanceof errorClass)
        return { statusCode, body: { detail: error.detail }, headers, unexpected: false };
    }
  }
  return { statusCode: 500, body: { detail: 'Internal Server Error' }, headers: {}, unexpected: true };
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
  // A 429 is the contract's JSON to a browser too ("The unlock's 429 is {"detail": "Too Many Requests"}").
  const page =
    options.pagesForPeople &&
    prefersHtml(request) &&
    typeof outcome.body.detail === 'string' &&
    !(error instanceof TooManyRequestsError);
  if (page && error instanceof PasswordRequiredError) return passwordPage(error.reason, error.unlockAction, headers);
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
