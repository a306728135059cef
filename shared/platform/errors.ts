/**
 * The domain's failures. Each class names what went wrong in the service's terms; which HTTP status
 * that becomes is decided in one place only: `shared/http/error-policy.ts`.
 */
export abstract class DomainError extends Error {
  constructor(
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(detail, options);
    this.name = new.target.name;
  }
}

/** A record, or a route, that does not exist (or is no longer visible, like an inactive URL). */
export class NotFoundError extends DomainError {}

/** A well-formed request that breaks a business rule: a taken email or username, an unusable CSV. */
export class RuleViolationError extends DomainError {}

/** A request the service understands but refuses by one of its limits: a user's hundred-and-first key. */
export class LimitReachedError extends DomainError {}

/** No credentials, or credentials that are not a valid key (malformed, unknown, revoked, expired). */
export class NotAuthenticatedError extends DomainError {
  constructor() {
    super('Not authenticated');
  }
}

/**
 * A visit of a password-protected link without its password, or with a wrong one. `unlockAction` is where the
 * password form posts: the link's unlock route with the visit's query.
 */
export class PasswordRequiredError extends DomainError {
  constructor(
    readonly reason: 'Password required' | 'Wrong password',
    readonly unlockAction: string,
  ) {
    super(reason);
  }
}

/** A valid key asking for what it may not do. */
export class NotAllowedError extends DomainError {
  constructor() {
    super('Not allowed');
  }
}

/** A record that exists but serves no more: a short link to a blocked host. */
export class GoneError extends DomainError {}

/** The path exists but not with this method. */
export class MethodNotAllowedError extends DomainError {
  constructor() {
    super('Method Not Allowed');
  }
}

/** A request body or upload over the size the service accepts. */
export class PayloadTooLargeError extends DomainError {}

/** The caller is being throttled; `retryAfterSeconds` when the service knows when it may come back. */
export class TooManyRequestsError extends DomainError {
  constructor(readonly retryAfterSeconds?: number) {
    super('Too Many Requests');
  }
}

/** A request repeated with its `Idempotency-Key` while the first one is still running. */
export class IdempotencyConflictError extends DomainError {
  constructor() {
    super('Request with this idempotency key is in progress');
  }
}

/** An `Idempotency-Key` sent again with another request (another body) than the one it was first used for. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super('Idempotency key reused with another request');
  }
}

/** The function ran out of time before it could answer (Lambda's timeout is near). */
export class DeadlineExceededError extends DomainError {
  constructor() {
    super('Request timed out');
  }
}

/** A dependency could not serve the request now; the client may retry later. */
export class UnavailableError extends DomainError {}

/**
 * The database is throttling (a partition over its limit, an item held by a transaction) past the SDK's
 * retries: the request can be sent again in a moment, and nothing was half-done.
 */
export class OverloadedError extends UnavailableError {
  constructor(options?: ErrorOptions) {
    super('Service temporarily overloaded', options);
  }
}

/** One item of a 422 response, in the contract's shape. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** The request's shape or types are wrong: carries every issue found, not just the first. */
export class RequestValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(`Request validation failed: ${issues.map((i) => i.loc.join('.')).join(', ')}`);
    this.name = 'RequestValidationError';
  }
}
