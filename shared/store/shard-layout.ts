import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { OverloadedError } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { hotReads } from './hot-key-cache.js';
import { keys } from './keys.js';
import { eventListShards } from './levers.js';
import type { ShardLayout } from './sharded-lists.js';
import { getItem, type Item, tableName, writeIf } from './table.js';

/**
 * Reading and widening the shard layout of event lists (sharded-lists.ts says what it is). It is one item of
 * its own (`keys.shardLayout`): a map `shards` from list name to count, and `widened`, when each list was
 * last widened.
 */

const { growth, max, widenCooldownMs } = eventListShards;

/** The layout stored on the layout item, as a read of that item returns it. */
const layoutOf = (item: Item | undefined): ShardLayout => (item?.shards as ShardLayout | undefined) ?? {};

const readLayout = async (consistent: boolean) => layoutOf(await getItem(keys.shardLayout(), { consistent }));

/**
 * The current layout, at most a second old: every instance keeps it a second, whatever its read rate, and
 * reads it eventually consistently (half the price). A layout a little old places an event in a shard every
 * reader still reads (counts only grow), so it costs nothing but a moment's delay of a widening, and it keeps
 * the layout's partition from being read once per batch of every writer. A cascade passes `fresh`: it must
 * find every shard there is, read consistently.
 */
export function currentLayout(options: { fresh?: boolean } = {}): Promise<ShardLayout> {
  return options.fresh ? readLayout(true) : hotReads.read('layout', () => readLayout(false), { always: true });
}

/** When this instance last asked to widen each list: it does not ask again within the cooldown. */
const lastAsked = new Map<string, number>();

/** Creates the layout item with empty maps, once: widening sets entries inside them. */
async function ensureLayoutItem(): Promise<void> {
  await writeIf(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.shardLayout(), shards: {}, widened: {} },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/**
 * Gives hot lists more shards: `growth` times the current count, or `growth`² for a list that is far over
 * (many of its writes throttled at once), unless it was widened in the last few seconds (by any writer: that
 * widening may not have taken effect yet). Writers place events with the new layout from their next read of
 * it, queued ones included.
 */
export async function widenLists(hot: { name: string; far: boolean }[], layout: ShardLayout): Promise<void> {
  const now = Date.now();
  const due = hot.filter(
    ({ name }) => now - (lastAsked.get(name) ?? 0) >= widenCooldownMs && (layout[name] ?? 1) < max,
  );
  if (due.length === 0) return;
  for (const { name } of due) lastAsked.set(name, now);
  await ensureLayoutItem();
  await Promise.all(
    due.map(async ({ name, far }) => {
      const current = layout[name] ?? 1;
      const next = Math.min(max, current * (far ? growth * growth : growth));
      try {
        const widened = await writeIf(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.shardLayout(),
            UpdateExpression: 'SET #shards.#list = :next, #widened.#list = :now',
            ConditionExpression:
              '(attribute_not_exists(#shards.#list) OR #shards.#list = :current) AND (attribute_not_exists(#widened.#list) OR #widened.#list < :cooled)',
            ExpressionAttributeNames: { '#shards': 'shards', '#widened': 'widened', '#list': name },
            ExpressionAttributeValues: {
              ':next': next,
              ':current': current,
              ':now': now,
              ':cooled': now - widenCooldownMs,
            },
          }),
        );
        // Not widened: another writer widened it first, or did so a moment ago. Nothing to do.
        if (widened) logger.info('Event list widened', { list: name, shards: next });
      } catch (error) {
        // Throttled: the layout's partition is busy; the next throttled batch asks again (widening is an
        // optimisation, not a duty).
        if (!(error instanceof OverloadedError)) throw error;
      }
    }),
  );
}
