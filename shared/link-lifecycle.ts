import type { APIGatewayProxyEvent } from 'aws-lambda';
import { publishUrlEvent } from './events/publisher.js';
import { logger } from './logger.js';
import { claimExpiredEvent, type ExpiryReason, type ShortCodeTarget } from './store/urls.js';

/** What a redirect does with a link's lifecycle (docs/decisions.md, "Link lifecycle"). */

export const LINK_EXPIRED = 'Link expired';

/**
 * The target with the short link's query string after its own parameters (`forward_query`), before its
 * fragment. API Gateway hands the function the parameters decoded, grouped by name: they are encoded again,
 * in the order they arrive, so the result is ASCII (the `Location` rules then hold as for any target).
 */
export function withForwardedQuery(
  target: string,
  query: APIGatewayProxyEvent['multiValueQueryStringParameters'],
): string {
  const pairs = Object.entries(query ?? {}).flatMap(([name, values]) =>
    (values ?? []).map((value) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`),
  );
  if (pairs.length === 0) return target;
  const hash = target.indexOf('#');
  const [base, fragment] = hash === -1 ? [target, ''] : [target.slice(0, hash), target.slice(hash)];
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${pairs.join('&')}${fragment}`;
}

/** Where a redirect to `link` goes for this request: with the request's query when the link forwards it. */
export const redirectTarget = (
  link: string,
  target: Pick<ShortCodeTarget, 'forward_query'>,
  event: Pick<APIGatewayProxyEvent, 'multiValueQueryStringParameters'>,
): string => (target.forward_query ? withForwardedQuery(link, event.multiValueQueryStringParameters) : link);

/** Expiries this instance has already tried to record (so that a hot expired link costs one write, not one per request). */
const tried = new Set<string>();
const TRIED_LIMIT = 10_000;

/**
 * Records a link's `expired` event the first time a request finds it expired: once per expiry, through a
 * condition on the short code's item (many requests at once, one event). An expiry already recorded, or
 * already tried by this instance, costs nothing. A failure is logged and tried again by the next request: the
 * redirect's answer does not depend on it.
 */
export async function recordExpiry(target: ShortCodeTarget, reason: ExpiryReason): Promise<void> {
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
