import { statsPageRoute } from '#shared/api/urls.js';
import { StaticFile } from '#shared/http/answers.js';
import { identifyCaller, ownerOf } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { publicShortLink, servicePathPrefix } from '#shared/http/short-links.js';
import { linkFacts, statsPageHtml, statsPagePolicy } from '#shared/pages/stats-page.js';
import { serviceConfig } from '#shared/platform/config.js';
import { getLinkByCode } from '#shared/store/link-reads.js';

/**
 * GET /urls/{code}/stats-page (`/<code>+` at the edge): a link's statistics page, for people. In `keys` mode
 * the page is a shell open to anyone, the same for every code and every credential (nothing is read, so
 * nothing tells a known code from an unknown one); its script, once given a key, asks for `part=link` with it
 * and gets what that key may see of the link.
 */
export const handler = httpRoute(statsPageRoute, async ({ path, query, event }) => {
  const keysMode = serviceConfig().authMode === 'keys';
  if (query.part === 'link') {
    const caller = await identifyCaller(event, 'user');
    const { url, expiry } = await getLinkByCode(path.id, ownerOf(caller));
    return { url_id: url.id, facts: linkFacts(url, expiry) };
  }
  const shortLink = publicShortLink(event, path.id);
  const page = (html: string) =>
    new StaticFile('text/html; charset=utf-8', html, 'no-store', { 'Content-Security-Policy': statsPagePolicy });
  const link = keysMode ? { code: path.id } : await getLinkByCode(path.id);
  return page(statsPageHtml(servicePathPrefix(event), shortLink, link));
});
