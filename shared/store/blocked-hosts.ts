import { timestamp } from '../clock.js';
import { NotFoundError } from '../errors.js';
import { isWithin } from '../hosts.js';
import { accessPatterns, keys } from './keys.js';
import { readAll } from './list-windows.js';
import { abuseControls } from './scale/levers.js';
import { getItem, put, remove, transact } from './table.js';

/**
 * Hosts the operator blocks (CONTRACT.md, "Abuse controls"): a link to one of them, or to a subdomain, cannot
 * be made, and an existing one answers 410 "Link disabled". The redirect reads nothing per click for this:
 * each instance keeps the list in memory and reads it again every `blockedHostsRefreshMs` (one query of one
 * small partition), so a block or its removal takes effect within that and the hot-key second.
 */

export const HOST_NOT_BLOCKED = 'Host not blocked';

export interface BlockedHost {
  host: string;
  created_at: string;
}

/** Blocks a host (already normalized); blocking it again keeps its first date. */
export async function blockHost(host: string): Promise<void> {
  if (await getItem(keys.blockedHost(host))) return;
  await transact([put({ ...keys.blockedHost(host), host, created_at: timestamp() }, 'attribute_not_exists(PK)')]);
  forgetBlockedHosts();
}

export async function unblockHost(host: string): Promise<void> {
  const outcome = await transact([remove(keys.blockedHost(host), { expression: 'attribute_exists(PK)' })]);
  if (!outcome.ok) throw new NotFoundError(HOST_NOT_BLOCKED);
  forgetBlockedHosts();
}

/** Every blocked host, by name, read consistently. */
export async function listBlockedHosts(): Promise<BlockedHost[]> {
  const found: BlockedHost[] = [];
  for await (const items of readAll(accessPatterns.blockedHosts())) {
    found.push(...items.map((item) => ({ host: String(item.host), created_at: String(item.created_at) })));
  }
  return found.sort((a, b) => (a.host < b.host ? -1 : 1));
}

let kept: { hosts: Promise<string[]>; readAt: number } | undefined;

/** This instance's copy is read again at its next use (after this instance changed the list). */
function forgetBlockedHosts(): void {
  kept = undefined;
}

/** The blocked hosts as this instance knows them: at most `blockedHostsRefreshMs` old. */
function blockedHosts(): Promise<string[]> {
  const now = Date.now();
  if (!kept || now - kept.readAt >= abuseControls.blockedHostsRefreshMs) {
    const hosts = listBlockedHosts().then((list) => list.map((entry) => entry.host));
    kept = { hosts, readAt: now };
    hosts.catch(() => {
      if (kept?.hosts === hosts) kept = undefined;
    });
  }
  return kept.hosts;
}

/** Whether a host (normalized) is blocked, itself or through a parent domain. */
export async function isBlocked(host: string | undefined): Promise<boolean> {
  if (host === undefined) return false;
  return (await blockedHosts()).some((blocked) => isWithin(host, blocked));
}
