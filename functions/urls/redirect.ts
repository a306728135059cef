import { clickDetails } from '#shared/events/click-details.js';
import { publishUrlEvent } from '#shared/events/publisher.js';
import { requestHeader } from '#shared/http/headers.js';
import { httpRoute, Redirect } from '#shared/http/route.js';
import { shortCodePath } from '#shared/schemas.js';
import { resolveShortCode } from '#shared/store/urls.js';

/**
 * GET /urls/{short_code}/redirect: the hot path, one read and one queue send; emits `click`. HEAD answers the
 * same 302 without recording a click: link checkers and crawlers use it, and nobody followed the link.
 */
export const handler = httpRoute({ path: shortCodePath }, async ({ path, event, head }) => {
  const target = await resolveShortCode(path.id);
  if (!head)
    await publishUrlEvent(
      'click',
      { id: target.url_id, user_id: target.user_id, short_code: target.short_code, original_url: target.original_url },
      clickDetails({ referrer: requestHeader(event, 'referer'), userAgent: requestHeader(event, 'user-agent') }),
    );
  return new Redirect(target.original_url);
});
