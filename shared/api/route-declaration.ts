import type * as z from 'zod/mini';
import type { RecordName } from '../schemas/record-schemas.js';
import type { IndexName } from '../store/table-schema.js';

/**
 * A route, declared once: what the stack and the local gateway build for it (its function, grants and
 * access), what its handler validates (its schemas), and what the API reference says of it (its
 * operation). The resource modules beside this one hold one declaration per route; `routes.ts` lists them.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route in `keys` mode: `open` to anyone (redirects, the documentation, health), `operator`
 * keys only, or `user`: a user key acting as its user, or an operator key.
 */
export type RouteAccess = 'open' | 'operator' | 'user';

type BusinessErrorStatus = 400 | 401 | 404 | 410 | 422 | 429 | 503;

/** What a route answers when it succeeds. */
export type Success =
  | {
      status: 200 | 201 | 202 | 207;
      description: string;
      record: RecordName;
      list?: true;
      /** Also answered as CSV (`Accept: text/csv`), with these query bounds. */
      csv?: { query: z.ZodMiniObject };
    }
  | { status: 200; description: string; files: string[]; json?: RecordName }
  | { status: 204 | 302; description: string };

/** A route's path parameters: the schema its handler parses them with, and what each names on this route. */
export interface PathInput {
  schema: z.ZodMiniObject;
  meanings: Record<string, string>;
  /** Values to show in the reference, where they differ from `parameterExamples`. */
  examples?: Record<string, unknown>;
}

/**
 * A route's body: JSON that its handler validates with `schema` (`keysModeSchema` in `keys` mode, where it
 * differs), or a multipart upload the handler reads itself, `schema` then describing it for the reference.
 */
interface BodyInput {
  schema: z.ZodMiniType;
  keysModeSchema?: z.ZodMiniType;
  mediaType?: 'multipart/form-data';
  /** Also taken as an HTML form (`application/x-www-form-urlencoded`): a route a browser's form posts to. */
  form?: true;
  /** May be left out (no body at all), as if it were `{}`. */
  optional?: true;
  /**
   * The reference's example ("Try it out" sends it): each works when the examples are sent in the route
   * table's order to a fresh service (the user POST /users makes is id 1, its link id 1, and so on), but
   * POST /reports's, which names the first seeded link.
   */
  example?: unknown;
}

/** What a route takes and answers: validated by its handler, described by the API reference. */
export interface RouteContract {
  summary: string;
  description?: string;
  pathParameters?: PathInput;
  query?: z.ZodMiniObject;
  body?: BodyInput;
  success: Success;
  /** A 202 besides the success: the request goes on without the client, followed at its `Location`. */
  accepted?: { description: string; record: RecordName };
  /** The route's own failures, with the detail texts it answers them with. */
  errors?: Partial<Record<BusinessErrorStatus, string>>;
  /** Its own errors are a small HTML page for a browser (Accept preferring text/html), JSON otherwise. */
  pagesForPeople?: true;
}

/** What the stack builds for a route (one function, one API Gateway method, its grants) and the gateway serves. */
export interface RouteFunction {
  method: HttpMethod;
  /** API Gateway resource path; `{id}` is a path parameter. */
  path: string;
  /** The handler module, relative to the project root; it exports `handler`, made from this declaration. */
  handler: string;
  /** What the function may do to the table's items (its base table: keys, and queries of a partition). */
  table: 'none' | 'read' | 'write';
  /** The indexes the function queries (lists); none by default. */
  indexes?: readonly IndexName[];
  /** @default 'user' */
  access?: RouteAccess;
  /** Whether the function sends to the events queue (automatic events, or a deletion's delayed sweep). */
  sendsEvents?: boolean;
  /** Sizing class: `bulk` and `cascade` routes get more memory and the API's full 29 s. @default 'standard' */
  profile?: 'standard' | 'bulk' | 'cascade';
  /** Whether the function keeps the day's visitor secret (store/visitor-secrets.ts): the redirect. */
  visitorSecrets?: boolean;
  /**
   * Whether it keeps a link's limits on its short code's item: takes clicks of the allowance
   * (store/click-allowance.ts) and records the expiry. The redirect.
   */
  keepsLinkLimits?: boolean;
  /** Whether it counts the passwords tried on protected links (store/unlock-attempts.ts): the unlock. */
  countsUnlockAttempts?: boolean;
  /** Whether the function hands bulk imports to the imports queue, for the import worker to go on with. */
  queuesImports?: boolean;
  /** Whether the function queues webhook deliveries (a test ping) for the webhook deliverer. */
  queuesWebhookDeliveries?: boolean;
  /** Whether the route takes an Idempotency-Key, its answers kept in the idempotency table (http/idempotency.ts). */
  idempotent?: boolean;
  /** Files the function reads at run time, each set copied from `from` into `folder` next to its bundle. */
  bundledFiles?: readonly { folder: string; from: string; files: readonly string[] }[];
}

export interface RouteDeclaration extends RouteFunction, RouteContract {}

/** A declaration with its defaults filled in: an entry of the route table. */
export type RouteDefinition = RouteDeclaration & Required<Pick<RouteDeclaration, 'access' | 'sendsEvents' | 'profile'>>;

export const withDefaults = (route: RouteDeclaration): RouteDefinition => ({
  access: 'user',
  sendsEvents: false,
  profile: 'standard',
  ...route,
});

/**
 * The methods a resource answers, in the order its routes are listed: its routes' methods, `HEAD` wherever
 * there is a `GET` (answered by the same function, without a body and without side effects such as
 * events), and `OPTIONS`, the CORS preflight, answered by the gateway itself. `Allow` headers list these.
 */
export function methodsOfResource(routeMethods: readonly HttpMethod[]): string[] {
  return [...routeMethods, ...(routeMethods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
}
