import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { timestamp } from '../clock.js';
import { NotFoundError, OverloadedError } from '../errors.js';
import { logger } from '../logger.js';
import { type EventRecord, toEventRecord } from '../records.js';
import { countClicks } from './click-counting.js';
import { CLICK, eventItem, placed, possibleKeys } from './event-items.js';
import { keys } from './keys.js';
import { eventIds } from './scale/id-leases.js';
import { currentLayout } from './scale/shard-layout.js';
import type { ShardLayout } from './scale/sharded-lists.js';
import { detachStatsOfGone } from './stats-removal.js';
import { documentClient, getItem, getItems, type Item, idOfRequest, keyOf, put, tableName } from './table.js';
import { URL_NOT_FOUND } from './urls.js';
import { ACTIVE, USER_NOT_FOUND } from './users.js';

/** How long POST /events tries to count its click itself before the writer is asked to. */
const CLICK_COUNT_PATIENCE_MS = 300;

/**
 * Stores an event sent to POST /events. The user must exist and not be mid-deletion, and the URL must exist,
 * read consistently before the event is written; a deletion racing the write is covered like an automatic
 * event's (scale/deletion-copies.ts, and the delayed sweep). With `owner` (a user key), the URL must be its.
 *
 * A click is stored and counted in one transaction. When its link's statistics are too contended for that
 * (many clicks of one link at once: their counts items take one transaction at a time), it is stored on its
 * own and `countLater` hands it to the event writer, which counts clicks in bulk.
 *
 * A request sent again with its Idempotency-Key (`identity`) after an attempt that failed, possibly after
 * storing its event (a 503 whose write was carried out), is given that attempt's event id: it finds that
 * event stored and answers it, or stores it under the same id. Either way the event exists once.
 */
export async function recordEvent(
  input: Omit<EventRecord, 'id' | 'timestamp'>,
  countLater: (click: { id: number; url_id: number }) => Promise<void>,
  identity?: string,
  owner?: number,
): Promise<EventRecord> {
  const userKey = keys.user(input.user_id);
  const urlKey = keys.url(input.url_id);
  const [found, taken, layout] = await Promise.all([
    getItems([userKey, urlKey]),
    identity ? idOfRequest(identity, () => eventIds.next()) : eventIds.next().then((id) => ({ id, earlier: false })),
    currentLayout(),
  ]);
  const user = found.get(keyOf(userKey));
  const url = found.get(keyOf(urlKey));
  if (!user || user.state !== ACTIVE) throw new NotFoundError(USER_NOT_FOUND);
  // Only a link's owner may post its events when an owner is named (keys mode). A link never changes owner,
  // so its owner as read here is its owner when the event is written.
  if (!url || (owner !== undefined && Number(url.user_id) !== owner)) throw new NotFoundError(URL_NOT_FOUND);
  const { id } = taken;
  if (taken.earlier) {
    const stored = await storedEvent({ id, url_id: input.url_id }, layout);
    if (stored) return settleEarlier(stored, countLater);
  }
  const event = { ...input, id, timestamp: timestamp(), owner_id: Number(url.user_id), posted: true };
  const item = eventItem(placed(event, layout));
  if (event.event_type === CLICK) {
    // A click is stored in the same transaction that counts it in the statistics.
    try {
      await countClicks([event], {
        deadline: Date.now() + CLICK_COUNT_PATIENCE_MS,
        also: [put(item, 'attribute_not_exists(PK)')],
      });
    } catch (error) {
      if (!(error instanceof OverloadedError)) throw error;
      // A transaction whose answer was lost may have been applied: then it is stored and counted already.
      if (!(await getItem(keys.clickCounted(id)))) {
        try {
          await documentClient.send(new PutCommand({ TableName: tableName(), Item: item }));
        } finally {
          // Even when the put failed: it may have been applied with its answer lost (the request then answers
          // 503 with the click stored). The writer counts a click only if it finds it stored.
          await countLater({ id, url_id: event.url_id });
        }
      }
    }
    // A deletion of the URL may have taken its statistics out between the read above and this count: as the
    // writer does, read the URL again, and take them out once more if it is gone (its sweep removes the event).
    // The click is stored: this check must not turn it into an error (the URL's delayed sweep detaches too).
    try {
      await detachStatsOfGone([event.url_id]);
    } catch (error) {
      logger.warn('A stored click was not checked against a deletion; the delayed sweep will', {
        error: error as Error,
      });
    }
  } else {
    await documentClient.send(new PutCommand({ TableName: tableName(), Item: item }));
  }
  return toEventRecord(item);
}

/** The event an earlier attempt stored under this id, wherever its URL's layout put it. */
async function storedEvent(event: { id: number; url_id: number }, layout: ShardLayout): Promise<Item | undefined> {
  return [...(await getItems(possibleKeys(event, layout))).values()][0];
}

/** An earlier attempt's event, answered again: a click it stored uncounted is handed to the writer now. */
async function settleEarlier(
  stored: Item,
  countLater: (click: { id: number; url_id: number }) => Promise<void>,
): Promise<EventRecord> {
  const event = toEventRecord(stored);
  if (event.event_type === CLICK && !(await getItem(keys.clickCounted(event.id)))) {
    await countLater({ id: event.id, url_id: event.url_id });
  }
  return event;
}
