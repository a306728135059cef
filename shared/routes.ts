import {
  homePageFiles,
  homePageFolder,
  statsPageFiles,
  statsPageFolder,
  swaggerUiFiles,
  swaggerUiFolder,
} from './page-files.js';
import type { IndexName } from './store/table-schema.js';

/**
 * The route table: the single source of truth for the API. The CDK stack creates one function, one
 * API Gateway method and one IAM grant per entry, and the local gateway serves exactly these routes, so a
 * route cannot exist in one and not the other.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway resource path; `{id}` is a path parameter. */
  path: string;
  /** The handler module, relative to the project root; it exports `handler`. */
  handler: string;
  /** What the function may do to the table's items (its base table: keys, and queries of a partition). */
  table: 'none' | 'read' | 'write';
  /** The indexes the function queries (lists); none by default. */
  indexes?: readonly IndexName[];
  /**
   * Who may call it in `keys` mode (shared/http/caller.ts): anyone, operator keys only, or a user key acting
   * as its user (and operator keys). Its handler declares the same (`access` of `httpRoute`): the access
   * keys test calls every route with every kind of key.
   */
  access: 'open' | 'operator' | 'user';
  /** Whether the function sends to the events queue (automatic events, or a deletion's delayed sweep). */
  sendsEvents: boolean;
  /** Sizing class: `bulk` and `cascade` routes get more memory and the API's full 29 s. */
  profile: 'standard' | 'bulk' | 'cascade';
  /** Whether the function keeps the day's visitor secret (store/visitor-secrets.ts): the redirect. */
  visitorSecrets?: boolean;
  /**
   * Whether it keeps a link's limits on its short code's item: takes clicks of the allowance
   * (store/click-allowance.ts) and records the expiry (store/urls.ts `claimExpiredEvent`). The redirect.
   */
  keepsLinkLimits?: boolean;
  /** Whether the function hands bulk imports to the imports queue, for the import worker to go on with. */
  queuesImports?: boolean;
  /** Whether the route takes an Idempotency-Key, its answers kept in the idempotency table (http/idempotency.ts). */
  idempotent?: boolean;
  /** Files the function reads at run time, each set copied from `from` into `folder` next to its bundle. */
  bundledFiles?: readonly { folder: string; from: string; files: readonly string[] }[];
}

const route = (
  method: HttpMethod,
  path: string,
  handler: string,
  table: RouteDefinition['table'],
  options: Partial<
    Pick<
      RouteDefinition,
      | 'sendsEvents'
      | 'profile'
      | 'bundledFiles'
      | 'visitorSecrets'
      | 'keepsLinkLimits'
      | 'indexes'
      | 'idempotent'
      | 'queuesImports'
      | 'access'
    >
  > = {},
): RouteDefinition => ({
  method,
  path,
  handler,
  table,
  sendsEvents: false,
  profile: 'standard',
  access: 'user',
  ...options,
});

