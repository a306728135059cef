import { getUrlQrRoute } from '#shared/api/urls.js';
import { StaticFile } from '#shared/http/answers.js';
import { ownerOf } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { publicShortLink } from '#shared/http/short-links.js';
import { qrCodeSvg } from '#shared/links/qr-code.js';
import { getUrl } from '#shared/store/link-reads.js';

/** GET /urls/{id}/qr: the short link as a QR code (SVG), active or not; it changes only if the host does. */
export const handler = httpRoute(getUrlQrRoute, async ({ path, event, caller }) => {
  const url = await getUrl(path.id, ownerOf(caller));
  return new StaticFile('image/svg+xml', qrCodeSvg(publicShortLink(event, url.short_code)), 'public, max-age=3600');
});
