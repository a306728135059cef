import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventRecord } from '../domain/records.js';
import { timestamp } from '../platform/clock.js';
import { NotFoundError } from '../platform/errors.js';
import { eventItem, placed, possibleKeys } from './event-items.js';
import { eventIds } from './id-leases.js';
import { idOfRequest } from './ids.js';
import { keys } from './keys.js';
import { toEventRecord } from './record-items.js';
import { currentLayout } from './shard-layout.js';
import { documentClient, getItems, keyOf, tableName } from './table.js';
import { URL_NOT_FOUND } from './urls.js';
import { ACTIVE, USER_NOT_FOUND } from './users.js';

/**
 * Stores an event sent to POST /events. The user must exist and not be mid-deletion, and the URL must exist,
 * read consistently before the event is written; a deletion racing the write is covered like an automatic
 * event's (deletion-copies.ts, and the delayed sweep). With `owner` (a user key), the URL must be its.
 * A click is counted in the statistics from the table's stream, like every stored click (stats-counting.ts).
 *
 * A request sent again with its Idempotency-Key (`identity`) after an attempt that failed, possibly after
 * storing its event (a 503 whose write was carried out), is given that attempt's event id: it finds that
 * event stored and answers it, or stores it under the same id. Either way the event exists once.
 */
export async function recordEvent(
  input: Omit<EventRecord, 'id' | 'timestamp'>,
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
    // The event an earlier attempt stored under this id, wherever its URL's layout put it.
    const stored = [...(await getItems(possibleKeys({ id, url_id: input.url_id }, layout))).values()][0];
    if (stored) return toEventRecord(stored);
  }
  const event = { ...input, id, timestamp: timestamp(), owner_id: Number(url.user_id), posted: true };
  const item = eventItem(placed(event, layout));
  await documentClient.send(new PutCommand({ TableName: tableName(), Item: item }));
  return toEventRecord(item);
}
