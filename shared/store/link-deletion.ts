import { rememberDeletion } from './deletion-copies.js';
import { sweepDeletedUrl, sweepEventsOfUrl } from './event-sweeps.js';
import { keys, linkScope } from './keys.js';
import { releasedShortCodeItem } from './link-codes.js';
import { getUrlItem } from './link-reads.js';
import { toUrlRecord } from './record-items.js';
import { whileConcurrentChangesWin } from './retry.js';
import { deleteClickStats } from './stats-removal.js';
import { put, remove, transact } from './table.js';
import { ownedBy } from './urls.js';
import { forgetLinkInWebhooks } from './webhooks.js';

/**
 * Deletes a URL, its short code, its owner's link, all its events and its statistics. The first three go in
 * one transaction; the deletion is then remembered (event lists hide the URL's events from now on), and every
 * shard of the URL's events is swept, read consistently. A writer that checked the URL just before may still
 * land an event after the sweep: it reads the URL again after writing and removes what it wrote, and the
 * delayed sweep (`whenDeleted`: the route schedules it as soon as the URL is gone) catches what a failed
 * writer or a cascade cut short left. A named `owner` must own the URL, a condition of that first
 * transaction. The URL's clicks come out of its owner's statistics, unless the owner is being deleted too (`ownerDeleted`: they all go).
 */
export async function deleteUrlCascade(
  urlId: number,
  options: { owner?: number; ownerDeleted?: boolean; whenDeleted?: () => Promise<void> } = {},
): Promise<void> {
  let ownerId: number | undefined;
  await whileConcurrentChangesWin<true>(async (retries) => {
    const url = toUrlRecord(await getUrlItem(urlId, options.owner));
    ownerId = url.user_id;
    const outcome = await transact(
      [
        remove(keys.url(urlId), ownedBy(options.owner)),
        put(releasedShortCodeItem(url.short_code, url.user_id)),
        remove(keys.userUrlLink(url.user_id, url.id)),
      ],
      retries,
    );
    return outcome.ok ? true : undefined;
  });
  // Before the rest, which can be long (a year of statistics) and fail: once the URL is gone, a retried
  // DELETE is a 404, and only this callback (the delayed sweep) can finish what is left.
  await options.whenDeleted?.();
  if (options.ownerDeleted) {
    // The owner's deletion, remembered, already hides these events (by their owner_id): one record for all
    // of its links, rather than one per link that every list call would read for the next 20 minutes.
    await sweepEventsOfUrl(urlId);
    await deleteClickStats(linkScope(urlId));
  } else {
    await rememberDeletion('url', urlId);
    // Its owner's webhooks that named it no longer do (a list it empties stays empty: nothing is sent).
    if (ownerId !== undefined) await forgetLinkInWebhooks(ownerId, urlId);
    await sweepDeletedUrl(urlId);
  }
}
