import { RequestValidationError } from './errors.js';

/**
 * Hosts as the abuse controls compare them (docs/decisions.md, "Abuse controls"). Pure: no I/O.
 *
 * One canonical form for the hosts of links, of the service's own addresses and of blocked entries, so that no
 * spelling slips past a comparison: the WHATWG URL parser's (the one browsers and `fetch` follow, so a link
 * goes where it says) IDNA conversion, lower case, IPv4 in any form it accepts (`0x7f.1`, `2130706433`), with
 * every trailing dot removed; an IPv6 address that embeds an IPv4 address is that IPv4 address, and any other
 * is its compressed WHATWG form without brackets. Blocked entries are such hosts, or CIDR ranges.
 */

type Version = 4 | 6;
/** An IP address as a number. */
interface Ip {
  version: Version;
  value: bigint;
}
/** The addresses whose first `prefix` bits are `network`'s; one address is the range of its full length. */
interface Range {
  version: Version;
  network: bigint;
  prefix: number;
}
/** A blocked entry, read: a host name (with its subdomains) or a range of addresses. */
export type BlockedEntry = { name: string } | Range;

const BITS = { 4: 32, 6: 128 } as const;
const DOTTED_QUAD = /^\d+\.\d+\.\d+\.\d+$/;
/** 64:ff9b::/96, the well-known NAT64 prefix (RFC 6052), as its top 96 bits. */
const NAT64 = 0x64ff9bn << 64n;
const MAPPED = 0xffffn;
const SIX_TO_FOUR = 0x2002n;

const stripDots = (text: string) => text.replace(/\.+$/, '');

/** The WHATWG URL parser's hostname for a host: IDNA, lower case, percent-decoded, IPv4 and IPv6 serialized. */
function whatwgHostname(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

const ipv4Value = (dotted: string) => dotted.split('.').reduce((value, octet) => (value << 8n) | BigInt(octet), 0n);
const ipv4Text = (value: bigint) => [24n, 16n, 8n, 0n].map((shift) => (value >> shift) & 0xffn).join('.');

/** An IPv6 address in the WHATWG serialization (hex groups, at most one `::`, no dotted part) as a number. */
function ipv6Value(serialized: string): bigint {
  const [head = '', tail] = serialized.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.reduce((value, group) => (value << 16n) | BigInt(`0x${group}`), 0n);
}

/** The compressed WHATWG form of an IPv6 address, without brackets (the parser does the compressing). */
function ipv6Text(value: bigint): string {
  const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) => ((value >> shift) & 0xffffn).toString(16));
  return (whatwgHostname(`[${groups.join(':')}]`) ?? '').slice(1, -1);
}

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96, but `::`
 * and `::1` are IPv6's own), NAT64 (64:ff9b::/96) and 6to4 (2002::/16, the IPv4 address in bits 16-47). A
 * link through any of them reaches that IPv4 address, so it must meet the same blocks and loop checks.
 */
function embeddedIpv4(value: bigint): bigint | undefined {
  const top96 = value >> 32n;
  if (top96 === MAPPED || top96 === NAT64 || (top96 === 0n && value > 1n)) return value & 0xffffffffn;
  if (value >> 112n === SIX_TO_FOUR) return (value >> 80n) & 0xffffffffn;
  return undefined;
}

/** The IPv6 addresses that embed an IPv4 address (6to4's by its /48 network). */
const ipv6FormsOf = (ipv4: bigint) => [
  (MAPPED << 32n) | ipv4,
  (NAT64 << 32n) | ipv4,
  (SIX_TO_FOUR << 112n) | (ipv4 << 80n),
  ...(ipv4 > 1n ? [ipv4] : []),
];

/** An IP address as written (IPv4 in any WHATWG form; IPv6 with or without brackets), embedding aside. */
function ipOf(written: string): Ip | undefined {
  const inner = written.replace(/^\[(.*)\]$/, '$1');
  const hostname = whatwgHostname(inner.includes(':') ? `[${inner}]` : inner);
  if (hostname?.startsWith('[')) return { version: 6, value: ipv6Value(hostname.slice(1, -1)) };
  return hostname && DOTTED_QUAD.test(hostname) ? { version: 4, value: ipv4Value(hostname) } : undefined;
}

