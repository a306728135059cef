import {
  DynamoDBClient,
  ThrottlingException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { type DynamoDbLimitsProxy, startDynamoDbLimitsProxy } from '../../local/dynamodb-limits-proxy.js';
import { provisionTable } from '../../local/provision.js';
import { startTestService } from '../support/service.js';

/**
 * The emulation of DynamoDB's per-partition limits and transaction conflicts, in front of DynamoDB Local,
 * behaving as AWS's documentation says (scale 100: 10 write and 30 read units per partition key value a
 * second). The client makes one attempt, so each answer is DynamoDB's own. The buckets' clock is stopped while
 * a burst arrives, so what it is served is exact, however slow the machine.
 */
describe('DynamoDB limits emulation (DynamoDB Local behind the proxy)', () => {
  let proxy: DynamoDbLimitsProxy;
  let db: DynamoDBDocumentClient;
  const TableName = `limits-${Date.now().toString(36)}`;
  let sequence = 0;
  const fresh = (prefix: string) => `${prefix}#${++sequence}`;
  /** The emulation's clock (ms), stopped: no bucket refills during these tests. */
  const clock = 0;

  beforeAll(async () => {
    await provisionTable(TableName);
    proxy = await startDynamoDbLimitsProxy({
      target: String(process.env.AWS_ENDPOINT_URL_DYNAMODB),
      scale: 100,
      now: () => clock,
    });
    db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: proxy.endpoint, maxAttempts: 1 }));
  });
  afterAll(() => proxy.stop());

  const outcomes = (results: PromiseSettledResult<unknown>[]) =>
    results.map((result) => (result.status === 'fulfilled' ? 'ok' : (result.reason as Error).name));

  it('throttles writes to one partition key value past its limit, with ThrottlingException and the reason', async () => {
    const pk = fresh('HOT');
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => db.send(new PutCommand({ TableName, Item: { PK: pk, SK: `S#${i}` } }))),
    );
    expect(outcomes(results).filter((outcome) => outcome === 'ok')).toHaveLength(10);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ThrottlingException);
    expect(refused.reason.throttlingReasons).toEqual([
      { reason: 'TableWriteKeyRangeThroughputExceeded', resource: expect.stringContaining(`table/${TableName}`) },
    ]);
  });

  it('keeps other partition key values apart: each has its own limit', async () => {
    const keys = [fresh('A'), fresh('B'), fresh('C')];
    const results = await Promise.allSettled(
      keys.flatMap((pk) =>
        Array.from({ length: 9 }, (_, i) => db.send(new PutCommand({ TableName, Item: { PK: pk, SK: `${i}` } }))),
      ),
    );
    expect(outcomes(results).every((outcome) => outcome === 'ok')).toBe(true);
  });

  it("limits each index's partition key value separately, throttling the table write (back pressure)", async () => {
    const hotIndexKey = fresh('GSI-HOT');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        db.send(
          new PutCommand({ TableName, Item: { PK: fresh('cold'), SK: 'X', GSI1PK: hotIndexKey, GSI1SK: `${i}` } }),
        ),
      ),
    );
    expect(outcomes(results).filter((outcome) => outcome === 'ok')).toHaveLength(10);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.throttlingReasons[0]).toMatchObject({ reason: 'IndexWriteKeyRangeThroughputExceeded' });
  });

  it('charges 1 unit per KB: three 3 KB items fill a partition for the second', async () => {
    const pk = fresh('BIG');
    const blob = 'x'.repeat(2900);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => db.send(new PutCommand({ TableName, Item: { PK: pk, SK: `${i}`, blob } }))),
    );
    expect(outcomes(results).filter((outcome) => outcome === 'ok')).toHaveLength(3);
  });

  it('charges a transaction twice, condition checks included, and cancels it with ThrottlingError', async () => {
    const pk = fresh('TX');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        db.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName, Item: { PK: pk, SK: `${i}` } } }] })),
      ),
    );
    const codes = results.map((result) =>
      result.status === 'fulfilled'
        ? 'ok'
        : (result.reason as TransactionCanceledException).CancellationReasons?.[0]?.Code,
    );
    // 10 units a second at 2 units a transaction: 5.
    expect(codes.filter((code) => code === 'ok')).toHaveLength(5);
    expect(codes.filter((code) => code !== 'ok').every((code) => code === 'ThrottlingError')).toBe(true);
  });

  it('serves 30 strongly consistent or 60 eventually consistent small reads per partition key value a second', async () => {
    const read = async (ConsistentRead: boolean) => {
      const pk = fresh('READ');
      const results = await Promise.allSettled(
        Array.from({ length: 80 }, () =>
          db.send(new GetCommand({ TableName, Key: { PK: pk, SK: 'X' }, ConsistentRead })),
        ),
      );
      return outcomes(results).filter((outcome) => outcome === 'ok').length;
    };
    expect(await read(true)).toBe(30);
    expect(await read(false)).toBe(60);
  });

  it('processes what fits of a batch and returns the rest as UnprocessedItems', async () => {
    const pk = fresh('BATCH');
    const out = await db.send(
      new BatchWriteCommand({
        RequestItems: {
          [TableName]: Array.from({ length: 25 }, (_, i) => ({ PutRequest: { Item: { PK: pk, SK: `${i}` } } })),
        },
      }),
    );
    expect(out.UnprocessedItems?.[TableName]).toHaveLength(15);
  });

  it('cancels a transaction whose condition check is on an item of another ongoing transaction', async () => {
    const shared = { PK: fresh('USER'), SK: 'PROFILE' };
    await db.send(new PutCommand({ TableName, Item: shared }));
    const transaction = (i: number) =>
      db.send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName, Key: shared, ConditionExpression: 'attribute_exists(PK)' } },
            { Put: { TableName, Item: { PK: fresh('EVENT'), SK: `${i}` } } },
          ],
        }),
      );
    const results = await Promise.allSettled(Array.from({ length: 4 }, (_, i) => transaction(i)));
    const conflicts = results.filter(
      (result) =>
        result.status === 'rejected' &&
        result.reason instanceof TransactionCanceledException &&
        result.reason.CancellationReasons?.map((reason) => reason.Code).join() === 'TransactionConflict,None',
    );
    expect(conflicts.length).toBeGreaterThanOrEqual(1);
    expect(proxy.report().conflicts.transactionsCancelled).toBeGreaterThanOrEqual(1);
    // One at a time, nothing is ongoing, so nothing conflicts.
    for (let i = 0; i < 3; i++) await transaction(10 + i);
  });

  it('rejects a plain write on an item that an ongoing transaction holds with TransactionConflictException', async () => {
    const item = { PK: fresh('LOCKED'), SK: 'X' };
    const racing = await Promise.allSettled([
      db.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName, Item: { ...item, v: 1 } } }] })),
      db.send(new PutCommand({ TableName, Item: { ...item, v: 2 } })),
    ]);
    const plain = racing[1] as PromiseSettledResult<unknown>;
    expect(plain.status === 'fulfilled' || (plain.reason as Error) instanceof TransactionConflictException).toBe(true);
    expect(racing[0]?.status).toBe('fulfilled');
  });
});

/** The emulation's report as the local gateway serves it to a person, at a fixed address (DynamoDB Local). */
describe('the limits report of the local runtime (DynamoDB Local behind the proxy, through HTTP)', () => {
  it('is a readable page at /_local/limits, and JSON on request', async () => {
    const service = await startTestService({ dynamoDbLimits: { scale: 100 }, pollerConcurrency: 0 });
    try {
      await fetch(`${service.url}/users`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'limits', email: 'limits@example.com' }),
      });
      const page = await fetch(`${service.url}/_local/limits`, { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('The hottest partition key values');
      expect(html).toContain('10 write units a second');
      const json = await fetch(`${service.url}/_local/limits?format=json`);
      expect(((await json.json()) as { scale: number }).scale).toBe(100);
    } finally {
      await service.stop();
    }
  }, 60_000);
});
