import type { LinkCampaign, LinkLifecycle, UrlRecord } from '../domain/records.js';
import { timestamp } from '../platform/clock.js';
import { serviceConfig } from '../platform/config.js';
import { NotFoundError, RuleViolationError, UnavailableError } from '../platform/errors.js';
import { idOfRequest, reserveIds } from './ids.js';
import { keys } from './keys.js';
import { urlPuts } from './link-codes.js';
import { toUrlRecord } from './record-items.js';
import { getItem, transact } from './table.js';
import { USER_NOT_FOUND, userIsActive } from './users.js';

const NO_SHORT_CODE = 'Unable to generate a unique short code';
const SHORT_CODE_TAKEN = 'Short code already in use';

/** A URL to create: the owner, the target, and what the request chose of the rest. */
interface NewUrl extends Partial<LinkLifecycle>, Partial<LinkCampaign> {
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
      tags: input.tags ?? [],
      redirect_rules: input.redirect_rules ?? [],
      variants: input.variants ?? null,
      password_hash: input.password_hash ?? null,
    };
    const outcome = await transact([userIsActive(input.user_id), ...urlPuts(url)]);
    if (outcome.ok) return url;
    if (outcome.failed.includes(0)) throw new NotFoundError(USER_NOT_FOUND);
  }
  if (input.short_code !== undefined) throw new RuleViolationError(SHORT_CODE_TAKEN);
  throw new UnavailableError(NO_SHORT_CODE);
}
