import type { LinkLifecycle } from './records.js';

/**
 * A link's lifecycle as rules (docs/decisions.md, "Link lifecycle"): when it is expired, and where a redirect
 * to it goes. Pure: what a visit does with them, and records, is shared/links/follow-short-link.ts.
 */

export const LINK_EXPIRED = 'Link expired';

/** Why a link is expired at `now`, if it is: its date passed, or its clicks reached the limit. */
export type ExpiryReason = 'date' | 'clicks';

/** `leased`: the clicks handed out of a limited link's allowance so far. */
export function expiryOf(
  link: Pick<LinkLifecycle, 'expires_at' | 'max_clicks'> & { leased: number },
  now: string,
): ExpiryReason | undefined {
  if (link.expires_at !== null && now >= link.expires_at) return 'date';
  if (link.max_clicks !== null && link.leased >= link.max_clicks) return 'clicks';
  return undefined;
}

/** A request's query parameters, decoded, grouped by name in the order they came (as API Gateway gives them). */
export type QueryParameters = Record<string, string[] | undefined>;

/**
 * The target with the short link's query string after its own parameters (`forward_query`), before its
 * fragment. API Gateway hands the function the parameters decoded, grouped by name: they are encoded again,
 * in the order they arrive, so the result is ASCII (the `Location` rules then hold as for any target).
 */
export function withForwardedQuery(target: string, query: QueryParameters | null | undefined): string {
  const pairs = Object.entries(query ?? {}).flatMap(([name, values]) =>
    (values ?? []).map((value) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`),
  );
  if (pairs.length === 0) return target;
  const hash = target.indexOf('#');
  const [base, fragment] = hash === -1 ? [target, ''] : [target.slice(0, hash), target.slice(hash)];
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${pairs.join('&')}${fragment}`;
}

/** Where a redirect to `link` goes for a visit with this query: with it, when the link forwards it. */
export const redirectTarget = (
  link: string,
  target: Pick<LinkLifecycle, 'forward_query'>,
  query: QueryParameters | null | undefined,
): string => (target.forward_query ? withForwardedQuery(link, query) : link);
