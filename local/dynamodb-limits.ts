import { tableSchema } from '../shared/store/table-schema.js';

/**
 * What DynamoDB does and DynamoDB Local does not, written from AWS's documentation, for the emulation that
 * runs in front of DynamoDB Local (dynamodb-limits-proxy.ts). Two behaviours:
 *
 * 1. Per-partition throughput ("Best practices for designing and using partition keys", "Understanding GSI
 *    write throttling and back pressure"): each partition key value of the table, and separately of each
 *    global secondary index, serves at most 3,000 read units and 1,000 write units a second, here divided by
 *    a scale factor. A write costs 1 unit per KB of the larger of the item before and after; a transaction
 *    twice that for every item, condition checks included; a write whose item carries an index's keys also
 *    writes that index's partition (and a write the index cannot take throttles the table write: back
 *    pressure). Reads cost 1 unit per 4 KB strongly consistent, half eventually; a Query rounds the size of
 *    everything it read (filters do not help) once. Over the limit, the request is throttled:
 *    `ThrottlingException` (an on-demand table), `UnprocessedItems`/`UnprocessedKeys` for the part of a batch
 *    that did not fit, `ThrottlingError` as the cancellation reason of a transaction.
 * 2. Transaction conflicts ("Transaction conflict handling in DynamoDB"): a `TransactWriteItems` item (a
 *    `ConditionCheck` too) that is part of another ongoing transaction cancels it with `TransactionConflict`;
 *    a `PutItem`/`UpdateItem`/`DeleteItem` on such an item fails with `TransactionConflictException`; a
 *    `TransactGetItems` item in an ongoing write cancels it.
 *
 * Assumptions where the documentation is silent: the limit is a token bucket per key value refilled at the
 * limit per second, holding at most one second of it; a condition check costs like a write of the item
 * checked; an index entry costs the size of the item (every index projects ALL).
 */

export type AttributeValue = Record<string, unknown>;
export type Item = Record<string, AttributeValue>;

/** DynamoDB's documented per-partition maximums, per second. */
const PARTITION_READ_UNITS = 3000;
const PARTITION_WRITE_UNITS = 1000;

/** Bytes of one attribute value, as "Item sizes and formats" counts them. */
function valueSize(value: AttributeValue): number {
  const [type, content] = Object.entries(value)[0] ?? ['NULL', true];
  switch (type) {
    case 'S':
      return Buffer.byteLength(String(content));
    case 'N': {
      const significant = String(content)
        .replace(/[eE].*$/, '')
        .replace(/[-+.]/g, '')
        .replace(/^0+|0+$/g, '');
      return Math.ceil((significant.length || 1) / 2) + 1;
    }
    case 'B':
      return Buffer.from(String(content), 'base64').length;
    case 'BOOL':
    case 'NULL':
      return 1;
    case 'SS':
      return (content as string[]).reduce((sum, entry) => sum + Buffer.byteLength(entry), 0);
    case 'NS':
      return (content as string[]).reduce((sum, entry) => sum + valueSize({ N: entry }), 0);
    case 'BS':
      return (content as string[]).reduce((sum, entry) => sum + Buffer.from(entry, 'base64').length, 0);
    case 'L':
      return 3 + (content as AttributeValue[]).reduce((sum, entry) => sum + valueSize(entry) + 1, 0);
    case 'M':
      return (
        3 +
        Object.entries(content as Item).reduce(
          (sum, [name, entry]) => sum + Buffer.byteLength(name) + valueSize(entry) + 1,
          0,
        )
      );
    default:
      return 1;
  }
}

/** Bytes of an item: the lengths of its attribute names and values. */
export function itemSize(item: Item | undefined): number {
  if (!item) return 0;
  return Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + valueSize(value), 0);
}

/** Write units of writing an item of `bytes` bytes (at least 1, even for a missing item). */
export const writeUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
/** Read units of reading `bytes` bytes. */
export const readUnits = (bytes: number, consistent: boolean) =>
  Math.max(1, Math.ceil(bytes / 4096)) * (consistent ? 1 : 0.5);

