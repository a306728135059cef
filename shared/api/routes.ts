import { reservedFirstSegments } from '../domain/reserved-paths.js';
import {
  blockHostRoute,
  createReportRoute,
  listBlockedHostsRoute,
  listReportsRoute,
  unblockHostRoute,
} from './abuse.js';
import { createEventRoute, listEventsRoute } from './events.js';
import { getImportRoute, importUsersRoute } from './imports.js';
import { createUserKeyRoute, listKeysRoute, listUserKeysRoute, revokeKeyRoute, revokeUserKeyRoute } from './keys.js';
import { apiReferenceFileRoute, homePageFileRoute, statsPageFileRoute } from './page-assets.js';
import { type RouteDefinition, withDefaults } from './route-declaration.js';
import { apiReferencePageRoute, healthRoute, homePageRoute, metricsRoute, openApiRoute } from './service.js';
import {
  createUrlRoute,
  createUrlsRoute,
  deleteUrlRoute,
  getUrlQrRoute,
  getUrlRoute,
  getUrlStatsRoute,
  listUrlsRoute,
  redirectRoute,
  statsPageRoute,
  unlockUrlRoute,
  updateUrlRoute,
} from './urls.js';
import {
  createUserRoute,
  deleteUserRoute,
  getUserRoute,
  getUserStatsRoute,
  listUsersRoute,
  listUserTagsRoute,
  renameUserRoute,
} from './users.js';
import {
  createWebhookRoute,
  deleteWebhookRoute,
  getWebhookRoute,
  listWebhookDeliveriesRoute,
  listWebhooksRoute,
  rotateWebhookSecretRoute,
  testWebhookRoute,
  updateWebhookRoute,
} from './webhooks.js';

export { type HttpMethod, methodsOfResource, type RouteDefinition } from './route-declaration.js';

/**
 * The route table: every route of the API, each declared once in shared/api/ (its function, access, schemas
 * and reference). The CDK stack creates one function, one API Gateway method and one IAM grant per entry,
 * the local gateway serves exactly these routes, and the OpenAPI document describes exactly these, so a route
 * cannot exist in one and not the others.
 */
export const routes: readonly RouteDefinition[] = [
  healthRoute,
  metricsRoute,
  openApiRoute,
  apiReferencePageRoute,
  apiReferenceFileRoute,
  statsPageFileRoute,
  homePageRoute,
  homePageFileRoute,

  createUserRoute,
  importUsersRoute,
  getImportRoute,
  listUsersRoute,
  getUserRoute,
  getUserStatsRoute,
  listUserTagsRoute,
  renameUserRoute,
  deleteUserRoute,
  createUserKeyRoute,
  listUserKeysRoute,
  revokeUserKeyRoute,
  createWebhookRoute,
  listWebhooksRoute,
  getWebhookRoute,
  updateWebhookRoute,
  deleteWebhookRoute,
  rotateWebhookSecretRoute,
  testWebhookRoute,
  listWebhookDeliveriesRoute,
  listKeysRoute,
  revokeKeyRoute,

  createUrlRoute,
  createUrlsRoute,
  listUrlsRoute,
  getUrlRoute,
  redirectRoute,
  unlockUrlRoute,
  getUrlStatsRoute,
  getUrlQrRoute,
  statsPageRoute,
  updateUrlRoute,
  deleteUrlRoute,

  blockHostRoute,
  unblockHostRoute,
  listBlockedHostsRoute,
  createReportRoute,
  listReportsRoute,

  createEventRoute,
  listEventsRoute,
].map(withDefaults);

/**
 * Throws unless the routes' first path segments (none for the home page's `/`) are the reserved ones, in
 * order: checked when this table loads, so a route under a new segment stops every build and test.
 */
export function checkReservedSegments(routeTable: readonly Pick<RouteDefinition, 'path'>[]): void {
  const firstSegments = new Set(
    routeTable.map((route) => (route.path.split('/')[1] as string).toLowerCase()).filter((segment) => segment !== ''),
  );
  if ([...firstSegments].join() !== reservedFirstSegments.join()) {
    throw new Error(
      `shared/domain/reserved-paths.ts must list the routes' first segments, in the order the table first uses them (the reference's pattern and the edge's function list them so): ${[...firstSegments].join(', ')}`,
    );
  }
}
checkReservedSegments(routes);

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
 * The table stream's consumer that queues webhook deliveries (webhookStreamSchema): reads the count of webhook
 * changes and the webhooks of the stored events' owners (one query each, in the users' partitions).
 */
export const webhookDispatcher = {
  handler: 'functions/webhooks/dispatch-webhooks.ts',
  table: 'read',
  indexes: [],
} as const;

/**
 * The webhook deliveries queue's consumer: reads the webhook, POSTs to it, records the attempt, notes failures
 * and disables a webhook that is gone.
 */
export const webhookDeliverer = {
  handler: 'functions/webhooks/deliver-webhooks.ts',
  table: 'write',
  indexes: [],
} as const;

/** A stable name for a route, used for function ids and logs: `GET /urls/{id}` → `GetUrlsId`. */
export function routeName(definition: Pick<RouteDefinition, 'method' | 'path'>): string {
  // `/` is named `Root`: `GET /` alone would be `Get`, which says nothing in a function's name or a log.
  const path = definition.path === '/' ? 'root' : definition.path;
  const words = [definition.method.toLowerCase(), ...path.split(/[^A-Za-z0-9]+/)].filter(Boolean);
  return words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
}
