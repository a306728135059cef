import { randomBytes } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page, WebhookRecord, WebhookStatus } from '../domain/records.js';
import { timestamp } from '../platform/clock.js';
import { LimitReachedError, NotFoundError, RequestValidationError } from '../platform/errors.js';
import { forEachConcurrently } from './bulk-writes.js';
import { type AccessPattern, accessPatterns, keys } from './keys.js';
import { readAll, readPage } from './list-pages.js';
import { getItem, getItems, type Item, keyOf, put, remove, tableName, transact, update, writeIf } from './table.js';
import { ACTIVE, USER_NOT_FOUND } from './users.js';

/**
 * A user's webhooks (docs/decisions.md, "Webhooks"): each an item in the user's partition, with its secret (an
 * HMAC key must be kept to sign with), counted on the user's item so that the limit holds under concurrency.
 */

export const WEBHOOK_NOT_FOUND = 'Webhook not found';
const TOO_MANY_WEBHOOKS = 'Too many webhooks';
/** Owners whose webhooks the dispatcher reads at once. */
const OWNERS_AT_ONCE = 8;
/** How many webhooks a user may have. */
export const MAX_WEBHOOKS_PER_USER = 10;
/** How long a rotated-out secret still signs (beside the new one). */
export const PREVIOUS_SECRET_MS = 24 * 3600 * 1000;

/** A webhook as stored: the record, its secrets, and since when its deliveries fail (for disabling). */
export interface StoredWebhook extends WebhookRecord {
  secret: string;
  /** The secret a rotation replaced, while it still signs. */
  previousSecret?: { secret: string; until: number };
  /** Epoch ms of the first failure since the last success, while deliveries fail. */
  failingSince?: number;
}

/** The fields a webhook is made with or changed by. */
export interface WebhookFields {
  url: string;
  event_types?: string[] | null;
  url_ids?: number[] | null;
}

