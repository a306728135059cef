import { updateUrlRoute } from '#shared/api/urls.js';
import { publishUrlEvent } from '#shared/events/publisher.js';
import { ownerOf } from '#shared/http/caller.js';
import { ownAddresses } from '#shared/http/own-addresses.js';
import { httpRoute } from '#shared/http/route.js';
import { withShortUrl } from '#shared/http/short-links.js';
import { hashPassword } from '#shared/links/link-passwords.js';
import { checkLinkTargets, linkTargetCheck, setsLinkTargets } from '#shared/links/link-rules.js';
import { updateUrl } from '#shared/store/link-updates.js';

/**
 * PUT /urls/{id}: its target, title, state, lifecycle and campaign (not its short code); emits `updated`. A new
 * password is kept as its hash; `null` removes it.
 */
export const handler = httpRoute(updateUrlRoute, async ({ path, body, caller, event }) => {
  if (setsLinkTargets(body)) checkLinkTargets(await linkTargetCheck(ownAddresses(event)), body);
  const { password, ...changes } = body;
  const passwordHash = password === undefined ? undefined : password === null ? null : await hashPassword(password);
  const url = await updateUrl(path.id, { ...changes, password_hash: passwordHash }, ownerOf(caller));
  await publishUrlEvent('updated', url);
  return withShortUrl(event, url);
});
