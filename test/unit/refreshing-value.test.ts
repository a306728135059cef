import { RefreshingValue } from '../../shared/platform/refreshing-value.js';

/** The in-memory refresh of the blocked hosts, the origin secret and the visitor secret (no I/O). */
describe('a value kept in memory and loaded again when too old', () => {
  /** A source that answers its loads in order, each a value or a failure, and counts them. */
  const source = (answers: (string | Error)[]) => {
    const calls: string[] = [];
    const load = async (key: string) => {
      calls.push(key);
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return `${answer}:${key}`;
    };
    return { calls, load };
  };

  it('loads once for any number of callers while it loads, and again once the value is too old', async () => {
    const { calls, load } = source(['a', 'b']);
    const value = new RefreshingValue(load, { maxAgeMs: 1000 });
    const first = await Promise.all(Array.from({ length: 50 }, () => value.get('k', 0)));
    expect(new Set(first)).toEqual(new Set(['a:k']));
    expect(await value.get('k', 999)).toBe('a:k');
    expect(await value.get('k', 1000)).toBe('b:k');
    expect(calls).toEqual(['k', 'k']);
  });

  it('holds one key at a time: another key loads, and replaces the value', async () => {
    const { calls, load } = source(['a', 'b', 'c']);
    const value = new RefreshingValue(load, { maxAgeMs: Number.POSITIVE_INFINITY });
    expect(await value.get('2026-10')).toBe('a:2026-10');
    expect(await value.get('2026-11')).toBe('b:2026-11');
    expect(await value.get('2026-11')).toBe('b:2026-11');
    expect(await value.get('2026-10')).toBe('c:2026-10');
    expect(calls).toHaveLength(3);
  });

  it('lets a failed load reach its callers and loads again at the next call, without keepOnFailure', async () => {
    const { calls, load } = source([new Error('down'), 'a']);
    const value = new RefreshingValue(load, { maxAgeMs: 1000 });
    await expect(value.get('k', 0)).rejects.toThrow('down');
    expect(await value.get('k', 1)).toBe('a:k');
    expect(calls).toHaveLength(2);
  });

  it('goes on with the value it held for another period when a reload fails, with keepOnFailure', async () => {
    const { calls, load } = source(['a', new Error('down'), 'b']);
    const value = new RefreshingValue(load, { maxAgeMs: 1000, keepOnFailure: true });
    expect(await value.get('k', 0)).toBe('a:k');
    expect(await value.get('k', 1000)).toBe('a:k');
    // Kept another period from the failed attempt, then loaded again.
    expect(await value.get('k', 1999)).toBe('a:k');
    expect(await value.get('k', 2000)).toBe('b:k');
    expect(calls).toHaveLength(3);
  });

  it('a first load that fails has nothing to fall back on, even with keepOnFailure', async () => {
    const { load } = source([new Error('down'), 'a']);
    const value = new RefreshingValue(load, { maxAgeMs: 1000, keepOnFailure: true });
    await expect(value.get('k', 0)).rejects.toThrow('down');
    expect(await value.get('k', 1)).toBe('a:k');
  });
});
