import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, linkScope } from './keys.js';
import { currentLayout } from './scale/shard-layout.js';
import { slotsOf } from './scale/stats-slots.js';
import type { CountableClick } from './stats-items.js';
import { conditionFailed, documentClient, getItems, type TransactItem, tableName } from './table.js';

/**
 * A link's `max_clicks` (CONTRACT.md, "Link lifecycle"), held without a write per click on a shared item.
 *
 * Every redirected click adds to its link's click total in the transaction that counts it in the statistics
 * (click-counting.ts), in the slot its counts went to: exactly once, and spread like the counts when the link
 * is hot. After a batch is counted, the writer sums the totals of the links whose clicks carried a limit and
 * marks the short code's item of each link that reached it: `clicks_reached` takes the value of
 * `limits_at`, the moment its limits were last set. The redirect reads that item anyway, so deciding is free;
 * setting new limits changes `limits_at`, and the old mark no longer counts (urls.ts re-marks at once when the
 * new limit is already reached).
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

/** The redirected clicks a link has had and that are counted: its slots' totals, read consistently. */
export async function redirectedClicks(urlId: number): Promise<number> {
  const slots = slotsOf(await currentLayout(), linkScope(urlId));
  const totals = await getItems(Array.from({ length: slots }, (_, slot) => keys.linkClickTotal(urlId, slot)));
  return [...totals.values()].reduce((sum, item) => sum + Number(item.clicks ?? 0), 0);
}

/**
 * Marks spent the links of these counted clicks whose total reached their limit. Only clicks that carried a
 * limit are looked at, and only links whose total reached the lowest limit their clicks saw are written:
 * a link below its limit costs one read per batch, no write. The write's condition holds it to the limit
 * stored now (it may have changed since the click) and to the same link (a deleted link's code can be taken
 * again).
 */
export async function markSpentLinks(clicks: CountableClick[]): Promise<void> {
  const limited = new Map<number, { code: string; limit: number }>();
  for (const click of clicks) {
    if (click.click_limit === undefined || click.posted) continue;
    const seen = limited.get(click.url_id);
    limited.set(click.url_id, {
      code: String(click.details.short_code),
      limit: Math.min(seen?.limit ?? click.click_limit, click.click_limit),
    });
  }
  await Promise.all(
    [...limited].map(async ([urlId, { code, limit }]) => {
      const total = await redirectedClicks(urlId);
      if (total >= limit) await markSpent(code, urlId, total);
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
