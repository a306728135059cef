import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tableSchema } from '../shared/store/table-schema.js';
import {
  type Item,
  itemId,
  itemSize,
  OngoingWrites,
  type Partition,
  PartitionLimits,
  type PartitionReport,
  partitionId,
  partitionsOfItem,
  readUnits,
  writeUnits,
} from './dynamodb-limits.js';

/**
 * An HTTP proxy in front of DynamoDB Local that adds what DynamoDB Local does not have: per-partition
 * throughput limits (scaled down by a factor) and transaction conflicts, as `dynamodb-limits.ts` describes.
 * The service talks to it through AWS_ENDPOINT_URL_DYNAMODB like to any DynamoDB. It also answers
 * `GET /__limits` with what it counted (throttles, conflicts, the hottest partitions) and `POST
 * /__limits/reset`, for benchmarks.
 */

export interface LimitsReport {
  scale: number;
  readLimitPerPartition: number;
  writeLimitPerPartition: number;
  requests: Record<string, number>;
  throttled: Record<string, number>;
  conflicts: { transactionsCancelled: number; writesRejected: number };
  /** Faults injected so far, by kind. */
  faults: Record<FaultKind, number>;
  hottest: PartitionReport[];
  /** Units served since the proxy's last reset (what every request cost, in total), in its scaled units. */
  unitsServed: { read: number; write: number };
}

export interface DynamoDbLimitsProxy {
  endpoint: string;
  /**
   * Applies the limits from now on. Until then everything passes through unlimited, so that provisioning,
   * warm-up and the startup seed are not slowed by the scale factor.
   */
  enforce(): void;
  /** Lets everything pass unlimited again (a benchmark's set-up), until the next `enforce`. */
  suspend(): void;
  report(): LimitsReport;
  /** Forgets what was counted so far, so that a report covers what follows (the limits keep their state). */
  restartReport(): void;
  /** Forgets everything, the partitions' used capacity included. */
  reset(): void;
  /** Injects faults from now on (none: stops); the report counts those played. */
  injectFaults(faults: FaultInjection | undefined): void;
  stop(): Promise<void>;
}

const THROTTLED_MESSAGE =
  'Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html';
const CONFLICT_MESSAGE = 'Transaction is ongoing for the item';

/**
 * Faults to inject, for tests of what the service does when DynamoDB fails: a throttled request, a server
 * error, or a request that was carried out whose answer is lost (a 500 after the work was done).
 */
type FaultKind = 'throttle' | 'error' | 'lost';
export interface FaultInjection {
  /**
   * One request in `every` (of those the faults apply to) gets a fault, the kinds in turn: a schedule, not a
   * chance, so a test knows how many of each kind are played (1: every request).
   */
  every: number;
  kinds: FaultKind[];
  /** Only these operations (`TransactWriteItems`...); every one when absent. */
  operations?: string[];
}

const internalError: Answer = {
  status: 500,
  body: JSON.stringify({
    __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
    message: 'Internal server error',
  }),
};

interface Answer {
  status: number;
  body: string;
}

const error = (type: string, fields: Record<string, unknown>): Answer => ({
  status: 400,
  body: JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, ...fields }),
});

function throttled(over: Partition[], kind: 'Read' | 'Write'): Answer {
  return error('ThrottlingException', {
    message: THROTTLED_MESSAGE,
    throttlingReasons: over.map((partition) => ({
      reason: `${partition.index ? 'Index' : 'Table'}${kind}KeyRangeThroughputExceeded`,
      resource: `arn:aws:dynamodb:local:000000000000:table/${partition.table}${partition.index ? `/index/${partition.index}` : ''}`,
    })),
  });
}

function cancelled(codes: string[]): Answer {
  const messages: Record<string, string> = {
    TransactionConflict: CONFLICT_MESSAGE,
    ThrottlingError: THROTTLED_MESSAGE,
  };
  return error('TransactionCanceledException', {
    Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    CancellationReasons: codes.map((code) =>
      code === 'None' ? { Code: code } : { Code: code, Message: messages[code] },
    ),
  });
}

type Request = Record<string, unknown>;

