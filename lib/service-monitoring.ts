import { Aws, Duration, Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  AlarmRule,
  AlarmStatusWidget,
  ComparisonOperator,
  CompositeAlarm,
  Dashboard,
  GraphWidget,
  type IAlarm,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { embeddedMetricNames } from './service-metrics.js';

/**
 * The alarms' thresholds, in one place; docs/operations.md explains each. Ratios are fractions (0.03 is 3 %).
 */
const alarmThresholds = {
  /** Unhandled failures (crash, timeout, failed start) of one function in 5 minutes. */
  functionFailures: 3,
  /** Share of 5xx answers over three consecutive minutes that means the whole service is down. */
  fleetDownErrorRatio: 0.5,
  /** Requests per minute below which a minute does not count towards ServiceFleetDown. */
  fleetDownMinimumRequests: 5,
  /** Answers the gateway produced itself because it got none from a function, in 5 minutes. */
  gatewayFailures: 5,
  /** Share of 5xx answers in 5 minutes (the reference threshold: 3 %). */
  errorRatio: 0.03,
  /** p95 of the latency at either entrance in 5 minutes, ms (the reference and load-test target: 2 s). */
  latencyP95Ms: 2000,
  /** Requests in 5 minutes below which the error ratio and p95 are not judged (one slow request is not a p95). */
  minimumRequests: 20,
  /** Share of the account's Lambda concurrency quota in use, percent (the reference "CPU" threshold: 80 %). */
  concurrencyUtilizationPercent: 80,
  /** Messages in the dead-letter queue. */
  deadLetteredEvents: 1,
  /** Automatic events dropped by the writer in 5 minutes. */
  droppedEvents: 10,
  /** Automatic events a route could not queue, in 5 minutes. */
  unsentEvents: 1,
  /**
   * Age of the oldest message on the events queue, seconds. Events are listed within a few seconds even under
   * a viral link (docs/capacity.md); a minute means the writer is failing or cannot keep up.
   */
  eventBacklogAgeSeconds: 60,
  /**
   * Age of the newest stream record the click counter has read when it reads it, seconds. The counter
   * follows the stored clicks by its batching window (2 s); a minute means it is failing or cannot keep up,
   * and the statistics lag the event history.
   */
  statisticsLagSeconds: 60,
  /**
   * Throttled reads and writes of the table, or of one index, in 5 minutes, two periods in a row. A burst is
   * expected when a list gets hot (the writer widens it within seconds); what lasts is a key the design does
   * not spread (docs/capacity.md, "next ceilings").
   */
  throttleEvents: 500,
  /** Transactions cancelled by a conflict with another, in 5 minutes: no hot path uses a transaction any more. */
  transactionConflicts: 50,
} as const;

export interface MonitoredFunction {
  /** A readable name for alarm names and graphs: the route's name, or `EventWriter`. */
  name: string;
  handler: IFunction;
}

export interface ServiceMonitoringProps {
  api: RestApi;
  /**
   * The redirect's function, whose URL serves the short links without API Gateway: its URL's requests, errors
   * and latency count with the API's in the alarms on the whole service.
   */
  shortLinks: IFunction;
  /** The table, and the names of its indexes, whose throttling and conflicts are watched. */
  table: { tableName: string; indexNames: readonly string[] };
  /** The API's access log group, in the JSON format of `ServiceApi`. */
  accessLogs: ILogGroup;
  /** Every function that serves a request or an event. */
  functions: readonly MonitoredFunction[];
  eventsQueue: IQueue;
  /** The function that counts the statistics from the table's stream: its iterator age is their lag. */
  clickCounter: IFunction;
  deadLetterQueue: IQueue;
  /** Where an import the worker could not finish goes, once it is marked failed. */
  importsDeadLetterQueue: IQueue;
  /**
   * An e-mail address subscribed to the alarm topic (AWS sends it a confirmation link first).
   * @default - no subscription: subscribe to the AlarmTopic output later
   */
  alarmEmail?: string;
  /**
   * A deployment's stage (`staging`): every alarm's name starts with it (`staging-HighErrorRate`), so that
   * several deployments can share an account and Region. @default - the names of the specification, as they are
   */
  stage?: string;
  /** The namespace of the functions' embedded metrics (service-metrics.ts). */
  metricsNamespace: string;
}

const fiveMinutes = Duration.minutes(5);
const oneMinute = Duration.minutes(1);

/**
 * The spec's alerts, mapped to what a serverless deployment has (there are no instances, replicas or load
 * balancer), plus the event pipeline's own alarms, all notifying one SNS topic; and a dashboard.
 * docs/operations.md has the table of what each alarm watches and what to do.
 */
export class ServiceMonitoring extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: IAlarm[] = [];

  constructor(scope: Construct, id: string, props: ServiceMonitoringProps) {
    super(scope, id);
    const stackName = Stack.of(this).stackName;
    const named = (name: string) => (props.stage ? `${props.stage}-${name}` : name);
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'URL shortener alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const stage = props.api.deploymentStage;
    const requests = (period: Duration) => stage.metricCount({ period, statistic: 'Sum' });
    const serverErrors = (period: Duration) => stage.metricServerError({ period, statistic: 'Sum' });
    // The short links' entrance: Lambda's metrics of the redirect's function URL (not its API route's calls).
    const shortLinkMetric = (metricName: string, period: Duration, statistic: string) =>
      new Metric({
        namespace: 'AWS/Lambda',
        metricName,
        dimensionsMap: { FunctionName: props.shortLinks.functionName },
        statistic,
        period,
      });
    // Both entrances together, each filled with 0 where it had no traffic (a quiet one must not hide the other).
    const atBothEntrances = (label: string, kind: 'Requests' | 'Errors', api: Metric, shortLinks: Metric) =>
      new MathExpression({
        label,
        expression: `FILL(api${kind}, 0) + FILL(url${kind}, 0)`,
        usingMetrics: { [`api${kind}`]: api, [`url${kind}`]: shortLinks },
        period: api.period,
      });
    const allRequests = (period: Duration) =>
      atBothEntrances(
        'requests (API and short links)',
        'Requests',
        requests(period),
        shortLinkMetric('UrlRequestCount', period, 'Sum'),
      );
    const allServerErrors = (period: Duration) =>
      atBothEntrances(
        '5xx answers (API and short links)',
        'Errors',
        serverErrors(period),
        shortLinkMetric('Url5xxCount', period, 'Sum'),
      );

    // AppInstanceDown: a function is the unit that runs the code; one that keeps failing outside its
    // error handling (crash, timeout, out of memory, configuration error at start) is the instance that is down.
    const functionAlarms = props.functions.map(
      ({ name, handler }) =>
        new Alarm(this, `${name}Failing`, {
          alarmName: `${stackName}-${name}-failing`,
          alarmDescription: `The ${name} function failed (crash, timeout or failed start) ${alarmThresholds.functionFailures}+ times in 5 minutes. Part of AppInstanceDown.`,
          metric: handler.metricErrors({ period: fiveMinutes, statistic: 'Sum' }),
          threshold: alarmThresholds.functionFailures,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
    );
    this.notify(
      new CompositeAlarm(this, 'AppInstanceDown', {
        compositeAlarmName: named('AppInstanceDown'),
        alarmDescription:
          'At least one function keeps failing outside its error handling. The triggering child alarm names it. Runbook: docs/operations.md#appinstancedown',
        alarmRule: AlarmRule.anyOf(...functionAlarms),
      }),
    );

    this.notify(
      new Alarm(this, 'ServiceFleetDown', {
        alarmName: named('ServiceFleetDown'),
        alarmDescription: `${alarmThresholds.fleetDownErrorRatio * 100} % or more of all requests (API and short links) answered 5xx for 3 consecutive minutes: the service is down for everyone. Runbook: docs/operations.md#servicefleetdown`,
        metric: new MathExpression({
          label: `5xx share of requests (minutes with at least ${alarmThresholds.fleetDownMinimumRequests} requests)`,
          expression: `IF(requests >= ${alarmThresholds.fleetDownMinimumRequests}, errors / requests, 0)`,
          usingMetrics: { requests: allRequests(oneMinute), errors: allServerErrors(oneMinute) },
          period: oneMinute,
        }),
        threshold: alarmThresholds.fleetDownErrorRatio,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 3,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    // LoadBalancerDown: API Gateway is the load balancer here. Its own 5xx answers (it could not invoke a
    // function, or got no valid answer in time) are counted from the access log's responseType.
    const gatewayFailures = new MetricFilter(this, 'GatewayFailures', {
      logGroup: props.accessLogs,
      metricNamespace: props.metricsNamespace,
      metricName: 'gateway_failures_total',
      filterPattern: FilterPattern.any(
        ...['INTEGRATION_FAILURE', 'INTEGRATION_TIMEOUT', 'API_CONFIGURATION_ERROR', 'DEFAULT_5XX'].map((type) =>
          FilterPattern.stringValue('$.responseType', '=', type),
        ),
      ),
      metricValue: '1',
      defaultValue: 0,
    });
    this.notify(
      new Alarm(this, 'LoadBalancerDown', {
        alarmName: named('LoadBalancerDown'),
        alarmDescription: `API Gateway answered ${alarmThresholds.gatewayFailures}+ requests in 5 minutes with its own 5xx (function not invocable, invalid answer, or 29 s timeout). Runbook: docs/operations.md#loadbalancerdown`,
        metric: gatewayFailures.metric({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: alarmThresholds.gatewayFailures,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    this.notify(
      new Alarm(this, 'HighErrorRate', {
        alarmName: named('HighErrorRate'),
        alarmDescription: `More than ${alarmThresholds.errorRatio * 100} % of requests (API and short links) answered 5xx in 5 minutes (judged from ${alarmThresholds.minimumRequests} requests up). Runbook: docs/operations.md#higherrorrate`,
        metric: new MathExpression({
          label: '5xx share of requests',
          expression: `IF(requests >= ${alarmThresholds.minimumRequests}, errors / requests, 0)`,
          usingMetrics: { requests: allRequests(fiveMinutes), errors: allServerErrors(fiveMinutes) },
          period: fiveMinutes,
        }),
        threshold: alarmThresholds.errorRatio,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    this.notify(
      new Alarm(this, 'HighLatencyP95', {
        alarmName: named('HighLatencyP95'),
        alarmDescription: `The 95th percentile of request latency at the API's gateway or at the short links' function URL exceeded ${alarmThresholds.latencyP95Ms} ms over 5 minutes (each judged from ${alarmThresholds.minimumRequests} requests up). Runbook: docs/operations.md#highlatencyp95`,
        // Percentiles of two populations do not add up: each entrance's p95 is judged, and the worse one counts.
        metric: new MathExpression({
          label: 'p95 latency, the worse entrance (ms)',
          expression: 'MAX([apiP95, urlP95])',
          usingMetrics: {
            apiP95: new MathExpression({
              label: 'p95 at the API gateway (ms)',
              expression: `IF(FILL(apiRequests, 0) >= ${alarmThresholds.minimumRequests}, FILL(apiLatency, 0), 0)`,
              usingMetrics: {
                apiRequests: requests(fiveMinutes),
                apiLatency: stage.metricLatency({ period: fiveMinutes, statistic: 'p95' }),
              },
              period: fiveMinutes,
            }),
            urlP95: new MathExpression({
              label: "p95 at the short links' function URL (ms)",
              expression: `IF(FILL(urlRequests, 0) >= ${alarmThresholds.minimumRequests}, FILL(urlLatency, 0), 0)`,
              usingMetrics: {
                urlRequests: shortLinkMetric('UrlRequestCount', fiveMinutes, 'Sum'),
                urlLatency: shortLinkMetric('UrlRequestLatency', fiveMinutes, 'p95'),
              },
              period: fiveMinutes,
            }),
          },
          period: fiveMinutes,
        }),
        threshold: alarmThresholds.latencyP95Ms,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    // HighCPUReplica: a function's CPU grows with its memory and is not measured; what saturates is
    // concurrency. Past the account's quota, every function of the Region is throttled.
    const concurrencyUtilization = new MathExpression({
      label: 'Lambda concurrency in use (% of the account quota)',
      expression: '100 * claimed / SERVICE_QUOTA(concurrent)',
      usingMetrics: {
        claimed: new Metric({
          namespace: 'AWS/Lambda',
          metricName: 'ClaimedAccountConcurrency',
          statistic: 'Maximum',
          period: oneMinute,
        }),
        concurrent: new Metric({
          namespace: 'AWS/Lambda',
          metricName: 'ConcurrentExecutions',
          statistic: 'Maximum',
          period: oneMinute,
        }),
      },
      period: oneMinute,
    });
    this.notify(
      new Alarm(this, 'HighCPUReplica', {
        alarmName: named('HighCPUReplica'),
        alarmDescription: `Lambda concurrency claimed in this Region above ${alarmThresholds.concurrencyUtilizationPercent} % of the account's quota for 3 minutes; at 100 % requests are throttled. Runbook: docs/operations.md#highcpureplica`,
        metric: concurrencyUtilization,
        threshold: alarmThresholds.concurrencyUtilizationPercent,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 3,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    const deadLettered = props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
      period: fiveMinutes,
      statistic: 'Maximum',
    });
    this.notify(
      new Alarm(this, 'EventsDeadLettered', {
        alarmName: named('EventsDeadLettered'),
        alarmDescription:
          'Automatic events failed 5 deliveries and wait in the dead-letter queue (kept 14 days). Runbook: docs/operations.md#eventsdeadlettered',
        metric: deadLettered,
        threshold: alarmThresholds.deadLetteredEvents,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    this.notify(
      new Alarm(this, 'ImportsFailed', {
        alarmName: named('ImportsFailed'),
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
    this.notify(
      new Alarm(this, 'EventsDropped', {
        alarmName: named('EventsDropped'),
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
    this.notify(
      new Alarm(this, 'EventsUnsent', {
        alarmName: named('EventsUnsent'),
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
    this.notify(
      new Alarm(this, 'EventsBacklogAging', {
        alarmName: named('EventsBacklogAging'),
        alarmDescription: `The oldest automatic event on the queue is over ${alarmThresholds.eventBacklogAgeSeconds} s old: the writer is failing or falling behind. Runbook: docs/operations.md#eventsbacklogaging`,
        metric: backlogAge,
        threshold: alarmThresholds.eventBacklogAgeSeconds,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    this.notify(
      new Alarm(this, 'StatisticsBehind', {
        alarmName: named('StatisticsBehind'),
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

    // Hot keys: DynamoDB's own counts of throttled reads and writes, for the table and for each index apart
    // (each has its own partitions), and of transactions cancelled by conflicts.
    // Ids are unique across a graph that shows the table and every index together.
    const throttleEvents = (index: string | undefined) =>
      new MathExpression({
        label: `throttled reads and writes${index ? ` (${index})` : ''}`,
        expression: `reads${index ?? 'Table'} + writes${index ?? 'Table'}`,
        usingMetrics: Object.fromEntries(
          (['Read', 'Write'] as const).map((kind) => [
            `${kind === 'Read' ? 'reads' : 'writes'}${index ?? 'Table'}`,
            new Metric({
              namespace: 'AWS/DynamoDB',
              metricName: `${kind}ThrottleEvents`,
              dimensionsMap: {
                TableName: props.table.tableName,
                ...(index && { GlobalSecondaryIndexName: index }),
              },
              statistic: 'Sum',
              period: fiveMinutes,
            }),
          ]),
        ),
        period: fiveMinutes,
      });
    for (const index of [undefined, ...props.table.indexNames]) {
      const name = index ? `DynamoDbThrottling${index}` : 'DynamoDbThrottling';
      this.notify(
        new Alarm(this, name, {
          alarmName: named(name),
          alarmDescription: `${alarmThresholds.throttleEvents}+ throttled reads and writes of the ${index ? `index ${index}` : 'table'} in each of two 5-minute periods: a partition key value stays over DynamoDB's limit. Runbook: docs/operations.md#dynamodbthrottling`,
          metric: throttleEvents(index),
          threshold: alarmThresholds.throttleEvents,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 2,
          datapointsToAlarm: 2,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }
    this.notify(
      new Alarm(this, 'DynamoDbTransactionConflicts', {
        alarmName: named('DynamoDbTransactionConflicts'),
        alarmDescription: `${alarmThresholds.transactionConflicts}+ transaction items rejected for conflicts in 5 minutes: many requests write the same items at once. Runbook: docs/operations.md#dynamodbtransactionconflicts`,
        metric: new Metric({
          namespace: 'AWS/DynamoDB',
          metricName: 'TransactionConflict',
          dimensionsMap: { TableName: props.table.tableName },
          statistic: 'Sum',
          period: fiveMinutes,
        }),
        threshold: alarmThresholds.transactionConflicts,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: stackName,
      defaultInterval: Duration.hours(3),
    });
    const byFunction = (metric: (fn: IFunction) => Metric) =>
      props.functions.map(({ name, handler }) => metric(handler).with({ label: name }));
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }));
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Requests at the gateway',
        left: [
          requests(oneMinute).with({ label: 'all' }),
          stage.metricClientError({ period: oneMinute, statistic: 'Sum', label: '4xx' }),
          serverErrors(oneMinute).with({ label: '5xx' }),
          gatewayFailures.metric({ period: oneMinute, statistic: 'Sum', label: '5xx from the gateway itself' }),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'Function answers by status',
        left: [
          new MathExpression({
            label: '',
            expression: `SELECT SUM(${embeddedMetricNames.requests}) FROM SCHEMA(${quoted(props.metricsNamespace)}, method, route, status) GROUP BY status`,
            period: oneMinute,
          }),
        ],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Latency at the gateway (ms)',
        left: ['p50', 'p95', 'p99'].map((statistic) =>
          stage.metricLatency({ period: oneMinute, statistic, label: statistic }),
        ),
        right: [stage.metricIntegrationLatency({ period: oneMinute, statistic: 'p95', label: 'in functions, p95' })],
        leftAnnotations: [{ value: alarmThresholds.latencyP95Ms, label: 'HighLatencyP95' }],
        width: 8,
      }),
      new GraphWidget({
        // Metrics Insights has no percentiles: the average per route still shows which one is slow.
        title: 'Time in the handler by route (average, ms)',
        left: [
          new MathExpression({
            label: '',
            expression: `SELECT AVG(${embeddedMetricNames.requestDuration}) FROM SCHEMA(${quoted(props.metricsNamespace)}, method, route, status) GROUP BY route`,
            period: oneMinute,
          }),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'Lambda concurrency (% of quota)',
        left: [concurrencyUtilization],
        leftAnnotations: [{ value: alarmThresholds.concurrencyUtilizationPercent, label: 'HighCPUReplica' }],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: "Short links at the function URL (the redirect's, without API Gateway)",
        left: [
          shortLinkMetric('UrlRequestCount', oneMinute, 'Sum').with({ label: 'all' }),
          shortLinkMetric('Url4xxCount', oneMinute, 'Sum').with({ label: '4xx (429: reserved concurrency exhausted)' }),
          shortLinkMetric('Url5xxCount', oneMinute, 'Sum').with({ label: '5xx' }),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'Latency at the function URL (ms)',
        left: ['p50', 'p95', 'p99'].map((statistic) =>
          shortLinkMetric('UrlRequestLatency', oneMinute, statistic).with({ label: statistic }),
        ),
        leftAnnotations: [{ value: alarmThresholds.latencyP95Ms, label: 'HighLatencyP95' }],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Function errors',
        left: byFunction((fn) => fn.metricErrors({ period: oneMinute, statistic: 'Sum' })),
        width: 12,
      }),
      new GraphWidget({
        title: 'Function throttles',
        left: byFunction((fn) => fn.metricThrottles({ period: oneMinute, statistic: 'Sum' })),
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Events queue',
        left: [
          props.eventsQueue.metricApproximateAgeOfOldestMessage({
            period: oneMinute,
            statistic: 'Maximum',
            label: 'oldest message age (s)',
          }),
        ],
        right: [deadLettered.with({ period: oneMinute, label: 'dead-letter queue depth' })],
        width: 12,
      }),
      new GraphWidget({
        title: 'Events lost to the history',
        left: [eventsDropped.with({ period: oneMinute }), eventsUnsent.with({ period: oneMinute })],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'DynamoDB throttling (table and each index)',
        left: [undefined, ...props.table.indexNames].map((index) => throttleEvents(index).with({ period: oneMinute })),
        width: 12,
      }),
      new GraphWidget({
        title: 'Delay from an event to its storage (ms)',
        left: ['p50', 'p99'].map(
          (statistic) =>
            new Metric({
              namespace: props.metricsNamespace,
              metricName: embeddedMetricNames.eventDelay,
              statistic,
              period: oneMinute,
              label: statistic,
            }),
        ),
        width: 12,
      }),
    );
  }

  /** A link to the dashboard in the console of the stack's Region. */
  get dashboardUrl(): string {
    return `https://${Aws.REGION}.console.aws.amazon.com/cloudwatch/home?region=${Aws.REGION}#dashboards:name=${this.dashboard.dashboardName}`;
  }

  private notify<T extends Alarm | CompositeAlarm>(alarm: T): T {
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
    return alarm;
  }
}

/** A namespace in a Metrics Insights query: quoted, as one with a `/` (a stage's) must be. */
const quoted = (namespace: string) => `"${namespace}"`;

/** One embedded metric summed over all its series, whatever their dimensions (a Metrics Insights query). */
function embeddedMetricTotal(namespace: string, metricName: string, label: string): MathExpression {
  return new MathExpression({
    label,
    expression: `SELECT SUM(${metricName}) FROM ${quoted(namespace)}`,
    period: fiveMinutes,
  });
}
