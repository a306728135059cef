import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { parseJsonExactly } from '../json.js';
import { logger } from '../logger.js';
import { metricNames } from '../metric-names.js';
import { recordCount } from '../metrics.js';
import { reserveEventIds, storeDeliveredEvent } from '../store/events.js';
import { type EventMessage, eventMessage } from './event-message.js';

function parseMessage(record: SQSRecord): EventMessage | undefined {
  try {
    const result = eventMessage.safeParse(parseJsonExactly(record.body));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores a batch of automatic events taken from the queue. One counter update reserves ids for the whole
 * batch; each message is then stored on its own, in parallel. The answer lists the messages that failed,
 * so only they are delivered again: a database error is retried later, and a message that can never be
 * stored (not an event) fails every delivery until the queue moves it to the dead-letter queue.
 */
export async function writeEventBatch(records: SQSRecord[]): Promise<SQSBatchResponse> {
  const failures: string[] = [];
  const messages: { record: SQSRecord; message: EventMessage }[] = [];
  for (const record of records) {
    const message = parseMessage(record);
    if (message) messages.push({ record, message });
    else {
      logger.error('Queue message is not an event; it will go to the dead-letter queue', {
        messageId: record.messageId,
        receiveCount: record.attributes?.ApproximateReceiveCount,
        body: record.body.slice(0, 2048),
      });
      failures.push(record.messageId);
    }
  }

  const counts = { stored: 0, duplicate: 0, dropped: 0 };
  if (messages.length > 0) {
    const firstId = await reserveEventIds(messages.length);
    await Promise.all(
      messages.map(async ({ record, message }, index) => {
        try {
          counts[await storeDeliveredEvent(firstId + index, message)] += 1;
        } catch (error) {
          logger.warn('Event not stored; it will be delivered again', {
            messageId: record.messageId,
            error: error as Error,
          });
          failures.push(record.messageId);
        }
      }),
    );
  }

  await Promise.all([
    recordCount(metricNames.eventsStored, {}, counts.stored),
    recordCount(metricNames.eventsDuplicate, {}, counts.duplicate),
    recordCount(metricNames.eventsDropped, {}, counts.dropped),
    recordCount(metricNames.eventsFailed, {}, failures.length),
  ]);
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}
