import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, linkScope } from './keys.js';
import { currentLayout } from './scale/shard-layout.js';
import { slotsOf } from './scale/stats-slots.js';
import type { CountableClick } from './stats-items.js';
import { conditionFailed, documentClient, getItems, type Item, keyOf, type TransactItem, tableName } from './table.js';

/**
 * A link's `max_clicks` (CONTRACT.md, "Link lifecycle"), held without a write per click on a shared item.
 *
 * Every redirected click adds to its link's click total in the transaction that counts it in the statistics
 * (click-counting.ts), in the slot its counts went to: exactly once, and spread like the counts when the link
 * is hot. After a batch is counted, the writer sums the totals of the links whose clicks carried a limit and
 * marks the short code's item of each link that reached the limit stored now: `clicks_reached` takes the
 * value of `limits_at`, the moment its limits were last set. The redirect reads that item anyway, so deciding
 * is free; setting new limits changes `limits_at`, and the old mark no longer counts (urls.ts marks the new
 * limits in the transaction that sets them when they are already reached).
 */

/** The transaction item that adds `clicks` redirected clicks to a link's total, in `slot`. */
export function clickTotalAdd(urlId: number, slot: number, clicks: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.linkClickTotal(urlId, slot),
      UpdateExpression: 'ADD clicks :clicks',
      ExpressionAttributeValues: { ':clicks': clicks },
    },
  };
}

/** The keys of a link's click total, one per statistics slot of the link. */
async function totalKeys(urlId: number) {
  const slots = slotsOf(await currentLayout(), linkScope(urlId));
  return Array.from({ length: slots }, (_, slot) => keys.linkClickTotal(urlId, slot));
}

const sumOfTotals = (items: Item[]) => items.reduce((sum, item) => sum + Number(item.clicks ?? 0), 0);

/** The redirected clicks a link has had and that are counted: its slots' totals, read consistently. */
export async function redirectedClicks(urlId: number): Promise<number> {
  return sumOfTotals([...(await getItems(await totalKeys(urlId))).values()]);
}

/**
 * Marks spent the links of these counted clicks that reached their limit. Only links whose clicks carried a
 * limit are looked at; each costs one read per batch (its code's item and its totals, in one call), and a
 * write only once it reached the limit stored now (which may have changed since the click). The write's
 * condition holds it to that limit and to the same link (a deleted link's code can be taken again).
 */
export async function markSpentLinks(clicks: CountableClick[]): Promise<void> {
  const limited = new Map<number, string>();
  for (const click of clicks) {
    if (click.click_limit !== undefined && !click.posted) limited.set(click.url_id, String(click.details.short_code));
  }
  await Promise.all(
    [...limited].map(async ([urlId, code]) => {
      const codeKey = keys.shortCode(code);
      const found = await getItems([codeKey, ...(await totalKeys(urlId))]);
      const link = found.get(keyOf(codeKey));
      found.delete(keyOf(codeKey));
      const total = sumOfTotals([...found.values()]);
      const spent = link?.clicks_reached !== undefined && link.clicks_reached === link.limits_at;
      if (
        Number(link?.url_id) === urlId &&
        typeof link?.max_clicks === 'number' &&
        total >= link.max_clicks &&
        !spent
      ) {
        await markSpent(code, urlId, total);
      }
    }),
  );
}

/** Marks a link spent if `total` reached the limit its short code's item holds now, and it is not yet marked. */
async function markSpent(code: string, urlId: number, total: number): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.shortCode(code),
        UpdateExpression: 'SET clicks_reached = limits_at',
        ConditionExpression:
          'url_id = :url AND max_clicks <= :total AND (attribute_not_exists(clicks_reached) OR clicks_reached <> limits_at)',
        ExpressionAttributeValues: { ':url': urlId, ':total': total },
      }),
    );
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
}
