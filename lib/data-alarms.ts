import { Alarm, ComparisonOperator, type MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { alarmThresholds, embeddedMetricTotal, fiveMinutes, throttleEvents } from './monitoring-metrics.js';
import type { AlarmContext } from './service-alarms.js';
import { embeddedMetricNames } from './service-metrics.js';

export interface EventPipelineAlarmsProps {
  eventsQueue: IQueue;
  deadLetterQueue: IQueue;
  importsDeadLetterQueue: IQueue;
  /** What the click counter gave up on (its event source mapping's on-failure destination). */
  clicksNotCounted: IQueue;
  /** The function that counts the statistics from the table's stream: its iterator age is their lag. */
  clickCounter: IFunction;
  /** The webhook deliveries' dead-letter queue, and what the webhook dispatcher gave up on. */
  webhooks: { deadLetterQueue: IQueue; notDispatched: IQueue };
  metricsNamespace: string;
}

/** The metrics of the event pipeline's alarms that the dashboard graphs too. */
export interface EventPipelineMetrics {
  deadLettered: Metric;
  eventsDropped: MathExpression;
  eventsUnsent: MathExpression;
}

/**
 * The event pipeline's own alarms: events that failed, were dropped or never queued, a backlog that ages, the
 * statistics falling behind; and imports that failed.
 */
export function alarmOnEventPipeline(alarms: AlarmContext, props: EventPipelineAlarmsProps): EventPipelineMetrics {
  const deadLettered = props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
    period: fiveMinutes,
    statistic: 'Maximum',
  });
  alarms.notify(
    new Alarm(alarms.scope, 'EventsDeadLettered', {
      alarmName: alarms.named('EventsDeadLettered'),
      alarmDescription:
        'Automatic events failed 5 deliveries and wait in the dead-letter queue (kept 14 days). Runbook: docs/operations.md#eventsdeadlettered',
      metric: deadLettered,
      threshold: alarmThresholds.deadLetteredEvents,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );

  alarms.notify(
    new Alarm(alarms.scope, 'ImportsFailed', {
      alarmName: alarms.named('ImportsFailed'),
      alarmDescription:
        'A bulk import failed 3 deliveries to the import worker and was marked failed. Runbook: docs/operations.md#importsfailed',
      metric: props.importsDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: fiveMinutes,
        statistic: 'Maximum',
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );

  // The writer's counters carry whatever dimensions the code gives them; a Metrics Insights query over
  // the namespace sums every series, so the alarm does not depend on them.
  const eventsDropped = embeddedMetricTotal(
    props.metricsNamespace,
    embeddedMetricNames.eventsDropped,
    'Events dropped',
  );
  alarms.notify(
    new Alarm(alarms.scope, 'EventsDropped', {
      alarmName: alarms.named('EventsDropped'),
      alarmDescription: `The writer dropped ${alarmThresholds.droppedEvents}+ automatic events in 5 minutes because their URL or user no longer exists. Runbook: docs/operations.md#eventsdropped`,
      metric: eventsDropped,
      threshold: alarmThresholds.droppedEvents,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );

  const eventsUnsent = embeddedMetricTotal(
    props.metricsNamespace,
    embeddedMetricNames.eventsUnsent,
    'Events not queued',
  );
  alarms.notify(
    new Alarm(alarms.scope, 'EventsUnsent', {
      alarmName: alarms.named('EventsUnsent'),
      alarmDescription:
        'Routes could not queue automatic events (queue unreachable); they exist only as unsent_event log entries. Runbook: docs/operations.md#eventsunsent',
      metric: eventsUnsent,
      threshold: alarmThresholds.unsentEvents,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );

  const backlogAge = props.eventsQueue.metricApproximateAgeOfOldestMessage({
    period: fiveMinutes,
    statistic: 'Maximum',
  });
  alarms.notify(
    new Alarm(alarms.scope, 'EventsBacklogAging', {
      alarmName: alarms.named('EventsBacklogAging'),
      alarmDescription: `The oldest automatic event on the queue is over ${alarmThresholds.eventBacklogAgeSeconds} s old: the writer is failing or falling behind. Runbook: docs/operations.md#eventsbacklogaging`,
      metric: backlogAge,
      threshold: alarmThresholds.eventBacklogAgeSeconds,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );

  alarms.notify(
    new Alarm(alarms.scope, 'ClicksNotCounted', {
      alarmName: alarms.named('ClicksNotCounted'),
      alarmDescription:
        'The click counter gave up on records of the table stream (a batch that kept failing, or records over an hour old): their clicks are stored but not in the statistics. Runbook: docs/operations.md#clicksnotcounted',
      metric: props.clicksNotCounted.metricApproximateNumberOfMessagesVisible({
        period: fiveMinutes,
        statistic: 'Maximum',
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );

  alarms.notify(
    new Alarm(alarms.scope, 'StatisticsBehind', {
      alarmName: alarms.named('StatisticsBehind'),
      alarmDescription: `The click counter reads the table's stream over ${alarmThresholds.statisticsLagSeconds} s behind: the statistics lag the events. Runbook: docs/operations.md#statisticsbehind`,
      metric: props.clickCounter.metric('IteratorAge', {
        period: fiveMinutes,
        statistic: 'Maximum',
      }),
      threshold: alarmThresholds.statisticsLagSeconds * 1000,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );
  return { deadLettered, eventsDropped, eventsUnsent };
}

/**
 * Hot keys: DynamoDB's own counts of throttled reads and writes, for the table and for each index apart
 * (each has its own partitions), and of transactions cancelled by conflicts.
 */
export function alarmOnTableContention(
  alarms: AlarmContext,
  table: { tableName: string; indexNames: readonly string[] },
): void {
  for (const index of [undefined, ...table.indexNames]) {
    const name = index ? `DynamoDbThrottling${index}` : 'DynamoDbThrottling';
    alarms.notify(
      new Alarm(alarms.scope, name, {
        alarmName: alarms.named(name),
        alarmDescription: `${alarmThresholds.throttleEvents}+ throttled reads and writes of the ${index ? `index ${index}` : 'table'} in each of two 5-minute periods: a partition key value stays over DynamoDB's limit. Runbook: docs/operations.md#dynamodbthrottling`,
        metric: throttleEvents(table.tableName, index),
        threshold: alarmThresholds.throttleEvents,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 2,
        datapointsToAlarm: 2,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
  }
  alarms.notify(
    new Alarm(alarms.scope, 'DynamoDbTransactionConflicts', {
      alarmName: alarms.named('DynamoDbTransactionConflicts'),
      alarmDescription: `${alarmThresholds.transactionConflicts}+ transaction items rejected for conflicts in 5 minutes: many requests write the same items at once. Runbook: docs/operations.md#dynamodbtransactionconflicts`,
      metric: new Metric({
        namespace: 'AWS/DynamoDB',
        metricName: 'TransactionConflict',
        dimensionsMap: { TableName: table.tableName },
        statistic: 'Sum',
        period: fiveMinutes,
      }),
      threshold: alarmThresholds.transactionConflicts,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );
}

/**
 * Webhooks that failed for good: deliveries whose last attempt failed (or whose webhook was disabled), messages
 * the deliverer could not handle at all, and stored events the dispatcher gave up on.
 */
export function alarmOnWebhooks(alarms: AlarmContext, props: EventPipelineAlarmsProps): void {
  const failed = embeddedMetricTotal(
    props.metricsNamespace,
    embeddedMetricNames.webhooksFailed,
    'Webhook deliveries failed',
  );
  const queued = (queue: IQueue) =>
    queue.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum' });
  const watched = [
    {
      id: 'WebhookDeliveriesFailed',
      description:
        "Webhook deliveries failed for good: every attempt of the schedule failed, or the receiver answered 410, or 5 days passed without a success (the webhook is disabled). The receivers' owners see them in GET .../deliveries. Runbook: docs/operations.md#webhookdeliveriesfailed",
      metric: failed,
    },
    {
      id: 'WebhookDeliveriesDeadLettered',
      description:
        'Webhook deliveries the deliverer could not handle 5 times (the table or the queue failing, not a receiver) wait in the dead-letter queue. Runbook: docs/operations.md#webhookdeliveriesdeadlettered',
      metric: queued(props.webhooks.deadLetterQueue),
    },
    {
      id: 'WebhooksNotDispatched',
      description:
        'The webhook dispatcher gave up on records of the table stream: their events are stored but were not sent to webhooks. Runbook: docs/operations.md#webhooksnotdispatched',
      metric: queued(props.webhooks.notDispatched),
    },
  ];
  for (const { id, description, metric } of watched) {
    alarms.notify(
      new Alarm(alarms.scope, id, {
        alarmName: alarms.named(id),
        alarmDescription: description,
        metric,
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
  }
}
