import { serviceConfig } from '../platform/config.js';
import { hotKeys } from './levers.js';

/**
 * The one exception to strongly consistent reads (docs/decisions.md, "Hot keys"): a key read more than
 * HOT_KEY_READS_PER_SECOND times in the last second by this instance is answered from this instance's memory
 * for at most one second. A viral link then costs DynamoDB about one read a second per function instance
 * instead of one per click, which no partition could serve. Below the threshold every read goes to the table,
 * so ordinary reads see the last write at once. Concurrent reads of a hot key that is due for a refresh share
 * one table read.
 */

const HOT_KEY_CACHE_MS = hotKeys.cacheMs;

interface Entry {
  /** When each of the reads of the last second happened (at most threshold + 1 are kept). */
  reads: number[];
  value?: { data: unknown; readAt: number };
  loading?: Promise<unknown>;
}

interface HotKeyCache {
  /**
   * The value of `key`: from memory when the key is hot and the value is fresh enough, else from `load`.
   * `always` treats the key as hot from its first read (a value every reader may see a second late).
   */
  read<T>(key: string, load: () => Promise<T>, options?: { always?: boolean }): Promise<T>;
  /** Whether `key` is hot now: read more than the threshold's times in the last second (this read counted). */
  isHot(key: string): boolean;
}

export function hotKeyCache(options: { threshold?: number; now?: () => number } = {}): HotKeyCache {
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, Entry>();

  function entryOf(key: string): Entry {
    let entry = entries.get(key);
    if (entry) {
      // Most recently read last, so the first key is the one to forget.
      entries.delete(key);
    } else {
      entry = { reads: [] };
      if (entries.size >= hotKeys.maxKeys) entries.delete(entries.keys().next().value as string);
    }
    entries.set(key, entry);
    return entry;
  }

  return {
    async read<T>(key: string, load: () => Promise<T>, readOptions: { always?: boolean } = {}): Promise<T> {
      const threshold = readOptions.always ? 0 : (options.threshold ?? serviceConfig().hotKeyReadsPerSecond);
      const at = now();
      const entry = entryOf(key);
      entry.reads.push(at);
      while ((entry.reads[0] ?? at) <= at - 1000) entry.reads.shift();
      if (entry.reads.length > threshold + 1) entry.reads.shift();
      const hot = entry.reads.length > threshold;
      if (hot && entry.value && at - entry.value.readAt < HOT_KEY_CACHE_MS) return entry.value.data as T;
      if (hot && entry.loading) return entry.loading as Promise<T>;
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
    isHot(key: string): boolean {
      const threshold = options.threshold ?? serviceConfig().hotKeyReadsPerSecond;
      const at = now();
      return (entries.get(key)?.reads ?? []).filter((readAt) => readAt > at - 1000).length > threshold;
    },
  };
}

/**
 * This instance's hot keys, every kind in one cache (short links, URLs, list pages, statistics reports, the
 * shard layout), each key named by its kind: `code:Ab3dE6`, `url:12`, `urls:[...]`.
 */
export const hotReads = hotKeyCache();