/** The partition a Query reads: its table or index, and the value its key condition fixes. */
function queriedPartition(input: Request): Partition {
  const table = String(input.TableName);
  const index = input.IndexName ? String(input.IndexName) : undefined;
  const keyName = index
    ? (tableSchema.indexes.find((candidate) => candidate.indexName === index)?.partitionKey ?? '')
    : tableSchema.partitionKey;
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Item;
  for (const match of String(input.KeyConditionExpression).matchAll(/(#?\w+)\s*=\s*(:\w+)/g)) {
    const name = match[1]?.startsWith('#') ? names[match[1]] : match[1];
    if (name === keyName) return { table, index, key: String(Object.values(values[match[2] ?? ''] ?? {})[0]) };
  }
  return { table, index, key: '' };
}

/** The attribute names an update expression mentions, to know which index entries it may rewrite. */
function namesIn(expression: unknown, names: unknown): Set<string> {
  const aliases = (names ?? {}) as Record<string, string>;
  return new Set(
    [...String(expression ?? '').matchAll(/#?[A-Za-z_][\w]*/g)].map(([token]) =>
      token.startsWith('#') ? (aliases[token] ?? token) : token,
    ),
  );
}

export async function startDynamoDbLimitsProxy(options: {
  target: string;
  scale: number;
  /** Apply the limits from the start (see `enforce`). @default true */
  enforcing?: boolean;
  /**
   * The clock the partitions' buckets refill by, in ms (tests stop it, so that what a burst is served does
   * not depend on how long the burst took to arrive). @default performance.now
   */
  now?: () => number;
}): Promise<DynamoDbLimitsProxy> {
  const target = new URL(options.target);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const limits = new PartitionLimits(options.scale, options.now);
  const ongoing = new OngoingWrites();
  let faults: FaultInjection | undefined;
  const counts = {
    faults: { throttle: 0, error: 0, lost: 0 } as Record<FaultKind, number>,
    requests: {} as Record<string, number>,
    throttled: {} as Record<string, number>,
    transactionsCancelled: 0,
    writesRejected: 0,
  };
  const count = (map: Record<string, number>, name: string) => {
    map[name] = (map[name] ?? 0) + 1;
  };

  /** Sends a request on to DynamoDB Local, with the caller's headers (DynamoDB Local reads the credentials). */
  function forward(headers: IncomingHttpHeaders, operation: string, body: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: 'POST',
          path: '/',
          agent,
          headers: {
            ...headers,
            host: target.host,
            'x-amz-target': `DynamoDB_20120810.${operation}`,
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 500, body: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  /** The items now stored under these keys (to know what an update, delete or condition check costs). */
  async function storedItems(
    headers: IncomingHttpHeaders,
    keys: { table: string; key: Item }[],
  ): Promise<(Item | undefined)[]> {
    return Promise.all(
      keys.map(async ({ table, key }) => {
        const answer = await forward(
          headers,
          'GetItem',
          JSON.stringify({ TableName: table, Key: key, ConsistentRead: true }),
        );
        return answer.status === 200 ? (JSON.parse(answer.body) as { Item?: Item }).Item : undefined;
      }),
    );
  }

  /** Write units per partition of writing `item` (or the item `old` being replaced), `times` over. */
  function writeCosts(
    table: string,
    item: Item | undefined,
    old: Item | undefined,
    key: Item | undefined,
    times: number,
  ) {
    const units = writeUnits(Math.max(itemSize(item), itemSize(old))) * times;
    const costs = new Map<string, number>();
    const partitions = [...partitionsOfItem(table, item, key), ...(old ? partitionsOfItem(table, old).slice(1) : [])];
    for (const partition of partitions) costs.set(partitionId(partition), units);
    return { costs, partitions };
  }

  const partitionsById = (partitions: Partition[], ids: string[]) =>
    partitions.filter((partition) => ids.includes(partitionId(partition)));

  let enforcing = options.enforcing ?? true;

  /** Requests the injected faults applied to so far: the schedule's clock. */
  let eligible = 0;

  /** The fault to play instead of this request's answer, when faults are injected and the schedule says so. */
  function drawFault(operation: string): FaultKind | undefined {
    if (!faults || (faults.operations && !faults.operations.includes(operation))) return undefined;
    eligible += 1;
    if (eligible % faults.every !== 0) return undefined;
    return faults.kinds[(eligible / faults.every - 1) % faults.kinds.length];
  }

  /**
   * A read of one partition: admitted while the partition is not in debt (at the least it can cost), throttled
   * otherwise, and charged what it read once the answer says how much (`bytesOf` its body).
   */
  async function meteredRead(
    headers: IncomingHttpHeaders,
    operation: string,
    partition: Partition,
    input: Request,
    text: string,
    bytesOf: (body: unknown) => number,
  ): Promise<Answer> {
    const consistent = input.ConsistentRead === true;
    const least = readUnits(0, consistent);
    if (!limits.admitRead(partitionId(partition), least)) {
      count(counts.throttled, operation);
      return throttled([partition], 'Read');
    }
    const answer = await forward(headers, operation, text);
    if (answer.status === 200) {
      limits.chargeRead(partitionId(partition), readUnits(bytesOf(JSON.parse(answer.body)), consistent), least);
    }
    return answer;
  }

  async function handle(headers: IncomingHttpHeaders, operation: string, text: string): Promise<Answer> {
    const fault = drawFault(operation);
    if (fault) {
      counts.faults[fault] += 1;
      switch (fault) {
        case 'throttle':
          return throttled([], 'Write');
        case 'error':
          return internalError;
        case 'lost':
          // Done, but the caller never hears it: it will try again.
          await forward(headers, operation, text);
          return internalError;
      }
    }
    if (!enforcing) return forward(headers, operation, text);
    count(counts.requests, operation);
    const input = JSON.parse(text) as Request;
    switch (operation) {
      case 'GetItem': {
        const partition = partitionsOfItem(String(input.TableName), undefined, input.Key as Item)[0] as Partition;
        return meteredRead(headers, operation, partition, input, text, (body) =>
          itemSize((body as { Item?: Item }).Item),
        );
      }
      case 'Query':
        return meteredRead(headers, operation, queriedPartition(input), input, text, (body) => {
          const out = body as { Items?: Item[]; Count?: number; ScannedCount?: number };
          const returned = (out.Items ?? []).reduce((sum, item) => sum + itemSize(item), 0);
          // A filter drops items after they were read, and they are billed: scale up by what was scanned.
          return Math.max(returned, returned * ((out.ScannedCount ?? 0) / Math.max(1, out.Count ?? 0)));
        });
      case 'BatchGetItem': {
        const requested = input.RequestItems as Record<string, { Keys: Item[]; ConsistentRead?: boolean }>;
        const admitted: Record<string, { Keys: Item[]; ConsistentRead?: boolean }> = {};
        const unprocessed: Record<string, { Keys: Item[]; ConsistentRead?: boolean }> = {};
        const refused: Partition[] = [];
        for (const [table, request] of Object.entries(requested)) {
          for (const key of request.Keys) {
            const partition = partitionsOfItem(table, undefined, key)[0] as Partition;
            const least = readUnits(0, request.ConsistentRead === true);
            const into = limits.admitRead(partitionId(partition), least) ? admitted : unprocessed;
            if (into === unprocessed) refused.push(partition);
            into[table] ??= { ...request, Keys: [] };
            into[table].Keys.push(key);
          }
        }
        if (Object.keys(admitted).length === 0) {
          count(counts.throttled, operation);
          return throttled(refused, 'Read');
        }
        const answer = await forward(headers, operation, JSON.stringify({ ...input, RequestItems: admitted }));
        if (answer.status !== 200) return answer;
        const out = JSON.parse(answer.body) as {
          Responses?: Record<string, Item[]>;
          UnprocessedKeys?: Record<string, unknown>;
        };
        for (const [table, items] of Object.entries(out.Responses ?? {})) {
          for (const item of items) {
            const partition = partitionsOfItem(table, undefined, item)[0] as Partition;
            const consistent = admitted[table]?.ConsistentRead === true;
            limits.chargeRead(partitionId(partition), readUnits(itemSize(item), consistent), readUnits(0, consistent));
          }
        }
        if (Object.keys(unprocessed).length === 0) return answer;
        return {
          status: 200,
          body: JSON.stringify({ ...out, UnprocessedKeys: { ...out.UnprocessedKeys, ...unprocessed } }),
        };
      }
      case 'PutItem':
      case 'UpdateItem':
      case 'DeleteItem': {
        const table = String(input.TableName);
        const item = operation === 'PutItem' ? (input.Item as Item) : undefined;
        const key = (input.Key as Item | undefined) ?? item ?? {};
        const id = itemId(table, key);
        if (ongoing.inTransaction([id])[0]) {
          counts.writesRejected += 1;
          return error('TransactionConflictException', { message: CONFLICT_MESSAGE });
        }
        const release = ongoing.hold([id], false);
        try {
          const [old] = operation === 'PutItem' ? [undefined] : await storedItems(headers, [{ table, key }]);
          const { costs, partitions } = writeCosts(table, item, old, key, 1);
          if (operation === 'UpdateItem' && old) {
            // An update that sets an index's key attribute writes that index's partition too.
            const mentioned = namesIn(input.UpdateExpression, input.ExpressionAttributeNames);
            for (const index of tableSchema.indexes) {
              if (!mentioned.has(index.partitionKey) || old[index.partitionKey]) continue;
              costs.set(partitionId({ table, index: index.indexName, key: '(new entry)' }), writeUnits(itemSize(old)));
            }
          }
          const admission = limits.admitWrite(costs);
          if (!admission.admitted) {
            count(counts.throttled, operation);
            return throttled(partitionsById(partitions, admission.over), 'Write');
          }
          return await forward(headers, operation, text);
        } finally {
          release();
        }
      }
      case 'BatchWriteItem': {
        const requested = input.RequestItems as Record<
          string,
          ({ PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } })[]
        >;
        const deletes = Object.entries(requested).flatMap(([table, requests]) =>
          requests.flatMap((request) =>
            'DeleteRequest' in request ? [{ table, key: request.DeleteRequest.Key }] : [],
          ),
        );
        const found = await storedItems(headers, deletes);
        const olds = new Map(deletes.map(({ table, key }, i) => [itemId(table, key), found[i]]));
        const admitted: typeof requested = {};
        const unprocessed: typeof requested = {};
        const refused: Partition[] = [];
        for (const [table, requests] of Object.entries(requested)) {
          for (const request of requests) {
            const put = 'PutRequest' in request ? request.PutRequest.Item : undefined;
            const key = 'DeleteRequest' in request ? request.DeleteRequest.Key : (put as Item);
            const old = 'DeleteRequest' in request ? olds.get(itemId(table, key)) : undefined;
            const { costs, partitions } = writeCosts(table, put, old, key, 1);
            const admission = limits.admitWrite(costs);
            const into = admission.admitted ? admitted : unprocessed;
            if (!admission.admitted) refused.push(...partitionsById(partitions, admission.over));
            into[table] ??= [];
            into[table].push(request);
          }
        }
        if (Object.keys(admitted).length === 0) {
          count(counts.throttled, operation);
          return throttled(refused, 'Write');
        }
        const answer = await forward(headers, operation, JSON.stringify({ ...input, RequestItems: admitted }));
        if (answer.status !== 200 || Object.keys(unprocessed).length === 0) return answer;
        const out = JSON.parse(answer.body) as { UnprocessedItems?: typeof requested };
        const merged = { ...out.UnprocessedItems };
        for (const [table, requests] of Object.entries(unprocessed))
          merged[table] = [...(merged[table] ?? []), ...requests];
        return { status: 200, body: JSON.stringify({ ...out, UnprocessedItems: merged }) };
      }
      case 'TransactWriteItems': {
        type Action = { Put?: Request; Update?: Request; Delete?: Request; ConditionCheck?: Request };
        const actions = (input.TransactItems as Action[]).map((action) => {
          const [kind, body] = Object.entries(action)[0] as [string, Request];
          const table = String(body.TableName);
          const key = (body.Key as Item | undefined) ?? (body.Item as Item);
          return { kind, body, table, key, id: itemId(table, key) };
        });
        const ids = actions.map((action) => action.id);
        const conflicting = ongoing.inTransaction(ids);
        if (conflicting.some(Boolean)) {
          counts.transactionsCancelled += 1;
          return cancelled(conflicting.map((conflict) => (conflict ? 'TransactionConflict' : 'None')));
        }
        // From here the transaction is ongoing: its items are held until DynamoDB Local has answered.
        const release = ongoing.hold(ids, true);
        try {
          const olds = await storedItems(
            headers,
            actions.map(({ table, key }) => ({ table, key })),
          );
          const costs = new Map<string, number>();
          const byAction = actions.map((action, i) => {
            const put = action.kind === 'Put' ? (action.body.Item as Item) : undefined;
            const old = action.kind === 'Put' ? undefined : olds[i];
            const cost =
              action.kind === 'ConditionCheck'
                ? {
                    costs: new Map([
                      [
                        partitionId(partitionsOfItem(action.table, undefined, action.key)[0] as Partition),
                        writeUnits(itemSize(old)) * 2,
                      ],
                    ]),
                    partitions: partitionsOfItem(action.table, undefined, action.key),
                  }
                : writeCosts(action.table, put, old, action.key, 2);
            for (const [id, units] of cost.costs) costs.set(id, (costs.get(id) ?? 0) + units);
            return cost;
          });
          const admission = limits.admitWrite(costs);
          if (!admission.admitted) {
            count(counts.throttled, operation);
            return cancelled(
              byAction.map((cost) =>
                [...cost.costs.keys()].some((id) => admission.over.includes(id)) ? 'ThrottlingError' : 'None',
              ),
            );
          }
          return await forward(headers, operation, text);
        } finally {
          release();
        }
      }
      case 'TransactGetItems': {
        const gets = (input.TransactItems as { Get: { TableName: string; Key: Item } }[]).map(({ Get }) => ({
          table: Get.TableName,
          key: Get.Key,
        }));
        const busy = ongoing.beingWritten(gets.map(({ table, key }) => itemId(table, key)));
        if (busy.some(Boolean)) {
          counts.transactionsCancelled += 1;
          return cancelled(busy.map((conflict) => (conflict ? 'TransactionConflict' : 'None')));
        }
        const answer = await forward(headers, operation, text);
        if (answer.status === 200) {
          const out = JSON.parse(answer.body) as { Responses?: { Item?: Item }[] };
          (out.Responses ?? []).forEach((response, i) => {
            const get = gets[i];
            if (!get) return;
            const partition = partitionsOfItem(get.table, undefined, get.key)[0] as Partition;
            limits.chargeRead(partitionId(partition), readUnits(itemSize(response.Item), true) * 2, 0);
          });
        }
        return answer;
      }
      default:
        return forward(headers, operation, text);
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (request.url?.startsWith('/__limits')) {
        if (request.method === 'POST') reset();
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(report()));
        return;
      }
      const operation = String(request.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
      try {
        const answer = await handle(request.headers, operation, Buffer.concat(chunks).toString('utf8'));
        response.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.0' });
        response.end(answer.body);
      } catch (failure) {
        response.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
        response.end(
          JSON.stringify({ __type: 'com.amazonaws.dynamodb#InternalServerError', message: String(failure) }),
        );
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  // A port the system picks as it binds: one picked beforehand may be taken meanwhile (an outgoing connection's).
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  function report(): LimitsReport {
    return {
      scale: options.scale,
      readLimitPerPartition: limits.readLimit,
      writeLimitPerPartition: limits.writeLimit,
      requests: { ...counts.requests },
      throttled: { ...counts.throttled },
      conflicts: { transactionsCancelled: counts.transactionsCancelled, writesRejected: counts.writesRejected },
      faults: { ...counts.faults },
      hottest: limits.hottest(12),
      unitsServed: limits.unitsServed(),
    };
  }

  function forgetCounts(): void {
    counts.requests = {};
    counts.throttled = {};
    counts.transactionsCancelled = 0;
    counts.writesRejected = 0;
    counts.faults = { throttle: 0, error: 0, lost: 0 };
  }

  function restartReport(): void {
    limits.forgetDemand();
    forgetCounts();
  }

  function reset(): void {
    limits.reset();
    forgetCounts();
  }

  return {
    endpoint: `http://127.0.0.1:${port}`,
    enforce: () => {
      enforcing = true;
    },
    suspend: () => {
      enforcing = false;
    },
    report,
    restartReport,
    reset,
    injectFaults: (injected) => {
      faults = injected;
      eligible = 0;
    },
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
    },
  };
}
