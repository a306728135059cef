import { RequestValidationError, type ValidationIssue } from '../platform/errors.js';
import { type Address, addressOf, isSameMachine, isWithinAny } from '../platform/hosts.js';
import { currentBlockedEntries } from '../store/blocked-hosts.js';

/**
 * What a link may lead to (docs/decisions.md, "Abuse controls"): not to one of the service's own short links (a
 * loop), and not to a blocked host. Refused as a 422 at the link's field. Both compare canonical hosts
 * (shared/platform/hosts.ts), so no spelling of an address (`0x7f.1`, `[::ffff:127.0.0.1]`, `host.`) gets past them.
 */

export const OWN_LINK = "Links to this service's own short links are not allowed";
export const BLOCKED_LINK = 'Links to this host are not allowed';

/** Ports an own address without one stands for: a link's default port ('') and the two a link may spell out. */
const DEFAULT_PORTS = ['', '80', '443'];

/**
 * Whether a link's address is this own address: the same machine (every loopback spelling is one machine, so
 * an own loopback address with port P makes each of them with port P own) and the same port.
 */
export const isOwnAddress = (link: Address, own: Address): boolean =>
  isSameMachine(link.host, own.host) &&
  (link.port === own.port || (own.port === '' && DEFAULT_PORTS.includes(link.port)));

/** Where in a request's body a link is: a field, or a path into one (`["redirect_rules", 0, "url"]`). */
type BodyPlace = string | readonly (string | number)[];

const refused = (place: BodyPlace, msg: string) =>
  new RequestValidationError([
    { loc: ['body', ...(typeof place === 'string' ? [place] : place)], msg, type: 'value_error' },
  ]);

/** Refuses a link at `place` in the body that leads to the service itself or to a blocked host. */
export type LinkTargetCheck = (place: BodyPlace, link: string) => void;

/** The targets a link's body sets, each where it is in the body. */
interface LinkTargets {
  original_url?: string;
  expired_url?: string | null;
  redirect_rules?: readonly { url: string }[];
  variants?: readonly { url: string }[] | null;
}

/**
 * Checks every target a body sets (its own, its `expired_url`, each rule's and each variant's) where it is, and
 * refuses them all at once: one 422 naming each target refused, as the schema's refusals do.
 */
export function checkLinkTargets(check: LinkTargetCheck, body: LinkTargets): void {
  const issues: ValidationIssue[] = [];
  const checkAt: LinkTargetCheck = (place, link) => {
    try {
      check(place, link);
    } catch (error) {
      if (!(error instanceof RequestValidationError)) throw error;
      issues.push(...error.issues);
    }
  };
  if (body.original_url) checkAt('original_url', body.original_url);
  if (body.expired_url) checkAt('expired_url', body.expired_url);
  for (const [i, rule] of (body.redirect_rules ?? []).entries()) checkAt(['redirect_rules', i, 'url'], rule.url);
  for (const [i, variant] of (body.variants ?? []).entries()) checkAt(['variants', i, 'url'], variant.url);
  if (issues.length > 0) throw new RequestValidationError(issues);
}

/** Whether a body sets any target (a change that sets none needs no check, and no read of the blocked hosts). */
export const setsLinkTargets = (body: LinkTargets): boolean =>
  Boolean(body.original_url || body.expired_url || body.redirect_rules?.length || body.variants?.length);

/**
 * The check of a request's link targets: not to the service itself (any of `ownAddresses`, the request's:
 * shared/http/own-addresses.ts), nor to a host blocked now. The blocked hosts are read once, here, for every
 * link the request holds (one for POST /urls, up to 1,000 for POST /urls/bulk).
 */
export async function linkTargetCheck(ownAddresses: readonly Address[]): Promise<LinkTargetCheck> {
  const blocked = await currentBlockedEntries();
  return (place, link) => {
    const address = addressOf(link);
    // A link with no host left once canonical (`http://%2E/`) leads nowhere: neither here nor to a blocked host.
    if (!address) return;
    if (ownAddresses.some((own) => isOwnAddress(address, own))) throw refused(place, OWN_LINK);
    if (isWithinAny(address.host, blocked)) throw refused(place, BLOCKED_LINK);
  };
}
