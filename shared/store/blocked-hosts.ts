import { timestamp } from '../clock.js';
import { NotFoundError } from '../errors.js';
import { type BlockedEntry, isWithinAny, readBlockedEntry } from '../hosts.js';
import { accessPatterns, keys } from './keys.js';
import { readAll } from './list-windows.js';
import { abuseControls } from './scale/levers.js';
import { put, remove, transact } from './table.js';

/**
 * Hosts the operator blocks (docs/decisions.md, "Abuse controls"): a link to one of them, or to a subdomain, cannot
 * be made, and an existing one answers 410 "Link disabled". The redirect reads nothing per click for this:
 * each instance keeps the list in memory and reads it again every `blockedHostsRefreshMs` (one query of one
 * small partition), so a block or its removal takes effect within that. A failed refresh keeps the list it
 * had for another period rather than failing the redirects that asked.
 *
 * An entry is kept under its canonical text (shared/hosts.ts: `blockedHostOf`), which is its sort key: a host
 * name, an address (IPv6 compressed, without brackets) or a CIDR range as `network/prefix`, network masked.
 * Any spelling of one entry is therefore one item: blocked once, unblocked by any spelling.
 */

export const HOST_NOT_BLOCKED = 'Host not blocked';

export interface BlockedHost {
  host: string;
  created_at: string;
}

/** Blocks an entry (its canonical text); blocking it again keeps its first date (the write's condition fails). */
export async function blockHost(host: string): Promise<void> {
  await transact([put({ ...keys.blockedHost(host), host, created_at: timestamp() }, 'attribute_not_exists(PK)')]);
  forgetBlockedHosts();
}

export async function unblockHost(host: string): Promise<void> {
  const outcome = await transact([remove(keys.blockedHost(host), { expression: 'attribute_exists(PK)' })]);
  if (!outcome.ok) throw new NotFoundError(HOST_NOT_BLOCKED);
  forgetBlockedHosts();
}

/** Every blocked entry, by its canonical text, read consistently. */
export async function listBlockedHosts(): Promise<BlockedHost[]> {
  const found: BlockedHost[] = [];
  for await (const items of readAll(accessPatterns.blockedHosts())) {
    found.push(...items.map((item) => ({ host: String(item.host), created_at: String(item.created_at) })));
  }
  return found.sort((a, b) => (a.host < b.host ? -1 : 1));
}

let known: { entries: BlockedEntry[]; readAt: number } | undefined;
let reading: Promise<BlockedEntry[]> | undefined;

/**
 * This instance's copy is read again at its next use (after this instance changed the list); a read already
 * under way may have missed the change, so its answer is not kept.
 */
function forgetBlockedHosts(): void {
  known = undefined;
  reading = undefined;
}

/**
 * The blocked entries as this instance knows them, read once per refresh (not per click): at most
 * `blockedHostsRefreshMs` old, one read at a time.
 */
async function blockedEntries(): Promise<BlockedEntry[]> {
  if (known && Date.now() - known.readAt < abuseControls.blockedHostsRefreshMs) return known.entries;
  if (!reading) {
    const read: Promise<BlockedEntry[]> = listBlockedHosts()
      .then((list) => list.map((entry) => readBlockedEntry(entry.host)))
      .then((entries) => {
        if (reading === read) known = { entries, readAt: Date.now() };
        return entries;
      })
      .finally(() => {
        if (reading === read) reading = undefined;
      });
    reading = read;
  }
  try {
    return await reading;
  } catch (error) {
    if (!known) throw error;
    known.readAt = Date.now();
    return known.entries;
  }
}

/** Whether a canonical host is blocked: itself, through a parent domain, or within a blocked range. */
export async function isBlocked(host: string | undefined): Promise<boolean> {
  if (host === undefined) return false;
  return isWithinAny(host, await blockedEntries());
}
