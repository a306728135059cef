import { createCipheriv, createHash } from 'node:crypto';
import {
  addTags,
  decodeSketch,
  emptySketch,
  encodeSketch,
  estimate,
  mergeSketches,
  SPARSE_LIMIT,
} from '../../shared/stats/visitor-sketch.js';

/**
 * Tags as uniform as the service's (the first 4 bytes of a keyed hash of a visitor, shared/store/visitor-secrets.ts):
 * visitor i's tag is the i-th 4 bytes of a keyed pseudorandom stream (AES in counter mode under the key's hash).
 * One cipher call makes a whole population; a keyed hash a visitor took most of this file's time.
 */
const tagsOf = (count: number, key = 'day-secret') => {
  const stream = createCipheriv(
    'aes-128-ctr',
    createHash('sha256').update(key).digest().subarray(0, 16),
    Buffer.alloc(16),
  );
  const bytes = stream.update(Buffer.alloc(4 * count));
  return Array.from({ length: count }, (_, i) => bytes.readUInt32BE(4 * i));
};

/** Unique visitors: exact while small, a HyperLogLog past that (no network). */
describe('visitor sketch (no network)', () => {
  it('counts exactly below 1,000 visitors, at every size', () => {
    const tags = tagsOf(1000);
    let sketch = emptySketch();
    for (let n = 1; n <= 1000; n++) {
      sketch = addTags(sketch, [tags[n - 1] as number]);
      expect(estimate(sketch)).toBe(n);
    }
  });

  it('is within 2 % at 100,000 visitors, for several days of secrets', () => {
    for (const key of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']) {
      const estimated = estimate(addTags(emptySketch(), tagsOf(100_000, key)));
      expect(Math.abs(estimated - 100_000) / 100_000).toBeLessThan(0.02);
    }
  });

  it('is within 2 % across sizes past the exact range (5,000 to 250,000)', () => {
    for (const count of [5_000, 20_000, 60_000, 250_000]) {
      const estimated = estimate(addTags(emptySketch(), tagsOf(count, `size ${count}`)));
      expect(Math.abs(estimated - count) / count).toBeLessThan(0.02);
    }
  });

  it('counts a visitor once however often it is added, in any order or grouping', () => {
    const tags = tagsOf(30_000);
    const once = addTags(emptySketch(), tags);
    const twice = addTags(addTags(emptySketch(), tags.slice(0, 20_000)), tags);
    const merged = mergeSketches(
      addTags(emptySketch(), tags.slice(15_000)),
      addTags(emptySketch(), tags.slice(0, 16_000)),
    );
    expect(estimate(twice)).toBe(estimate(once));
    expect(estimate(merged)).toBe(estimate(once));
    const small = tagsOf(500);
    expect(estimate(mergeSketches(addTags(emptySketch(), small), addTags(emptySketch(), small.slice(100))))).toBe(500);
  });

  it('turns from a set into registers past the limit, and keeps counting', () => {
    const tags = tagsOf(SPARSE_LIMIT + 1);
    const set = addTags(emptySketch(), tags.slice(0, SPARSE_LIMIT));
    expect(set.kind).toBe('exact');
    const registers = addTags(set, tags.slice(SPARSE_LIMIT));
    expect(registers.kind).toBe('registers');
    expect(Math.abs(estimate(registers) - (SPARSE_LIMIT + 1))).toBeLessThan(0.02 * SPARSE_LIMIT);
  });

  it('reads back what it stored, in both forms', () => {
    for (const count of [0, 1, 700, SPARSE_LIMIT, 50_000]) {
      const sketch = addTags(emptySketch(), tagsOf(count, 'roundtrip'));
      const stored = encodeSketch(sketch);
      const read = decodeSketch(stored);
      expect(read).toEqual(sketch);
      expect(estimate(read)).toBe(estimate(sketch));
      expect(stored.length).toBeLessThanOrEqual(10_241);
    }
    expect(estimate(decodeSketch(undefined))).toBe(0);
  });
});
