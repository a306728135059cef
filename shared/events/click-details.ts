import { isbot } from 'isbot';

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
    ...(headers.referrer && { referrer: headers.referrer }),
    ...(headers.userAgent && { user_agent: headers.userAgent }),
    ...(country && /^[A-Z0-9]{2}$/.test(country) && { country }),
    // A click without a user agent is a program's, not a person's browser (CONTRACT.md, "Pages for people").
    bot: !headers.userAgent?.trim() || isbot(headers.userAgent),
  };
}
