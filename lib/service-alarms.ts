import {
  Alarm,
  AlarmRule,
  ComparisonOperator,
  CompositeAlarm,
  MathExpression,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { MonitoredFunction } from './monitoring-metrics.js';
import { alarmThresholds, type EntranceMetrics, fiveMinutes, oneMinute } from './monitoring-metrics.js';

/**
 * Where a family of alarms goes: each is a child of the monitoring construct, named for the deployment, and
 * notifies its topic.
 */
export interface AlarmContext {
  scope: Construct;
  stackName: string;
  /** The alarm's name, with the deployment's stage in front when there is one. */
  named(name: string): string;
  notify(alarm: Alarm | CompositeAlarm): void;
}

/**
 * AppInstanceDown: a function is the unit that runs the code; one that keeps failing outside its error
 * handling (crash, timeout, out of memory, configuration error at start) is the instance that is down.
 */
export function alarmOnFailingFunctions(alarms: AlarmContext, functions: readonly MonitoredFunction[]): void {
  const functionAlarms = functions.map(
    ({ name, handler }) =>
      new Alarm(alarms.scope, `${name}Failing`, {
        alarmName: `${alarms.stackName}-${name}-failing`,
        alarmDescription: `The ${name} function failed (crash, timeout or failed start) ${alarmThresholds.functionFailures}+ times in 5 minutes. Part of AppInstanceDown.`,
        metric: handler.metricErrors({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: alarmThresholds.functionFailures,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
  );
  alarms.notify(
    new CompositeAlarm(alarms.scope, 'AppInstanceDown', {
      compositeAlarmName: alarms.named('AppInstanceDown'),
      alarmDescription:
        'At least one function keeps failing outside its error handling. The triggering child alarm names it. Runbook: docs/operations.md#appinstancedown',
      alarmRule: AlarmRule.anyOf(...functionAlarms),
    }),
  );
}

export function alarmOnFleetDown(alarms: AlarmContext, entrances: EntranceMetrics): void {
  alarms.notify(
    new Alarm(alarms.scope, 'ServiceFleetDown', {
      alarmName: alarms.named('ServiceFleetDown'),
      alarmDescription: `${alarmThresholds.fleetDownErrorRatio * 100} % or more of all requests (API and short links) answered 5xx for 3 consecutive minutes: the service is down for everyone. Runbook: docs/operations.md#servicefleetdown`,
      metric: new MathExpression({
        label: `5xx share of requests (minutes with at least ${alarmThresholds.fleetDownMinimumRequests} requests)`,
        expression: `IF(requests >= ${alarmThresholds.fleetDownMinimumRequests}, errors / requests, 0)`,
        usingMetrics: { requests: entrances.allRequests(oneMinute), errors: entrances.allServerErrors(oneMinute) },
        period: oneMinute,
      }),
      threshold: alarmThresholds.fleetDownErrorRatio,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 3,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );
}

/**
 * LoadBalancerDown's metric: API Gateway is the load balancer here. Its own 5xx answers (it could not invoke a
 * function, or got no valid answer in time) are counted from the access log's responseType.
 */
export function countGatewayFailures(scope: Construct, accessLogs: ILogGroup, metricsNamespace: string): MetricFilter {
  return new MetricFilter(scope, 'GatewayFailures', {
    logGroup: accessLogs,
    metricNamespace: metricsNamespace,
    metricName: 'gateway_failures_total',
    filterPattern: FilterPattern.any(
      ...['INTEGRATION_FAILURE', 'INTEGRATION_TIMEOUT', 'API_CONFIGURATION_ERROR', 'DEFAULT_5XX'].map((type) =>
        FilterPattern.stringValue('$.responseType', '=', type),
      ),
    ),
    metricValue: '1',
    defaultValue: 0,
  });
}

export function alarmOnGatewayFailures(alarms: AlarmContext, gatewayFailures: MetricFilter): void {
  alarms.notify(
    new Alarm(alarms.scope, 'LoadBalancerDown', {
      alarmName: alarms.named('LoadBalancerDown'),
      alarmDescription: `API Gateway answered ${alarmThresholds.gatewayFailures}+ requests in 5 minutes with its own 5xx (function not invocable, invalid answer, or 29 s timeout). Runbook: docs/operations.md#loadbalancerdown`,
      metric: gatewayFailures.metric({ period: fiveMinutes, statistic: 'Sum' }),
      threshold: alarmThresholds.gatewayFailures,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );
}

export function alarmOnErrorRate(alarms: AlarmContext, entrances: EntranceMetrics): void {
  alarms.notify(
    new Alarm(alarms.scope, 'HighErrorRate', {
      alarmName: alarms.named('HighErrorRate'),
      alarmDescription: `More than ${alarmThresholds.errorRatio * 100} % of requests (API and short links) answered 5xx in 5 minutes (judged from ${alarmThresholds.minimumRequests} requests up). Runbook: docs/operations.md#higherrorrate`,
      metric: new MathExpression({
        label: '5xx share of requests',
        expression: `IF(requests >= ${alarmThresholds.minimumRequests}, errors / requests, 0)`,
        usingMetrics: { requests: entrances.allRequests(fiveMinutes), errors: entrances.allServerErrors(fiveMinutes) },
        period: fiveMinutes,
      }),
      threshold: alarmThresholds.errorRatio,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );
}

export function alarmOnLatency(alarms: AlarmContext, entrances: EntranceMetrics): void {
  alarms.notify(
    new Alarm(alarms.scope, 'HighLatencyP95', {
      alarmName: alarms.named('HighLatencyP95'),
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
              apiRequests: entrances.requests(fiveMinutes),
              apiLatency: entrances.stage.metricLatency({ period: fiveMinutes, statistic: 'p95' }),
            },
            period: fiveMinutes,
          }),
          urlP95: new MathExpression({
            label: "p95 at the short links' function URL (ms)",
            expression: `IF(FILL(urlRequests, 0) >= ${alarmThresholds.minimumRequests}, FILL(urlLatency, 0), 0)`,
            usingMetrics: {
              urlRequests: entrances.shortLinkMetric('UrlRequestCount', fiveMinutes, 'Sum'),
              urlLatency: entrances.shortLinkMetric('UrlRequestLatency', fiveMinutes, 'p95'),
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
}

/**
 * HighCPUReplica: a function's CPU grows with its memory and is not measured; what saturates is
 * concurrency. Past the account's quota, every function of the Region is throttled.
 */
export function alarmOnConcurrency(alarms: AlarmContext, concurrencyUtilization: MathExpression): void {
  alarms.notify(
    new Alarm(alarms.scope, 'HighCPUReplica', {
      alarmName: alarms.named('HighCPUReplica'),
      alarmDescription: `Lambda concurrency claimed in this Region above ${alarmThresholds.concurrencyUtilizationPercent} % of the account's quota for 3 minutes; at 100 % requests are throttled. Runbook: docs/operations.md#highcpureplica`,
      metric: concurrencyUtilization,
      threshold: alarmThresholds.concurrencyUtilizationPercent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 3,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );
}