const keyText = (value: AttributeValue | undefined) => (value ? String(Object.values(value)[0]) : '');

/** One partition key value of the table or of an index: what the limits apply to. */
export interface Partition {
  table: string;
  /** Undefined for the table itself. */
  index: string | undefined;
  key: string;
}

export const partitionId = (partition: Partition) =>
  `${partition.table}${partition.index ? `/${partition.index}` : ''}|${partition.key}`;

/** The table partition of an item's key, and the index partitions the item is in. */
export function partitionsOfItem(table: string, item: Item | undefined, key?: Item): Partition[] {
  const source = item ?? key ?? {};
  const partitions: Partition[] = [{ table, index: undefined, key: keyText(source[tableSchema.partitionKey]) }];
  if (item) {
    for (const index of tableSchema.indexes) {
      const value = item[index.partitionKey];
      if (value && item[index.sortKey]) partitions.push({ table, index: index.indexName, key: keyText(value) });
    }
  }
  return partitions;
}

/** An item's identity, for the transaction locks. */
export const itemId = (table: string, key: Item) =>
  `${table}|${keyText(key[tableSchema.partitionKey])}|${keyText(key[tableSchema.sortKey])}`;

interface Bucket {
  tokens: number;
  refilledAt: number;
}

/** Demand on one partition key value in one second: what was asked of it, and what it served. */
interface Window {
  second: number;
  asked: number;
  served: number;
}

export interface PartitionReport {
  partition: string;
  kind: 'read' | 'write';
  /** The most units asked of it in one second (served or throttled), in the emulation's scaled units. */
  peakAskedPerSecond: number;
  peakServedPerSecond: number;
  throttled: number;
}

/**
 * Token buckets per partition key value, one for reads and one for writes, each holding at most one second
 * of its limit. A write is admitted only when every partition it touches has the units for it; a read is
 * admitted while the partition is not in debt, and charged after, when its size is known.
 */
export class PartitionLimits {
  readonly readLimit: number;
  readonly writeLimit: number;
  private readonly buckets = new Map<string, Bucket>();
  private readonly windows = new Map<string, Window & { peakAsked: number; peakServed: number; throttled: number }>();
  /** Every unit served since the last reset, table and indexes together (a request's cost, in total). */
  private readonly served = { read: 0, write: 0 };

  constructor(
    readonly scale: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.readLimit = PARTITION_READ_UNITS / scale;
    this.writeLimit = PARTITION_WRITE_UNITS / scale;
  }

  private bucket(id: string, kind: 'read' | 'write'): Bucket {
    const limit = kind === 'read' ? this.readLimit : this.writeLimit;
    const name = `${kind}:${id}`;
    const now = this.now();
    let bucket = this.buckets.get(name);
    if (!bucket) {
      bucket = { tokens: limit, refilledAt: now };
      this.buckets.set(name, bucket);
    }
    bucket.tokens = Math.min(limit, bucket.tokens + ((now - bucket.refilledAt) / 1000) * limit);
    bucket.refilledAt = now;
    return bucket;
  }

  private observe(id: string, kind: 'read' | 'write', asked: number, served: number, throttled: boolean): void {
    const name = `${kind}:${id}`;
    const second = Math.floor(this.now() / 1000);
    let window = this.windows.get(name);
    if (!window) {
      window = { second, asked: 0, served: 0, peakAsked: 0, peakServed: 0, throttled: 0 };
      this.windows.set(name, window);
    }
    if (window.second !== second) Object.assign(window, { second, asked: 0, served: 0 });
    window.asked += asked;
    window.served += served;
    this.served[kind] += served;
    if (throttled) window.throttled += 1;
    window.peakAsked = Math.max(window.peakAsked, window.asked);
    window.peakServed = Math.max(window.peakServed, window.served);
  }

