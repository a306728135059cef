import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { timestamp } from '../clock.js';
import { serviceConfig } from '../config.js';
import { NotFoundError, RuleViolationError, UnavailableError } from '../errors.js';
import { type LinkLifecycle, type Page, toLinkLifecycle, toUrlRecord, type UrlRecord } from '../records.js';
import { sweepDeletedUrl, sweepEventsOfUrl } from './event-sweeps.js';
import { accessPatterns, indexAttributes, keys, linkScope } from './keys.js';
import { readWindow, type Window } from './list-windows.js';
import { retryWithBackoff } from './retry.js';
import { rememberDeletion } from './scale/deletion-copies.js';
import { hotReads } from './scale/hot-key-cache.js';
import { countedClicksOf } from './stats-reading.js';
import { deleteClickStats } from './stats-removal.js';
import {
  conditionFailed,
  documentClient,
  getItem,
  type Item,
  idOfRequest,
  put,
  remove,
  reserveIds,
  type TransactItem,
  tableName,
  transact,
} from './table.js';
import { USER_NOT_FOUND, userIsActive } from './users.js';

export const URL_NOT_FOUND = 'URL not found';
export const NO_SHORT_CODE = 'Unable to generate a unique short code';
export const SHORT_CODE_TAKEN = 'Short code already in use';

/**
 * What a redirect needs, stored on the short code's own item so that resolving it is one read: the target,
 * the lifecycle, and the state of its expiry. `leased` is how many of the link's clicks function instances
 * have taken from its allowance (click-allowance.ts): once it reaches `max_clicks`, no more redirects go to
 * the target. `limits_at` is when the limits were last set, and `expiry_recorded` equals it once the `expired`
 * event of that expiry is recorded: new limits, a new `limits_at`, and the old mark no longer counts.
 */
export interface ShortCodeTarget extends LinkLifecycle {
  url_id: number;
  user_id: number;
  short_code: string;
  original_url: string;
  is_active: boolean;
  limits_at: string | null;
  leased: number;
  expiry_recorded: string | null;
}

/**
 * A lifecycle as stored: unset fields are absent rather than null. The expiry moment is stored as
 * `expires_at_text`: `expires_at` is the table's TTL attribute, and a link must never be deleted by TTL.
 */
const storedLifecycle = (url: LinkLifecycle): Item => ({
  ...(url.expires_at !== null && { expires_at_text: url.expires_at }),
  ...(url.max_clicks !== null && { max_clicks: url.max_clicks }),
  ...(url.expired_url !== null && { expired_url: url.expired_url }),
  forward_query: url.forward_query,
});

export function urlItem(url: UrlRecord): Item {
  const { expires_at, max_clicks, expired_url, forward_query, ...record } = url;
  return {
    ...keys.url(url.id),
    ...indexAttributes.url(url),
    ...record,
    ...storedLifecycle({ expires_at, max_clicks, expired_url, forward_query }),
  };
}

/** The short code's item of a URL whose limits were set at `limitsAt` (its creation, for a new one). */
export function shortCodeItem(url: UrlRecord, limitsAt = url.created_at): Item {
  return {
    ...keys.shortCode(url.short_code),
    url_id: url.id,
    user_id: url.user_id,
    short_code: url.short_code,
    original_url: url.original_url,
    is_active: url.is_active,
    ...storedLifecycle(url),
    limits_at: limitsAt,
  };
}

/**
 * How long a deleted link's short code stays its former owner's (docs/decisions.md, "Hardening"): a code that was
 * shared keeps pointing nowhere rather than at whatever another user chooses to put behind it.
 */
const RELEASED_CODE_KEPT_MS = 30 * 24 * 3600 * 1000;

/**
 * A deleted link's short code: not a link (every reader treats it as absent), held for its former owner
 * until `released_until`, then free; DynamoDB's TTL removes it some time later.
 */
function releasedShortCodeItem(code: string, formerOwner: number, now = Date.now()): Item {
  return {
    ...keys.shortCode(code),
    released_by: formerOwner,
    released_until: now + RELEASED_CODE_KEPT_MS,
    expires_at: Math.ceil((now + RELEASED_CODE_KEPT_MS) / 1000),
  };
}

/** A short code's item as a link, or nothing for a missing or released code. */
const liveShortCode = (item: Item | undefined): Item | undefined =>
  item === undefined || item.released_until !== undefined ? undefined : item;

