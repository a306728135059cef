import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { isOwnAddress } from '../links/link-rules.js';
import { serviceConfig } from '../platform/config.js';
import { RequestValidationError } from '../platform/errors.js';
import { type Address, addressOf, isLoopback, isWithinAny } from '../platform/hosts.js';
import { currentBlockedEntries } from '../store/blocked-hosts.js';

/**
 * Where a webhook may send (docs/decisions.md, "Webhooks"): a public address, never the service itself nor a
 * blocked host. Checked when the webhook is made or changed, and again at every delivery, where the connection
 * then goes to the very address checked: a second lookup, which a hostile DNS server could answer with an
 * internal address (DNS rebinding), is never made.
 */

export const NOT_PUBLIC = 'Webhook targets must be public addresses (not loopback, private, link-local or multicast)';
export const OWN_TARGET = "Webhook targets must not be this service's own address";
export const BLOCKED_TARGET = 'Webhooks to this host are not allowed';

/**
 * Addresses that are not public: "this network", loopback, the private ranges, shared address space
 * (carrier-grade NAT), link-local, the documentation and benchmarking ranges, multicast and reserved; IPv6
 * loopback, unspecified, unique local, link-local, multicast, documentation and discard. An IPv6 address
 * that embeds an IPv4 one (mapped, NAT64, 6to4) is its IPv4 address once canonical (shared/platform/hosts.ts).
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

/** Whether a canonical IP address (shared/platform/hosts.ts) is public. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  return !notPublic.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** The port a URL's address connects to. */
const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/** Whether WEBHOOK_ALLOWED_HOSTS lets this address through though it is not public. */
function isAllowedHost(address: Address, port: string): boolean {
  return serviceConfig().webhookAllowedHosts.some((entry) => {
    const allowed = addressOf(entry);
    return allowed?.host === address.host && (allowed.port === '' || allowed.port === port);
  });
}

/**
 * The service's own addresses as configured (its short-link hosts, its public base URL): all a delivery knows
 * of them, having no request (a request's own are shared/http/own-addresses.ts's, these among them).
 */
function configuredOwnAddresses(): Address[] {
  const { shortLinkHosts, publicBaseUrl } = serviceConfig();
  return [...shortLinkHosts, publicBaseUrl ?? ''].flatMap((text) => addressOf(text) ?? []);
}

/** Why a target may not be sent to, or undefined when it may: the rules that need no lookup. */
async function refusalOf(url: URL, address: Address, own: readonly Address[]): Promise<string | undefined> {
  if (own.some((mine) => isOwnAddress(address, mine))) return OWN_TARGET;
  if (isWithinAny(address.host, await currentBlockedEntries())) return BLOCKED_TARGET;
  if (isAllowedHost(address, portOf(url))) return undefined;
  // A name under .localhost is loopback whatever a resolver says of it (RFC 6761), as plain localhost is.
  if (isIP(address.host) ? !isPublicAddress(address.host) : isLoopback(address.host)) return NOT_PUBLIC;
  return undefined;
}

/** A host's addresses, as the system resolver gives them; none when it does not resolve within `timeoutMs`. */
async function addressesOf(host: string, timeoutMs: number): Promise<string[]> {
  if (isIP(host)) return [host];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${host} did not resolve within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const found = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    return found.map((entry) => addressOf(entry.address)?.host ?? entry.address);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a check waits for DNS when a webhook is made: a name that does not resolve yet is checked at delivery. */
const CREATE_LOOKUP_MS = 3000;

/**
 * Refuses, at `["body", "url"]`, a target that is the service itself, a blocked host, or not public (itself or
 * any address its name resolves to), unless WEBHOOK_ALLOWED_HOSTS lists it. `own` are the addresses the
 * request came to. A name that does not resolve is accepted: it is checked again at each delivery.
 */
export async function checkWebhookTarget(target: string, own: readonly Address[]): Promise<void> {
  const url = new URL(target);
  const address = addressOf(target);
  const refuse = (msg: string) => new RequestValidationError([{ loc: ['body', 'url'], msg, type: 'value_error' }]);
  if (!address) throw refuse(NOT_PUBLIC);
  const refusal = await refusalOf(url, address, own);
  if (refusal) throw refuse(refusal);
  if (isIP(address.host) || isAllowedHost(address, portOf(url))) return;
  const resolved = await addressesOf(address.host, CREATE_LOOKUP_MS).catch(() => []);
  if (resolved.some((ip) => !isPublicAddress(ip))) throw refuse(NOT_PUBLIC);
}

/** Where a delivery connects: the address checked, and the family to connect with. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * The address a delivery connects to, resolved and checked now; an error saying why there is none (it does
 * not resolve, or it is not allowed), which fails the attempt like an unreachable receiver.
 */
export async function checkedDeliveryTarget(target: string, timeoutMs: number): Promise<CheckedTarget> {
  const url = new URL(target);
  const address = addressOf(target);
  if (!address) throw new Error(NOT_PUBLIC);
  const refusal = await refusalOf(url, address, configuredOwnAddresses());
  if (refusal) throw new Error(refusal);
  const resolved = await addressesOf(address.host, timeoutMs);
  const allowed = isAllowedHost(address, portOf(url));
  // Every address of the name must be public: which one a client would pick is not ours to guess.
  if (!allowed && resolved.some((ip) => !isPublicAddress(ip))) throw new Error(NOT_PUBLIC);
  const [first] = resolved;
  if (!first) throw new Error(`${address.host} has no address`);
  return { url, address: first, family: isIP(first) === 6 ? 6 : 4 };
}
