import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { timestamp } from '../clock.js';
import { serviceConfig } from '../config.js';
import { NotFoundError, UnavailableError } from '../errors.js';
import { type Page, toUrlRecord, type UrlRecord } from '../records.js';
import { shortCodeSource } from '../short-code.js';
import { sweepDeletedUrl, sweepEventsOfUrl } from './event-sweeps.js';
import { accessPatterns, indexAttributes, keys, linkScope, urlStateIndex } from './keys.js';
import { readWindow, type Window } from './list-windows.js';
import { retryWithBackoff } from './retry.js';
import { rememberDeletion } from './scale/deletion-copies.js';
import { hotReads } from './scale/hot-key-cache.js';
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

/** What a redirect needs, stored on the short code's own item so that resolving it is one read. */
export interface ShortCodeTarget {
  url_id: number;
  user_id: number;
  short_code: string;
  original_url: string;
  is_active: boolean;
}

export function urlItem(url: UrlRecord): Item {
  return { ...keys.url(url.id), ...indexAttributes.url(url), ...url };
}

export function shortCodeItem(url: UrlRecord): Item {
  return {
    ...keys.shortCode(url.short_code),
    url_id: url.id,
    user_id: url.user_id,
    short_code: url.short_code,
    original_url: url.original_url,
    is_active: url.is_active,
  };
}

/** Everything that makes a URL exist: its record, its short-code reservation and its owner's link to it. */
export function urlPuts(url: UrlRecord): TransactItem[] {
  return [
    put(urlItem(url), 'attribute_not_exists(PK)'),
    put(shortCodeItem(url), 'attribute_not_exists(PK)'),
    put({ ...keys.userUrlLink(url.user_id, url.id), url_id: url.id }),
  ];
}

/**
 * Creates a URL under a fresh short code. The owner check, the URL, the code's reservation and the
 * owner's link are one transaction: a code already taken fails only its own condition, and the attempt is
 * repeated with a new code, up to SHORT_CODE_ATTEMPTS times before answering 503. A user that does not
 * exist, or is being deleted, fails the owner check: 404, and nothing is written. A retry of a request
 * (`identity`: its Idempotency-Key) whose earlier attempt created the URL answers that URL.
 */
export async function createUrl(
  input: { user_id: number; original_url: string; title?: string | null },
  identity?: string,
): Promise<UrlRecord> {
  const { id, earlier } = identity
    ? await idOfRequest(identity, () => reserveIds('url'))
    : { id: await reserveIds('url'), earlier: false };
  if (earlier) {
    const mine = await getItem(keys.url(id));
    if (mine) return toUrlRecord(mine);
  }
  const now = timestamp();
  for (let attempt = 1; attempt <= serviceConfig().shortCodeAttempts; attempt++) {
    const url: UrlRecord = {
      id,
      user_id: input.user_id,
      short_code: shortCodeSource.next(),
      original_url: input.original_url,
      title: input.title ?? null,
      is_active: true,
      created_at: now,
      updated_at: now,
    };
    const outcome = await transact([userIsActive(input.user_id), ...urlPuts(url)]);
    if (outcome.ok) return url;
    if (outcome.failed.includes(0)) throw new NotFoundError(USER_NOT_FOUND);
  }
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

/** The URL of a short code, active or not (the statistics page shows both). */
export async function getUrlByCode(code: string): Promise<UrlRecord> {
  const reservation = await getItem(keys.shortCode(code));
  if (!reservation) throw new NotFoundError(URL_NOT_FOUND);
  return getUrl(Number(reservation.url_id));
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
 * partition could serve a viral link's reads.
 */
export async function resolveShortCode(code: string): Promise<ShortCodeTarget> {
  const item = await hotReads.read(`code:${code}`, () => getItem(keys.shortCode(code)));
  if (item?.is_active !== true) throw new NotFoundError(URL_NOT_FOUND);
  return {
    url_id: Number(item.url_id),
    user_id: Number(item.user_id),
    short_code: String(item.short_code),
    original_url: String(item.original_url),
    is_active: true,
  };
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
  const { items, next } =
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
  return { items: items.map(toUrlRecord), next };
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

/**
 * Changes a URL's title and/or active state; `owner`'s only, when named. A change of state rewrites the URL
 * and its short-code item in one transaction, so a redirect right after a deactivation already answers 404. A
 * title-only change is a single conditional update.
 */
export async function updateUrl(
  urlId: number,
  changes: { title?: string | null; is_active?: boolean },
  owner?: number,
): Promise<UrlRecord> {
  const now = timestamp();
  const owned = ownedBy(owner);
  if (changes.is_active === undefined) {
    try {
      const out = await documentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.url(urlId),
          UpdateExpression:
            changes.title === null ? 'SET updated_at = :now REMOVE title' : 'SET title = :title, updated_at = :now',
          ConditionExpression: owned.expression,
          ExpressionAttributeValues: {
            ':now': now,
            ...owned.values,
            ...(changes.title !== null && { ':title': changes.title }),
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

  const isActive = changes.is_active;
  // A concurrent update won between the read and the write: read again, a few times.
  return retryWithBackoff(
    async () => {
      const current = toUrlRecord(await getUrlItem(urlId, owner));
      const next: UrlRecord = {
        ...current,
        ...(changes.title !== undefined && { title: changes.title }),
        is_active: isActive,
        updated_at: now,
      };
      const outcome = await transact([
        {
          Update: {
            TableName: tableName(),
            Key: keys.url(urlId),
            UpdateExpression:
              next.title === null
                ? 'SET is_active = :active, updated_at = :now, GSI3PK = :statePk REMOVE title'
                : 'SET is_active = :active, updated_at = :now, GSI3PK = :statePk, title = :title',
            // The state read above must still hold; otherwise a concurrent update won and we read again.
            ConditionExpression: `${owned.expression} AND is_active = :was AND updated_at = :seen`,
            ExpressionAttributeValues: {
              ...owned.values,
              ':active': next.is_active,
              ':now': now,
              ':statePk': urlStateIndex(next).GSI3PK,
              ':was': current.is_active,
              ':seen': current.updated_at,
              ...(next.title !== null && { ':title': next.title }),
            },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.shortCode(current.short_code),
            UpdateExpression: 'SET is_active = :active',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':active': next.is_active },
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
        remove(keys.shortCode(url.short_code)),
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
