import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { OverloadedError } from '../errors.js';
import { logger } from '../logger.js';
import { GROWTH, MAX_SHARDS, type ShardLayout } from './event-shards.js';
import { hotKeyCache } from './hot-key-cache.js';
import { keys } from './keys.js';
import { documentClient, getItem, TableName } from './operations.js';

/**
 * Reading and widening the shard layout of event lists (event-shards.ts says what it is). It is stored on
 * the event id counter item, in a map `shards` from list name to count, with `widened`: when each list was
 * last widened.
 */

/** A list is widened at most this often: long enough for every writer to read the last widening (at most 1 s). */
const WIDEN_COOLDOWN_MS = 2000;

/** The layout stored on the counter item (`shards`), as a read of that item returns it. */
export const layoutOf = (counter: Record<string, unknown> | undefined): ShardLayout =>
  (counter?.shards as ShardLayout | undefined) ?? {};

/**
 * Kept a second by every instance, whatever its read rate: a layout a second old places an event in a shard
 * every reader still reads (counts only grow), so it costs nothing but a second's delay of a widening, and it
 * keeps the counter item's partition from being read once per batch of every writer.
 */
const layoutCache = hotKeyCache<ShardLayout>({ threshold: 0 });

const readLayout = async () => layoutOf(await getItem(keys.counter('event')));

/**
 * The current layout, at most a second old. A cascade passes `fresh`: it must find every shard there is.
 */
export function currentLayout(options: { fresh?: boolean } = {}): Promise<ShardLayout> {
  return options.fresh ? readLayout() : layoutCache.read('layout', readLayout);
}

/** When this instance last asked to widen each list: it does not ask again within the cooldown. */
const lastAsked = new Map<string, number>();

/**
 * Gives hot lists more shards: `GROWTH` times its current count, or `GROWTH`² for a list that is far over
 * (many of its writes throttled at once), unless it was widened in the last few seconds (by any writer: that
 * widening may not have taken effect yet). Writers place events with the new layout from their next read of
 * it, queued ones included.
 */
export async function widenLists(hot: { name: string; far: boolean }[], layout: ShardLayout): Promise<void> {
  const now = Date.now();
  const due = hot.filter(
    ({ name }) => now - (lastAsked.get(name) ?? 0) >= WIDEN_COOLDOWN_MS && (layout[name] ?? 1) < MAX_SHARDS,
  );
  for (const { name } of due) lastAsked.set(name, now);
  await Promise.all(
    due.map(async ({ name, far }) => {
      const current = layout[name] ?? 1;
      const next = Math.min(MAX_SHARDS, current * (far ? GROWTH * GROWTH : GROWTH));
      try {
        await documentClient.send(
          new UpdateCommand({
            TableName,
            Key: keys.counter('event'),
            UpdateExpression: 'SET #shards.#list = :next, #widened.#list = :now',
            ConditionExpression:
              '(attribute_not_exists(#shards.#list) OR #shards.#list = :current) AND (attribute_not_exists(#widened.#list) OR #widened.#list < :cooled)',
            ExpressionAttributeNames: { '#shards': 'shards', '#widened': 'widened', '#list': name },
            ExpressionAttributeValues: {
              ':next': next,
              ':current': current,
              ':now': now,
              ':cooled': now - WIDEN_COOLDOWN_MS,
            },
          }),
        );
        logger.info('Event list widened', { list: name, shards: next });
      } catch (error) {
        // Another writer widened it first, or did so a moment ago: nothing to do. Throttled: the counter's
        // partition is busy; the next throttled batch asks again (widening is an optimisation, not a duty).
        if ((error as Error).name !== 'ConditionalCheckFailedException' && !(error instanceof OverloadedError))
          throw error;
      }
    }),
  );
}