/** `whsec_` and the base64 of 32 random bytes (the Standard Webhooks form). */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** An id that sorts by when it was made (so a user's list is in that order) and that nobody can guess. */
const newWebhookId = () => `wh_${Date.now().toString(36).padStart(9, '0')}${randomBytes(9).toString('base64url')}`;

const toRecord = (item: Item): WebhookRecord => ({
  id: String(item.webhook_id),
  user_id: Number(item.user_id),
  url: String(item.url),
  event_types: (item.event_types as string[] | undefined) ?? null,
  url_ids: item.url_ids === undefined ? null : (item.url_ids as unknown[]).map(Number),
  status: item.status as WebhookStatus,
  disabled_reason: (item.disabled_reason as string | undefined) ?? null,
  created_at: String(item.created_at),
});

const toStored = (item: Item): StoredWebhook => ({
  ...toRecord(item),
  secret: String(item.secret),
  ...(item.previous_secret !== undefined && {
    previousSecret: { secret: String(item.previous_secret), until: Number(item.previous_secret_until) },
  }),
  ...(item.failing_since !== undefined && { failingSince: Number(item.failing_since) }),
});

/**
 * A filter list as kept: each type or link once, in the order first given (after the checks, whose places are
 * those of the list as sent).
 */
const distinct = <T>(list: readonly T[]): T[] => [...new Set(list)];

/**
 * Refuses, at `["body", "url_ids", i]`, every id that is not one of the user's links (unknown, or another
 * user's: the same answer, so that nobody learns which links exist).
 */
async function checkOwnLinks(userId: number, urlIds: readonly number[] | null | undefined): Promise<void> {
  if (!urlIds?.length) return;
  const found = await getItems([...new Set(urlIds)].map((urlId) => keys.url(urlId)));
  const issues = urlIds.flatMap((urlId, i) =>
    Number(found.get(keyOf(keys.url(urlId)))?.user_id) === userId
      ? []
      : [
          {
            loc: ['body', 'url_ids', i],
            msg: "Input should be the id of one of the user's links",
            type: 'value_error',
          },
        ],
  );
  if (issues.length > 0) throw new RequestValidationError(issues);
}

/** Counts a change that can widen what a webhook takes (webhooksToDispatchTo's view of owners moves on). */
const COUNT_CHANGE = { expression: 'ADD changes :one', values: { ':one': 1 } };
const countWebhookChange = () => update(keys.webhookChanges(), COUNT_CHANGE.expression, undefined, COUNT_CHANGE.values);

/** Makes a webhook for an active user below the limit; answers it with its secret, this once. */
export async function createWebhook(
  userId: number,
  fields: WebhookFields,
): Promise<WebhookRecord & { secret: string }> {
  await checkOwnLinks(userId, fields.url_ids);
  const item: Item = {
    ...keys.webhook(userId, newWebhookId()),
    user_id: userId,
    url: fields.url,
    ...(fields.event_types && { event_types: distinct(fields.event_types) }),
    ...(fields.url_ids && { url_ids: distinct(fields.url_ids) }),
    status: 'active',
    created_at: timestamp(),
    secret: newSecret(),
  };
  item.webhook_id = String(item.SK).slice('WEBHOOK#'.length);
  const outcome = await transact([
    update(
      keys.user(userId),
      'ADD webhook_count :one',
      '#state = :active AND (attribute_not_exists(webhook_count) OR webhook_count < :max)',
      { ':one': 1, ':active': ACTIVE, ':max': MAX_WEBHOOKS_PER_USER },
      { '#state': 'state' },
    ),
    put(item, 'attribute_not_exists(PK)'),
    countWebhookChange(),
  ]);
  if (!outcome.ok) {
    const user = await getItem(keys.user(userId));
    if (!user || user.state !== ACTIVE) throw new NotFoundError(USER_NOT_FOUND);
    throw new LimitReachedError(TOO_MANY_WEBHOOKS);
  }
  return { ...toRecord(item), secret: String(item.secret) };
}

/** A webhook as stored, or undefined: read consistently (a delivery must not outlive a deletion). */
export async function readWebhook(userId: number, webhookId: string): Promise<StoredWebhook | undefined> {
  const item = await getItem(keys.webhook(userId, webhookId));
  return item && toStored(item);
}

/** A webhook's record; 404 when the user has none of that id. */
export async function getWebhook(userId: number, webhookId: string): Promise<WebhookRecord> {
  const item = await getItem(keys.webhook(userId, webhookId));
  if (!item) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  return toRecord(item);
}

/** A page of a user's webhooks, oldest first. */
export async function listWebhooks(
  userId: number,
  page: number,
  perPage: number,
  cursor?: string,
): Promise<Page<WebhookRecord>> {
  const window = cursor ? { skip: 0, limit: perPage, cursor } : { skip: (page - 1) * perPage, limit: perPage };
  const { items, next } = await readPage(accessPatterns.webhooksOfUser(userId), window);
  return { items: items.map(toRecord), next };
}

/** The webhooks an access pattern of a user's partition finds, as stored (at most 10: one query). */
async function readWebhooks(pattern: AccessPattern): Promise<StoredWebhook[]> {
  const all: StoredWebhook[] = [];
  for await (const items of readAll(pattern)) all.push(...items.map(toStored));
  return all;
}

/** Every webhook of a user, as stored, read consistently. */
export const webhooksOfUser = (userId: number) => readWebhooks(accessPatterns.webhooksOfUser(userId));

/** Owners' webhooks as this instance read them, while no webhook was made or changed since (`changes`). */
interface DispatchView {
  changes: number;
  readAt: number;
  owners: Map<number, StoredWebhook[]>;
}
let dispatchView: DispatchView | undefined;
/**
 * How long a view is kept even if nothing was counted: a removal (a deletion, a pause, a link taken out, a
 * webhook a 410 disabled) is not counted, as each delivery reads its webhook again and sends nothing it no longer
 * takes; this bounds the deliveries queued for nothing meanwhile.
 */
const DISPATCH_VIEW_MS = 60_000;
/** Owners a view keeps at most: past this, it starts afresh. */
const DISPATCH_VIEW_OWNERS = 10_000;

const countedChanges = async () => Number((await getItem(keys.webhookChanges(), { consistent: false }))?.changes ?? 0);

/**
 * The active webhooks of each owner, for the dispatcher: one eventually consistent read of the change count
 * per call, and one query per owner not read since the last change that could widen what a webhook takes
 * (made, or changed by its user). Each delivery reads its webhook again, consistently, so a deletion or a
 * pause is never missed; only a webhook made or changed in the last moment may miss an event stored as it was.
 */
export async function webhooksToDispatchTo(ownerIds: number[]): Promise<Map<number, StoredWebhook[]>> {
  const changes = await countedChanges();
  const now = Date.now();
  if (
    !dispatchView ||
    dispatchView.changes !== changes ||
    now - dispatchView.readAt > DISPATCH_VIEW_MS ||
    dispatchView.owners.size > DISPATCH_VIEW_OWNERS
  ) {
    dispatchView = { changes, readAt: now, owners: new Map() };
  }
  // Read into this view, the one made under the count read before the queries (another call may replace it).
  const view = dispatchView;
  const unread = ownerIds.filter((ownerId) => !view.owners.has(ownerId));
  await forEachConcurrently(unread, OWNERS_AT_ONCE, async (ownerId) => {
    const all = await readWebhooks(accessPatterns.webhooksToDispatchTo(ownerId));
    view.owners.set(
      ownerId,
      all.filter((webhook) => webhook.status === 'active'),
    );
  });
  return new Map(ownerIds.map((ownerId) => [ownerId, view.owners.get(ownerId) ?? []]));
}

/** What a change sets and removes: null event types or links are "all", stored as no attribute. */
function changeExpression(changes: Partial<WebhookFields> & { status?: WebhookStatus }) {
  const set: string[] = [];
  const removed: string[] = [];
  const values: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  const assign = (field: string, value: unknown) => {
    names[`#${field}`] = field;
    if (value === null) removed.push(`#${field}`);
    else {
      set.push(`#${field} = :${field}`);
      values[`:${field}`] = value;
    }
  };
  if (changes.url !== undefined) assign('url', changes.url);
  if (changes.event_types !== undefined) assign('event_types', changes.event_types && distinct(changes.event_types));
  if (changes.url_ids !== undefined) assign('url_ids', changes.url_ids && distinct(changes.url_ids));
  if (changes.status !== undefined) {
    assign('status', changes.status);
    // Set active again, it starts afresh: no reason, and the days without a success count from its next failure.
    if (changes.status === 'active') removed.push('disabled_reason', 'failing_since');
    else assign('disabled_reason', 'Disabled by its user');
  }
  return { set, removed, values, names };
}

/** Changes the fields sent, leaves the others; 404 when the user has no webhook of that id. */
export async function updateWebhook(
  userId: number,
  webhookId: string,
  changes: Partial<WebhookFields> & { status?: WebhookStatus },
): Promise<WebhookRecord> {
  await checkOwnLinks(userId, changes.url_ids);
  const { set, removed, values, names } = changeExpression(changes);
  if (set.length === 0 && removed.length === 0) return getWebhook(userId, webhookId);
  const changed = await writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhook(userId, webhookId),
      UpdateExpression: [
        set.length > 0 && `SET ${set.join(', ')}`,
        removed.length > 0 && `REMOVE ${removed.join(', ')}`,
      ]
        .filter(Boolean)
        .join(' '),
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: names,
      ...(Object.keys(values).length > 0 && { ExpressionAttributeValues: values }),
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (!changed) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  // Counted once the change is made, never before: a dispatcher that read the count before it reads the owner
  // again after it.
  await writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhookChanges(),
      UpdateExpression: COUNT_CHANGE.expression,
      ExpressionAttributeValues: COUNT_CHANGE.values,
    }),
  );
  return toRecord(changed.Attributes as Item);
}

