import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type Shard,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Context, DynamoDBRecord } from 'aws-lambda';
import type { ClickStreamEvent } from '../shared/events/click-counter.js';
import { logger } from '../shared/platform/logger.js';
import type { clickStreamSchema, webhookStreamSchema } from '../shared/store/table-schema.js';
import { onAwsCall } from './aws-calls.js';
import type { FunctionIdentity } from './iam/function-identity.js';
import { invokeFunction } from './lambda-invocation.js';

export type StreamHandler = (event: ClickStreamEvent, context: Context) => Promise<unknown>;

/** How a consumer reads the stream: its event source mapping's settings (shared/store/table-schema.ts). */
type StreamConsumerSchema = Pick<
  typeof clickStreamSchema | typeof webhookStreamSchema,
  'batchSize' | 'maxBatchingWindowSeconds' | 'bisectBatchOnError' | 'retryAttempts' | 'maxRecordAgeSeconds' | 'filters'
> & { tumblingWindowSeconds?: number };

interface StreamReader {
  /**
   * Waits until every record written to the table so far has been handed to the handler (a batch gathering
   * is sent at once), or `timeoutMs` passes. Answers whether it got there.
   */
  drain(timeoutMs: number): Promise<boolean>;
  /** Stops reading, after the batch being handed over; keeps the shards' positions. */
  stop(): Promise<void>;
}

/** One consumer of the stream, as one event source mapping feeds one function. */
export interface StreamConsumer {
  /** Its mapping's settings (shared/store/table-schema.ts). */
  schema: StreamConsumerSchema;
  handler: StreamHandler;
  /** The function the stream feeds: its invocations are attributed to it. */
  identity: FunctionIdentity;
  /** Up to this long to fill a batch. @default the schema's batching window */
  maxBatchingWindowMs?: number;
  invocationTimeoutMs: number;
  /**
   * The on-failure destination: where a batch given up is described (its shard and sequence numbers), as the
   * stack's mapping sends it to its queue. Without one, it is logged as an error.
   */
  failuresQueueUrl?: string;
}

interface StreamReaderOptions {
  /** DynamoDB Local itself: Lambda's stream reads are neither metered nor made through the function's calls. */
  endpoint: string;
  tableName: string;
  /** Every consumer of the table's stream, each handed the records its filters take. */
  consumers: StreamConsumer[];
  /** Where the shards' positions are kept between starts (a data folder's); in memory only without it. */
  positionsFile?: string;
  /** How long a batch the handler failed first waits before it is tried again (doubling each time after). */
  retryDelayMs?: number;
}

/**
 * How long an idle reader waits before asking the stream again: from IDLE_MS, doubling while nothing comes, up
 * to QUIET_MS; a write a function of this process makes (aws-calls.ts) brings the next pass forward to IDLE_MS
 * after the last (Lambda polls a shard about 4 times a second). While a drain waits, it asks every DRAIN_MS.
 */
const IDLE_MS = 250;
const QUIET_MS = 2000;
const DRAIN_MS = 100;
/** The operations that write a table's items, and so its stream. */
const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);
/**
 * How often the stream's shards are listed again, unless a shard closed: DynamoDB Local's DescribeStream
 * costs in proportion to the stream's records, and its shards rarely change.
 */
const SHARDS_REFRESH_MS = 10_000;
/**
 * How long a batch the handler failed first waits before it is tried again, doubling with each try: the five
 * retries span about 15 s, as Lambda's backoff does.
 */
const RETRY_MS = 500;
/** How long a read of the stream that failed waits before the shard is read again. */
const READ_RETRY_MS = 500;

/** Why a batch is given up, in the words of Lambda's on-failure records. */
type GivenUp = 'RetryAttemptsExhausted' | 'RecordAgeExceeded';

type Matcher = string | number | boolean | { readonly exists: boolean };
type Pattern = { readonly [name: string]: readonly Matcher[] | Pattern };

