import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { type EventShardPattern, eventShardAfter } from './keys.js';
import { type PageRequest, withFilter } from './list-pages.js';
import { documentClient, type Item, tableName } from './table.js';

/**
 * The k-way merge that reads a sharded list (sharded-lists.ts) as one list ordered by its sort key.
 */

/** A window over several shards of one list, merged in the order of their sort key. */
interface MergedPageRequest {
  skip: number;
  limit: number;
  /** Start after this sort-key value (a cursor's position). */
  after?: string;
  filter?: PageRequest['filter'];
  /** Items to pass over as if they were not there (they are not counted by `skip` or `limit`). */
  keep?: (item: Item) => boolean;
}

interface ShardStream {
  pattern: EventShardPattern;
  buffer: Item[];
  startKey: Record<string, unknown> | undefined;
  done: boolean;
}

/**
 * Reads items `skip` to `skip + limit` of a list split into shards, in sort-key order: a k-way merge that
 * reads each shard only as deep as the merge needs. Every shard is read once at first (about its share of
 * the window), then a shard whose buffered items run out is read again before anything later is taken,
 * since its next item could come first. A one-shard list costs what a plain window does.
 */
export async function readMergedPage(shards: EventShardPattern[], window: MergedPageRequest): Promise<Item[]> {
  const wanted = window.skip + window.limit;
  const streams: ShardStream[] = shards.map((pattern) => ({ pattern, buffer: [], startKey: undefined, done: false }));
  async function read(stream: ShardStream, count: number) {
    const query = eventShardAfter(stream.pattern, window.after);
    const out: QueryCommandOutput = await documentClient.send(
      new QueryCommand({
        ...query,
        TableName: tableName(),
        ExclusiveStartKey: stream.startKey,
        Limit: Math.min(1000, Math.max(count, window.filter ? 100 : 1)),
        ...(window.filter && withFilter(query, window.filter)),
      }),
    );
    stream.buffer.push(...(out.Items ?? []));
    stream.startKey = out.LastEvaluatedKey;
    stream.done = out.LastEvaluatedKey === undefined;
  }

  await Promise.all(streams.map((stream) => read(stream, Math.ceil((wanted * 1.25) / streams.length) + 1)));
  const items: Item[] = [];
  let counted = 0;
  let lastPosition: string | undefined;
  while (counted < wanted) {
    const starved = streams.filter((stream) => stream.buffer.length === 0 && !stream.done);
    if (starved.length > 0) {
      await Promise.all(starved.map((stream) => read(stream, Math.max(10, wanted - counted))));
      continue;
    }
    let next: ShardStream | undefined;
    for (const stream of streams) {
      const head = stream.buffer[0];
      if (!head) continue;
      const order = stream.pattern.orderedBy;
      if (!next || String(head[order]) < String((next.buffer[0] as Item)[next.pattern.orderedBy])) next = stream;
    }
    if (!next) break;
    const item = next.buffer.shift() as Item;
    // One item in two shards (sharded-lists.ts: a redelivery across a widening) comes up twice in a row: once.
    const position = String(item[next.pattern.orderedBy]);
    if (position === lastPosition) continue;
    lastPosition = position;
    if (window.keep && !window.keep(item)) continue;
    counted += 1;
    if (counted > window.skip) items.push(item);
  }
  return items;
}
