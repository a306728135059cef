import { type StatsScope, scopeOwner } from '../keys.js';
import { statsSlots } from './levers.js';
import { widenLists } from './shard-layout.js';
import { type EventList, listName, type ShardLayout, shardCount } from './sharded-lists.js';

/**
 * Statistics slots. A link whose event list has several shards (a viral link) spreads its counts over as
 * many slots, up to `statsSlots.link`; a user likewise up to `statsSlots.user`: every transaction writes one
 * slot, chosen at random, and readers add the slots up. A scope that is not hot has one slot.
 */

/** The event list whose shard count a scope's slot count follows. */
function listOfScope(scope: StatsScope): EventList {
  const owner = scopeOwner(scope);
  return owner.kind === 'link' ? { kind: 'url', urlId: owner.urlId } : { kind: 'user', userId: owner.userId };
}

const mostSlots = (scope: StatsScope) => (scopeOwner(scope).kind === 'link' ? statsSlots.link : statsSlots.user);

/** How many slots a scope's statistics are spread over: as many as its event list has shards, up to a cap. */
export const slotsOf = (layout: ShardLayout, scope: StatsScope): number =>
  Math.min(mostSlots(scope), shardCount(layout, listOfScope(scope)));

/** A slot of a scope chosen at random: each transaction writes one. */
export const randomSlot = (layout: ShardLayout, scope: StatsScope): number =>
  Math.floor(Math.random() * slotsOf(layout, scope));

/**
 * Gives throttled scopes more slots: a scope has as many as its event list has shards (up to its cap), so its
 * list is widened, as the writer widens a list whose events are throttled. A link can be hot for its
 * statistics and not for its events: each transaction rewrites its counts items whole (a few KB) for the few
 * of its clicks in a batch, so a link that is in every batch throttles its items before its event list.
 */
export async function widenScopes(throttled: StatsScope[], layout: ShardLayout): Promise<void> {
  const hot = new Set<string>();
  for (const scope of throttled) {
    if (slotsOf(layout, scope) < mostSlots(scope)) hot.add(listName(listOfScope(scope)));
  }
  await widenLists(
    [...hot].map((name) => ({ name, far: false })),
    layout,
  );
}
