import { readFileSync } from 'node:fs';
import { reservedFirstSegments, routes } from '../shared/routes.js';

/** The routes the CloudFront Function sends `/<code>` and `/<code>+` to. */
const redirectRoute = routes.find((route) => route.handler === 'functions/urls/redirect.ts');
const statsPageRoute = routes.find((route) => route.handler === 'functions/urls/stats-page.ts');

/**
 * The CloudFront Function's source, `edge/short-link-rewrite.js` with its settings filled in from the route
 * table: the first path segments no short code may take (`/health`, `/docs` and `/users` look like codes),
 * the redirect route's path and the statistics page's.
 */
export function shortLinkFunctionCode(): string {
  if (!redirectRoute || !statsPageRoute) throw new Error('The route table has no redirect or statistics page route');
  const settings = {
    reserved: reservedFirstSegments,
    redirectPath: redirectRoute.path,
    statsPagePath: statsPageRoute.path,
  };
  const source = readFileSync(new URL('./edge/short-link-rewrite.js', import.meta.url), 'utf8');
  const placeholders = source.match(/\bSHORT_LINK_SETTINGS\b/g) ?? [];
  if (placeholders.length !== 1)
    throw new Error('edge/short-link-rewrite.js must name SHORT_LINK_SETTINGS exactly once');
  return source.replace('SHORT_LINK_SETTINGS', JSON.stringify(settings));
}
