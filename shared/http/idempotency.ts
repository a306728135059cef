import { createHash } from 'node:crypto';
import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyPersistenceLayerError,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import {
  IdempotencyConflictError,
  IdempotencyKeyReusedError,
  OverloadedError,
  RequestValidationError,
} from '../platform/errors.js';
import { idempotencyRecords } from '../store/idempotency-records.js';
import { Answer } from './answer.js';
import { requestHeader } from './headers.js';

/**
 * Idempotent requests (docs/decisions.md, "Idempotent requests"), through Powertools for AWS Lambda's idempotency
 * utility: a request with an `Idempotency-Key` header is recorded in the idempotency table (its own, with a
 * 24-hour expiry) under a hash of its route, its caller and its key. The same key and payload again gets the
 * first answer's body without running the route; another payload is refused (422); a request still running
 * answers 409. A request that fails leaves no record, so it can be sent again: the routes that write make
 * that retry converge on what a failed attempt may already have stored (`identity`, passed to the store).
 */

/** How long an answer is kept for a repeated request. */
const KEPT_SECONDS = 24 * 3600;

/** The contract's key: 1-255 printable ASCII characters. */
const KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;

const invalidKey = () =>
  new RequestValidationError([
    {
      loc: ['header', 'Idempotency-Key'],
      msg: 'Idempotency-Key must be 1-255 printable ASCII characters',
      type: 'value_error',
    },
  ]);

/** What a request asks to be idempotent as: the hash its retries share, and the key it came with. */
export interface IdempotentRequest {
  /** Names this request across its retries (route, caller, key), without revealing the key. */
  identity: string;
  key: string;
}

/**
 * The request's idempotency, when it sent an `Idempotency-Key`: scoped to the route and to its caller (its
 * access key in `keys` mode; every caller is the same one in `open` mode). A key the contract refuses is a 422.
 */
function idempotencyOf(event: APIGatewayProxyEvent, caller: string): IdempotentRequest | undefined {
  const key = requestHeader(event, 'idempotency-key');
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) throw invalidKey();
  const identity = createHash('sha256')
    .update(`${event.httpMethod} ${event.resource}\n${caller}\n${key}`)
    .digest('base64url');
  return { identity, key };
}

/**
 * What the wrapped function answers: the route's answer as JSON text, so that it is kept as written (Powertools
 * keeps an object with its keys sorted; the contract's records have their fields in a set order).
 */
type Run = () => Promise<string>;
type Idempotent = (request: { identity: string; payload: unknown }, context: Context, run: Run) => Promise<unknown>;

/** One idempotent wrapper per route, each with its persistence layer. */
const wrappers = new Map<string, Idempotent>();

function wrapperOf(route: string): Idempotent {
  let wrapper = wrappers.get(route);
  if (!wrapper) {
    wrapper = makeIdempotent((_request: { identity: string; payload: unknown }, _context: Context, run: Run) => run(), {
      persistenceStore: idempotencyRecords(),
      config: new IdempotencyConfig({
        eventKeyJmesPath: 'identity',
        payloadValidationJmesPath: 'payload',
        expiresAfterSeconds: KEPT_SECONDS,
      }),
      keyPrefix: route,
    }) as Idempotent;
    wrappers.set(route, wrapper);
  }
  return wrapper;
}

/** What a route that takes an Idempotency-Key gives the HTTP edge (shared/http/route.ts). */
export interface IdempotentRoute<Input> {
  /** The request's key, when it sent one (a 422 for one the contract refuses), scoped to its caller. */
  keyOf(event: APIGatewayProxyEvent, caller: string): IdempotentRequest | undefined;
  /** Runs the route's core once for a request and its repetitions (directly without a key). */
  run<T>(input: Input, core: () => Promise<T>): Promise<T>;
}

type RouteRequest = { body: unknown; event: APIGatewayProxyEvent; context: Context; idempotency?: IdempotentRequest };

/**
 * Makes a route idempotent: requests with the same key are compared by `payloadOf` (by default the
 * validated body; an upload's content for the bulk import).
 */
export function idempotentRequests<Input extends RouteRequest>(
  payloadOf: (input: Input) => unknown = (input) => input.body,
): IdempotentRoute<Input> {
  return {
    keyOf: (event, caller) => idempotencyOf(event, caller),
    run: async (input, core) => {
      if (!input.idempotency) return core();
      const route = `${input.event.httpMethod} ${input.event.resource}`;
      return runIdempotently(route, input.idempotency, await payloadOf(input), input.context, core);
    },
  };
}

/**
 * Runs `run` once for a request and its repetitions: the first run's answer is kept and given again. What
 * Powertools reports becomes the domain's errors (the error policy maps them to 409, 422, 503).
 */
async function runIdempotently<T>(
  route: string,
  request: IdempotentRequest,
  payload: unknown,
  context: Context,
  run: () => Promise<T>,
): Promise<T> {
  try {
    const answer = await wrapperOf(route)({ identity: request.identity, payload }, context, async () =>
      JSON.stringify(await run()),
    );
    return Answer.revive(JSON.parse(String(answer))) as T;
  } catch (error) {
    if (error instanceof IdempotencyAlreadyInProgressError) throw new IdempotencyConflictError();
    if (error instanceof IdempotencyValidationError) throw new IdempotencyKeyReusedError();
    if (error instanceof IdempotencyPersistenceLayerError && error.cause instanceof OverloadedError) throw error.cause;
    throw error;
  }
}
