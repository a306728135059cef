import { homePageRoute } from '#shared/api/service.js';
import { StaticFile } from '#shared/http/answers.js';
import { prefersHtml } from '#shared/http/pages-for-people.js';
import { httpRoute } from '#shared/http/route.js';
import { servicePathPrefix } from '#shared/http/short-links.js';
import { homePageHtml, homePagePolicy } from '#shared/pages/home-page.js';
import { serviceConfig } from '#shared/platform/config.js';
import { NotFoundError } from '#shared/platform/errors.js';

/**
 * GET /: the home page, for a browser (its `Accept` prefers HTML to JSON). Every other client gets the
 * unknown route's answer, `404 {"detail": "Not Found"}`, as before the page existed (docs/decisions.md, "The home
 * page"). The page is a frame, the same for everyone and every mode's reader: nothing is read to write it.
 */
export const handler = httpRoute(homePageRoute, async ({ event }) => {
  if (!prefersHtml(event)) throw new NotFoundError('Not Found');
  const html = homePageHtml(servicePathPrefix(event), serviceConfig().authMode === 'keys');
  // `no-store`: the answer depends on `Accept`, and a cache keyed without it would hand a page to an API client.
  return new StaticFile('text/html; charset=utf-8', html, 'no-store', { 'Content-Security-Policy': homePagePolicy });
});