/** An address's canonical text: an IPv6 address that embeds an IPv4 address is that IPv4 address. */
function ipText({ version, value }: Ip): string {
  const ipv4 = version === 4 ? value : embeddedIpv4(value);
  return ipv4 === undefined ? ipv6Text(value) : ipv4Text(ipv4);
}

/** A canonical host read back as an address (canonical text needs no parser), or undefined for a name. */
function ipOfCanonical(host: string): Ip | undefined {
  if (DOTTED_QUAD.test(host)) return { version: 4, value: ipv4Value(host) };
  return host.includes(':') ? { version: 6, value: ipv6Value(host) } : undefined;
}

/** A host (a URL's hostname, a `Host` header's host, a configured one) canonical; undefined for what is none. */
export function canonicalHost(raw: string): string | undefined {
  const text = stripDots(raw.trim());
  // Only IPv6 addresses have colons or brackets; elsewhere a colon would be a port, which a host has not.
  if (/[:[\]]/.test(text)) {
    const ip = ipOf(text);
    return ip?.version === 6 ? ipText(ip) : undefined;
  }
  // The parser would read these as the start of a path, query, fragment or user, and keep only what precedes.
  if (text === '' || /[\s/?#@\\]/.test(text)) return undefined;
  const once = whatwgHostname(text);
  if (once === undefined || DOTTED_QUAD.test(once)) return once;
  // A percent-encoded dot (`%2E`) becomes one only in the parser: removed too, then parsed again (`127.1%2E.`).
  const name = stripDots(once);
  return name === once ? name : canonicalHost(name);
}

/** Whether a canonical host names this machine: 127.0.0.0/8, 0.0.0.0, ::1, ::, `localhost` and names under it. */
export function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const ip = ipOfCanonical(host);
  if (!ip) return false;
  return ip.version === 4 ? ip.value >> 24n === 127n || ip.value === 0n : ip.value <= 1n;
}

/** Whether two canonical hosts are one machine: the same host, or two spellings of loopback. */
export const isSameMachine = (a: string, b: string): boolean => a === b || (isLoopback(a) && isLoopback(b));

/** An address as compared: its canonical host, and its port ('' for the scheme's default). */
export interface Address {
  host: string;
  port: string;
}

/** The address of a URL, or of `host[:port]` (`go.example.com`, `localhost:3000`, `[::1]:3000`). */
export function addressOf(raw: string): Address | undefined {
  const text = raw.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
    const host = canonicalHost(url.hostname);
    return host === undefined ? undefined : { host, port: url.port };
  } catch {
    return undefined;
  }
}

/** An address as text (`host[:port]`, IPv6 in brackets), as the configuration keeps it; undefined for none. */
export function normalizeAddress(raw: string): string | undefined {
  const address = addressOf(raw);
  if (!address) return undefined;
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return address.port ? `${host}:${address.port}` : host;
}

/** The canonical host a link leads to. */
export const hostOfLink = (link: string): string | undefined => addressOf(link)?.host;

const mask = (version: Version, prefix: number) =>
  ((1n << BigInt(BITS[version])) - 1n) ^ ((1n << BigInt(BITS[version] - prefix)) - 1n);

const contains = (range: Range, version: Version, value: bigint) =>
  range.version === version && (value & mask(version, range.prefix)) === range.network;

/** A stored (canonical) entry, read: `network/prefix`, an address (a range of one), or a host name. */
export function readBlockedEntry(text: string): BlockedEntry {
  const [address = '', prefix] = text.split('/');
  const ip = ipOfCanonical(address);
  if (!ip) return { name: text };
  return { version: ip.version, network: ip.value, prefix: prefix === undefined ? BITS[ip.version] : Number(prefix) };
}

