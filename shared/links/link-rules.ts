import { type Address, addressOf, isSameMachine } from '../hosts.js';
import { RequestValidationError } from '../platform/errors.js';
import { isBlocked } from '../store/blocked-hosts.js';

/**
 * What a link may lead to (docs/decisions.md, "Abuse controls"): not to one of the service's own short links (a
 * loop), and not to a blocked host. Refused as a 422 at the link's field. Both compare canonical hosts
 * (shared/hosts.ts), so no spelling of an address (`0x7f.1`, `[::ffff:127.0.0.1]`, `host.`) gets past them.
 */

export const OWN_LINK = "Links to this service's own short links are not allowed";
export const BLOCKED_LINK = 'Links to this host are not allowed';

/** Ports an own address without one stands for: a link's default port ('') and the two a link may spell out. */
const DEFAULT_PORTS = ['', '80', '443'];

/**
 * Whether a link's address is this own address: the same machine (every loopback spelling is one machine, so
 * an own loopback address with port P makes each of them with port P own) and the same port.
 */
const isOwnAddress = (link: Address, own: Address): boolean =>
  isSameMachine(link.host, own.host) &&
  (link.port === own.port || (own.port === '' && DEFAULT_PORTS.includes(link.port)));

const refused = (field: string, msg: string) =>
  new RequestValidationError([{ loc: ['body', field], msg, type: 'value_error' }]);

/**
 * Refuses a link to the service itself (any of `ownAddresses`, the request's: shared/http/own-addresses.ts)
 * or to a blocked host, at `field` of the body.
 */
export async function checkLinkTarget(field: string, link: string, ownAddresses: readonly Address[]): Promise<void> {
  const address = addressOf(link);
  // A link with no host left once canonical (`http://%2E/`) leads nowhere: neither here nor to a blocked host.
  if (!address) return;
  if (ownAddresses.some((own) => isOwnAddress(address, own))) throw refused(field, OWN_LINK);
  if (await isBlocked(address.host)) throw refused(field, BLOCKED_LINK);
}