  /**
   * Whether every partition can take its units now; if so they are spent, else nothing is. A write larger
   * than a whole second of a scaled-down limit (a 10 KB item at 1/500 is 10 units against 2 a second) is
   * taken from a full bucket and leaves it in debt: scaling the rate must not forbid an item's size.
   */
  admitWrite(costs: Map<string, number>): { admitted: true } | { admitted: false; over: string[] } {
    const over = [...costs]
      .filter(([id, units]) => this.bucket(id, 'write').tokens < Math.min(units, this.writeLimit))
      .map(([id]) => id);
    for (const [id, units] of costs) {
      if (over.length === 0) this.bucket(id, 'write').tokens -= units;
      this.observe(id, 'write', units, over.length === 0 ? units : 0, over.includes(id));
    }
    return over.length === 0 ? { admitted: true } : { admitted: false, over };
  }

  /**
   * Whether the partition may be read now: it has at least the least a read can cost, which is spent at
   * once (so that concurrent reads cannot all slip in); the rest is charged when the size is known.
   */
  admitRead(id: string, least: number): boolean {
    const bucket = this.bucket(id, 'read');
    const admitted = bucket.tokens >= least;
    if (admitted) bucket.tokens -= least;
    else this.observe(id, 'read', least, 0, true);
    return admitted;
  }

  /** Charges an admitted read once its size is known (`least` was spent when it was admitted). */
  chargeRead(id: string, units: number, least: number): void {
    this.bucket(id, 'read').tokens -= Math.max(0, units - least);
    this.observe(id, 'read', units, units, false);
  }

  /** The partitions that were asked the most, hottest first. */
  hottest(count: number): PartitionReport[] {
    return [...this.windows]
      .map(([name, window]) => {
        const [kind, ...rest] = name.split(':');
        return {
          partition: rest.join(':'),
          kind: kind as 'read' | 'write',
          peakAskedPerSecond: window.peakAsked,
          peakServedPerSecond: window.peakServed,
          throttled: window.throttled,
        };
      })
      .sort((a, b) => {
        const limitA = a.kind === 'read' ? this.readLimit : this.writeLimit;
        const limitB = b.kind === 'read' ? this.readLimit : this.writeLimit;
        return b.peakAskedPerSecond / limitB - a.peakAskedPerSecond / limitA;
      })
      .slice(0, count);
  }

  /** Forgets the demand seen so far (the buckets stay as they are). */
  forgetDemand(): void {
    this.windows.clear();
  }

  /** The units served since the last reset, in the emulation's units (not scaled back). */
  unitsServed(): { read: number; write: number } {
    return { ...this.served };
  }

  reset(): void {
    this.buckets.clear();
    this.windows.clear();
    this.served.read = 0;
    this.served.write = 0;
  }
}

/** The items of every ongoing write, so that a transaction touching one of them conflicts. */
export class OngoingWrites {
  private readonly transactional = new Map<string, number>();
  private readonly plain = new Map<string, number>();

  private static add(map: Map<string, number>, ids: string[]) {
    for (const id of ids) map.set(id, (map.get(id) ?? 0) + 1);
  }

  private static remove(map: Map<string, number>, ids: string[]) {
    for (const id of ids) {
      const left = (map.get(id) ?? 1) - 1;
      if (left === 0) map.delete(id);
      else map.set(id, left);
    }
  }

  /** Which of these items are part of an ongoing transaction. */
  inTransaction(ids: string[]): boolean[] {
    return ids.map((id) => this.transactional.has(id));
  }

  /** Which of these items are being written by any ongoing request (what a TransactGetItems conflicts with). */
  beingWritten(ids: string[]): boolean[] {
    return ids.map((id) => this.transactional.has(id) || this.plain.has(id));
  }

  /**
   * Holds the items as part of an ongoing write, at once (no await between the check and the hold), until
   * `release` is called.
   */
  hold(ids: string[], transaction: boolean): () => void {
    const map = transaction ? this.transactional : this.plain;
    OngoingWrites.add(map, ids);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      OngoingWrites.remove(map, ids);
    };
  }
}
