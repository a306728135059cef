import type { UrlRecord } from '../domain/records.js';
import { keys } from './keys.js';
import { getItem, type Item, put, type TransactItem } from './table.js';
import { liveShortCode, shortCodeItem, urlItem } from './urls.js';

/**
 * How long a deleted link's short code stays its former owner's (docs/decisions.md, "Hardening"): a code that was
 * shared keeps pointing nowhere rather than at whatever another user chooses to put behind it.
 */
const RELEASED_CODE_KEPT_MS = 30 * 24 * 3600 * 1000;

/**
 * A deleted link's short code: not a link (every reader treats it as absent), held for its former owner
 * until `released_until`, then free; DynamoDB's TTL removes it some time later.
 */
export function releasedShortCodeItem(code: string, formerOwner: number, now = Date.now()): Item {
  return {
    ...keys.shortCode(code),
    released_by: formerOwner,
    released_until: now + RELEASED_CODE_KEPT_MS,
    expires_at: Math.ceil((now + RELEASED_CODE_KEPT_MS) / 1000),
  };
}

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