/** Deletes a webhook and gives its place back to the user's count; 404 when there is none. */
export async function deleteWebhook(userId: number, webhookId: string): Promise<void> {
  const outcome = await transact([
    remove(keys.webhook(userId, webhookId), { expression: 'attribute_exists(PK)' }),
    update(keys.user(userId), 'ADD webhook_count :less', 'attribute_exists(PK)', { ':less': -1 }),
  ]);
  if (!outcome.ok) throw new NotFoundError(WEBHOOK_NOT_FOUND);
}

/** Deletes every webhook of a user (its cascade: the user's item, and its count, go after). */
export async function deleteWebhooksOfUser(userId: number): Promise<void> {
  for await (const items of readAll(accessPatterns.webhooksOfUser(userId))) {
    await Promise.all(
      items.map((item) => writeIf(new DeleteCommand({ TableName: tableName(), Key: { PK: item.PK, SK: item.SK } }))),
    );
  }
}

/** A new secret; the previous one signs too for PREVIOUS_SECRET_MS. */
export async function rotateWebhookSecret(userId: number, webhookId: string): Promise<{ secret: string }> {
  const current = await getItem(keys.webhook(userId, webhookId));
  if (!current) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  const secret = newSecret();
  const rotated = await writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhook(userId, webhookId),
      UpdateExpression: 'SET secret = :new, previous_secret = :old, previous_secret_until = :until',
      // Against the secret read: two rotations at once must not both keep the same previous one.
      ConditionExpression: 'secret = :old',
      ExpressionAttributeValues: { ':new': secret, ':old': current.secret, ':until': Date.now() + PREVIOUS_SECRET_MS },
    }),
  );
  if (!rotated) return rotateWebhookSecret(userId, webhookId);
  return { secret };
}