/** Whether a short code is a link's now (not a released one): one consistent read. */
export const isLinkCode = async (code: string): Promise<boolean> =>
  liveShortCode(await getItem(keys.shortCode(code))) !== undefined;

/** Everything that makes a URL exist: its record, its short-code reservation and its owner's link to it. */
export function urlPuts(url: UrlRecord, now = Date.now()): TransactItem[] {
  return [
    put(urlItem(url), 'attribute_not_exists(PK)'),
    // A code is free when never used, or released more than 30 days ago, or released by this very owner.
    put(shortCodeItem(url), 'attribute_not_exists(PK) OR released_until < :now OR released_by = :owner', {
      ':now': now,
      ':owner': url.user_id,
    }),
    put({ ...keys.userUrlLink(url.user_id, url.id), url_id: url.id }),
  ];
}

/** A URL to create: the owner, the target, and what the request chose of the rest. */
export interface NewUrl extends Partial<LinkLifecycle> {
  user_id: number;
  original_url: string;
  title?: string | null;
  /** A chosen short code (checked against the rules already); without one, `newCode` gives one. */
  short_code?: string;
  /** False makes the link switched off from the start. @default true */
  is_active?: boolean;
}

/**
 * Creates a URL under its chosen short code, or a fresh generated one: `newCode` draws it, and decides which
 * codes may be drawn (the store knows nothing of the service's paths). The owner check, the URL, the code's
 * reservation and the owner's link are one transaction: a chosen code already taken fails its condition
 * (400; of parallel requests for one code exactly one wins), a generated one is replaced by another and the
 * attempt repeated, up to SHORT_CODE_ATTEMPTS times before answering 503. A user that does not exist, or is
 * being deleted, fails the owner check: 404, and nothing is written. A retry of a request (`identity`: its
 * Idempotency-Key) whose earlier attempt created the URL answers that URL. `assignId` gives the new URL its
 * id: one from the counter by default, one of a block reserved at once for links made in bulk.
 */
export async function createUrl(
  input: NewUrl,
  newCode: () => string,
  identity?: string,
  assignId: () => Promise<number> = () => reserveIds('url'),
): Promise<UrlRecord> {
  const { id, earlier } = identity ? await idOfRequest(identity, assignId) : { id: await assignId(), earlier: false };
  if (earlier) {
    const mine = await getItem(keys.url(id));
    if (mine) return toUrlRecord(mine);
  }
  const now = timestamp();
  const attempts = input.short_code === undefined ? serviceConfig().shortCodeAttempts : 1;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const url: UrlRecord = {
      id,
      user_id: input.user_id,
      short_code: input.short_code ?? newCode(),
      original_url: input.original_url,
      title: input.title ?? null,
      is_active: input.is_active ?? true,
      created_at: now,
      updated_at: now,
      expires_at: input.expires_at ?? null,
      max_clicks: input.max_clicks ?? null,
      expired_url: input.expired_url ?? null,
      forward_query: input.forward_query ?? false,
    };
    const outcome = await transact([userIsActive(input.user_id), ...urlPuts(url)]);
    if (outcome.ok) return url;
    if (outcome.failed.includes(0)) throw new NotFoundError(USER_NOT_FOUND);
  }
  if (input.short_code !== undefined) throw new RuleViolationError(SHORT_CODE_TAKEN);
  throw new UnavailableError(NO_SHORT_CODE);
}

/** Whether a URL item is one `owner` may see (any, when no owner is named): another user's is hidden. */
const visibleTo = (item: Item | undefined, owner: number | undefined): item is Item =>
  item !== undefined && (owner === undefined || Number(item.user_id) === owner);

async function getUrlItem(urlId: number, owner?: number): Promise<Item> {
  const item = await getItem(keys.url(urlId));
  if (!visibleTo(item, owner)) throw new NotFoundError(URL_NOT_FOUND);
  return item;
}

/** A URL, active or not; `owner`'s only, when named (another user's is not found). */
export async function getUrl(urlId: number, owner?: number): Promise<UrlRecord> {
  return toUrlRecord(await getUrlItem(urlId, owner));
}

/** Why a link is expired at `now`, if it is: its date passed, or its clicks reached the limit. */
export type ExpiryReason = 'date' | 'clicks';
export function expiryOf(target: ShortCodeTarget, now: string): ExpiryReason | undefined {
  if (target.expires_at !== null && now >= target.expires_at) return 'date';
  if (target.max_clicks !== null && target.leased >= target.max_clicks) return 'clicks';
  return undefined;
}

