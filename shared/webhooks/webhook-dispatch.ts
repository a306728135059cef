import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { EventRecord } from '../domain/records.js';
import { toEventRecord } from '../store/record-items.js';
import { type StoredWebhook, webhooksToDispatchTo } from '../store/webhooks.js';
import { type DeliveryMessage, queueDeliveries } from './webhook-messages.js';

/** An event as the stream shows it stored: its record, the owner of its link, when it was stored. */
interface StoredEvent {
  record: EventRecord;
  ownerId: number;
  storedAt: number;
}

/** The events a batch of the table's stream stored (its INSERTs of event items). */
export function storedEventsOf(records: readonly DynamoDBRecord[]): StoredEvent[] {
  return records.flatMap((record) => {
    const image = record.dynamodb?.NewImage;
    if (record.eventName !== 'INSERT' || !image?.event_type || !image.owner_id) return [];
    const item = unmarshall(image as Record<string, AttributeValue>);
    return [{ record: toEventRecord(item), ownerId: Number(item.owner_id), storedAt: Number(item.stored_at) }];
  });
}

/** Whether a webhook takes an event of this type on this link. */
export const isSubscribed = (
  webhook: Pick<StoredWebhook, 'event_types' | 'url_ids'>,
  event: { event_type: string; url_id: number | null },
): boolean =>
  (webhook.event_types === null || webhook.event_types.includes(event.event_type)) &&
  (webhook.url_ids === null || (event.url_id !== null && webhook.url_ids.includes(event.url_id)));

/** The body every attempt of an event's delivery sends: its type, its time and its record as GET /events gives it. */
const bodyOf = (event: EventRecord) =>
  JSON.stringify({ type: event.event_type, timestamp: event.timestamp, data: event });

/**
 * Queues a delivery of each event a batch of the stream stored to every active webhook of the event's link's
 * owner that takes it. The owners' webhooks are read as the store keeps them for the dispatcher (one small read
 * per batch, and a query per owner only after a webhook was made or changed). Nothing here waits for a
 * receiver; the deliverer does.
 */
export async function dispatchStoredEvents(records: readonly DynamoDBRecord[]): Promise<number> {
  const byOwner = new Map<number, StoredEvent[]>();
  for (const event of storedEventsOf(records)) {
    byOwner.set(event.ownerId, [...(byOwner.get(event.ownerId) ?? []), event]);
  }
  if (byOwner.size === 0) return 0;
  const webhooksOf = await webhooksToDispatchTo([...byOwner.keys()]);
  const messages: DeliveryMessage[] = [];
  for (const [ownerId, events] of byOwner) {
    const webhooks = webhooksOf.get(ownerId) ?? [];
    for (const { record, storedAt } of events) {
      for (const webhook of webhooks.filter((candidate) => isSubscribed(candidate, record))) {
        messages.push({
          user_id: ownerId,
          webhook_id: webhook.id,
          message_id: `evt_${record.id}`,
          event_id: record.id,
          event_type: record.event_type,
          url_id: record.url_id,
          body: bodyOf(record),
          attempt: 1,
          stored_at: storedAt,
        });
      }
    }
  }
  await queueDeliveries(messages);
  return messages.length;
}
