import { config } from '../config.js';

/**
 * The one exception to strongly consistent reads (CONTRACT.md, "Events"): a key read more than
 * HOT_KEY_READS_PER_SECOND times in the last second by this instance is answered from this instance's memory
 * for at most one second. A viral link then costs DynamoDB about one read a second per function instance
 * instead of one per click, which no partition could serve. Below the threshold every read goes to the table,
 * so ordinary reads see the last write at once. Concurrent reads of a hot key that is due for a refresh share
 * one table read.
 */

/** The longest an answer is served from memory. */
export const HOT_KEY_CACHE_MS = 1000;
/** Keys remembered per cache, the least recently read forgotten first. */
const MAX_KEYS = 10_000;

interface Entry<T> {
  /** When each of the reads of the last second happened (at most threshold + 1 are kept). */
  reads: number[];
  value?: { data: T; readAt: number };
  loading?: Promise<T>;
}

export interface HotKeyCache<T> {
  /** The value of `key`: from memory when the key is hot and the value is fresh enough, else from `load`. */
  read(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets what is kept (tests). */
  clear(): void;
}

export function hotKeyCache<T>(options: { threshold?: number; now?: () => number } = {}): HotKeyCache<T> {
  const threshold = options.threshold ?? config.hotKeyReadsPerSecond;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, Entry<T>>();

  function entryOf(key: string): Entry<T> {
    let entry = entries.get(key);
    if (entry) {
      // Most recently read last, so the first key is the one to forget.
      entries.delete(key);
    } else {
      entry = { reads: [] };
      if (entries.size >= MAX_KEYS) entries.delete(entries.keys().next().value as string);
    }
    entries.set(key, entry);
    return entry;
  }

  return {
    async read(key, load) {
      const at = now();
      const entry = entryOf(key);
      entry.reads.push(at);
      while ((entry.reads[0] ?? at) <= at - 1000) entry.reads.shift();
      if (entry.reads.length > threshold + 1) entry.reads.shift();
      const hot = entry.reads.length > threshold;
      if (hot && entry.value && at - entry.value.readAt < HOT_KEY_CACHE_MS) return entry.value.data;
      if (hot && entry.loading) return entry.loading;
      const loading = load();
      entry.loading = loading;
      try {
        const data = await loading;
        entry.value = { data, readAt: at };
        return data;
      } finally {
        if (entry.loading === loading) entry.loading = undefined;
      }
    },
    clear() {
      entries.clear();
    },
  };
}
