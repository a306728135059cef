import { serviceConfig } from '#shared/config.js';
import { httpRoute, StaticFile } from '#shared/http/route.js';
import { shortCodePath } from '#shared/schemas.js';
import { publicShortLink, servicePathPrefix } from '#shared/short-links.js';
import { statsPageHtml, statsPagePolicy } from '#shared/stats-page.js';
import { getLinkByCode } from '#shared/store/urls.js';

/** GET /urls/{code}/stats-page (`/<code>+` at the edge): a link's statistics page, for people. */
export const handler = httpRoute(
  { access: 'open', pagesForPeople: true, path: shortCodePath },
  async ({ path, event }) => {
    const { url, expiry } = await getLinkByCode(path.id);
    const keysMode = serviceConfig().authMode === 'keys';
    const page = statsPageHtml(url, servicePathPrefix(event), publicShortLink(event, url.short_code), {
      keysMode,
      expiry,
    });
    return new StaticFile('text/html; charset=utf-8', page, 'no-store', { 'Content-Security-Policy': statsPagePolicy });
  },
);