/**
 * Whether a canonical host is within one of these entries: a name itself or a subdomain of it on whole
 * labels (`notbad.example` is not `bad.example`); an address within a range. An IPv4 host is also within an
 * IPv6 range holding an IPv6 address that embeds it, as a link could name it by that address.
 */
export function isWithinAny(host: string, entries: readonly BlockedEntry[]): boolean {
  const ip = ipOfCanonical(host);
  return entries.some((entry) => {
    if ('name' in entry) return !ip && (host === entry.name || host.endsWith(`.${entry.name}`));
    if (!ip) return false;
    if (ip.version === 4 && entry.version === 6) return ipv6FormsOf(ip.value).some((form) => contains(entry, 6, form));
    return contains(entry, ip.version, ip.value);
  });
}

export const EMPTY_LABEL = 'Input should be a host name without an empty label (a..b)';
export const WILDCARD = 'Input should be a host name without a wildcard: blocking a host blocks its subdomains';
export const PORT = 'Input should be a host without a port: a blocked host is blocked on every port';
export const SINGLE_LABEL = 'Input should be a host name of two labels or more, not a top-level domain';
export const NOT_A_RANGE = 'Input should be a CIDR range such as 10.0.0.0/8 (IPv4 in dotted decimal) or 2001:db8::/32';
export const NOT_A_HOST = 'Input should be a host name, an IP address or a CIDR range';
export const A_URL = 'Input should be a host, not a URL: evil.example, not http://evil.example/';

const refused = (msg: string) => new RequestValidationError([{ loc: ['path', 'host'], msg, type: 'value_error' }]);

/** The path parameter as sent: API Gateway may pass `10.0.0.0%2F8` on encoded, the local gateway decodes it. */
function percentDecoded(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * A CIDR range's canonical text, its network masked (`10.1.2.3/8` is `10.0.0.0/8`); a full-length prefix is
 * the address itself. Its IPv4 network must be in dotted decimal: WHATWG reads `10/8` as 0.0.0.10/8 and
 * `010.0.0.0` as 8.0.0.0, where an operator would mean 10.0.0.0/8, and a silently wrong block is worse than
 * a 422.
 */
function rangeText(written: string, prefixText: string): string {
  const ip = ipOf(written);
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
  if (!ip || !(prefix <= BITS[ip.version]) || (ip.version === 4 && ipv4Text(ip.value) !== written)) {
    throw refused(NOT_A_RANGE);
  }
  const network = ip.value & mask(ip.version, prefix);
  if (prefix === BITS[ip.version]) return ipText({ version: ip.version, value: network });
  // A range keeps its version: an IPv4 host is checked against IPv6 ranges through the forms that embed it.
  return `${ip.version === 4 ? ipv4Text(network) : ipv6Text(network)}/${prefix}`;
}

/** What makes a host name unfit for a block: the first of these it has, or undefined. */
function nameProblem(name: string): string | undefined {
  const labels = name.split('.');
  if (labels.includes('')) return EMPTY_LABEL;
  if (name.includes('*')) return WILDCARD;
  return labels.length < 2 ? SINGLE_LABEL : undefined;
}

/**
 * The canonical text of the entry a `/blocked-hosts/{host}` path names (and the sort key it is stored
 * under): a host name, an IP address or a CIDR range; a 422 at ["path", "host"] saying what is wrong.
 */
export function blockedHostOf(raw: string): string {
  const text = stripDots(percentDecoded(raw).trim());
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) throw refused(A_URL);
  const slash = text.indexOf('/');
  if (slash >= 0) return rangeText(text.slice(0, slash), text.slice(slash + 1));
  const host = canonicalHost(text);
  // A colon outside an IPv6 address is a port's (`example.com:8080`, `[::1]:80`).
  if (host === undefined) throw refused(/^(\[[^\]]*\]|[^:]*):\d*$/.test(text) ? PORT : NOT_A_HOST);
  const problem = ipOfCanonical(host) ? undefined : nameProblem(host);
  if (problem) throw refused(problem);
  return host;
}