/** Whether a field matches one value of a filter: that value, or `{"exists": ...}`. */
const matchesValue = (field: unknown, wanted: Matcher) =>
  typeof wanted === 'object' ? (field !== undefined) === wanted.exists : field === wanted;

/** Whether a record matches an event filter pattern (Lambda's filtering: each named field is one of the values). */
function matches(value: unknown, pattern: Pattern): boolean {
  return Object.entries(pattern).every(([name, wanted]) => {
    const field = (value as Record<string, unknown> | undefined)?.[name];
    return Array.isArray(wanted)
      ? (wanted as readonly Matcher[]).some((one) => matchesValue(field, one))
      : matches(field, wanted as Pattern);
  });
}

const toBase64 = (value: unknown): unknown => {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(toBase64);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, toBase64(inner)]));
  }
  return value;
};

/** A record as Lambda hands it to the function: JSON (binaries in base64), times in epoch seconds. */
function toLambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const data = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: process.env.AWS_REGION ?? 'us-east-1',
    eventSourceARN: streamArn,
    dynamodb: toBase64({
      ...data,
      ApproximateCreationDateTime:
        data.ApproximateCreationDateTime === undefined
          ? undefined
          : Math.floor(new Date(data.ApproximateCreationDateTime).getTime() / 1000),
    }) as DynamoDBRecord['dynamodb'],
  };
}

interface ShardState {
  shard: Shard;
  iterator?: string;
  /** The sequence number of the last record handled (handed over, or filtered out). */
  position?: string;
  /** Every record read and handled, and the shard is closed: its children may be read. */
  finished: boolean;
  /** The last read found nothing new. */
  caughtUp: boolean;
}

/**
 * Feeds the table's stream to its consumers (the click counter, the webhook dispatcher) as Lambda's DynamoDB
 * stream event sources do: each shard in order, a shard's children after it, to each consumer only the records
 * its filters take, in batches of up to its `batchSize` gathered for up to its batching window, with a tumbling
 * window's `shardId` for a mapping that has one. A batch a consumer fails is handled as the stack's mapping
 * handles it (its schema): split in two, each half tried on its own down to the record that fails, which is
 * tried again a bounded number of times, the shard waiting; a batch that keeps failing, or whose records are
 * older than the maximum age, is given up to the consumer's on-failure destination with its shard and sequence
 * numbers, and the shard moves on. The stream is read once for all of them (each read of DynamoDB Local's
 * stream costs in proportion to the stream): unlike Lambda's separate mappings, a consumer that keeps failing
 * holds the others' shard too, for as long as its bounded retries take.
 */
