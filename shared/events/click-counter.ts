import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBRecord, DynamoDBStreamEvent, AttributeValue as StreamAttributeValue } from 'aws-lambda';
import { logger } from '../platform/logger.js';
import { metricNames } from '../platform/metric-names.js';
import { recordCount, recordValues } from '../platform/metrics.js';
import { CLICK, type OwnedEvent, toOwnedEvent } from '../store/event-items.js';
import { type ClickChange, countClickChanges } from '../store/stats-counting.js';
import { sortableSequence } from '../store/stats-items.js';

/**
 * A batch of the table's stream, as Lambda delivers it with a tumbling window: the window is not used for
 * anything but `shardId`, which a plain stream batch lacks and the counting needs (stats-counting.ts).
 */
export interface ClickStreamEvent extends DynamoDBStreamEvent {
  shardId?: string;
  state?: Record<string, string>;
  isFinalInvokeForWindow?: boolean;
}

/** The click events stored and deleted among a batch of stream records, in their order. */
export function clickChangesOf(records: DynamoDBRecord[]): ClickChange[] {
  return records.flatMap((record): ClickChange[] => {
    const image =
      record.eventName === 'INSERT'
        ? record.dynamodb?.NewImage
        : record.eventName === 'REMOVE'
          ? record.dynamodb?.OldImage
          : undefined;
    const sequence = record.dynamodb?.SequenceNumber;
    if (!image || image.event_type?.S !== CLICK || sequence === undefined) return [];
    const item = unmarshall(image as Parameters<typeof unmarshall>[0] & Record<string, StreamAttributeValue>);
    const click: OwnedEvent = {
      ...toOwnedEvent(item),
      ...(typeof item.visitor_batch === 'string' && { visitor_batch: item.visitor_batch }),
    };
    return [{ by: record.eventName === 'INSERT' ? 1 : -1, sequence: sortableSequence(sequence), click }];
  });
}

/** A tumbling window's answer must carry a `state`, or Lambda takes the invocation as failed. */
export interface ClickStreamResponse {
  state: Record<string, string>;
  batchItemFailures: { itemIdentifier: string }[];
}

/** Time kept back from the invocation's deadline: past it, the batch fails and is delivered again. */
const ANSWER_MARGIN_MS = 2000;

/**
 * Counts the clicks a batch of the table's stream stored or deleted into the statistics, each once however
 * often the batch comes. A failure fails the whole batch: Lambda delivers it again, and what was counted of
 * it is skipped then.
 */
export async function countClickStream(
  event: ClickStreamEvent,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<ClickStreamResponse> {
  if (event.Records.length === 0) return { state: {}, batchItemFailures: [] };
  if (!event.shardId) throw new Error('Configuration error: the stream is read without a tumbling window (no shardId)');
  const deadline = Date.now() + (context?.getRemainingTimeInMillis() ?? 60_000) - ANSWER_MARGIN_MS;
  const changes = clickChangesOf(event.Records);
  try {
    await countClickChanges(event.shardId, changes, deadline);
  } catch (error) {
    logger.warn('Clicks not counted; the batch will be delivered again', {
      shard: event.shardId,
      records: event.Records.length,
      error: error as Error,
    });
    throw error;
  }
  const now = Date.now();
  await Promise.all([
    recordCount(metricNames.clicksCounted, {}, changes.length),
    recordValues(
      metricNames.countDelay,
      event.Records.flatMap((record) => {
        const at = record.dynamodb?.ApproximateCreationDateTime;
        return at === undefined ? [] : [Math.max(0, now - at * 1000)];
      }),
    ),
  ]);
  return { state: {}, batchItemFailures: [] };
}
