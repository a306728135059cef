/**
 * Distinct visitors of an interval, from their 32-bit visitor tags (`visitorTag` in
 * store/visitor-secrets.ts). Up to SPARSE_LIMIT visitors the sketch is the set of tags itself, so the count
 * is exact (two visitors share a tag with a chance of about 1 in 2,000 at that size); past it, a HyperLogLog of 2^14 registers (standard error 0.8 %,
 * so within 2 % at 100,000 visitors with a probability of about 99 %), estimated with Ertl's improved
 * estimator ("New cardinality estimation algorithms for HyperLogLog sketches", 2017), which needs no
 * empirical bias tables. Sketches are merged by union, so adding the same visitor twice changes nothing:
 * a redelivered click cannot inflate the count.
 *
 * A tag's top 14 bits pick its register; the rank is the position of the first 1 bit in the other 18 (19
 * when they are all zero), so a register holds 0-19 and packs into 5 bits.
 */

const PRECISION = 14;
const REGISTERS = 1 << PRECISION;
const RANK_BITS = 32 - PRECISION;
const MAX_RANK = RANK_BITS + 1;
/** Past this many tags a set takes more room than the registers (4 bytes a tag, 10 KiB of registers). */
export const SPARSE_LIMIT = 2048;

export type VisitorSketch = { kind: 'exact'; tags: Set<number> } | { kind: 'registers'; registers: Uint8Array };

export const emptySketch = (): VisitorSketch => ({ kind: 'exact', tags: new Set() });

function register(tag: number): [index: number, rank: number] {
  const rest = tag & ((1 << RANK_BITS) - 1);
  return [tag >>> RANK_BITS, rest === 0 ? MAX_RANK : Math.clz32(rest) - PRECISION + 1];
}

function toRegisters(tags: Iterable<number>, registers = new Uint8Array(REGISTERS)): Uint8Array {
  for (const tag of tags) {
    const [index, rank] = register(tag);
    if (rank > (registers[index] as number)) registers[index] = rank;
  }
  return registers;
}

/** The sketch with these tags added (the sketch given is not changed). */
export function addTags(sketch: VisitorSketch, tags: Iterable<number>): VisitorSketch {
  if (sketch.kind === 'registers') return { kind: 'registers', registers: toRegisters(tags, sketch.registers.slice()) };
  const union = new Set(sketch.tags);
  for (const tag of tags) union.add(tag >>> 0);
  return union.size <= SPARSE_LIMIT
    ? { kind: 'exact', tags: union }
    : { kind: 'registers', registers: toRegisters(union) };
}

/** The sketch of the union of two visitor sets. */
export function mergeSketches(a: VisitorSketch, b: VisitorSketch): VisitorSketch {
  if (a.kind === 'exact') return addTags(b, a.tags);
  if (b.kind === 'exact') return addTags(a, b.tags);
  const registers = a.registers.slice();
  b.registers.forEach((rank, index) => {
    if (rank > (registers[index] as number)) registers[index] = rank;
  });
  return { kind: 'registers', registers };
}

/** σ(x) of Ertl's estimator: the correction for registers still at zero. */
function sigma(x: number): number {
  if (x === 1) return Number.POSITIVE_INFINITY;
  let y = 1;
  let z = x;
  for (;;) {
    x *= x;
    const previous = z;
    z += x * y;
    y += y;
    if (z === previous) return z;
  }
}

/** τ(x) of Ertl's estimator: the correction for registers at the largest rank. */
function tau(x: number): number {
  if (x === 0 || x === 1) return 0;
  let y = 1;
  let z = 1 - x;
  for (;;) {
    x = Math.sqrt(x);
    const previous = z;
    y *= 0.5;
    z -= (1 - x) ** 2 * y;
    if (z === previous) return z / 3;
  }
}

/** How many distinct visitors the sketch holds: exact while it is a set, estimated past that. */
export function estimate(sketch: VisitorSketch): number {
  if (sketch.kind === 'exact') return sketch.tags.size;
  const counts = new Array<number>(MAX_RANK + 1).fill(0);
  for (const rank of sketch.registers) counts[rank] = (counts[rank] as number) + 1;
  let z = REGISTERS * tau(1 - (counts[MAX_RANK] as number) / REGISTERS);
  for (let rank = RANK_BITS; rank >= 1; rank--) z = 0.5 * (z + (counts[rank] as number));
  z += REGISTERS * sigma((counts[0] as number) / REGISTERS);
  return Math.round(REGISTERS ** 2 / (2 * Math.LN2 * z));
}

/**
 * The sketch as stored: a format byte, then the tags (4 bytes each, big-endian, ascending) or the registers
 * (5 bits each).
 */
export function encodeSketch(sketch: VisitorSketch): Uint8Array {
  if (sketch.kind === 'exact') {
    const bytes = new Uint8Array(1 + 4 * sketch.tags.size);
    const view = new DataView(bytes.buffer);
    [...sketch.tags]
      .sort((a, b) => a - b)
      .forEach((tag, i) => {
        view.setUint32(1 + 4 * i, tag);
      });
    return bytes;
  }
  const bytes = new Uint8Array(1 + (REGISTERS * 5) / 8);
  bytes[0] = 1;
  sketch.registers.forEach((rank, index) => {
    const bit = index * 5;
    const byte = 1 + (bit >> 3);
    const value = rank << (11 - (bit & 7));
    bytes[byte] = (bytes[byte] as number) | (value >> 8);
    bytes[byte + 1] = (bytes[byte + 1] as number) | (value & 0xff);
  });
  return bytes;
}

export function decodeSketch(bytes: Uint8Array | undefined): VisitorSketch {
  if (!bytes || bytes.length === 0) return emptySketch();
  if (bytes[0] === 0) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const tags = new Set<number>();
    for (let offset = 1; offset + 4 <= bytes.length; offset += 4) tags.add(view.getUint32(offset));
    return { kind: 'exact', tags };
  }
  const registers = new Uint8Array(REGISTERS);
  for (let index = 0; index < REGISTERS; index++) {
    const bit = index * 5;
    const byte = 1 + (bit >> 3);
    const pair = ((bytes[byte] as number) << 8) | (bytes[byte + 1] ?? 0);
    registers[index] = (pair >> (11 - (bit & 7))) & 0x1f;
  }
  return { kind: 'registers', registers };
}