export const routes: readonly RouteDefinition[] = [
  route('GET', '/health', 'functions/ops/health.ts', 'none', { access: 'open' }),
  route('GET', '/metrics/json', 'functions/ops/metrics.ts', 'none', { access: 'operator' }),
  route('GET', '/openapi.json', 'functions/ops/openapi.ts', 'none', { access: 'open' }),
  route('GET', '/docs', 'functions/ops/api-reference-page.ts', 'none', { access: 'open' }),
  route('GET', '/docs/{file}', 'functions/ops/api-reference-file.ts', 'none', {
    access: 'open',
    bundledFiles: [{ folder: swaggerUiFolder, from: 'node_modules/swagger-ui-dist', files: swaggerUiFiles }],
  }),
  route('GET', '/stats-page/{file}', 'functions/ops/stats-page-file.ts', 'none', {
    access: 'open',
    bundledFiles: [statsPageFiles.own, statsPageFiles.chart].map((set) => ({ folder: statsPageFolder, ...set })),
  }),
  // The home page for a browser; every other client gets the 404 an unknown route gets.
  route('GET', '/', 'functions/ops/home-page.ts', 'none', { access: 'open' }),
  route('GET', '/home-page/{file}', 'functions/ops/home-page-file.ts', 'none', {
    access: 'open',
    bundledFiles: [{ folder: homePageFolder, ...homePageFiles }],
  }),

  route('POST', '/users', 'functions/users/create-user.ts', 'write', { idempotent: true, access: 'operator' }),
  route('POST', '/users/bulk', 'functions/users/import-users.ts', 'write', {
    profile: 'bulk',
    idempotent: true,
    queuesImports: true,
    access: 'operator',
  }),
  route('GET', '/imports/{id}', 'functions/imports/get-import.ts', 'read', { access: 'operator' }),
  route('GET', '/users', 'functions/users/list-users.ts', 'none', { access: 'operator', indexes: ['GSI1'] }),
  route('GET', '/users/{id}', 'functions/users/get-user.ts', 'read'),
  route('GET', '/users/{id}/stats', 'functions/users/get-user-stats.ts', 'read'),
  route('PUT', '/users/{id}', 'functions/users/rename-user.ts', 'write'),
  route('DELETE', '/users/{id}', 'functions/users/delete-user.ts', 'write', {
    profile: 'cascade',
    indexes: ['GSI2'],
    sendsEvents: true,
    access: 'operator',
  }),
  route('POST', '/users/{id}/keys', 'functions/users/create-user-key.ts', 'write'),
  route('GET', '/users/{id}/keys', 'functions/users/list-user-keys.ts', 'read'),
  route('DELETE', '/users/{id}/keys/{key_id}', 'functions/users/revoke-user-key.ts', 'write'),
  route('GET', '/keys', 'functions/keys/list-keys.ts', 'read', { access: 'operator' }),
  route('DELETE', '/keys/{key_id}', 'functions/keys/revoke-key.ts', 'write', { access: 'operator' }),

  route('POST', '/urls', 'functions/urls/create-url.ts', 'write', { sendsEvents: true, idempotent: true }),
  route('POST', '/urls/bulk', 'functions/urls/create-urls.ts', 'write', {
    sendsEvents: true,
    idempotent: true,
    profile: 'bulk',
  }),
  route('GET', '/urls', 'functions/urls/list-urls.ts', 'none', { indexes: ['GSI1', 'GSI2', 'GSI3'] }),
  route('GET', '/urls/{id}', 'functions/urls/get-url.ts', 'read', { sendsEvents: true }),
  // API Gateway allows one parameter name per path level, so the short code is `{id}` here too.
  route('GET', '/urls/{id}/redirect', 'functions/urls/redirect.ts', 'read', {
    sendsEvents: true,
    visitorSecrets: true,
    keepsLinkLimits: true,
    access: 'open',
  }),
  route('GET', '/urls/{id}/stats', 'functions/urls/get-url-stats.ts', 'read'),
  route('GET', '/urls/{id}/qr', 'functions/urls/get-url-qr.ts', 'read'),
  // The statistics page, `/<code>+` at the edge; `{id}` is the short code, as for the redirect.
  route('GET', '/urls/{id}/stats-page', 'functions/urls/stats-page.ts', 'read', { access: 'open' }),
  route('PUT', '/urls/{id}', 'functions/urls/update-url.ts', 'write', { sendsEvents: true }),
  route('DELETE', '/urls/{id}', 'functions/urls/delete-url.ts', 'write', { profile: 'cascade', sendsEvents: true }),

  route('PUT', '/blocked-hosts/{host}', 'functions/abuse/block-host.ts', 'write', { access: 'operator' }),
  route('DELETE', '/blocked-hosts/{host}', 'functions/abuse/unblock-host.ts', 'write', { access: 'operator' }),
  route('GET', '/blocked-hosts', 'functions/abuse/list-blocked-hosts.ts', 'read', { access: 'operator' }),
  route('POST', '/reports', 'functions/abuse/create-report.ts', 'write', { access: 'open' }),
  route('GET', '/reports', 'functions/abuse/list-reports.ts', 'none', { access: 'operator', indexes: ['GSI1'] }),

  route('POST', '/events', 'functions/events/create-event.ts', 'write', { idempotent: true }),
  route('GET', '/events', 'functions/events/list-events.ts', 'read', { indexes: ['GSI1', 'GSI2', 'GSI3'] }),
];

/**
 * The first path segments no short code may take (docs/decisions.md, "Link lifecycle"), lower-cased: every route's
 * (`/health`, `/events` and `/users` are also valid codes). Derived, so a route added to the table is reserved
 * with it. A code is compared case-insensitively, so that `/Docs` cannot be mistaken for the reference either.
 */
export const reservedFirstSegments: readonly string[] = [
  ...new Set(routes.map((route) => route.path.split('/')[1] as string)),
]
  // The home page's `/` has no first segment to reserve.
  .filter((segment) => segment !== '')
  .map((segment) => segment.toLowerCase());

export const isReservedShortCode = (code: string): boolean => reservedFirstSegments.includes(code.toLowerCase());

/** The queue consumer that stores automatic events; not an HTTP route, but built and granted the same way. */
export const eventWriter = {
  handler: 'functions/events/write-events.ts',
  table: 'write',
  /** The delayed sweep of a deleted user's events reads them through GSI2. */
  indexes: ['GSI2'],
} as const;

/**
 * The imports queue's consumer, which goes on with bulk imports their requests handed off; not an HTTP route,
 * built and granted the same way. It reads an import's parts and writes users, and queues what is left.
 */
export const importWorker = {
  handler: 'functions/imports/continue-imports.ts',
  table: 'write',
  indexes: [],
} as const;

/**
 * The table stream's consumer that counts clicks into the statistics (clickStreamSchema); not an HTTP route,
 * built and granted the same way. It reads and writes statistics items, reads the recent deletions and the
 * writer's visitor batches: all of the base table.
 */
export const clickCounter = {
  handler: 'functions/stats/count-clicks.ts',
  table: 'write',
  indexes: [],
} as const;

/**
 * The methods a resource answers, in the order its routes are listed: its routes' methods, `HEAD` wherever
 * there is a `GET` (answered by the same function, without a body and without side effects such as
 * events), and `OPTIONS`, the CORS preflight, answered by the gateway itself. `Allow` headers list these.
 */
export function methodsOfResource(routeMethods: readonly HttpMethod[]): string[] {
  return [...routeMethods, ...(routeMethods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
}

/** A stable name for a route, used for function ids and logs: `GET /urls/{id}` → `GetUrlsId`. */
export function routeName(definition: Pick<RouteDefinition, 'method' | 'path'>): string {
  // `/` is named `Root`: `GET /` alone would be `Get`, which says nothing in a function's name or a log.
  const path = definition.path === '/' ? 'root' : definition.path;
  const words = [definition.method.toLowerCase(), ...path.split(/[^A-Za-z0-9]+/)].filter(Boolean);
  return words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
}
