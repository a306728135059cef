import { type ExpiryReason, expiryOf } from '../domain/link-lifecycle.js';
import type { Page, UrlRecord } from '../domain/records.js';
import { timestamp } from '../platform/clock.js';
import { NotFoundError } from '../platform/errors.js';
import { hotReads } from './hot-key-cache.js';
import { accessPatterns, keys } from './keys.js';
import { type PageRequest, readAll, readPage } from './list-pages.js';
import { toUrlRecord } from './record-items.js';
import { getItem, type Item } from './table.js';
import { liveShortCode, type ShortCodeTarget, shortCodeTargetOf, URL_NOT_FOUND } from './urls.js';

/** Whether a URL item is one `owner` may see (any, when no owner is named): another user's is hidden. */
const visibleTo = (item: Item | undefined, owner: number | undefined): item is Item =>
  item !== undefined && (owner === undefined || Number(item.user_id) === owner);

export async function getUrlItem(urlId: number, owner?: number): Promise<Item> {
  const item = await getItem(keys.url(urlId));
  if (!visibleTo(item, owner)) throw new NotFoundError(URL_NOT_FOUND);
  return item;
}

/** A URL, active or not; `owner`'s only, when named (another user's is not found). */
export async function getUrl(urlId: number, owner?: number): Promise<UrlRecord> {
  return toUrlRecord(await getUrlItem(urlId, owner));
}

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
 * URL this instance reads many times a second (hot-key-cache.ts: at most a second old).
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

interface UrlFilters {
  user_id?: number;
  is_active?: boolean;
  /** Lower-case. */
  tag?: string;
}

/** The conditions DynamoDB applies after reading, on what the index's key does not select. */
function urlFilter(conditions: { is_active?: boolean; tag?: string }): PageRequest['filter'] {
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  if (conditions.is_active !== undefined) {
    parts.push('is_active = :active');
    values[':active'] = conditions.is_active;
  }
  if (conditions.tag !== undefined) {
    parts.push('contains(tags, :tag)');
    values[':tag'] = conditions.tag;
  }
  return parts.length === 0 ? undefined : { expression: parts.join(' AND '), values };
}

/**
 * URLs ordered by id, through the narrowest index the filters allow (indexes are read eventually
 * consistently; a list this instance answers many times a second may come from memory, at most a second old).
 * A tag is a filter on that index (docs/data-model.md, "Tags"): the links read to fill a page are those of the
 * user, or all of them, up to the page's last tagged one.
 */
export function listUrls(
  filters: UrlFilters,
  window: Pick<PageRequest, 'skip' | 'limit' | 'cursor'>,
): Promise<Page<UrlRecord>> {
  return hotReads.read(`urls:${JSON.stringify([filters, window])}`, () => readUrls(filters, window));
}

async function readUrls(
  filters: UrlFilters,
  window: Pick<PageRequest, 'skip' | 'limit' | 'cursor'>,
): Promise<Page<UrlRecord>> {
  const { user_id, is_active, tag } = filters;
  const { items, next, cursorAfter } =
    user_id !== undefined
      ? await readPage(accessPatterns.urlsOfUser(user_id), { ...window, filter: urlFilter({ is_active, tag }) })
      : is_active !== undefined
        ? await readPage(accessPatterns.urlsByState(is_active), { ...window, filter: urlFilter({ tag }) })
        : await readPage(accessPatterns.allUrls(), { ...window, filter: urlFilter({ tag }) });
  return { items: items.map(toUrlRecord), next, cursorAfter };
}

/**
 * Every tag of a user's links, active or not, with how many carry it, by tag: one query of the user's links
 * (GSI2) reading their tags only, page after page (docs/data-model.md, "Tags").
 */
export async function tagsOfUser(userId: number): Promise<{ tag: string; links: number }[]> {
  const counts = new Map<string, number>();
  for await (const items of readAll({ ...accessPatterns.urlsOfUser(userId), ProjectionExpression: 'tags' })) {
    for (const item of items) {
      for (const tag of (item.tags as string[] | undefined) ?? []) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([tag, links]) => ({ tag, links }));
}
