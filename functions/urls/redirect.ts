import { timestamp } from '#shared/clock.js';
import { GoneError } from '#shared/errors.js';
import { clickDetails } from '#shared/events/click-details.js';
import { publishUrlEvent } from '#shared/events/publisher.js';
import { hostOfLink } from '#shared/hosts.js';
import { clientAddress, requestHeader } from '#shared/http/headers.js';
import { httpRoute, Redirect } from '#shared/http/route.js';
import { LINK_EXPIRED, recordExpiry, redirectTarget } from '#shared/link-lifecycle.js';
import { shortCodePath } from '#shared/schemas.js';
import { GENERATED_CODE } from '#shared/short-code.js';
import { isBlocked } from '#shared/store/blocked-hosts.js';
import { expiryOf, isHotShortCode, resolveShortCode, URL_NOT_FOUND } from '#shared/store/urls.js';
import { visitorTag } from '#shared/store/visitor-secrets.js';

const LINK_DISABLED = 'Link disabled';

/**
 * What an unknown code answers. Any one-segment path of 3-64 code characters is a short link's short form
 * (`/nope`), so one that is no link is, to its reader, an unknown page: "Not Found", as for any unknown route.
 * The redirect route itself, and a generated code's shape, keep "URL not found".
 */
const unknownCodeDetail = (event: Parameters<typeof requestHeader>[0], code: string) =>
  requestHeader(event, 'x-short-form') === 'link' && !GENERATED_CODE.test(code) ? 'Not Found' : URL_NOT_FOUND;

/**
 * GET /urls/{short_code}/redirect: the hot path, one read and one queue send; emits `click`, with the
 * visitor's tag of the day for the statistics' unique visitors (a bot gets none). HEAD answers the same 302
 * without recording a click: link checkers and crawlers use it, and nobody followed the link.
 *
 * An expired link leads to its `expired_url`, or answers 410, and is no click; the first request that finds
 * it expired records its `expired` event. A link to a host the operator blocked answers 410 too (the list is
 * in memory: no read).
 */
export const handler = httpRoute(
  { access: 'open', pagesForPeople: true, path: shortCodePath },
  async ({ path, event, head }) => {
    const target = await resolveShortCode(path.id, unknownCodeDetail(event, path.id));
    const expiry = expiryOf(target, timestamp());
    if (expiry) {
      if (!head) await recordExpiry(target, expiry);
      if (target.expired_url === null) throw new GoneError(LINK_EXPIRED);
      if (await isBlocked(hostOfLink(target.expired_url))) throw new GoneError(LINK_DISABLED);
      return new Redirect(redirectTarget(target.expired_url, target, event));
    }
    if (await isBlocked(hostOfLink(target.original_url))) throw new GoneError(LINK_DISABLED);
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
        {
          ...(visitor !== undefined && { visitor }),
          ...(target.max_clicks !== null && { click_limit: target.max_clicks }),
        },
        // A limited link's click is counted within the second (exact at one click a second), unless the link
        // is hot: then it goes with the large batches, which a viral link's statistics need.
        { soon: target.max_clicks !== null && !isHotShortCode(target.short_code) },
      );
    }
    return new Redirect(redirectTarget(target.original_url, target, event));
  },
);
