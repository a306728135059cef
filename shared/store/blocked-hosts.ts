import { timestamp } from '../platform/clock.js';
import { NotFoundError } from '../platform/errors.js';
import { type BlockedEntry, isWithinAny, readBlockedEntry } from '../platform/hosts.js';
import { RefreshingValue } from '../platform/refreshing-value.js';
import { accessPatterns, keys } from './keys.js';
import { abuseControls } from './levers.js';
import { readAll } from './list-pages.js';
import { put, remove, transact } from './table.js';

/**
 * Hosts the operator blocks (docs/decisions.md, "Abuse controls"): a link to one of them, or to a subdomain, cannot
 * be made, and an existing one answers 410 "Link disabled". Making or changing a link reads the list as it is
 * (one query of one small partition per request): a block holds for the next link at once, whichever
 * instance made it. The redirect reads nothing per click for this: each instance keeps the list in memory and
 * reads it again every `blockedHostsRefreshMs`, so a block or its removal takes effect on visits within that.
 * A failed refresh keeps the list it had for another period rather than failing the redirects that asked.
 *
 * An entry is kept under its canonical text (shared/platform/hosts.ts: `blockedHostOf`), which is its sort key: a host
 * name, an address (IPv6 compressed, without brackets) or a CIDR range as `network/prefix`, network masked.
 * Any spelling of one entry is therefore one item: blocked once, unblocked by any spelling.
 */

const HOST_NOT_BLOCKED = 'Host not blocked';

export interface BlockedHost {
  host: string;
  created_at: string;
}

/** Blocks an entry (its canonical text); blocking it again keeps its first date (the write's condition fails). */
export async function blockHost(host: string): Promise<void> {
  await transact([put({ ...keys.blockedHost(host), host, created_at: timestamp() }, 'attribute_not_exists(PK)')]);
}

export async function unblockHost(host: string): Promise<void> {
  const outcome = await transact([remove(keys.blockedHost(host), { expression: 'attribute_exists(PK)' })]);
  if (!outcome.ok) throw new NotFoundError(HOST_NOT_BLOCKED);
}

/** Every blocked entry, by its canonical text, read consistently unless told otherwise. */
export async function listBlockedHosts(consistent = true): Promise<BlockedHost[]> {
  const found: BlockedHost[] = [];
  for await (const items of readAll(accessPatterns.blockedHosts(consistent))) {
    found.push(...items.map((item) => ({ host: String(item.host), created_at: String(item.created_at) })));
  }
  return found.sort((a, b) => (a.host < b.host ? -1 : 1));
}

/**
 * The blocked entries as they are now, read consistently unless told otherwise: what a new or changed link is
 * checked against.
 */
export async function currentBlockedEntries(consistent = true): Promise<BlockedEntry[]> {
  return (await listBlockedHosts(consistent)).map((entry) => readBlockedEntry(entry.host));
}

/**
 * The blocked entries as this instance knows them, read once per refresh (not per click): at most
 * `blockedHostsRefreshMs` old, one read at a time. Eventually consistent: a copy that old gains nothing from a
 * consistent read but its double price, paid by every redirect instance every refresh.
 */
const knownBlockedEntries = new RefreshingValue(() => currentBlockedEntries(false), {
  maxAgeMs: abuseControls.blockedHostsRefreshMs,
  keepOnFailure: true,
});

/**
 * Whether a visit's target host is blocked (itself, through a parent domain, or within a blocked range), by the
 * list this instance knows: at most `blockedHostsRefreshMs` old.
 */
export async function isBlockedForVisits(host: string | undefined): Promise<boolean> {
  if (host === undefined) return false;
  return isWithinAny(host, await knownBlockedEntries.get());
}