export async function startStreamReader({
  endpoint,
  tableName,
  consumers,
  positionsFile,
  retryDelayMs = RETRY_MS,
}: StreamReaderOptions): Promise<StreamReader> {
  const config = { endpoint, region: process.env.AWS_REGION ?? 'us-east-1' };
  const tables = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  const streamArn = (await tables.send(new DescribeTableCommand({ TableName: tableName }))).Table?.LatestStreamArn;
  tables.destroy();
  if (!streamArn) throw new Error(`The table ${tableName} has no stream`);

  const shards = new Map<string, ShardState>();
  const kept = await readPositions(positionsFile, streamArn);
  let running = true;
  let drainRequested = 0;

  let shardsListedAt = 0;
  /** Lists the stream's shards when it is time to, or a shard closed since (its children are to be read). */
  async function refreshShards(): Promise<void> {
    const closed = [...shards.values()].some((state) => !state.finished && !state.iterator && state.position);
    if (Date.now() - shardsListedAt < SHARDS_REFRESH_MS && !closed) return;
    shardsListedAt = Date.now();
    let start: string | undefined;
    do {
      const out = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
      for (const shard of out.StreamDescription?.Shards ?? []) {
        const id = shard.ShardId as string;
        const known = shards.get(id);
        if (known) known.shard = shard;
        else shards.set(id, { shard, position: kept.get(id), finished: false, caughtUp: false });
      }
      start = out.StreamDescription?.LastEvaluatedShardId;
    } while (start);
  }

  /** A shard is read once its parent is finished (or gone from the stream). */
  const readable = (state: ShardState) => {
    const parent = state.shard.ParentShardId ? shards.get(state.shard.ParentShardId) : undefined;
    return !state.finished && (!parent || parent.finished);
  };

  /**
   * An iterator after the last record handed over, or from the oldest record when there is none yet, or when
   * `fromOldest` (the position is taken for trimmed: counting what was counted again changes nothing).
   */
  async function iteratorOf(state: ShardState, fromOldest = false): Promise<string | undefined> {
    const after = state.position && !fromOldest;
    try {
      const out = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: state.shard.ShardId,
          ...(after
            ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: state.position }
            : { ShardIteratorType: 'TRIM_HORIZON' }),
        }),
      );
      return out.ShardIterator;
    } catch (error) {
      if (!after || (error as Error).name !== 'TrimmedDataAccessException') throw error;
      return iteratorOf(state, true);
    }
  }

  const failures = consumers.some((consumer) => consumer.failuresQueueUrl)
    ? new SQSClient({ useQueueUrlAsEndpoint: false })
    : undefined;

  /** Describes a batch given up to the consumer's on-failure destination, as Lambda's record of it does. */
  async function giveUp(
    consumer: StreamConsumer,
    shardId: string,
    records: DynamoDBRecord[],
    condition: GivenUp,
    invocations: number,
  ) {
    const arrivals = records.map((record) => (record.dynamodb?.ApproximateCreationDateTime ?? 0) * 1000);
    const description = {
      requestContext: { condition, approximateInvokeCount: invocations },
      version: '1.0',
      timestamp: new Date().toISOString(),
      DDBStreamBatchInfo: {
        shardId,
        startSequenceNumber: records[0]?.dynamodb?.SequenceNumber,
        endSequenceNumber: records.at(-1)?.dynamodb?.SequenceNumber,
        approximateArrivalOfFirstRecord: new Date(Math.min(...arrivals)).toISOString(),
        approximateArrivalOfLastRecord: new Date(Math.max(...arrivals)).toISOString(),
        batchSize: records.length,
        streamArn,
      },
    };
    logger.error(`The ${consumer.identity.name} gave up records of the table stream`, {
      ...description.DDBStreamBatchInfo,
      condition,
    });
    if (failures && consumer.failuresQueueUrl)
      await failures.send(
        new SendMessageCommand({ QueueUrl: consumer.failuresQueueUrl, MessageBody: JSON.stringify(description) }),
      );
  }

  const tooOld = (schema: StreamConsumerSchema, records: DynamoDBRecord[]) =>
    records.some(
      (record) =>
        Date.now() - (record.dynamodb?.ApproximateCreationDateTime ?? Number.POSITIVE_INFINITY) * 1000 >
        schema.maxRecordAgeSeconds * 1000,
    );

  /**
   * Hands a batch to a consumer until it succeeds, is split, or is given up; false only when the reader
   * stopped meanwhile (the batch is then read again at the next start).
   */
  async function handOver(consumer: StreamConsumer, shardId: string, records: DynamoDBRecord[]): Promise<boolean> {
    const { schema, identity, handler, invocationTimeoutMs } = consumer;
    let invocations = 0;
    while (running) {
      if (tooOld(schema, records)) {
        await giveUp(consumer, shardId, records, 'RecordAgeExceeded', invocations);
        return true;
      }
      const now = new Date();
      // Only a mapping with a tumbling window names the shard and the window (the click counter's).
      const event: ClickStreamEvent = schema.tumblingWindowSeconds
        ? {
            Records: records,
            shardId,
            state: {},
            isFinalInvokeForWindow: false,
            ...{ eventSourceARN: streamArn, window: { start: now.toISOString(), end: now.toISOString() } },
          }
        : { Records: records };
      try {
        invocations += 1;
        await invokeFunction(identity, handler, event, invocationTimeoutMs);
        return true;
      } catch (error) {
        logger.warn(`The ${identity.name} failed a batch`, { records: records.length, error: error as Error });
      }
      if (schema.bisectBatchOnError && records.length > 1) {
        const half = Math.ceil(records.length / 2);
        return (
          (await handOver(consumer, shardId, records.slice(0, half))) &&
          handOver(consumer, shardId, records.slice(half))
        );
      }
      if (invocations > schema.retryAttempts) {
        await giveUp(consumer, shardId, records, 'RetryAttemptsExhausted', invocations);
        return true;
      }
      // Backing off as Lambda does, so a failure of a few seconds (a throttled table) costs no records.
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (invocations - 1)));
    }
    return false;
  }

  /**
   * Reads one shard up to its end or up to now, handing over its batches; answers how many records it read.
   * When a read fails, the records gathered and not handed over are read again: the shard's iterator is given
   * up, and the next pass starts after the last record handed over.
   */
  async function readShard(state: ShardState): Promise<number> {
    try {
      return await readShardFrom(state);
    } catch (error) {
      state.iterator = undefined;
      throw error;
    }
  }

  async function readShardFrom(state: ShardState): Promise<number> {
    state.iterator ??= await iteratorOf(state);
    const shardId = state.shard.ShardId as string;
    let read = 0;
    /** The records each consumer's filters took and it has not been handed yet, since when it gathers them. */
    const pending = consumers.map((consumer) => ({ consumer, batch: [] as DynamoDBRecord[], since: 0 }));
    let readUpTo: string | undefined;
    const windowOf = (consumer: StreamConsumer) =>
      consumer.maxBatchingWindowMs ?? consumer.schema.maxBatchingWindowSeconds * 1000;
    const flush = async (gathering: (typeof pending)[number]) => {
      if (gathering.batch.length > 0 && !(await handOver(gathering.consumer, shardId, gathering.batch))) return false;
      gathering.batch = [];
      // Each consumer has been handed every record it takes up to here: a later start reads on from it.
      if (readUpTo && pending.every((other) => other.batch.length === 0)) state.position = readUpTo;
      return true;
    };
    while (running && state.iterator) {
      let out: GetRecordsCommandOutput;
      try {
        out = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: 1000 }));
      } catch (error) {
        // An iterator past its time: a new one after the last record handed over. One DynamoDB Local takes for
        // trimmed though nothing is (a known quirk of its streams): a new one from the oldest record, since
        // counting what was counted changes nothing. What was gathered is read again either way.
        const name = (error as Error).name;
        if (name !== 'ExpiredIteratorException' && name !== 'TrimmedDataAccessException') throw error;
        state.iterator = await iteratorOf(state, name === 'TrimmedDataAccessException');
        for (const gathering of pending) gathering.batch = [];
        readUpTo = undefined;
        continue;
      }
      const records = out.Records ?? [];
      read += records.length;
      for (const record of records) {
        const lambdaRecord = toLambdaRecord(record, streamArn as string);
        readUpTo = record.dynamodb?.SequenceNumber;
        for (const gathering of pending) {
          if (!gathering.consumer.schema.filters.some((pattern) => matches(lambdaRecord, pattern as Pattern))) continue;
          if (gathering.batch.length === 0) gathering.since = Date.now();
          gathering.batch.push(lambdaRecord);
          if (gathering.batch.length >= gathering.consumer.schema.batchSize && !(await flush(gathering))) return read;
        }
      }
      if (pending.every((gathering) => gathering.batch.length === 0) && readUpTo) state.position = readUpTo;
      state.iterator = out.NextShardIterator;
      const atEnd = records.length === 0;
      // Each consumer's batch goes when its own window is over (or a drain asks, or the shard closed).
      for (const gathering of pending) {
        const windowOver = Date.now() - gathering.since >= windowOf(gathering.consumer);
        if (gathering.batch.length > 0 && (windowOver || drainRequested > 0 || !state.iterator)) {
          if (!(await flush(gathering))) return read;
        }
      }
      if (atEnd && pending.every((gathering) => gathering.batch.length === 0)) break;
      if (atEnd) await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    }
    for (const gathering of pending) if (!(await flush(gathering))) return read;
    state.caughtUp = read === 0;
    // A closed shard gives no iterator after its last record: it is finished, and its children follow. An open
    // one may give none too (DynamoDB Local does, now and then): it is read again from its position.
    if (!state.iterator && state.shard.SequenceNumberRange?.EndingSequenceNumber) state.finished = true;
    return read;
  }

  let lastSaved = '';
  async function savePositions(): Promise<void> {
    if (!positionsFile) return;
    const positions = Object.fromEntries(
      [...shards].flatMap(([id, state]) => (state.position ? [[id, state.position]] : [])),
    );
    const text = JSON.stringify({ streamArn, positions });
    if (text === lastSaved) return;
    // The data folder holds no database when DynamoDB is another's (AWS_ENDPOINT_URL_DYNAMODB): made here then.
    if (!lastSaved) await mkdir(path.dirname(positionsFile), { recursive: true });
    await writeFile(`${positionsFile}.tmp`, text);
    await rename(`${positionsFile}.tmp`, positionsFile);
    lastSaved = text;
  }

  let passes = 0;
  let idleMs = IDLE_MS;
  /** Ends the pause between two passes at once (a drain asked for). */
  let wake: (() => void) | undefined;
  /** Ends it IDLE_MS after it began, at the earliest (a write was made: its record is on its way). */
  let hurry: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const began = Date.now();
      let timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
      hurry = () => {
        clearTimeout(timer);
        timer = setTimeout(resolve, Math.max(0, began + IDLE_MS - Date.now()));
        hurry = undefined;
      };
    });
  const stopHearingWrites = onAwsCall((operation) => {
    if (!WRITES.has(operation)) return;
    idleMs = IDLE_MS;
    hurry?.();
  });
  async function readUntilStopped(): Promise<void> {
    while (running) {
      try {
        await refreshShards();
        let read = 0;
        for (const state of [...shards.values()].filter(readable)) read += await readShard(state);
        await savePositions();
        passes += 1;
        idleMs = read > 0 ? IDLE_MS : Math.min(QUIET_MS, idleMs * 2);
        await pause(drainRequested > 0 ? DRAIN_MS : idleMs);
      } catch (error) {
        if (!running) break;
        logger.warn('Reading the table stream failed; retrying', { error: error as Error });
        await new Promise((resolve) => setTimeout(resolve, READ_RETRY_MS));
      }
    }
  }
  const loop = readUntilStopped();

  return {
    async drain(timeoutMs) {
      drainRequested += 1;
      wake?.();
      try {
        const deadline = Date.now() + timeoutMs;
        // Two whole passes after the call: the first may have started before the last write.
        const target = passes + 2;
        while (Date.now() < deadline) {
          const open = [...shards.values()].filter(readable);
          if (passes >= target && open.every((state) => state.caughtUp)) return true;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return false;
      } finally {
        drainRequested -= 1;
      }
    },
    async stop() {
      running = false;
      stopHearingWrites();
      wake?.();
      await loop;
      await savePositions();
      streams.destroy();
      failures?.destroy();
    },
  };
}

/** The shards' positions kept by an earlier start on the same stream (a new table's stream starts afresh). */
async function readPositions(file: string | undefined, streamArn: string): Promise<Map<string, string>> {
  if (!file) return new Map();
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as { streamArn: string; positions: Record<string, string> };
    return kept.streamArn === streamArn ? new Map(Object.entries(kept.positions)) : new Map();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
}
