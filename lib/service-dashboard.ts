import { Duration } from 'aws-cdk-lib';
import {
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  type IAlarm,
  MathExpression,
  Metric,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { EventPipelineMetrics } from './data-alarms.js';
import type { MonitoredFunction } from './monitoring-metrics.js';
import { alarmThresholds, type EntranceMetrics, oneMinute, quoted, throttleEvents } from './monitoring-metrics.js';
import { embeddedMetricNames } from './service-metrics.js';

export interface ServiceDashboardProps {
  /** The dashboard's name. */
  stackName: string;
  /** Every alarm that notifies, for the status widget. */
  alarms: IAlarm[];
  functions: readonly MonitoredFunction[];
  entrances: EntranceMetrics;
  gatewayFailures: MetricFilter;
  concurrencyUtilization: MathExpression;
  eventsQueue: IQueue;
  eventPipeline: EventPipelineMetrics;
  table: { tableName: string; indexNames: readonly string[] };
  metricsNamespace: string;
}

/** The dashboard, named after the stack: the alarms' states, then what each alarm watches, minute by minute. */
export function addServiceDashboard(scope: Construct, props: ServiceDashboardProps): Dashboard {
  const { stage, requests, serverErrors, shortLinkMetric } = props.entrances;
  const { deadLettered, eventsDropped, eventsUnsent } = props.eventPipeline;
  const dashboard = new Dashboard(scope, 'Dashboard', {
    dashboardName: props.stackName,
    defaultInterval: Duration.hours(3),
  });
  const byFunction = (metric: (fn: IFunction) => Metric) =>
    props.functions.map(({ name, handler }) => metric(handler).with({ label: name }));
  dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: props.alarms, width: 24, height: 4 }));
  dashboard.addWidgets(
    new GraphWidget({
      title: 'Requests at the gateway',
      left: [
        requests(oneMinute).with({ label: 'all' }),
        stage.metricClientError({ period: oneMinute, statistic: 'Sum', label: '4xx' }),
        serverErrors(oneMinute).with({ label: '5xx' }),
        props.gatewayFailures.metric({ period: oneMinute, statistic: 'Sum', label: '5xx from the gateway itself' }),
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
  dashboard.addWidgets(
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
      left: [props.concurrencyUtilization],
      leftAnnotations: [{ value: alarmThresholds.concurrencyUtilizationPercent, label: 'HighCPUReplica' }],
      width: 8,
    }),
  );
  dashboard.addWidgets(
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
  dashboard.addWidgets(
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
  dashboard.addWidgets(
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
  dashboard.addWidgets(
    new GraphWidget({
      title: 'DynamoDB throttling (table and each index)',
      left: [undefined, ...props.table.indexNames].map((index) =>
        throttleEvents(props.table.tableName, index).with({ period: oneMinute }),
      ),
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
  return dashboard;
}
