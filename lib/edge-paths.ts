import { methodsOfResource, type RouteDefinition, routes } from '../shared/api/routes.js';
import type { EdgeBehaviour } from './edge-headers.js';

/**
 * Which origin serves a path, as CloudFront decides it: by the first cache behaviour whose path pattern matches
 * the path the viewer asked for. A viewer-request function's rewrite changes the path sent to the origin, never
 * the behaviour, so every path the API serves needs a behaviour of its own, and everything else (the short
 * links `/<code>`) goes to the default behaviour: the redirect function's URL. The distribution
 * (edge-distribution.ts) and the local gateway (local/gateway.ts) both read this list.
 */

/** The route whose function also serves `/<code>` through its function URL: the redirect. */
export const shortLinkRoute: RouteDefinition = (() => {
  const route = routes.find((candidate) => candidate.handler === 'functions/urls/redirect.ts');
  if (!route) throw new Error('The route table has no redirect route');
  return route;
})();

/** The methods a short link answers (`Allow` of a 405): GET, and HEAD and OPTIONS beside it. */
export const shortLinkMethods: readonly string[] = methodsOfResource([shortLinkRoute.method]);

/**
 * Patterns of the API's static files, cached and compressed at the edge. Exactly `/docs` and `/docs/*`, not
 * `/docs*`: a chosen short code may start with `docs` (`/docs-guide`). Not the home page `/`: its answer
 * depends on `Accept` (a page for a browser, a 404 for any other client), which the static files' cache key
 * leaves out.
 */
export const cachedApiPatterns: readonly string[] = ['/docs', '/docs/*', '/stats-page/*', '/home-page/*'];

/**
 * The statistics page's short form, `/<code>+`, as viewers send it: the `+` itself, or percent-encoded in
 * either case (CloudFront matches the path as it was sent). The edge function rewrites it to the page's route.
 */
export const statsPagePatterns: readonly string[] = ['/*+', '/*%2B', '/*%2b'];

/**
 * The pages CloudFront answers with when an origin gave no answer of the service's own: the error contract's
 * JSON, served by the API as mock resources and kept at the edge. A 502 is the function URL's answer when the
 * redirect's function crashed or timed out (Lambda's `{"Message": ...}`), and API Gateway's when it could not
 * invoke a function; every 502 of the distribution gets this page. (Not 429: CloudFront replaces no 429,
 * docs/decisions.md "Short links without API Gateway".)
 */
export const edgeErrorPages = [{ status: 502, path: '/edge-errors/bad-gateway', detail: 'Bad Gateway' }] as const;
export const edgeErrorPattern = '/edge-errors/*';

/**
 * Every other path the API serves, from the route table: per first segment, `/x` where a route is `/x` itself
 * and `/x/*` where routes lie below it, and `/` itself for the home page. Nothing more: `/metrics` alone or
 * `/health/x` are no route, and the function URL answers them 404 as API Gateway would.
 */
export function apiPathPatterns(): string[] {
  const patterns = new Set<string>();
  for (const route of routes) {
    const [, first, ...deeper] = route.path.split('/');
    patterns.add(deeper.length === 0 ? `/${first}` : `/${first}/*`);
  }
  return [...patterns].filter((pattern) => !cachedApiPatterns.includes(pattern));
}

/** A CloudFront path pattern as a regular expression: `*` any characters (none too), `?` exactly one, case-sensitive. */
const patternExpression = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('')
      .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[\\^$.+()[\]{}|]/g, '\\$&')))
      .join('')}$`,
  );

const staticPatterns = cachedApiPatterns.map(patternExpression);
const errorPagePatterns = [patternExpression(edgeErrorPattern)];
const apiPatterns = [...apiPathPatterns(), ...statsPagePatterns].map(patternExpression);

/**
 * The behaviour CloudFront serves the viewer's `path` with, in the distribution's order: the API's static files,
 * the error pages, the API's other paths, and the short links' function URL for everything else.
 */
export function edgeBehaviourOf(path: string): EdgeBehaviour {
  const matches = (patterns: RegExp[]) => patterns.some((pattern) => pattern.test(path));
  if (matches(staticPatterns)) return 'static';
  if (matches(errorPagePatterns)) return 'errorPages';
  return matches(apiPatterns) ? 'api' : 'shortLinks';
}

/** Whether CloudFront sends the viewer's `path` to the API (true) or to the short links' function URL (false). */
export function servedByApi(path: string): boolean {
  return edgeBehaviourOf(path) !== 'shortLinks';
}
