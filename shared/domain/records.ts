/**
 * The records as the API returns them, with fields in the contract's order; how the table stores them is the
 * store's (shared/store/record-items.ts).
 */

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

/** What a visit must show for a redirect rule to hold (docs/decisions.md, "Links for campaigns"). */
export type RedirectCondition =
  | { type: 'device' | 'browser' | 'language' | 'country' | 'after' | 'before'; value: string }
  | { type: 'query'; name: string; value?: string };

/** A condition with its fields in the record's order (`type`, `name`, `value`), however it was sent or stored. */
export const orderedCondition = (condition: RedirectCondition): RedirectCondition =>
  condition.type === 'query'
    ? { type: condition.type, name: condition.name, ...(condition.value !== undefined && { value: condition.value }) }
    : { type: condition.type, value: condition.value };

/** Where a visit goes when every one of its conditions holds; the first rule that holds decides. */
export interface RedirectRule {
  url: string;
  conditions: RedirectCondition[];
}

/** One arm of an A/B test: its target and its share of the visits no rule decided, in percent. */
export interface LinkVariant {
  url: string;
  weight: number;
}

/** What a link does for a campaign besides its lifecycle: its tags, rules, variants and password. */
export interface LinkCampaign {
  /** Lower-case, distinct, sorted. */
  tags: string[];
  redirect_rules: RedirectRule[];
  variants: LinkVariant[] | null;
  /** The password's slow salted hash (shared/links/link-passwords.ts); never answered, logged or sent in an event. */
  password_hash: string | null;
}

export const NO_CAMPAIGN: LinkCampaign = { tags: [], redirect_rules: [], variants: null, password_hash: null };

/** A URL as stored: the spec's fields, then its lifecycle and campaign. */
export interface UrlRecord extends LinkLifecycle, LinkCampaign {
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

/**
 * A URL as the API answers it: the record, then its extension fields (docs/decisions.md,
 * "Extensions"), which depend on where the service is seen from (shared/http/short-links.ts).
 */
export interface PublicUrlRecord extends Omit<UrlRecord, 'password_hash'> {
  short_url: string;
  password_protected: boolean;
}

/** Whether a webhook is sent what it subscribed to. */
export type WebhookStatus = 'active' | 'disabled';

/** A user's webhook as the API answers it: never its secret, but when it is made or rotated. */
export interface WebhookRecord {
  id: string;
  user_id: number;
  url: string;
  /** The event types it receives; null: every type. */
  event_types: string[] | null;
  /** The links whose events it receives; null: all of the user's, those made later included. */
  url_ids: number[] | null;
  status: WebhookStatus;
  /** Why it was disabled; null while active. */
  disabled_reason: string | null;
  created_at: string;
}

/** One attempt at delivering an event (or a ping) to a webhook, as its deliveries log shows it. */
export interface WebhookDeliveryRecord {
  /** The event's id; null for a ping. */
  event_id: number | null;
  event_type: string;
  /** Counts from 1 for each event. */
  attempt: number;
  status: 'delivered' | 'failed' | 'retrying';
  /** The receiver's status code; null when no answer came. */
  response_status: number | null;
  /** When the attempt started. */
  at: string;
  duration_ms: number;
}