const shortCodeTargetOf = (item: Item): ShortCodeTarget => ({
  url_id: Number(item.url_id),
  user_id: Number(item.user_id),
  short_code: String(item.short_code),
  original_url: String(item.original_url),
  is_active: item.is_active === true,
  ...toLinkLifecycle(item),
  limits_at: (item.limits_at as string | undefined) ?? null,
  leased: Number(item.leased ?? 0),
  expiry_recorded: (item.expiry_recorded as string | undefined) ?? null,
});

/** A short code's item as the link it leads to, or nothing for a missing or released code. */
export const toShortCodeTarget = (item: Item | undefined): ShortCodeTarget | undefined => {
  const live = liveShortCode(item);
  return live && shortCodeTargetOf(live);
};

/**
 * The URL of a short code, active or not, and why it is expired if it is (the statistics page shows both);
 * `owner`'s only, when named (another user's is not found).
 */
export async function getLinkByCode(
  code: string,
  owner?: number,
): Promise<{ url: UrlRecord; expiry: ExpiryReason | undefined }> {
  const reservation = liveShortCode(await getItem(keys.shortCode(code)));
  if (!visibleTo(reservation, owner)) throw new NotFoundError(URL_NOT_FOUND);
  const url = await getUrl(Number(reservation.url_id));
  return { url, expiry: expiryOf(shortCodeTargetOf(reservation), timestamp()) };
}

/**
 * A URL that is active; an inactive one is hidden exactly like a missing one. A consistent read, except for a
 * URL this instance reads many times a second (scale/hot-key-cache.ts: at most a second old).
 */
export async function getActiveUrl(urlId: number, owner?: number): Promise<UrlRecord> {
  const item = await hotReads.read(`url:${urlId}`, () => getItem(keys.url(urlId)));
  if (!visibleTo(item, owner)) throw new NotFoundError(URL_NOT_FOUND);
  const url = toUrlRecord(item);
  if (!url.is_active) throw new NotFoundError(URL_NOT_FOUND);
  return url;
}

/**
 * Resolves a short code for a redirect: one strongly consistent read, so a deactivation is seen at once;
 * a link this instance redirects many times a second is answered from memory, at most a second old, since no
 * partition could serve a viral link's reads. An unknown code is a 404 with `unknownDetail`.
 */
export async function resolveShortCode(code: string, unknownDetail = URL_NOT_FOUND): Promise<ShortCodeTarget> {
  const item = liveShortCode(await hotReads.read(`code:${code}`, () => getItem(keys.shortCode(code))));
  if (!item) throw new NotFoundError(unknownDetail);
  if (item.is_active !== true) throw new NotFoundError(URL_NOT_FOUND);
  return shortCodeTargetOf(item);
}

/**
 * Whether this instance redirects a short code many times a second (it is answered from memory): its clicks
 * can wait for the writer's large batches, since its limit cannot be exact anyway within the second it may be
 * read from memory.
 */
export const isHotShortCode = (code: string): boolean => hotReads.isHot(`code:${code}`);

/**
 * What the expiry claim below names, and all it may (lib/service-function.ts, `recordLinkExpiries`): the
 * redirect's role can write these attributes of a short code's item and no others.
 */
export const expiryClaimAttributes = ['expiry_recorded', 'url_id', 'limits_at'] as const;

/**
 * Claims the recording of an expired link's `expired` event: true for exactly one caller per expiry (the
 * link's limits as they were set at `limits_at`), however many requests find it expired at once.
 */
export async function claimExpiredEvent(target: ShortCodeTarget): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.shortCode(target.short_code),
        UpdateExpression: 'SET expiry_recorded = :limits',
        ConditionExpression:
          'url_id = :url AND limits_at = :limits AND (attribute_not_exists(expiry_recorded) OR expiry_recorded <> :limits)',
        ExpressionAttributeValues: { ':url': target.url_id, ':limits': target.limits_at },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

export interface UrlFilters {
  user_id?: number;
  is_active?: boolean;
}

/**
 * URLs ordered by id, through the narrowest index the filters allow (indexes are read eventually
 * consistently; a list this instance answers many times a second may come from memory, at most a second old).
 */
export function listUrls(
  filters: UrlFilters,
  window: Pick<Window, 'skip' | 'limit' | 'cursor'>,
): Promise<Page<UrlRecord>> {
  return hotReads.read(`urls:${JSON.stringify([filters, window])}`, () => readUrls(filters, window));
}

