/**
 * A value an instance keeps in memory and loads again when it is too old: the blocked hosts, the origin
 * secret, the month's visitor secret. One load at a time: callers arriving while it runs wait for it, so an
 * instance under load asks its source once per period, not once per request.
 */
interface RefreshingValueOptions {
  /** How long a loaded value is used before it is loaded again. */
  maxAgeMs: number;
  /**
   * When a reload fails, go on with the value held for another period rather than fail the callers; without
   * it (or with nothing held yet) the failure reaches the callers of that load, and the next call loads again.
   */
  keepOnFailure?: boolean;
}

interface Held<T, K> {
  key: K;
  value: Promise<T>;
  loadedAt: number;
}

/**
 * A value per `key` (one held at a time: a new key replaces the old value, as a new month replaces its
 * secret), loaded by `load`, kept `maxAgeMs`.
 */
export class RefreshingValue<T, K = void> {
  private held: Held<T, K> | undefined;

  constructor(
    private readonly load: (key: K) => Promise<T>,
    private readonly options: RefreshingValueOptions,
  ) {}

  get(key: K, now = Date.now()): Promise<T> {
    const held = this.held;
    if (held && held.key === key && now - held.loadedAt < this.options.maxAgeMs) return held.value;
    const fallback = held && held.key === key && this.options.keepOnFailure ? held.value : undefined;
    const loading: Held<T, K> = { key, loadedAt: now, value: this.load(key) };
    loading.value = loading.value.catch(async (error: unknown) => {
      if (fallback === undefined || this.held !== loading) {
        if (this.held === loading) this.held = undefined;
        throw error;
      }
      // Another period from the failed attempt.
      loading.loadedAt = now;
      return fallback;
    });
    // Rejections reach the callers of this load; this handler only keeps an unawaited one from being reported.
    loading.value.catch(() => undefined);
    this.held = loading;
    return loading.value;
  }
}
