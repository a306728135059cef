import { type ExpiryReason, expiryOf, LINK_EXPIRED, redirectTarget } from '../domain/link-lifecycle.js';
import { clickDetails } from '../events/click-details.js';
import { publishUrlEvent } from '../events/publisher.js';
import { timestamp } from '../platform/clock.js';
import { GoneError, PasswordRequiredError, TooManyRequestsError } from '../platform/errors.js';
import { hostOfLink } from '../platform/hosts.js';
import { logger } from '../platform/logger.js';
import { isBlockedForVisits } from '../store/blocked-hosts.js';
import { takeClick } from '../store/click-allowance.js';
import { resolveShortCode } from '../store/link-reads.js';
import { countUnlockAttempt } from '../store/unlock-attempts.js';
import { claimExpiredEvent, type ShortCodeTarget, URL_NOT_FOUND } from '../store/urls.js';
import { visitorTag } from '../store/visitor-secrets.js';
import { isPassword } from './link-passwords.js';
import { GENERATED_CODE } from './short-code.js';
import { type VisitTarget, visitTarget } from './visit-target.js';

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
  acceptLanguage: string | undefined;
  /** The viewer's country, as CloudFront says it. */
  country: string | undefined;
  /** The viewer's address, only ever hashed into the day's visitor tag (and a protected link's attempts). */
  clientAddress: string;
  /** Where a protected link's password form posts: its unlock route, with this visit's query. */
  unlockAction: string;
  /** The password an unlock gives (POST /urls/{code}/unlock); none for a plain visit. */
  password?: string;
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
  return redirectTarget(target.expired_url, target, visit.query);
}

/**
 * A protected link's password, before anything of the visit is recorded: none given is a 401 with the form;
 * each one given is counted against the client's attempts (store/unlock-attempts.ts) before it is checked,
 * given back when it was right and counted as wrong when it was not.
 */
async function requirePassword(visit: ShortLinkVisit, hash: string): Promise<void> {
  if (visit.password === undefined) throw new PasswordRequiredError('Password required', visit.unlockAction);
  const attempt = await countUnlockAttempt(visit.code, visit.clientAddress);
  if ('retryAfterSeconds' in attempt) throw new TooManyRequestsError(attempt.retryAfterSeconds);
  let right: boolean;
  try {
    right = await isPassword(visit.password, hash);
  } catch (error) {
    // No answer about the password: the attempt is not one of the client's.
    await attempt.giveBack();
    throw error;
  }
  if (!right) {
    await attempt.countAsWrong();
    throw new PasswordRequiredError('Wrong password', visit.unlockAction);
  }
  await attempt.giveBack();
}

/** What decided where a click went, for its details: a rule or a variant, by index, or neither. */
const decidedBy = (target: VisitTarget) => ({
  ...(target.rule !== undefined && { rule: target.rule }),
  ...(target.variant !== undefined && { variant: target.variant }),
});

/**
 * Follows a short link: where it leads now (the `Location`), after recording the click. The hot path, one
 * read and one queue send; the click carries the visitor's tag of the month for the statistics' unique
 * visitors (a bot gets none), and the target it was sent to. HEAD records nothing and takes nothing of a
 * click limit.
 *
 * The order is the contract's: an unknown, inactive or deleted code is not found (404); an expired link leads
 * to its `expired_url`, or is gone (410), and is no click; then the visit's target is chosen (the first
 * redirect rule that holds, else a variant, else the link's own: visit-target.ts, no read), and a target on
 * a host the operator blocked is gone too (the list is in memory); then a protected link asks for its
 * password; then a link with `max_clicks` takes the click from its allowance (store/click-allowance.ts): the
 * click after its last one finds it expired.
 */
export async function followShortLink(visit: ShortLinkVisit): Promise<string> {
  const target = await resolveShortCode(visit.code, unknownCodeDetail(visit));
  const now = timestamp();
  const expiry = expiryOf(target, now);
  const maxClicks = target.max_clicks;
  const locked = target.password_hash !== null && visit.password === undefined;
  // A limited link's GET asks its allowance even when the item says every click is handed out: this
  // instance may still hold some of them (takeClick answers from memory then).
  const takesClick = maxClicks !== null && expiry !== 'date' && !visit.head && !locked;
  if (!takesClick && expiry) return followExpiredLink(visit, target, expiry);
  const details = clickDetails({ referrer: visit.referrer, userAgent: visit.userAgent, country: visit.country });
  // The visitor's tag: for the click, and for the variant a visitor keeps (a locked visit or a HEAD has neither).
  const wantsVisitor = !details.bot && (target.variants !== null || !(visit.head || locked));
  const visitor = wantsVisitor ? await visitorTag(visit.clientAddress, visit.userAgent ?? '') : undefined;
  const chosen = visitTarget(target, {
    userAgent: visit.userAgent,
    acceptLanguage: visit.acceptLanguage,
    country: typeof details.country === 'string' ? details.country : undefined,
    query: visit.query,
    now,
    visitor,
  });
  if (await isBlockedForVisits(hostOfLink(chosen.url))) throw new GoneError(LINK_DISABLED);
  if (target.password_hash !== null) {
    try {
      await requirePassword(visit, target.password_hash);
    } catch (error) {
      // Expiry comes before the password: when the item says every click is handed out, the password is
      // asked only so that a right one may take a click this instance still holds; a wrong one, or one past
      // the attempts' limit, gets what the expired link answers, as a visit without a password does.
      if (expiry && (error instanceof PasswordRequiredError || error instanceof TooManyRequestsError)) {
        return followExpiredLink(visit, target, expiry);
      }
      throw error;
    }
  }
  const location = redirectTarget(chosen.url, target, visit.query);
  if (visit.head) return location;
  if (takesClick && !(await takeClick({ ...target, max_clicks: maxClicks }))) {
    return followExpiredLink(visit, target, 'clicks');
  }
  await publishUrlEvent(
    'click',
    { id: target.url_id, user_id: target.user_id, short_code: target.short_code, original_url: chosen.url },
    { ...details, ...decidedBy(chosen) },
    visitor === undefined ? {} : { visitor },
  );
  return location;
}
