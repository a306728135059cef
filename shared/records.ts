import { parseJsonExactly } from './json.js';
import type { Item } from './store/table.js';

/** The records as the API returns them, with fields in the contract's order. */

/** A window of a list, with the cursor of the next window when this one is full. */
export interface Page<T> {
  items: T[];
  next: string | undefined;
  /**
   * The cursor that resumes the list after `items[index]`, for an answer that ends before the window does (a
   * CSV export past its size bound); lists that are never cut short leave it out.
   */
  cursorAfter?: (index: number) => string;
}

export interface UserRecord {
  id: number;
  username: string;
  email: string;
  created_at: string;
}

/** What a link does besides redirecting (docs/decisions.md, "Link lifecycle"): when it expires, where it then leads. */
export interface LinkLifecycle {
  /** When the link expires (UTC, the contract's form), or null. */
  expires_at: string | null;
  /** How many redirected clicks the link has before it expires, or null. */
  max_clicks: number | null;
  /** Where an expired link leads, or null (it answers 410). */
  expired_url: string | null;
  /** Whether the short link's query string is added to the target's. */
  forward_query: boolean;
}

export const NO_LIFECYCLE: LinkLifecycle = {
  expires_at: null,
  max_clicks: null,
  expired_url: null,
  forward_query: false,
};

/** A URL as stored: the spec's fields, then its lifecycle. */
export interface UrlRecord extends LinkLifecycle {
  id: number;
  user_id: number;
  short_code: string;
  original_url: string;
  title: string | null;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export interface EventRecord {
  id: number;
  url_id: number;
  user_id: number;
  event_type: string;
  timestamp: string;
  details: Record<string, unknown>;
}

export const toUserRecord = (item: Item): UserRecord => ({
  id: Number(item.id),
  username: String(item.username),
  email: String(item.email),
  created_at: String(item.created_at),
});

/**
 * A URL as the API answers it: the record, then its extension fields (docs/decisions.md,
 * "Extensions"), which depend on where the service is seen from (shared/short-links.ts).
 */
export interface PublicUrlRecord extends UrlRecord {
  short_url: string;
}

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
