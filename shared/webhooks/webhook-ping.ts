import { randomUUID } from 'node:crypto';
import type { WebhookRecord } from '../domain/records.js';
import { timestamp } from '../platform/clock.js';
import { queueDeliveries } from './webhook-messages.js';

/** Queues a `ping` to a webhook, to be sent at once and not tried again; answers its `webhook-id`. */
export async function queuePing(webhook: WebhookRecord): Promise<{ webhook_id: string; message_id: string }> {
  const messageId = `ping_${randomUUID()}`;
  const now = Date.now();
  await queueDeliveries([
    {
      user_id: webhook.user_id,
      webhook_id: webhook.id,
      message_id: messageId,
      event_id: null,
      event_type: 'ping',
      url_id: null,
      body: JSON.stringify({ type: 'ping', timestamp: timestamp(new Date(now)), data: { webhook_id: webhook.id } }),
      attempt: 1,
      stored_at: now,
    },
  ]);
  return { webhook_id: webhook.id, message_id: messageId };
}
