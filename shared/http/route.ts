import middy, { type MiddyfiedHandler } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { core } from 'zod/mini';
import type { RouteDeclaration } from '../api/route-declaration.js';
import type { Page } from '../domain/records.js';
import { serviceConfig } from '../platform/config.js';
import { DeadlineExceededError } from '../platform/errors.js';
import { ListPage, successAnswer } from './answers.js';
import { type Caller, type CallerContext, callerIdentified } from './caller.js';
import { errorPolicy } from './error-policy.js';
import { acceptQuality, requestHeader } from './headers.js';
import type { IdempotentRequest, IdempotentRoute } from './idempotency.js';
import { originVerified } from './origin.js';
import { responseEnvelope } from './response-envelope.js';
import { type InputContext, validatedInput } from './validation.js';

/**
 * A route's handler: Middy around the route's core, one middleware per concern, outermost first. The core
 * gets validated, typed input and returns plain data (or one of the answers of answers.ts); status codes,
 * headers and errors are the middlewares'.
 */

/** What a route's core receives: its validated inputs, plus the raw request for the few that need more. */
interface RouteInput<Body, Query, Path> {
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

/** What a declared schema parses to; nothing where there is none. */
type Parsed<S> = S extends core.$ZodType ? core.output<S> : undefined;

/** The body a route's core gets: its JSON schema's output (in either mode), none for an upload it reads itself. */
type BodyOf<R> = R extends { body: infer B }
  ? B extends { mediaType: 'multipart/form-data' }
    ? undefined
    : B extends { schema: infer S; keysModeSchema: infer K }
      ? Parsed<S> | Parsed<K>
      : B extends { schema: infer S }
        ? Parsed<S>
        : undefined
  : undefined;
type QueryOf<R> = R extends { query: infer S } ? Parsed<S> : undefined;
type PathOf<R> = R extends { pathParameters: { schema: infer S } } ? Parsed<S> : undefined;

/** The input a declared route's core receives. */
type DeclaredRouteInput<R> = RouteInput<BodyOf<R>, QueryOf<R>, PathOf<R>>;

/**
 * What a route's handler adds to its declaration, imported by the routes that need it only (so that no other
 * function bundles it): the idempotency of a route declared `idempotent` (`idempotentRequests` of
 * http/idempotency.ts, which brings Powertools), the CSV of a list declared to answer CSV (`csvExport` of
 * http/csv-answer.ts).
 */
type RouteParts<R> = (R extends { idempotent: true }
  ? { idempotent: IdempotentRoute<DeclaredRouteInput<R>> }
  : { idempotent?: never }) &
  (R extends { success: { csv: object } } ? { csv: CsvAnswer } : { csv?: never });

type NeedsParts<R> = R extends { idempotent: true } ? true : R extends { success: { csv: object } } ? true : false;

type RouteCore<R> = (input: DeclaredRouteInput<R>) => Promise<unknown>;

/** How a list route answers `Accept: text/csv`: the CSV of a page, within the CSV query's `limit`. */
export interface CsvAnswer {
  answer(page: Page<unknown>, event: APIGatewayProxyEvent, query: { limit: number }): APIGatewayProxyResult;
}

/** Whether the request's Accept header rates CSV above JSON (no Accept, or `*`/`*`, stays JSON). */
function prefersCsv(event: Pick<APIGatewayProxyEvent, 'headers'>): boolean {
  const accept = requestHeader(event, 'accept');
  return accept !== undefined && acceptQuality(accept, 'text/csv') > acceptQuality(accept, 'application/json');
}

/**
 * A declared route's handler (shared/api/): its access, schemas and success status (200, 201, 202 or 204; a 207 or a
 * 302 is the answer the core returns) are its declaration's, and `core` answers with validated, typed input. A route declared idempotent or answering CSV takes its
 * `RouteParts` before its core.
 */
export function httpRoute<R extends RouteDeclaration>(
  route: R,
  ...[first, second]: NeedsParts<R> extends true ? [parts: RouteParts<R>, core: RouteCore<R>] : [core: RouteCore<R>]
) {
  const parts = (second ? first : {}) as {
    idempotent?: IdempotentRoute<RouteInput<unknown, unknown, unknown>>;
    csv?: CsvAnswer;
  };
  const core = (second ?? first) as (input: RouteInput<unknown, unknown, unknown>) => Promise<unknown>;
  // Built when the handler's module loads: a bad configuration fails the cold start, not a request.
  const { authMode } = serviceConfig();
  const body = route.body?.mediaType
    ? undefined
    : (authMode === 'keys' && route.body?.keysModeSchema) || route.body?.schema;
  const query = route.query;
  const csvQuery = 'csv' in route.success ? route.success.csv?.query : undefined;
  const path = route.pathParameters?.schema;
  const success =
    route.success.status === 201 || route.success.status === 202 || route.success.status === 204
      ? route.success.status
      : 200;
  /** The CSV a request asks for, on a route that offers it. */
  const csvAsked = (event: APIGatewayProxyEvent) => (parts.csv && prefersCsv(event) ? parts.csv : undefined);
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, CallerContext & InputContext>({
    // A second before Lambda would kill the function, answer 504 in the contract's JSON instead.
    timeoutEarlyInMillis: 1000,
    timeoutEarlyResponse: () => {
      throw new DeadlineExceededError();
    },
  })
    .use(responseEnvelope())
    .use(errorPolicy({ pagesForPeople: route.pagesForPeople }))
    .use(originVerified())
    .use(callerIdentified(route.access ?? 'user'))
    .use(
      validatedInput((event) => ({
        body,
        form: route.body?.form,
        optionalBody: route.body?.optional,
        query: (csvAsked(event) && csvQuery) || query,
        path,
      })),
    )
    .handler(async (event, context) => {
      const { caller } = context;
      const input: RouteInput<unknown, unknown, unknown> = {
        ...context.input,
        event,
        context,
        requestId: event.requestContext.requestId,
        head: event.httpMethod === 'HEAD',
        idempotency: parts.idempotent?.keyOf(event, caller.kind === 'anyone' ? 'anyone' : caller.keyHash),
        caller,
      };
      const result = parts.idempotent ? await parts.idempotent.run(input, () => core(input)) : await core(input);
      const csv = csvAsked(event);
      const answer =
        csv && result instanceof ListPage
          ? csv.answer(result.page, event, input.query as { limit: number })
          : successAnswer(success, result, event);
      // A route that answers CSV too says so to caches, whichever it answered.
      return parts.csv ? { ...answer, headers: { ...answer.headers, Vary: 'Accept' } } : answer;
    });
  // Lambda hands the handler a plain Context: the caller and the input are the middlewares' additions.
  return handler as unknown as MiddyfiedHandler<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>;
}
