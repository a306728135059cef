import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { serviceConfig } from '../platform/config.js';

/**
 * A delivery of one event (or a ping) to one webhook, as it waits in the webhook deliveries queue: what to
 * send, to whom, and which attempt it is. The body is made once, when the event is dispatched, so that every
 * attempt sends the same bytes under the same `webhook-id`.
 */
export interface DeliveryMessage {
  user_id: number;
  webhook_id: string;
  /** The `webhook-id` header: `evt_<event id>` or `ping_<uuid>`. */
  message_id: string;
  /** The event's id; null for a ping. */
  event_id: number | null;
  /** The event's type (what the webhook subscribed to), or `ping`. */
  event_type: string;
  /** The event's link (what the webhook subscribed to); null for a ping. */
  url_id: number | null;
  /** The JSON body sent: `{"type", "timestamp", "data"}`. */
  body: string;
  /** Counts from 1. */
  attempt: number;
  /** Epoch ms before which this attempt is not made (a retry's wait past SQS's 15-minute delay). */
  due_at?: number;
  /** Epoch ms when the event was stored (or the ping asked for): what delivery latency is measured from. */
  stored_at: number;
}

/** SQS's longest delay: a longer wait is this, again and again (the message says when it is due). */
export const MAX_DELAY_SECONDS = 900;

const sqs = new SQSClient({ cacheMiddleware: true });

/** The deliveries queue, checked on first use (only the webhook functions need it). */
function queueUrl(): string {
  const url = serviceConfig().webhookDeliveriesQueueUrl;
  if (!url) throw new Error('Configuration error: WEBHOOK_DELIVERIES_QUEUE_URL is not set');
  return url;
}

/** The seconds SQS is to hold a message before it is due (at most SQS's longest delay). */
export const delayOf = (message: DeliveryMessage, now = Date.now()): number =>
  Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil(((message.due_at ?? now) - now) / 1000)));

/**
 * Queues deliveries, ten a request, each held until it is due (or for SQS's longest delay). Throws if any
 * could not be queued: the caller's batch is then tried again, and a receiver may get an event twice, as
 * at-least-once allows, but never miss one.
 */
export async function queueDeliveries(messages: readonly DeliveryMessage[]): Promise<void> {
  const url = queueUrl();
  const batches: DeliveryMessage[][] = [];
  for (let i = 0; i < messages.length; i += 10) batches.push(messages.slice(i, i + 10));
  await Promise.all(
    batches.map(async (batch) => {
      const out = await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: url,
          Entries: batch.map((message, i) => ({
            Id: String(i),
            MessageBody: JSON.stringify(message),
            DelaySeconds: delayOf(message),
          })),
        }),
      );
      if (out.Failed?.length) {
        throw new Error(`${out.Failed.length} webhook deliveries could not be queued: ${out.Failed[0]?.Message}`);
      }
    }),
  );
}
