import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type Response } from 'maxmind';

/**
 * The viewer's country as CloudFront tells it (`CloudFront-Viewer-Country`), for the local gateway: read from
 * the client's address with the offline database an npm package ships (`@ip-location-db/geo-whois-asn-country-mmdb`,
 * CC0, IPv4 and IPv6), no network. Loopback and private addresses have none, as behind CloudFront no viewer has
 * them. Loaded on the first request that needs it (15 MB, about 30 ms).
 */

let reader: Reader<Response> | undefined;

const databaseFile = () =>
  createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');

/** Addresses no viewer behind CloudFront has: loopback, private, link-local, shared and unique-local ranges. */
const unplaced = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  unplaced.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  unplaced.addSubnet(network, prefix, 'ipv6');
}

/** ISO 3166-1 alpha-2, upper case, or nothing for an address the database does not place (or no viewer has). */
export function viewerCountry(address: string): string | undefined {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(plain);
  if (family === 0 || unplaced.check(plain, family === 4 ? 'ipv4' : 'ipv6')) return undefined;
  reader ??= new Reader<Response>(readFileSync(databaseFile()));
  try {
    // This database's records are `{"country_code": "DE"}`, not MaxMind's own shape.
    const code = (reader.get(plain) as { country_code?: unknown } | null)?.country_code;
    return typeof code === 'string' && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : undefined;
  } catch {
    return undefined;
  }
}
