import { GoneError } from '#shared/errors.js';
import { clickDetails } from '#shared/events/click-details.js';
import { publishUrlEvent } from '#shared/events/publisher.js';
import { hostOfLink } from '#shared/hosts.js';
import { clientAddress, requestHeader } from '#shared/http/headers.js';
import { httpRoute, Redirect } from '#shared/http/route.js';
import { shortCodePath } from '#shared/schemas.js';
import { isBlocked } from '#shared/store/blocked-hosts.js';
import { resolveShortCode } from '#shared/store/urls.js';
import { visitorTag } from '#shared/store/visitor-secrets.js';

/**
 * GET /urls/{short_code}/redirect: the hot path, one read and one queue send; emits `click`, with the
 * visitor's tag of the day for the statistics' unique visitors (a bot gets none). HEAD answers the same 302
 * without recording a click: link checkers and crawlers use it, and nobody followed the link.
 */
export const handler = httpRoute(
  { access: 'open', pagesForPeople: true, path: shortCodePath },
  async ({ path, event, head }) => {
    const target = await resolveShortCode(path.id);
    // A link to a host the operator blocked answers 410, and is no click (the list is in memory: no read).
    if (await isBlocked(hostOfLink(target.original_url))) throw new GoneError('Link disabled');
    if (!head) {
      const userAgent = requestHeader(event, 'user-agent');
      const details = clickDetails({
        referrer: requestHeader(event, 'referer'),
        userAgent,
        country: requestHeader(event, 'cloudfront-viewer-country'),
      });
      const visitor = details.bot ? undefined : await visitorTag(clientAddress(event), userAgent ?? '');
      await publishUrlEvent(
        'click',
        {
          id: target.url_id,
          user_id: target.user_id,
          short_code: target.short_code,
          original_url: target.original_url,
        },
        details,
        visitor,
      );
    }
    return new Redirect(target.original_url);
  },
);
