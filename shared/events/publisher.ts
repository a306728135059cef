import { randomUUID } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { UrlRecord } from '../domain/records.js';
import { timestamp } from '../platform/clock.js';
import { serviceConfig } from '../platform/config.js';
import { logger } from '../platform/logger.js';
import { metricNames } from '../platform/metric-names.js';
import { increment, recordCount } from '../platform/metrics.js';
import { eventIds } from '../store/id-leases.js';
import type { AutomaticEventType, EventMessage, SweepMessage } from './event-message.js';

/** The events queue, checked on first use (the routes that emit events; others never need it). */
function queueUrl(): string {
  const url = serviceConfig().eventsQueueUrl;
  if (!url) throw new Error('Configuration error: EVENTS_QUEUE_URL is not set');
  return url;
}

// Short timeouts: the caller's request waits for this send, and an unreachable queue must not hold it. The
// SDK's documented `cacheMiddleware` resolves each command's middleware once, not on every send.
const sqs = new SQSClient({ requestHandler: { connectionTimeout: 1000, requestTimeout: 2000 }, cacheMiddleware: true });

const sendMessage = async (MessageBody: string, QueueUrl = queueUrl()) => {
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody }));
};

/** The id of a new event, from this instance's lease; without one, the writer assigns it. */
async function identity() {
  try {
    return { event_id: await eventIds.next() };
  } catch (error) {
    logger.warn('No event id could be leased; the writer will assign one', { error: error as Error });
    return { message_id: randomUUID() };
  }
}

/**
 * Queues an automatic event about a URL, with its id decided here (so that however often the queue delivers
 * it, it is stored once). The request that caused it does not wait for the event to be
 * stored, only for the queue to accept it. If the queue stays unreachable after the SDK's retries, the
 * request still succeeds: the event is logged whole (`unsent_event`, replayable with
 * `npm run replay-events`) and counted in `events_unsent_total`. `forWriter` travels with the message but is
 * not part of the event.
 */
export async function publishUrlEvent(
  eventType: AutomaticEventType,
  url: Pick<UrlRecord, 'id' | 'user_id' | 'short_code' | 'original_url'>,
  extraDetails: Record<string, unknown> = {},
  forWriter: Pick<EventMessage, 'visitor'> = {},
): Promise<void> {
  const event = { url_id: url.id, user_id: url.user_id, event_type: eventType };
  const message: EventMessage = {
    ...(await identity()),
    ...event,
    owner_id: url.user_id,
    timestamp: timestamp(),
    details: { short_code: url.short_code, original_url: url.original_url, ...extraDetails },
    ...forWriter,
  };
  try {
    await sendMessage(JSON.stringify(message));
    increment(metricNames.eventsPublished, { event_type: eventType });
  } catch (error) {
    // Logs are kept for weeks: the visitor tag is left out (a replayed click counts as a visitor per user agent).
    const { visitor: _, ...unsent } = message;
    logger.error('Event could not be queued', { unsent_event: unsent, error: error as Error });
    await recordCount(metricNames.eventsUnsent, { event_type: eventType });
  }
}

/**
 * How long after a deletion its events are swept once more: longer than any writer that checked the URL
 * before the delete can still be writing (its invocation, a redelivery after the visibility timeout), and the
 * longest delay SQS allows.
 */
const SWEEP_DELAY_SECONDS = 900;

/**
 * Queues the second sweep of a deleted URL's or user's events, delayed. If it cannot be queued, the deletion
 * still stands (lists hide the events); the failure is logged for the runbook.
 */
export async function scheduleEventSweep(sweep: SweepMessage['sweep'], id: number): Promise<void> {
  const message: SweepMessage = { sweep, id };
  try {
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: queueUrl(),
        MessageBody: JSON.stringify(message),
        DelaySeconds: SWEEP_DELAY_SECONDS,
      }),
    );
  } catch (error) {
    logger.error('The delayed sweep could not be queued', { sweep: message, error: error as Error });
  }
}
