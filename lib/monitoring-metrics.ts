import { Duration } from 'aws-cdk-lib';
import type { RestApi, Stage } from 'aws-cdk-lib/aws-apigateway';
import { MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';

/** A function the alarms and the dashboard watch. */
export interface MonitoredFunction {
  /** A readable name for alarm names and graphs: the route's name, or `EventWriter`. */
  name: string;
  handler: IFunction;
}

/**
 * The alarms' thresholds, in one place; docs/operations.md explains each. Ratios are fractions (0.03 is 3 %).
 */
export const alarmThresholds = {
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

export const fiveMinutes = Duration.minutes(5);
export const oneMinute = Duration.minutes(1);

/**
 * The service's two entrances: the API's stage, and the redirect's function URL, which serves the short links
 * without API Gateway. The alarms on the whole service count both.
 */
export interface EntranceMetrics {
  /** The API's stage, whose own metrics are the API entrance's. */
  stage: Stage;
  requests(period: Duration): Metric;
  serverErrors(period: Duration): Metric;
  /** A metric of the short links' entrance. */
  shortLinkMetric(metricName: string, period: Duration, statistic: string): Metric;
  allRequests(period: Duration): MathExpression;
  allServerErrors(period: Duration): MathExpression;
}

export function entranceMetrics(restApi: RestApi, shortLinkFunction: IFunction): EntranceMetrics {
  const stage = restApi.deploymentStage;
  const requests = (period: Duration) => stage.metricCount({ period, statistic: 'Sum' });
  const serverErrors = (period: Duration) => stage.metricServerError({ period, statistic: 'Sum' });
  // The short links' entrance: Lambda's metrics of the redirect's function URL (not its API route's calls).
  const shortLinkMetric = (metricName: string, period: Duration, statistic: string) =>
    new Metric({
      namespace: 'AWS/Lambda',
      metricName,
      dimensionsMap: { FunctionName: shortLinkFunction.functionName },
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
  return { stage, requests, serverErrors, shortLinkMetric, allRequests, allServerErrors };
}

/** The Lambda concurrency claimed in this Region, as a share of the account's quota (percent). */
export function concurrencyUtilization(): MathExpression {
  return new MathExpression({
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
}

/**
 * DynamoDB's own count of throttled reads and writes, of the table or of one index (each has its own
 * partitions). Ids are unique across a graph that shows the table and every index together.
 */
export function throttleEvents(tableName: string, index: string | undefined): MathExpression {
  return new MathExpression({
    label: `throttled reads and writes${index ? ` (${index})` : ''}`,
    expression: `reads${index ?? 'Table'} + writes${index ?? 'Table'}`,
    usingMetrics: Object.fromEntries(
      (['Read', 'Write'] as const).map((kind) => [
        `${kind === 'Read' ? 'reads' : 'writes'}${index ?? 'Table'}`,
        new Metric({
          namespace: 'AWS/DynamoDB',
          metricName: `${kind}ThrottleEvents`,
          dimensionsMap: {
            TableName: tableName,
            ...(index && { GlobalSecondaryIndexName: index }),
          },
          statistic: 'Sum',
          period: fiveMinutes,
        }),
      ]),
    ),
    period: fiveMinutes,
  });
}

/** A namespace in a Metrics Insights query: quoted, as one with a `/` (a stage's) must be. */
export const quoted = (namespace: string) => `"${namespace}"`;

/** One embedded metric summed over all its series, whatever their dimensions (a Metrics Insights query). */
export function embeddedMetricTotal(namespace: string, metricName: string, label: string): MathExpression {
  return new MathExpression({
    label,
    expression: `SELECT SUM(${metricName}) FROM ${quoted(namespace)}`,
    period: fiveMinutes,
  });
}
