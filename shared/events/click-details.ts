import { isbot } from 'isbot';

/**
 * The most a click keeps of each header (docs/decisions.md, "Hardening"): longer values are cut, not refused, so
 * that a 15 KB user agent neither fails a redirect nor makes every stored click and its index entries large.
 */
const MAX_USER_AGENT = 512;
const MAX_REFERRER = 2048;

/** At most `max` UTF-16 code units, never cutting a surrogate pair in half. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return text.slice(0, end);
}

/**
 * What a click records about its request: the referrer and user agent when sent, the viewer's country when
 * CloudFront tells it (`CloudFront-Viewer-Country`), and whether the agent is a known crawler or
 * link-preview bot (or sent no user agent at all). Bots are flagged, not dropped, so counts can be read either way. No IP address is stored.
 */
export function clickDetails(headers: {
  referrer?: string;
  userAgent?: string;
  country?: string;
}): Record<string, unknown> {
  const country = headers.country?.trim().toUpperCase();
  return {
    ...(headers.referrer && { referrer: cut(headers.referrer, MAX_REFERRER) }),
    ...(headers.userAgent && { user_agent: cut(headers.userAgent, MAX_USER_AGENT) }),
    ...(country && /^[A-Z0-9]{2}$/.test(country) && { country }),
    // A click without a user agent is a program's, not a person's browser.
    bot: !headers.userAgent?.trim() || isbot(headers.userAgent),
  };
}
