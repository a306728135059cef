/**
 * Which of a viewer's request headers reach each origin behind CloudFront: the allow-lists of the origin
 * request policies (edge-policies.ts builds them from these lists) and the cache policy's key, per cache
 * behaviour. The local gateway passes exactly these (local/edge.ts), so a function that starts reading
 * another header gets `undefined` locally as it would in AWS. Headers added by the viewer-request function
 * (X-Viewer-Host, X-Edge-Host) count as the viewer's: they too pass only where listed.
 */

/**
 * The request headers the API's functions read, and nothing else (in particular not `Host`, which would not
 * match API Gateway's: the edge function passes the viewer's as `X-Viewer-Host`). `Referer` and `User-Agent`
 * go into click events; `Content-Type` selects JSON or a multipart upload; `CloudFront-Viewer-Country` is the
 * only location the service stores; `CloudFront-Viewer-Address` is only hashed, with a secret of the month,
 * into the visitor tag of unique visitors (store/visitor-secrets.ts), never stored. `X-Edge-Host` comes from
 * the edge function; `Idempotency-Key` makes a POST safe to retry (shared/http/idempotency.ts); `Origin` picks
 * the CORS answer; `Accept` a page for people (an error page instead of JSON for a browser).
 *
 * Ten: CloudFront's default quota of headers per origin request policy, so a first deploy needs no quota
 * increase. Left out because nothing depends on them: `CloudFront-Forwarded-Proto` (every viewer request
 * reaching the API is HTTPS: plain HTTP is redirected first, and API Gateway's own `X-Forwarded-Proto` says
 * `https`), and the preflight's `Access-Control-Request-Method`/`-Headers` (API Gateway answers a preflight
 * itself, with fixed lists). A header added here must take the place of another, or come with that quota.
 */
export const apiForwardedHeaders = [
  'Content-Type',
  'Referer',
  'User-Agent',
  'CloudFront-Viewer-Country',
  'CloudFront-Viewer-Address',
  'X-Viewer-Host',
  'X-Edge-Host',
  'Accept',
  'Idempotency-Key',
  'Origin',
] as const;

/**
 * Headers of the API's cache key: CloudFront forwards `Authorization` (access keys) only as part of a cache
 * policy's key (edge-policies.ts, `ApiPassThrough`), and `Accept-Language` (the `language` condition of a
 * redirect rule, at the redirect and unlock routes) goes there too, the origin request policy's ten being taken.
 * Nothing is cached, so the key costs nothing.
 */
export const apiCacheKeyHeaders = ['Authorization', 'Accept-Language'] as const;

/**
 * What the redirect reads of a short link's request, through its function URL: the click's `User-Agent`,
 * `Referer` and country, the viewer's address (hashed into the visitor tag), `Accept` (a page for people),
 * `Origin` (CORS) and `Accept-Language` (redirect rules). Not `Host`: a function URL answers only to its own
 * name, and CloudFront names it.
 */
export const shortLinkHeaders = [
  'Accept',
  'Accept-Language',
  'Origin',
  'Referer',
  'User-Agent',
  'CloudFront-Viewer-Address',
  'CloudFront-Viewer-Country',
] as const;

/** The static pages' requests: the edge function's viewer host only (their links start from the service's root). */
export const staticPageHeaders = ['X-Viewer-Host'] as const;

/** CloudFront's cache behaviours, by what they serve (edge-paths.ts says which serves a path). */
export type EdgeBehaviour = 'api' | 'static' | 'shortLinks' | 'errorPages';

/** The viewer headers each behaviour passes to its origin, lower-cased. */
export const viewerHeadersPassed: Record<EdgeBehaviour, readonly string[]> = {
  api: [...apiForwardedHeaders, ...apiCacheKeyHeaders].map((name) => name.toLowerCase()),
  static: staticPageHeaders.map((name) => name.toLowerCase()),
  shortLinks: shortLinkHeaders.map((name) => name.toLowerCase()),
  errorPages: [],
};
