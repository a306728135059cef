import { itemSize, PartitionLimits, readUnits, writeUnits } from '../../local/dynamodb-limits.js';

/** The emulation's capacity arithmetic and token buckets, with a clock the test moves (no network). */
describe('DynamoDB limits emulation: capacity and buckets (no network)', () => {
  it('sizes items as "Item sizes and formats" says: names plus values', () => {
    expect(itemSize({ PK: { S: 'URL#1' } })).toBe(2 + 5);
    expect(itemSize({ n: { N: '123.450' } })).toBe(1 + 4); // 5 significant digits: 3 bytes + 1
    expect(itemSize({ ok: { BOOL: true }, no: { NULL: true } })).toBe(3 + 3);
    expect(itemSize({ m: { M: { a: { S: 'xy' } } } })).toBe(1 + 3 + (1 + 2 + 1));
    expect(itemSize({ l: { L: [{ S: 'é' }] } })).toBe(1 + 3 + (2 + 1));
  });

  it('rounds writes to 1 KB and reads to 4 KB, eventual reads at half', () => {
    expect(writeUnits(0)).toBe(1);
    expect(writeUnits(1024)).toBe(1);
    expect(writeUnits(1025)).toBe(2);
    expect(readUnits(4096, true)).toBe(1);
    expect(readUnits(4097, true)).toBe(2);
    expect(readUnits(100, false)).toBe(0.5);
  });

  it('scales the 1,000 write and 3,000 read units of a partition key value, refilled each second', () => {
    let now = 0;
    const limits = new PartitionLimits(100, () => now);
    expect([limits.writeLimit, limits.readLimit]).toEqual([10, 30]);
    const one = new Map([['t|hot', 1]]);
    const admitted = Array.from({ length: 15 }, () => limits.admitWrite(one).admitted);
    expect(admitted.filter(Boolean)).toHaveLength(10);
    now += 500;
    expect(Array.from({ length: 10 }, () => limits.admitWrite(one).admitted).filter(Boolean)).toHaveLength(5);
    now += 10_000;
    // Unused capacity is kept for one second only.
    expect(Array.from({ length: 15 }, () => limits.admitWrite(one).admitted).filter(Boolean)).toHaveLength(10);
  });

  it('takes a write larger than a second of the scaled limit from a full bucket, in debt after', () => {
    let now = 0;
    const limits = new PartitionLimits(500, () => now); // 2 write units a second
    const large = new Map([['t|sketch', 10]]);
    expect(limits.admitWrite(large).admitted).toBe(true);
    now += 1000;
    // 2 units back of the 10 owed: still in debt.
    expect(limits.admitWrite(new Map([['t|sketch', 1]])).admitted).toBe(false);
    now += 4000;
    expect(limits.admitWrite(large).admitted).toBe(true);
  });

  it('admits a write only when every partition it touches has the units, and then spends them all', () => {
    const limits = new PartitionLimits(100, () => 0);
    for (let i = 0; i < 8; i++)
      expect(
        limits.admitWrite(
          new Map([
            [`t|k${i}`, 1],
            ['t/GSI1|HOT', 1],
          ]),
        ).admitted,
      ).toBe(true);
    const refused = limits.admitWrite(
      new Map([
        ['t|fresh', 3],
        ['t/GSI1|HOT', 3],
      ]),
    );
    expect(refused).toEqual({ admitted: false, over: ['t/GSI1|HOT'] });
    // Nothing was spent on the fresh key by the refused write.
    expect(limits.admitWrite(new Map([['t|fresh', 10]])).admitted).toBe(true);
  });

  it('lets a partition read while not in debt, charging the read after, and reports the hottest', () => {
    const limits = new PartitionLimits(100, () => 0);
    expect(limits.admitRead('t|p', 1)).toBe(true);
    limits.chargeRead('t|p', 31, 1);
    expect(limits.admitRead('t|p', 1)).toBe(false);
    expect(limits.hottest(1)).toEqual([
      { partition: 't|p', kind: 'read', peakAskedPerSecond: 32, peakServedPerSecond: 31, throttled: 1 },
    ]);
  });
});
