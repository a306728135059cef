import {
  type EventRecord,
  type LinkCampaign,
  type LinkLifecycle,
  type LinkVariant,
  orderedCondition,
  type RedirectRule,
  type UrlRecord,
  type UserRecord,
} from '../domain/records.js';
import { parseJsonExactly } from '../platform/json.js';
import type { Item } from './table.js';

/** The records from the items that store them: the attribute names are the table's, kept here. */

export const toUserRecord = (item: Item): UserRecord => ({
  id: Number(item.id),
  username: String(item.username),
  email: String(item.email),
  created_at: String(item.created_at),
});

/**
 * A link's lifecycle from its stored item (the URL's, or its short code's copy); absent attributes are unset.
 * The expiry moment is stored as `expires_at_text` (`expires_at` is the table's TTL attribute).
 */
export const toLinkLifecycle = (item: Item): LinkLifecycle => ({
  expires_at: (item.expires_at_text as string | undefined) ?? null,
  max_clicks: typeof item.max_clicks === 'number' ? item.max_clicks : null,
  expired_url: (item.expired_url as string | undefined) ?? null,
  forward_query: item.forward_query === true,
});

/**
 * A link's campaign from its stored item (the URL's, or its short code's copy, which has no tags); absent
 * attributes are unset. The redirect reads it as stored (every visit, so nothing is copied).
 */
export const toLinkCampaign = (item: Item): LinkCampaign => ({
  tags: (item.tags as string[] | undefined) ?? [],
  redirect_rules: (item.redirect_rules as RedirectRule[] | undefined) ?? [],
  variants: (item.variants as LinkVariant[] | undefined) ?? null,
  password_hash: (item.password_hash as string | undefined) ?? null,
});

/**
 * Rules, conditions and variants with their fields in the order a request's answer has them (a map comes back
 * from DynamoDB in an order of its own), for the records the API answers.
 */
const inAnswerOrder = (campaign: LinkCampaign): LinkCampaign => ({
  ...campaign,
  redirect_rules: campaign.redirect_rules.map((rule) => ({
    url: rule.url,
    conditions: rule.conditions.map(orderedCondition),
  })),
  variants: campaign.variants?.map((variant) => ({ url: variant.url, weight: variant.weight })) ?? null,
});

export const toUrlRecord = (item: Item): UrlRecord => ({
  id: Number(item.id),
  user_id: Number(item.user_id),
  short_code: String(item.short_code),
  original_url: String(item.original_url),
  title: (item.title as string | undefined) ?? null,
  is_active: Boolean(item.is_active),
  created_at: String(item.created_at),
  updated_at: String(item.updated_at),
  ...toLinkLifecycle(item),
  ...inAnswerOrder(toLinkCampaign(item)),
});

/**
 * An event's details are stored as their JSON text: DynamoDB's maps refuse empty keys, nesting past 32
 * levels and numbers outside 38 digits, and any JSON object must come back as it was sent.
 */
export const storedDetails = (details: Record<string, unknown>): string => JSON.stringify(details);

export const toEventRecord = (item: Item): EventRecord => ({
  id: Number(item.id),
  url_id: Number(item.url_id),
  user_id: Number(item.user_id),
  event_type: String(item.event_type),
  timestamp: String(item.timestamp),
  details: parseJsonExactly(String(item.details)) as Record<string, unknown>,
});
