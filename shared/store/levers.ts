/**
 * Every lever of the scale machinery, with its value: what each protects is in README.md beside this file,
 * and the numbers behind the values in docs/capacity.md. Changing one here changes it everywhere.
 */

/** Sharded event lists (sharded-lists.ts, shard-layout.ts). */
export const eventListShards = {
  /** How much a hot list's shard count grows at a time: counts are 1, 4, 16, 64, 256. */
  growth: 4,
  /** The most shards a list can have. */
  max: 256,
  /** A list is widened when at least this many of its events in one writer batch were throttled. */
  widenAfterThrottles: 5,
  /** A list is widened at most this often: long enough for every writer to read the last widening. */
  widenCooldownMs: 2000,
} as const;

/** Deletion copies (deletion-copies.ts). */
export const deletionCopies = {
  /** Partitions the recent deletions are written to; each list read reads one at random. */
  copies: 8,
  /** How long a deletion is remembered: longer than any writer in flight or delayed sweep takes. */
  rememberMs: 20 * 60_000,
  /** How old the click counter's copy of them may be: it reads them once per this, not once per batch. */
  counterViewMs: 10_000,
} as const;

/** Event id leases (id-leases.ts). */
export const idLeases = {
  /** A lease lasts at most this long, so ids follow creation order to within it. */
  leaseMs: 5000,
  smallest: 8,
  largest: 1000,
} as const;

/** The hot-key cache (hot-key-cache.ts); its threshold is HOT_KEY_READS_PER_SECOND (shared/platform/service-config.ts). */
export const hotKeys = {
  /** The longest an answer is served from memory (docs/decisions.md, "Hot keys": at most one second). */
  cacheMs: 1000,
  /** Keys remembered per instance, the least recently read forgotten first. */
  maxKeys: 10_000,
} as const;

/** The abuse controls' in-memory copy (blocked-hosts.ts). */
export const abuseControls = {
  /** How often an instance reads the blocked hosts again: a block takes effect within this (+ 1 s). */
  blockedHostsRefreshMs: 5000,
} as const;
