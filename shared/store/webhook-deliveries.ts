import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookDeliveryRecord } from '../domain/records.js';
import { putItems } from './bulk-writes.js';
import { accessPatterns, keys } from './keys.js';
import { documentClient, type Item, tableName } from './table.js';

/** How many attempts GET .../deliveries shows. */
export const DELIVERIES_SHOWN = 100;
/** How long an attempt is kept (its TTL): long enough to see a week of retries, never a growing log. */
const DELIVERY_KEPT_SECONDS = 7 * 24 * 3600;

/** Records attempts at delivering messages (`evt_<id>` or `ping_<uuid>`) to webhooks, in batch writes. */
export async function recordDeliveryAttempts(
  attempts: readonly { webhookId: string; messageId: string; attempt: WebhookDeliveryRecord }[],
): Promise<void> {
  const expiresAt = Math.floor(Date.now() / 1000) + DELIVERY_KEPT_SECONDS;
  await putItems(
    attempts.map(({ webhookId, messageId, attempt }) => ({
      ...keys.webhookDelivery(webhookId, attempt.at, messageId, attempt.attempt),
      // Nested, not spread: an item with a top-level `event_type` would be taken for an event by the table
      // stream's consumers, whose filters select events by that attribute (table-schema.ts).
      attempt,
      expires_at: expiresAt,
    })),
  );
}

const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const toRecord = ({ attempt }: Item): WebhookDeliveryRecord => {
  const stored = attempt as Record<string, unknown>;
  return {
    event_id: orNull(stored.event_id),
    event_type: String(stored.event_type),
    attempt: Number(stored.attempt),
    status: stored.status as WebhookDeliveryRecord['status'],
    response_status: orNull(stored.response_status),
    at: String(stored.at),
    duration_ms: Number(stored.duration_ms),
  };
};

/** A webhook's latest attempts, newest first: one query of at most DELIVERIES_SHOWN small items. */
export async function latestDeliveries(webhookId: string): Promise<WebhookDeliveryRecord[]> {
  const out = await documentClient.send(
    new QueryCommand({
      ...accessPatterns.deliveriesOfWebhook(webhookId),
      TableName: tableName(),
      Limit: DELIVERIES_SHOWN,
    }),
  );
  return (out.Items ?? []).map(toRecord);
}
