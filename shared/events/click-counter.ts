import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../platform/logger.js';
import { metricNames } from '../platform/metric-names.js';
import { recordCount, recordValues } from '../platform/metrics.js';
import { clickChangesOf, countClickChanges } from '../store/stats-counting.js';

/**
 * A batch of the table's stream, as Lambda delivers it with a tumbling window: the window is not used for
 * anything but `shardId`, which a plain stream batch lacks and the counting needs (stats-counting.ts).
 */
export interface ClickStreamEvent extends DynamoDBStreamEvent {
  shardId?: string;
  state?: Record<string, string>;
  isFinalInvokeForWindow?: boolean;
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
