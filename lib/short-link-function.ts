import { readFileSync } from 'node:fs';
import { routes } from '../shared/api/routes.js';
import { reservedFirstSegments } from '../shared/domain/reserved-paths.js';
import { shortLinkMethods } from './edge-paths.js';

/** The route the CloudFront Function sends `/<code>+` to. */
const statsPageRoute = routes.find((route) => route.handler === 'functions/urls/stats-page.ts');

/**
 * The CloudFront Function's source, `edge/short-link-rewrite.js` with its settings filled in from the route
 * table: the first path segments no short code may take (`/health`, `/docs` and `/users` look like codes),
 * the statistics page's path, and the methods a short link answers (its function's route's).
 */
export function shortLinkFunctionCode(): string {
  if (!statsPageRoute) throw new Error('The route table has no statistics page route');
  const settings = {
    reserved: reservedFirstSegments,
    statsPagePath: statsPageRoute.path,
    shortLinkMethods,
  };
  const source = readFileSync(new URL('./edge/short-link-rewrite.js', import.meta.url), 'utf8');
  const placeholders = source.match(/\bSHORT_LINK_SETTINGS\b/g) ?? [];
  if (placeholders.length !== 1)
    throw new Error('edge/short-link-rewrite.js must name SHORT_LINK_SETTINGS exactly once');
  return source.replace('SHORT_LINK_SETTINGS', JSON.stringify(settings));
}
