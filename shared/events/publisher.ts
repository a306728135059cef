import { randomUUID } from 'node:crypto';
import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
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

type EventUrl = Pick<UrlRecord, 'id' | 'user_id' | 'short_code' | 'original_url'>;

/** An automatic event about a URL as the queue carries it, its id decided here. */
async function urlEventMessage(
  eventType: AutomaticEventType,
  url: EventUrl,
  extraDetails: Record<string, unknown> = {},
  forWriter: Pick<EventMessage, 'visitor'> = {},
): Promise<EventMessage> {
  return {
    ...(await identity()),
    url_id: url.id,
    user_id: url.user_id,
    event_type: eventType,
    owner_id: url.user_id,
    timestamp: timestamp(),
    details: { short_code: url.short_code, original_url: url.original_url, ...extraDetails },
    ...forWriter,
  };
}

/** Logs an event the queue did not take, whole, for `npm run replay-events`, and counts it. */
async function keepUnsent(message: EventMessage, error: unknown): Promise<void> {
  // Logs are kept for weeks: the visitor tag is left out (a replayed click counts as a visitor per user agent).
  const { visitor: _, ...unsent } = message;
  logger.error('Event could not be queued', { unsent_event: unsent, error: error as Error });
  await recordCount(metricNames.eventsUnsent, { event_type: message.event_type });
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
  url: EventUrl,
  extraDetails: Record<string, unknown> = {},
  forWriter: Pick<EventMessage, 'visitor'> = {},
): Promise<void> {
  const message = await urlEventMessage(eventType, url, extraDetails, forWriter);
  try {
    await sendMessage(JSON.stringify(message));
    increment(metricNames.eventsPublished, { event_type: eventType });
  } catch (error) {
    await keepUnsent(message, error);
  }
}

/**
 * What one SendMessageBatch request carries at most: ten messages. Their size needs no guard: a `created`
 * event is under 3 KB (an `original_url` of at most 2,048 characters), ten of them far under SQS's 1 MiB.
 */
const BATCH_MESSAGES = 10;

type Pending = { message: EventMessage; body: string };

/** Keeps each event as unsent; a failure to log or count one (the metrics' flush) does not fail the request. */
async function keepAllUnsent(batch: readonly Pending[], error: unknown): Promise<void> {
  await Promise.allSettled(batch.map((entry) => keepUnsent(entry.message, error)));
}

/**
 * Sends one batch, ending by `sendBy` (epoch ms). An entry the queue refused for its own reasons (not the
 * sender's fault) is sent once more; what is still not queued, or was in a request that failed as a whole, is
 * kept as unsent. Never rejects: the links are stored whatever becomes of their events.
 */
async function sendBatch(batch: Pending[], sendBy: number, tries = 2): Promise<void> {
  try {
    const out = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl(),
        Entries: batch.map((entry, index) => ({ Id: String(index), MessageBody: entry.body })),
      }),
      { abortSignal: AbortSignal.timeout(Math.max(0, sendBy - Date.now())) },
    );
    const refused = new Map((out.Failed ?? []).map((entry) => [entry.Id, entry]));
    // The sender's own fault (a malformed entry) would be refused again; anything else is tried once more.
    const kept: Pending[] = [];
    const again: Pending[] = [];
    for (const [index, entry] of batch.entries()) {
      const refusal = refused.get(String(index));
      if (!refusal) increment(metricNames.eventsPublished, { event_type: entry.message.event_type });
      else (refusal.SenderFault ? kept : again).push(entry);
    }
    if (refused.size === 0) return;
    const first = out.Failed?.[0];
    const reason = new Error(`SendMessageBatch refused ${refused.size}: ${first?.Code} ${first?.Message ?? ''}`);
    if (tries > 1 && again.length > 0 && Date.now() < sendBy) await sendBatch(again, sendBy, tries - 1);
    else kept.push(...again);
    await keepAllUnsent(kept, reason);
  } catch (error) {
    // The request failed as a whole (unreachable past the SDK's retries, out of time, no such queue): none is
    // known to be queued. Each is kept as unsent; one that was queued after all is stored once, by its id.
    await keepAllUnsent(batch, error);
  }
}

/**
 * The automatic events of a bulk request, queued ten a request (SendMessageBatch) as they come, rather than
 * one request each: SQS bills each request, and the function's time sending them falls with their number.
 * The caller whose event completes a batch waits for its send, so at most nine events wait for a batch;
 * `flush` queues those, and the request answers after it, so that every event is queued (or logged and
 * counted as unsent, as publishUrlEvent's) before the answer, as one link's is before POST /urls answers.
 * Every send ends by `sendBy` (epoch ms), so that a queue that hangs cannot hold the answer past its time.
 */
export function urlEventBatch({ sendBy }: { sendBy: number }) {
  let pending: Pending[] = [];
  return {
    async add(eventType: AutomaticEventType, url: EventUrl): Promise<void> {
      const message = await urlEventMessage(eventType, url);
      pending.push({ message, body: JSON.stringify(message) });
      if (pending.length < BATCH_MESSAGES) return;
      // Taken before the send's await, so that events added meanwhile start the next batch.
      const complete = pending;
      pending = [];
      await sendBatch(complete, sendBy);
    },
    async flush(): Promise<void> {
      const rest = pending;
      pending = [];
      if (rest.length > 0) await sendBatch(rest, sendBy);
    },
  };
}

export type UrlEventBatch = ReturnType<typeof urlEventBatch>;

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
