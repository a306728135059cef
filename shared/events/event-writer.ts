import type { Context, SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { parseJsonExactly } from '../platform/json.js';
import { logger } from '../platform/logger.js';
import { metricNames } from '../platform/metric-names.js';
import { recordCount, recordValues } from '../platform/metrics.js';
import {
  type DeliveredEvent,
  type DeliveryOutcome,
  idOfMessage,
  storeDeliveredEvents,
} from '../store/event-delivery.js';
import { sweepDeletedUrl, sweepDeletedUser } from '../store/event-sweeps.js';
import { eventIds } from '../store/id-leases.js';
import { type EventMessage, eventMessage, type SweepMessage, sweepMessage } from './event-message.js';

/** Time kept back from the invocation's deadline to answer with the messages that failed. */
const ANSWER_MARGIN_MS = 2000;

type Parsed = { kind: 'event'; message: EventMessage } | { kind: 'sweep'; message: SweepMessage } | { kind: 'invalid' };

function parseRecord(record: SQSRecord): Parsed {
  let body: unknown;
  try {
    body = parseJsonExactly(record.body);
  } catch {
    return { kind: 'invalid' };
  }
  const event = eventMessage.safeParse(body);
  if (event.success) return { kind: 'event', message: event.data };
  const sweep = sweepMessage.safeParse(body);
  return sweep.success ? { kind: 'sweep', message: sweep.data } : { kind: 'invalid' };
}

/** The event a message carries, with the id it was queued with (or, for an old-format message, one given once). */
async function deliveredEvent(message: EventMessage, record: SQSRecord): Promise<DeliveredEvent> {
  const id = message.event_id ?? (await idOfMessage(String(message.message_id), () => eventIds.next()));
  return {
    id,
    url_id: message.url_id,
    user_id: message.user_id,
    event_type: message.event_type,
    timestamp: message.timestamp,
    details: message.details,
    owner_id: message.owner_id ?? message.user_id,
    ...(message.visitor !== undefined && { visitor: message.visitor }),
    redelivered: Number(record.attributes?.ApproximateReceiveCount ?? 1) > 1,
  };
}

/** Milliseconds from an event's creation (its UTC timestamp) until now. */
const ageMs = (timestamp: string) => Date.now() - Date.parse(`${timestamp}Z`);

/**
 * Stores a batch of automatic events taken from the queue, all at once (store/event-delivery.ts), and runs the
 * delayed sweeps queued by deletions. The answer lists the messages that failed, so only they are
 * delivered again: a database error or throttling past the deadline is retried later, and a message that
 * can never be stored (not an event) fails every delivery until the queue moves it to the dead-letter queue.
 */
export async function writeEventBatch(
  records: SQSRecord[],
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<SQSBatchResponse> {
  const deadline = Date.now() + (context?.getRemainingTimeInMillis() ?? 30_000) - ANSWER_MARGIN_MS;
  const failures: string[] = [];
  const events: { record: SQSRecord; event: DeliveredEvent }[] = [];
  const sweeps: { record: SQSRecord; message: SweepMessage }[] = [];
  for (const record of records) {
    const parsed = parseRecord(record);
    if (parsed.kind === 'event') events.push({ record, event: await deliveredEvent(parsed.message, record) });
    else if (parsed.kind === 'sweep') sweeps.push({ record, message: parsed.message });
    else {
      logger.error('Queue message is not an event; it will go to the dead-letter queue', {
        messageId: record.messageId,
        receiveCount: record.attributes?.ApproximateReceiveCount,
        body: record.body.slice(0, 2048),
      });
      failures.push(record.messageId);
    }
  }

  const counts: Record<DeliveryOutcome, number> = { stored: 0, dropped: 0, failed: 0 };
  if (events.length > 0) {
    try {
      const outcomes = await storeDeliveredEvents(
        events.map(({ event }) => event),
        deadline,
      );
      outcomes.forEach((outcome, i) => {
        counts[outcome] += 1;
        if (outcome === 'failed') failures.push((events[i] as { record: SQSRecord }).record.messageId);
      });
      await recordValues(
        metricNames.eventDelay,
        events.filter((_, i) => outcomes[i] === 'stored').map(({ event }) => ageMs(event.timestamp)),
      );
    } catch (error) {
      logger.warn('Events not stored; they will be delivered again', { count: events.length, error: error as Error });
      failures.push(...events.map(({ record }) => record.messageId));
      counts.failed += events.length;
    }
  }
  for (const { record, message } of sweeps) {
    try {
      await (message.sweep === 'url' ? sweepDeletedUrl(message.id) : sweepDeletedUser(message.id));
    } catch (error) {
      logger.warn('Sweep not done; it will be delivered again', { sweep: message, error: error as Error });
      failures.push(record.messageId);
    }
  }

  await Promise.all([
    recordCount(metricNames.eventsStored, {}, counts.stored),
    recordCount(metricNames.eventsDropped, {}, counts.dropped),
    recordCount(metricNames.eventsFailed, {}, failures.length),
  ]);
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}
