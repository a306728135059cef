import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { decodeCursor, encodeCursor } from './cursor.js';
import type { AccessPattern } from './keys.js';
import { documentClient, type Item, tableName } from './table.js';

/**
 * Reading lists: a window of an access pattern (skip and limit, or a cursor), and every item of one. A list
 * split into shards is merged in shard-merge.ts.
 */

export interface PageRequest {
  skip: number;
  limit: number;
  /** Resume after the item a previous page's cursor names (`skip` then counts from there). */
  cursor?: string;
  /** Extra conditions on non-key attributes, applied by DynamoDB after reading. */
  filter?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
}

/** A pattern's expression parts merged with a filter's; DynamoDB refuses an empty names map. */
export function withFilter(pattern: AccessPattern, filter: NonNullable<PageRequest['filter']>) {
  const names = { ...pattern.ExpressionAttributeNames, ...filter.names };
  return {
    FilterExpression: filter.expression,
    ExpressionAttributeValues: { ...pattern.ExpressionAttributeValues, ...filter.values },
    ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
  };
}

/** One window of a list, and the cursor of the next when this one is full. */
interface StoredPage {
  items: Item[];
  next: string | undefined;
  /** The cursor that resumes the list after `items[index]`. */
  cursorAfter: (index: number) => string;
}

/**
 * Skips of at least this many items are counted by a query of their own rather than read with the window: below
 * it the second request costs more than the items it saves (docs/benchmarks.md, "Measured choices in the code").
 */
const COUNTED_SKIP = 50;

/**
 * Reads items `skip` to `skip + limit` of an access pattern, in key order, after `cursor` if given.
 * DynamoDB cannot jump to an offset, so this reads every item up to `skip + limit` (plus, with a filter,
 * those filtered out); a cursor makes each further page cost only its own items.
 */
export async function readPage(
  pattern: AccessPattern,
  { skip, limit, filter, cursor }: PageRequest,
): Promise<StoredPage> {
  let startKey: QueryCommandOutput['LastEvaluatedKey'] = cursor ? decodeCursor(pattern, cursor) : undefined;
  // Without a filter, a long run of items before the window is only counted: DynamoDB reads them all the same
  // (and bills them) but sends none, so neither side spends time writing and parsing items nobody is shown.
  const toSkip = !filter && skip >= COUNTED_SKIP ? skip : 0;
  if (toSkip > 0) {
    const past = await positionAfter(pattern, toSkip, startKey);
    if (past === 'end') return { items: [], next: undefined, cursorAfter: cursorsOf(pattern, []) };
    startKey = past;
  }
  const wanted = skip - toSkip + limit;
  const items: Item[] = [];
  do {
    const out: QueryCommandOutput = await documentClient.send(
      new QueryCommand({
        ...pattern,
        TableName: tableName(),
        ExclusiveStartKey: startKey,
        Limit: Math.min(Math.max(wanted - items.length, filter ? 100 : 1), 1000),
        ...(filter && withFilter(pattern, filter)),
      }),
    );
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length < wanted);
  const page = items.slice(skip - toSkip, wanted);
  const last = page.at(-1);
  return {
    items: page,
    next: page.length === limit && last ? encodeCursor(pattern, last) : undefined,
    cursorAfter: cursorsOf(pattern, page),
  };
}

/** The cursor after each item of a page of `pattern`. */
const cursorsOf =
  (pattern: AccessPattern, page: Item[]) =>
  (index: number): string =>
    encodeCursor(pattern, page[index] as Item);

/** The key to go on from after `count` items of a pattern (from `startKey`), counted only; 'end' when it has fewer. */
async function positionAfter(
  pattern: AccessPattern,
  count: number,
  startKey: QueryCommandOutput['LastEvaluatedKey'],
): Promise<QueryCommandOutput['LastEvaluatedKey'] | 'end'> {
  let counted = 0;
  let position = startKey;
  do {
    const out: QueryCommandOutput = await documentClient.send(
      new QueryCommand({
        ...pattern,
        TableName: tableName(),
        ExclusiveStartKey: position,
        Select: 'COUNT',
        Limit: Math.min(count - counted, 10_000),
      }),
    );
    counted += out.Count ?? 0;
    position = out.LastEvaluatedKey;
  } while (position && counted < count);
  return position && counted === count ? position : 'end';
}

/** Every item of an access pattern, page after page. */
export async function* readAll(pattern: AccessPattern): AsyncGenerator<Item[]> {
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const out: QueryCommandOutput = await documentClient.send(
      new QueryCommand({ ...pattern, TableName: tableName(), ExclusiveStartKey: startKey }),
    );
    if (out.Items && out.Items.length > 0) yield out.Items;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
}