/** Disables an active webhook, saying why (a 410 from its receiver, days of failures). */
export async function disableWebhook(userId: number, webhookId: string, reason: string): Promise<void> {
  await writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhook(userId, webhookId),
      UpdateExpression: 'SET #status = :disabled, disabled_reason = :reason',
      ConditionExpression: '#status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':disabled': 'disabled', ':active': 'active', ':reason': reason },
    }),
  );
}

/** Notes that a delivery failed; answers since when deliveries fail (this failure's time, if it is the first). */
export async function noteDeliveryFailure(userId: number, webhookId: string, at: number): Promise<number> {
  const noted = await writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhook(userId, webhookId),
      UpdateExpression: 'SET failing_since = if_not_exists(failing_since, :at)',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': at },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(noted?.Attributes?.failing_since ?? at);
}

/** Notes that a delivery succeeded: the days without success start again at the next failure. */
export async function noteDeliverySuccess(userId: number, webhookId: string): Promise<void> {
  await writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhook(userId, webhookId),
      UpdateExpression: 'REMOVE failing_since',
      ConditionExpression: 'attribute_exists(failing_since)',
    }),
  );
}

/** Takes a deleted link out of the `url_ids` of its owner's webhooks (a list it empties stays, empty). */
export async function forgetLinkInWebhooks(userId: number, urlId: number): Promise<void> {
  for (const webhook of await webhooksOfUser(userId)) {
    if (!webhook.url_ids?.includes(urlId)) continue;
    await writeIf(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhook(userId, webhook.id),
        UpdateExpression: 'SET url_ids = :left',
        // Against the list read: a change meanwhile is read again.
        ConditionExpression: 'url_ids = :read',
        ExpressionAttributeValues: { ':left': webhook.url_ids.filter((id) => id !== urlId), ':read': webhook.url_ids },
      }),
    ).then((done) => (done ? undefined : forgetLinkInWebhooks(userId, urlId)));
  }
}
