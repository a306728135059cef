import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LinkCampaign, LinkLifecycle, UrlRecord } from '../domain/records.js';
import { indexAttributes, keys } from './keys.js';
import { toLinkCampaign, toLinkLifecycle } from './record-items.js';
import { type Item, tableName, writeIf } from './table.js';

/**
 * A link as stored: its URL's item, its short code's item (what a redirect reads), the expiry the redirect
 * decides from that item, and the conditions every write of a link carries. Creating (link-creation.ts),
 * reading (link-reads.ts), changing (link-updates.ts) and deleting (link-deletion.ts) links build on these;
 * a short code's reservation is link-codes.ts.
 */

export const URL_NOT_FOUND = 'URL not found';

/**
 * What a redirect needs, stored on the short code's own item so that resolving it is one read: the target,
 * the lifecycle, and the state of its expiry. `leased` is how many of the link's clicks function instances
 * have taken from its allowance (click-allowance.ts): once it reaches `max_clicks`, no more redirects go to
 * the target. `limits_at` is when the limits were last set, and `expiry_recorded` equals it once the `expired`
 * event of that expiry is recorded: new limits, a new `limits_at`, and the old mark no longer counts.
 */
export interface ShortCodeTarget extends LinkLifecycle, Omit<LinkCampaign, 'tags'> {
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

/**
 * What a redirect reads of a link's campaign, as stored: unset fields absent. The short code's item carries
 * it too, so that a link with rules, variants or a password costs its redirect no second read.
 */
const storedCampaign = (url: Omit<LinkCampaign, 'tags'>): Item => ({
  ...(url.redirect_rules.length > 0 && { redirect_rules: url.redirect_rules }),
  ...(url.variants !== null && { variants: url.variants }),
  ...(url.password_hash !== null && { password_hash: url.password_hash }),
});

export function urlItem(url: UrlRecord): Item {
  const {
    expires_at,
    max_clicks,
    expired_url,
    forward_query,
    tags,
    redirect_rules,
    variants,
    password_hash,
    ...record
  } = url;
  return {
    ...keys.url(url.id),
    ...indexAttributes.url(url),
    ...record,
    ...storedLifecycle({ expires_at, max_clicks, expired_url, forward_query }),
    ...(tags.length > 0 && { tags }),
    ...storedCampaign({ redirect_rules, variants, password_hash }),
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
    ...storedCampaign(url),
    limits_at: limitsAt,
  };
}

/** A short code's item as a link, or nothing for a missing or released code. */
export const liveShortCode = (item: Item | undefined): Item | undefined =>
  item === undefined || item.released_until !== undefined ? undefined : item;

export const shortCodeTargetOf = (item: Item): ShortCodeTarget => ({
  url_id: Number(item.url_id),
  user_id: Number(item.user_id),
  short_code: String(item.short_code),
  original_url: String(item.original_url),
  is_active: item.is_active === true,
  ...toLinkLifecycle(item),
  ...toLinkCampaign(item),
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
 * What the expiry claim below names, and all it may (lib/service-function.ts, `recordLinkExpiries`): the
 * redirect's role can write these attributes of a short code's item and no others.
 */
export const expiryClaimAttributes = ['expiry_recorded', 'url_id', 'limits_at'] as const;

/**
 * Claims the recording of an expired link's `expired` event: true for exactly one caller per expiry (the
 * link's limits as they were set at `limits_at`), however many requests find it expired at once.
 */
export async function claimExpiredEvent(target: ShortCodeTarget): Promise<boolean> {
  const claimed = await writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.shortCode(target.short_code),
      UpdateExpression: 'SET expiry_recorded = :limits',
      ConditionExpression:
        'url_id = :url AND limits_at = :limits AND (attribute_not_exists(expiry_recorded) OR expiry_recorded <> :limits)',
      ExpressionAttributeValues: { ':url': target.url_id, ':limits': target.limits_at },
    }),
  );
  return claimed !== undefined;
}

/**
 * The condition that a URL is `owner`'s, for the write that changes it (none when no owner is named): a key
 * of another user fails it in the write itself, so no race between a check and the write lets it through.
 */
export const ownedBy = (owner: number | undefined): { expression: string; values?: Record<string, unknown> } =>
  owner === undefined
    ? { expression: 'attribute_exists(PK)' }
    : { expression: 'attribute_exists(PK) AND user_id = :owner', values: { ':owner': owner } };
