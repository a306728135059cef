import { clickDetails } from '../events/click-details.js';
import { publishUrlEvent } from '../events/publisher.js';
import { hostOfLink } from '../hosts.js';
import { timestamp } from '../platform/clock.js';
import { GoneError } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { isBlockedForVisits } from '../store/blocked-hosts.js';
import { takeClick } from '../store/click-allowance.js';
import { resolveShortCode } from '../store/link-reads.js';
import { claimExpiredEvent, type ShortCodeTarget, URL_NOT_FOUND } from '../store/urls.js';
import { visitorTag } from '../store/visitor-secrets.js';
import { type ExpiryReason, expiryOf, LINK_EXPIRED, redirectTarget } from './link-lifecycle.js';
import { GENERATED_CODE } from './short-code.js';

const LINK_DISABLED = 'Link disabled';

/** One visit of a short link, as either entrance hands it over (the API's redirect route, or the function URL). */
interface ShortLinkVisit {
  code: string;
  /** A HEAD request: answered like the GET, without a click (link checkers and crawlers use it). */
  head: boolean;
  /** Asked for in its short form, `/<code>`, rather than at the redirect route. */
  shortForm: boolean;
  /** The request's query parameters, every value of each name in the order sent (`forward_query`). */
  query: Record<string, string[] | undefined>;
  userAgent: string | undefined;
  referrer: string | undefined;
  /** The viewer's country, as CloudFront says it. */
  country: string | undefined;
  /** The viewer's address, only ever hashed into the day's visitor tag. */
  clientAddress: string;
}

/**
 * What an unknown code answers. Any one-segment path of 3-64 code characters is a short link's short form
 * (`/nope`), so one that is no link is, to its reader, an unknown page: "Not Found", as for any unknown route.
 * The redirect route itself, and a generated code's shape, keep "URL not found".
 */
const unknownCodeDetail = (visit: ShortLinkVisit) =>
  visit.shortForm && !GENERATED_CODE.test(visit.code) ? 'Not Found' : URL_NOT_FOUND;

/** Expiries this instance has already tried to record (so that a hot expired link costs one write, not one per request). */
const tried = new Set<string>();
const TRIED_LIMIT = 10_000;

/**
 * Records a link's `expired` event the first time a request finds it expired: once per expiry, through a
 * condition on the short code's item (many requests at once, one event). An expiry already recorded, or
 * already tried by this instance, costs nothing. A failure is logged and tried again by the next request: the
 * redirect's answer does not depend on it.
 */
async function recordExpiry(target: ShortCodeTarget, reason: ExpiryReason): Promise<void> {
  if (target.limits_at === null || target.expiry_recorded === target.limits_at) return;
  const expiry = `${target.url_id}|${target.limits_at}`;
  if (tried.has(expiry)) return;
  if (tried.size >= TRIED_LIMIT) tried.clear();
  tried.add(expiry);
  try {
    if (!(await claimExpiredEvent(target))) return;
  } catch (error) {
    tried.delete(expiry);
    logger.warn('The expiry of a link could not be recorded; the next request tries again', {
      url_id: target.url_id,
      error: error as Error,
    });
    return;
  }
  await publishUrlEvent(
    'expired',
    { id: target.url_id, user_id: target.user_id, short_code: target.short_code, original_url: target.original_url },
    { reason },
  );
}

/** Where an expired link leads: its `expired_url`, or nowhere (410). The first request to find it records its expiry. */
async function followExpiredLink(visit: ShortLinkVisit, target: ShortCodeTarget, reason: ExpiryReason) {
  if (!visit.head) await recordExpiry(target, reason);
  if (target.expired_url === null) throw new GoneError(LINK_EXPIRED);
  if (await isBlockedForVisits(hostOfLink(target.expired_url))) throw new GoneError(LINK_DISABLED);
  return redirectTarget(target.expired_url, target, { multiValueQueryStringParameters: visit.query });
}

/**
 * Follows a short link: where it leads now (the `Location`), after recording the click. The hot path, one
 * read and one queue send; the click carries the visitor's tag of the day for the statistics' unique
 * visitors (a bot gets none). HEAD records nothing and takes nothing of a click limit.
 *
 * An expired link leads to its `expired_url`, or is gone (410), and is no click. A link with `max_clicks`
 * takes each click from its allowance (store/click-allowance.ts): the click after its last one finds it
 * expired. A link to a host the operator blocked is gone too (the list is in memory: no read). An unknown,
 * inactive or deleted code is not found (404).
 */
export async function followShortLink(visit: ShortLinkVisit): Promise<string> {
  const target = await resolveShortCode(visit.code, unknownCodeDetail(visit));
  const expiry = expiryOf(target, timestamp());
  const maxClicks = target.max_clicks;
  // A limited link's GET asks its allowance even when the item says every click is handed out: this
  // instance may still hold some of them (takeClick answers from memory then).
  if (maxClicks !== null && expiry !== 'date' && !visit.head) {
    if (!(await takeClick({ ...target, max_clicks: maxClicks }))) return followExpiredLink(visit, target, 'clicks');
  } else if (expiry) return followExpiredLink(visit, target, expiry);
  if (await isBlockedForVisits(hostOfLink(target.original_url))) throw new GoneError(LINK_DISABLED);
  if (visit.head) return redirectTarget(target.original_url, target, { multiValueQueryStringParameters: visit.query });
  const details = clickDetails({ referrer: visit.referrer, userAgent: visit.userAgent, country: visit.country });
  const visitor = details.bot ? undefined : await visitorTag(visit.clientAddress, visit.userAgent ?? '');
  await publishUrlEvent(
    'click',
    { id: target.url_id, user_id: target.user_id, short_code: target.short_code, original_url: target.original_url },
    details,
    visitor === undefined ? {} : { visitor },
  );
  return redirectTarget(target.original_url, target, { multiValueQueryStringParameters: visit.query });
}
