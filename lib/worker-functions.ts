import { Duration } from 'aws-cdk-lib';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { clickCounter, eventWriter, importWorker, webhookDeliverer, webhookDispatcher } from '../shared/api/routes.js';
import {
  clickStreamSchema,
  eventsQueueSchema,
  importsQueueSchema,
  webhookDeliveriesQueueSchema,
  webhookStreamSchema,
} from '../shared/store/table-schema.js';
import type { QueuePair } from './queue-pair.js';
import { ServiceFunction } from './service-function.js';
import type { ServiceTable } from './service-table.js';

/** What every function of the stack is given. */
export interface FunctionSettings {
  metricsNamespace: string;
  logRetention: RetentionDays;
}

/** The event writer: stores the automatic events the routes queue, in batches. */
export function eventWriterFunction(
  scope: Construct,
  settings: FunctionSettings,
  { table }: ServiceTable,
  events: QueuePair,
): ServiceFunction {
  const writer = new ServiceFunction(scope, 'EventWriter', {
    entry: eventWriter.handler,
    metricsNamespace: settings.metricsNamespace,
    timeout: Duration.seconds(eventsQueueSchema.writerTimeoutSeconds),
    logRetention: settings.logRetention,
  });
  writer.useTable(table, eventWriter.table, eventWriter.indexes);
  writer.addEventSource(
    new SqsEventSource(events.queue, {
      batchSize: eventsQueueSchema.batchSize,
      maxBatchingWindow: Duration.seconds(eventsQueueSchema.maxBatchingWindowSeconds),
      reportBatchItemFailures: true,
    }),
  );
  return writer;
}

/** Bulk imports that outlast their request go on here, one import a message (shared/users-import/). */
export function importWorkerFunction(
  scope: Construct,
  settings: FunctionSettings,
  { table }: ServiceTable,
  imports: QueuePair,
): ServiceFunction {
  const importer = new ServiceFunction(scope, 'ImportWorker', {
    entry: importWorker.handler,
    metricsNamespace: settings.metricsNamespace,
    memorySize: 1024,
    timeout: Duration.seconds(importsQueueSchema.workerTimeoutSeconds),
    logRetention: settings.logRetention,
  });
  importer.useTable(table, importWorker.table, importWorker.indexes);
  importer.handOffImportsTo(imports.queue);
  importer.addEventSource(
    new SqsEventSource(imports.queue, { batchSize: importsQueueSchema.batchSize, reportBatchItemFailures: true }),
  );
  return importer;
}

/**
 * The statistics are counted from the table's stream: each click event stored or deleted, once
 * (shared/store/stats-counting.ts). A failed batch is split in two down to the record that fails, each part
 * tried a bounded number of times and for at most an hour after its records were written; what is given up
 * goes to `failures` (its shard and sequence numbers), watched by the ClicksNotCounted alarm, and is counted
 * again from the stored events with `npm run recount-stats`. The StatisticsBehind alarm (its IteratorAge) tells
 * when it falls behind.
 */
export function clickCounterFunction(
  scope: Construct,
  settings: FunctionSettings,
  { table }: ServiceTable,
  failures: IQueue,
): ServiceFunction {
  const counter = new ServiceFunction(scope, 'ClickCounter', {
    entry: clickCounter.handler,
    metricsNamespace: settings.metricsNamespace,
    timeout: Duration.seconds(clickStreamSchema.counterTimeoutSeconds),
    logRetention: settings.logRetention,
  });
  counter.useTable(table, clickCounter.table, clickCounter.indexes);
  counter.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: clickStreamSchema.batchSize,
      maxBatchingWindow: Duration.seconds(clickStreamSchema.maxBatchingWindowSeconds),
      tumblingWindow: Duration.seconds(clickStreamSchema.tumblingWindowSeconds),
      filters: clickStreamSchema.filters.map((pattern) => FilterCriteria.filter(pattern)),
      bisectBatchOnError: clickStreamSchema.bisectBatchOnError,
      retryAttempts: clickStreamSchema.retryAttempts,
      maxRecordAge: Duration.seconds(clickStreamSchema.maxRecordAgeSeconds),
      onFailure: new SqsDlq(failures),
    }),
  );
  return counter;
}

/**
 * Webhooks are fed from what is stored: the table's stream, read by the dispatcher with the click counter's
 * failure handling (bisect, bounded retries and age; what it gives up goes to `failures`, watched by the
 * WebhooksNotDispatched alarm), which queues one delivery per event and webhook.
 */
export function webhookDispatcherFunction(
  scope: Construct,
  settings: FunctionSettings,
  { table }: ServiceTable,
  deliveries: QueuePair,
  failures: IQueue,
): ServiceFunction {
  const dispatcher = new ServiceFunction(scope, 'WebhookDispatcher', {
    entry: webhookDispatcher.handler,
    metricsNamespace: settings.metricsNamespace,
    timeout: Duration.seconds(webhookStreamSchema.dispatcherTimeoutSeconds),
    logRetention: settings.logRetention,
  });
  dispatcher.useTable(table, webhookDispatcher.table, webhookDispatcher.indexes);
  dispatcher.queueWebhookDeliveriesTo(deliveries.queue);
  dispatcher.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: StartingPosition.LATEST,
      batchSize: webhookStreamSchema.batchSize,
      maxBatchingWindow: Duration.seconds(webhookStreamSchema.maxBatchingWindowSeconds),
      filters: webhookStreamSchema.filters.map((pattern) => FilterCriteria.filter(pattern)),
      bisectBatchOnError: webhookStreamSchema.bisectBatchOnError,
      retryAttempts: webhookStreamSchema.retryAttempts,
      maxRecordAge: Duration.seconds(webhookStreamSchema.maxRecordAgeSeconds),
      onFailure: new SqsDlq(failures),
    }),
  );
  return dispatcher;
}

/**
 * The deliverer: one attempt per message, ten at once; a failed attempt queues the next (delayed, chained past
 * SQS's 15 minutes by the message's due time), so the schedule's long waits are kept by SQS, not by a function.
 */
export function webhookDelivererFunction(
  scope: Construct,
  settings: FunctionSettings,
  { table }: ServiceTable,
  deliveries: QueuePair,
): ServiceFunction {
  const deliverer = new ServiceFunction(scope, 'WebhookDeliverer', {
    entry: webhookDeliverer.handler,
    metricsNamespace: settings.metricsNamespace,
    timeout: Duration.seconds(webhookDeliveriesQueueSchema.delivererTimeoutSeconds),
    logRetention: settings.logRetention,
  });
  deliverer.useTable(table, webhookDeliverer.table, webhookDeliverer.indexes);
  deliverer.queueWebhookDeliveriesTo(deliveries.queue);
  deliverer.addEventSource(
    new SqsEventSource(deliveries.queue, {
      batchSize: webhookDeliveriesQueueSchema.batchSize,
      maxConcurrency: webhookDeliveriesQueueSchema.maxConcurrency,
      reportBatchItemFailures: true,
    }),
  );
  return deliverer;
}
