import { isbot } from 'isbot';

/**
 * What a click records about its request: the referrer and user agent when sent, and whether the agent
 * is a known crawler or link-preview bot. Bots are flagged, not dropped, so counts can be read either way.
 * No IP address is stored.
 */
export function clickDetails(headers: { referrer?: string; userAgent?: string }): Record<string, unknown> {
  return {
    ...(headers.referrer && { referrer: headers.referrer }),
    ...(headers.userAgent && { user_agent: headers.userAgent }),
    bot: isbot(headers.userAgent ?? ''),
  };
}
