import { type ExpiryReason, expiryOf } from '../links/link-lifecycle.js';
import { timestamp } from '../platform/clock.js';
import { NotFoundError } from '../platform/errors.js';
import type { Page, UrlRecord } from '../records.js';
import { accessPatterns, keys } from './keys.js';
import { type PageRequest, readPage } from './list-pages.js';
import { toUrlRecord } from './record-items.js';
import { hotReads } from './scale/hot-key-cache.js';
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

interface UrlFilters {
  user_id?: number;
  is_active?: boolean;
}

/**
 * URLs ordered by id, through the narrowest index the filters allow (indexes are read eventually
 * consistently; a list this instance answers many times a second may come from memory, at most a second old).
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
  const { items, next, cursorAfter } =
    filters.user_id !== undefined
      ? await readPage(accessPatterns.urlsOfUser(filters.user_id), {
          ...window,
          ...(filters.is_active !== undefined && {
            filter: { expression: 'is_active = :active', values: { ':active': filters.is_active } },
          }),
        })
      : filters.is_active !== undefined
        ? await readPage(accessPatterns.urlsByState(filters.is_active), window)
        : await readPage(accessPatterns.allUrls(), window);
  return { items: items.map(toUrlRecord), next, cursorAfter };
}
