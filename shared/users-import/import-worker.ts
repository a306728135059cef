import type { Context, SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { NotFoundError, OverloadedError } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { importsQueueSchema } from '../store/table-schema.js';
import { failImport, getImport } from './user-import.js';
import { continueUserImport, type ImportMessage, queueImport, stoppedDetail } from './user-imports.js';

/** Time kept back from the worker's timeout to record the part in flight and queue what is left. */
const WORKER_MARGIN_MS = 30_000;
/** How long an import waits after the table stayed busy past the retries. */
const OVERLOAD_PAUSE_SECONDS = 5;

const importIdOf = (record: SQSRecord): string | undefined => {
  try {
    const message = JSON.parse(record.body) as Partial<ImportMessage>;
    return typeof message.import_id === 'string' ? message.import_id : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Goes on with the imports handed off (one a message): stores their parts until the invocation's time runs
 * short, then queues what is left as a new message. A failure is retried by the queue's redelivery, from the
 * last part recorded; at the last delivery the import is marked failed, saying how far it got.
 */
export async function goOnWithImports(
  records: SQSRecord[],
  context: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<SQSBatchResponse> {
  const failures: string[] = [];
  for (const record of records) {
    const importId = importIdOf(record);
    if (!importId) {
      logger.error('Queue message is not an import; it will go to the dead-letter queue', {
        messageId: record.messageId,
        body: record.body.slice(0, 256),
      });
      failures.push(record.messageId);
      continue;
    }
    try {
      const deadline = Date.now() + context.getRemainingTimeInMillis() - WORKER_MARGIN_MS;
      const progress = await continueUserImport(importId, deadline);
      if (progress.status === 'running') await queueImport(importId);
    } catch (error) {
      if (error instanceof NotFoundError) {
        logger.warn('An import handed off no longer exists', { importId });
        continue;
      }
      // A table busy past the retries (a new on-demand table warming up to a large import): the import goes
      // on a little later, as a new message, without using up this one's deliveries.
      if (error instanceof OverloadedError) {
        logger.warn('An import paused: the table is busy', { importId });
        await queueImport(importId, OVERLOAD_PAUSE_SECONDS);
        continue;
      }
      const lastDelivery = Number(record.attributes?.ApproximateReceiveCount) >= importsQueueSchema.maxReceiveCount;
      logger.error(lastDelivery ? 'An import failed' : 'An import stopped; its message will be delivered again', {
        importId,
        error: error as Error,
      });
      if (lastDelivery) await failImport(importId, stoppedDetail(await getImport(importId)));
      failures.push(record.messageId);
    }
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}
