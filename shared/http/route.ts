import middy, { type MiddyfiedHandler } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { serviceConfig } from '../config.js';
import { DeadlineExceededError } from '../errors.js';
import type { Page } from '../records.js';
import { ListPage, successAnswer } from './answers.js';
import { type Caller, type CallerContext, callerIdentified, type RouteAccess } from './caller.js';
import { errorPolicy } from './error-policy.js';
import { acceptQuality, requestHeader } from './headers.js';
import type { IdempotentRequest, IdempotentRoute } from './idempotency.js';
import { originVerified } from './origin.js';
import { responseEnvelope } from './response-envelope.js';
import { type InputContext, type Parseable, validatedInput } from './validation.js';

/**
 * A route's handler: Middy around the route's core, one middleware per concern, outermost first. The core
 * gets validated, typed input and returns plain data (or one of the answers of answers.ts); status codes,
 * headers and errors are the middlewares'.
 */

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

/** The CSV export a request asks for, on a route that offers one. */
const csvAsked = <Query>(spec: { csv?: CsvExport<Query> }, event: APIGatewayProxyEvent) =>
  spec.csv && prefersCsv(event) ? spec.csv : undefined;

export function httpRoute<Body = undefined, Query = undefined, Path = undefined>(
  spec: RouteSpec<Body, Query, Path>,
  core: (input: RouteInput<Body, Query, Path>) => Promise<unknown>,
) {
  // Built when the handler's module loads: a bad configuration fails the cold start, not a request.
  serviceConfig();
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, CallerContext & InputContext>({
    // A second before Lambda would kill the function, answer 504 in the contract's JSON instead.
    timeoutEarlyInMillis: 1000,
    timeoutEarlyResponse: () => {
      throw new DeadlineExceededError();
    },
  })
    .use(responseEnvelope())
    .use(errorPolicy({ pagesForPeople: spec.pagesForPeople }))
    .use(originVerified())
    .use(callerIdentified(spec.access ?? 'user'))
    .use(
      validatedInput((event) => ({
        body: spec.body,
        query: csvAsked(spec, event)?.query ?? spec.query,
        path: spec.path,
      })),
    )
    .handler(async (event, context) => {
      const { caller } = context;
      const input: RouteInput<Body, Query, Path> = {
        body: context.input.body as Body,
        query: context.input.query as Query,
        path: context.input.path as Path,
        event,
        context,
        requestId: event.requestContext.requestId,
        head: event.httpMethod === 'HEAD',
        idempotency: spec.idempotent?.keyOf(event, caller.kind === 'anyone' ? 'anyone' : caller.keyHash),
        caller,
      };
      const result = spec.idempotent ? await spec.idempotent.run(input, () => core(input)) : await core(input);
      const csv = csvAsked(spec, event);
      const answer =
        csv && result instanceof ListPage
          ? csv.answer(result.page, event, input.query)
          : successAnswer(spec.success ?? 200, result, event);
      // A route that answers CSV too says so to caches, whichever it answered.
      return spec.csv ? { ...answer, headers: { ...answer.headers, Vary: 'Accept' } } : answer;
    });
  // Lambda hands the handler a plain Context: the caller and the input are the middlewares' additions.
  return handler as unknown as MiddyfiedHandler<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>;
}