async function readUrls(
  filters: UrlFilters,
  window: Pick<Window, 'skip' | 'limit' | 'cursor'>,
): Promise<Page<UrlRecord>> {
  const { items, next, cursorAfter } =
    filters.user_id !== undefined
      ? await readWindow(accessPatterns.urlsOfUser(filters.user_id), {
          ...window,
          ...(filters.is_active !== undefined && {
            filter: { expression: 'is_active = :active', values: { ':active': filters.is_active } },
          }),
        })
      : filters.is_active !== undefined
        ? await readWindow(accessPatterns.urlsByState(filters.is_active), window)
        : await readWindow(accessPatterns.allUrls(), window);
  return { items: items.map(toUrlRecord), next, cursorAfter };
}

/** Optimistic writes of a URL read just before: tries while concurrent changes keep winning. */
const CONCURRENT_CHANGE_RETRIES = { attempts: 3, baseMs: 10, capMs: 100 };
const urlNotFound = (): never => {
  throw new NotFoundError(URL_NOT_FOUND);
};

/**
 * The condition that a URL is `owner`'s, for the write that changes it (none when no owner is named): a key
 * of another user fails it in the write itself, so no race between a check and the write lets it through.
 */
const ownedBy = (owner: number | undefined): { expression: string; values?: Record<string, unknown> } =>
  owner === undefined
    ? { expression: 'attribute_exists(PK)' }
    : { expression: 'attribute_exists(PK) AND user_id = :owner', values: { ':owner': owner } };

/** What PUT /urls/{id} changes: any of these, each left as it is when absent (`null` clears). */
export type UrlChanges = Partial<Pick<UrlRecord, 'original_url' | 'title' | 'is_active' | keyof LinkLifecycle>>;

/** The expiry new limits start with (`limits_at`), and what of it is known already. */
interface NewExpiry {
  limitsAt: string;
  /** The link was expired, its event recorded, and stays expired: that event stands for the new limits too. */
  recorded: boolean;
  /** The clicks a first `max_clicks` starts from: the link's clicks so far, when more than `leased` says. */
  leased?: number;
}

/** The lifecycle attributes a short code's item has only when they are set. */
const OPTIONAL_LIFECYCLE = ['expires_at_text', 'max_clicks', 'expired_url'];

/**
 * The short code's item as `shortCodeItem` writes it, as an update of the stored one: its attributes set, the
 * optional ones that are unset removed. `limits_at` and the expiry's state only with new limits: otherwise the
 * expiry's marks stand.
 */
function shortCodeChanges(next: UrlRecord, expiry: NewExpiry | undefined) {
  const { PK: _, SK: __, limits_at: ___, ...values } = shortCodeItem(next);
  const removed = OPTIONAL_LIFECYCLE.filter((field) => values[field] === undefined);
  if (expiry) {
    values.limits_at = expiry.limitsAt;
    if (expiry.recorded) values.expiry_recorded = expiry.limitsAt;
    if (expiry.leased !== undefined) values.leased = expiry.leased;
  }
  const sets = Object.keys(values).map((field) => `${field} = :${field}`);
  return {
    UpdateExpression: `SET ${sets.join(', ')}${removed.length > 0 ? ` REMOVE ${removed.join(', ')}` : ''}`,
    ExpressionAttributeValues: Object.fromEntries(Object.entries(values).map(([field, value]) => [`:${field}`, value])),
  };
}

/**
 * The expiry that new limits start, decided before they are written so that the change is one step: a link
 * that was expired, with its event recorded, and stays expired keeps that event (no second one). A new
 * `max_clicks` is reached already when the link's clicks reach it: those taken from the allowance while it had
 * a limit (`leased`, never lowered), and when it had none, those counted in its statistics (a link has had
 * `max_clicks` clicks, whenever they were).
 */
async function newExpiry(url: UrlRecord, next: UrlRecord, now: string): Promise<NewExpiry> {
  const before = toShortCodeTarget(await getItem(keys.shortCode(url.short_code)));
  const wasRecorded =
    before !== undefined && expiryOf(before, now) !== undefined && before.expiry_recorded === before.limits_at;
  const leased = before?.leased ?? 0;
  const counted = next.max_clicks !== null && url.max_clicks === null ? await countedClicksOf(url.id) : 0;
  const clicks = Math.max(leased, counted);
  const reached = next.max_clicks !== null && clicks >= next.max_clicks;
  const stays = reached || (next.expires_at !== null && now >= next.expires_at);
  return { limitsAt: now, recorded: wasRecorded && stays, ...(clicks > leased && { leased: clicks }) };
}

