import { randomUUID } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { timestamp } from '../clock.js';
import { config } from '../config.js';
import { logger } from '../logger.js';
import { metricNames } from '../metric-names.js';
import { increment, recordCount } from '../metrics.js';
import type { UrlRecord } from '../records.js';
import type { AutomaticEventType, EventMessage } from './event-message.js';

if (!config.eventsQueueUrl) throw new Error('Configuration error: EVENTS_QUEUE_URL is not set');
const QueueUrl = config.eventsQueueUrl;

// Short timeouts: the caller's request waits for this send, and an unreachable queue must not hold it.
const sqs = new SQSClient({
  requestHandler: { connectionTimeout: 1000, requestTimeout: 2000, httpAgent: { keepAlive: true, maxSockets: 512 } },
});

/**
 * Queues an automatic event about a URL. The request that caused it does not wait for the event to be
 * stored, only for the queue to accept it. If the queue stays unreachable after the SDK's retries, the
 * request still succeeds: the event is logged whole (`unsent_event`, replayable with
 * `npm run replay-events`) and counted in `events_unsent_total`.
 */
export async function publishUrlEvent(
  eventType: AutomaticEventType,
  url: Pick<UrlRecord, 'id' | 'user_id' | 'short_code' | 'original_url'>,
  extraDetails: Record<string, unknown> = {},
): Promise<void> {
  const message: EventMessage = {
    message_id: randomUUID(),
    url_id: url.id,
    user_id: url.user_id,
    event_type: eventType,
    timestamp: timestamp(),
    details: { short_code: url.short_code, original_url: url.original_url, ...extraDetails },
  };
  try {
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify(message) }));
    increment(metricNames.eventsPublished, { event_type: eventType });
  } catch (error) {
    logger.error('Event could not be queued', { unsent_event: message, error: error as Error });
    await recordCount(metricNames.eventsUnsent, { event_type: eventType });
  }
}