/**
 * Changes a URL; `owner`'s only, when named. A title-only change is a single conditional update. Anything
 * the redirect reads (target, state, lifecycle) rewrites the URL and its short-code item in one transaction,
 * so a redirect right after the change already follows it. New limits (`expires_at` or `max_clicks`) start a
 * new expiry: the link is live again unless the new limits are already reached.
 */
export async function updateUrl(urlId: number, changes: UrlChanges, owner?: number): Promise<UrlRecord> {
  const now = timestamp();
  const owned = ownedBy(owner);
  const { title, ...redirectChanges } = changes;
  if (Object.values(redirectChanges).every((value) => value === undefined)) {
    try {
      const out = await documentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.url(urlId),
          UpdateExpression:
            title === null ? 'SET updated_at = :now REMOVE title' : 'SET title = :title, updated_at = :now',
          ConditionExpression: owned.expression,
          ExpressionAttributeValues: {
            ':now': now,
            ...owned.values,
            ...(title !== null && { ':title': title }),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toUrlRecord(out.Attributes as Item);
    } catch (error) {
      if (conditionFailed(error)) throw new NotFoundError(URL_NOT_FOUND);
      throw error;
    }
  }

  // A concurrent update won between the read and the write: read again, a few times.
  return retryWithBackoff(
    async () => {
      const current = toUrlRecord(await getUrlItem(urlId, owner));
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const next: UrlRecord = { ...current, ...defined, updated_at: now };
      const newLimits = next.expires_at !== current.expires_at || next.max_clicks !== current.max_clicks;
      const expiry = newLimits ? await newExpiry(current, next, now) : undefined;
      const outcome = await transact([
        {
          Put: {
            TableName: tableName(),
            Item: urlItem(next),
            // The state read above must still hold; otherwise a concurrent update won and we read again.
            ConditionExpression: `${owned.expression} AND updated_at = :seen`,
            ExpressionAttributeValues: { ...owned.values, ':seen': current.updated_at },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.shortCode(current.short_code),
            ConditionExpression: 'attribute_exists(PK)',
            ...shortCodeChanges(next, expiry),
          },
        },
      ]);
      return outcome.ok ? next : undefined;
    },
    CONCURRENT_CHANGE_RETRIES,
    urlNotFound,
  );
}

/**
 * Deletes a URL, its short code, its owner's link, all its events and its statistics. The first three go in
 * one transaction; the deletion is then remembered (event lists hide the URL's events from now on), and every
 * shard of the URL's events is swept, read consistently. A writer that checked the URL just before may still
 * land an event after the sweep: it reads the URL again after writing and removes what it wrote, and the
 * delayed sweep (`whenDeleted`: the route schedules it as soon as the URL is gone) catches what a failed
 * writer or a cascade cut short left. A named `owner` must own the URL, a condition of that first
 * transaction. The URL's clicks come out of its owner's statistics, unless the owner is being deleted too (`ownerDeleted`: they all go).
 */
export async function deleteUrlCascade(
  urlId: number,
  options: { owner?: number; ownerDeleted?: boolean; whenDeleted?: () => Promise<void> } = {},
): Promise<void> {
  await retryWithBackoff<true>(
    async () => {
      const url = toUrlRecord(await getUrlItem(urlId, options.owner));
      const outcome = await transact([
        remove(keys.url(urlId), ownedBy(options.owner)),
        put(releasedShortCodeItem(url.short_code, url.user_id)),
        remove(keys.userUrlLink(url.user_id, url.id)),
      ]);
      return outcome.ok ? true : undefined;
    },
    CONCURRENT_CHANGE_RETRIES,
    urlNotFound,
  );
  // Before the rest, which can be long (a year of statistics) and fail: once the URL is gone, a retried
  // DELETE is a 404, and only this callback (the delayed sweep) can finish what is left.
  await options.whenDeleted?.();
  if (options.ownerDeleted) {
    // The owner's deletion, remembered, already hides these events (by their owner_id): one record for all
    // of its links, rather than one per link that every list call would read for the next 20 minutes.
    await sweepEventsOfUrl(urlId);
    await deleteClickStats(linkScope(urlId));
  } else {
    await rememberDeletion('url', urlId);
    await sweepDeletedUrl(urlId);
  }
}
