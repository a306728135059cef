import { Match } from 'aws-cdk-lib/assertions';
import { shortLinkRoute } from '../../lib/edge-paths.js';
import { routeName, routes } from '../../shared/api/routes.js';
import { synthesized } from './synthesized.js';
import { onlyResource, resourcesOfType } from './template-queries.js';

type Properties = Record<string, unknown>;

/** The alarms live in a nested stack (`serviceAlarms`); what they watch is the service stack's (`service`). */
const { service: watched, serviceAlarms: template } = await synthesized('alarmEmail');
const { serviceAlarms: byDefault } = await synthesized('default');

describe('alarms, notifications and dashboard', () => {
  const alarms = new Map(
    resourcesOfType(template, 'AWS::CloudWatch::Alarm').map(([, properties]) => [
      properties.AlarmName as string,
      properties,
    ]),
  );
  const alarm = (name: string) => alarms.get(name) as Properties;
  const [topicId] = onlyResource(template, 'AWS::SNS::Topic');
  /** The expression an alarm watches, the expressions it is made of and the metrics it reads, by id. */
  const queries = (name: string) => {
    const metrics = alarm(name).Metrics as {
      Id: string;
      Expression?: string;
      ReturnData?: boolean;
      MetricStat?: {
        Metric: { MetricName: string; Namespace: string; Dimensions?: { Name: string }[] };
        Stat: string;
        Period: number;
      };
    }[];
    const watched = metrics.find((metric) => metric.ReturnData !== false);
    const inputs = Object.fromEntries(
      metrics.filter((metric) => metric.MetricStat).map((metric) => [metric.Id, metric.MetricStat]),
    );
    const parts = Object.fromEntries(
      metrics
        .filter((metric) => metric.Expression && metric.ReturnData === false)
        .map((metric) => [metric.Id, metric.Expression]),
    );
    return { expression: watched?.Expression, parts, inputs };
  };
  const parameters = Object.keys((template.toJSON().Parameters ?? {}) as object);
  /** A resource of the service's stack as the nested stack receives it: a parameter named after its construct. */
  const passed = (id: string, attribute = 'Ref') => {
    const named = new RegExp(`${id.replace(/[0-9A-F]{8}$/, '')}[0-9A-F]{8}${attribute}$`);
    return { Ref: parameters.find((name) => named.test(name)) ?? `no parameter passes ${id}.${attribute}` };
  };
  const [redirectFunctionId] = onlyResource(watched, 'AWS::Lambda::Function', (id) =>
    id.startsWith(routeName(shortLinkRoute)),
  );
  /** One of the short links' function URL metrics: AWS/Lambda, by the redirect function's name. */
  const shortLinkMetric = (metricName: string, stat: string, period: number) => ({
    Metric: {
      Namespace: 'AWS/Lambda',
      MetricName: metricName,
      Dimensions: [{ Name: 'FunctionName', Value: passed(redirectFunctionId) }],
    },
    Stat: stat,
    Period: period,
  });

  it('has every alert of the spec under its exact name, plus the event pipeline alarms', () => {
    for (const name of [
      'ServiceFleetDown',
      'LoadBalancerDown',
      'HighErrorRate',
      'HighLatencyP95',
      'HighCPUReplica',
      'EventsDeadLettered',
      'ImportsFailed',
      'EventsDropped',
      'EventsUnsent',
      'EventsBacklogAging',
      'StatisticsBehind',
      'ClicksNotCounted',
      'WebhookDeliveriesFailed',
      'WebhookDeliveriesDeadLettered',
      'WebhooksNotDispatched',
      'DynamoDbThrottling',
      'DynamoDbThrottlingGSI1',
      'DynamoDbThrottlingGSI2',
      'DynamoDbThrottlingGSI3',
      'DynamoDbTransactionConflicts',
    ]) {
      expect(alarms.has(name)).toBe(true);
    }
    template.hasResourceProperties('AWS::CloudWatch::CompositeAlarm', { AlarmName: 'AppInstanceDown' });
  });

  it('notifies the alarm topic on alarm and on recovery, and subscribes the given address', () => {
    const notifying = [...alarms.values()].filter((properties) => properties.AlarmActions);
    // The spec's five single alarms (AppInstanceDown is a composite), five for the event pipeline and its
    // statistics, five for hot keys, one for bulk imports, three for webhooks.
    expect(notifying).toHaveLength(20);
    for (const properties of notifying) {
      expect(properties.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(properties.OKActions).toEqual([{ Ref: topicId }]);
      expect(properties.TreatMissingData).toBe('notBreaching');
    }
    template.hasResourceProperties('AWS::CloudWatch::CompositeAlarm', {
      AlarmName: 'AppInstanceDown',
      AlarmActions: [{ Ref: topicId }],
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'oncall@example.com',
      TopicArn: { Ref: topicId },
    });
  });

  it('subscribes nobody without an address', () => {
    byDefault.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('AppInstanceDown: any function failing 3+ times in 5 minutes (one child alarm per function)', () => {
    const children = [...alarms.values()].filter((properties) => properties.MetricName === 'Errors');
    expect(children).toHaveLength(routes.length + 5);
    for (const child of children) {
      expect(child).toMatchObject({
        Namespace: 'AWS/Lambda',
        Statistic: 'Sum',
        Period: 300,
        Threshold: 3,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
      });
      expect(child.AlarmActions).toBeUndefined();
    }
    const [, composite] = onlyResource(template, 'AWS::CloudWatch::CompositeAlarm');
    expect(JSON.stringify(composite.AlarmRule).match(/ALARM\(/g)).toHaveLength(routes.length + 5);
    expect(JSON.stringify(composite.AlarmRule)).toContain(') OR ALARM(');
  });

  /** The requests and 5xx answers of both entrances: the API's stage and the short links' function URL. */
  const expectBothEntrances = (name: string, period: number) => {
    const { parts, inputs } = queries(name);
    expect(parts.requests).toBe('FILL(apiRequests, 0) + FILL(urlRequests, 0)');
    expect(parts.errors).toBe('FILL(apiErrors, 0) + FILL(urlErrors, 0)');
    expect(inputs.apiRequests).toMatchObject({
      Metric: { MetricName: 'Count', Namespace: 'AWS/ApiGateway' },
      Stat: 'Sum',
      Period: period,
    });
    expect(inputs.apiErrors).toMatchObject({ Metric: { MetricName: '5XXError' }, Stat: 'Sum', Period: period });
    expect(inputs.urlRequests).toEqual(shortLinkMetric('UrlRequestCount', 'Sum', period));
    expect(inputs.urlErrors).toEqual(shortLinkMetric('Url5xxCount', 'Sum', period));
  };

  it('ServiceFleetDown: half or more of the requests (API and short links) answered 5xx, 3 minutes in a row', () => {
    expect(alarm('ServiceFleetDown')).toMatchObject({
      Threshold: 0.5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 3,
    });
    expect(queries('ServiceFleetDown').expression).toBe('IF(requests >= 5, errors / requests, 0)');
    expectBothEntrances('ServiceFleetDown', 60);
  });

  it("LoadBalancerDown: 5+ of API Gateway's own 5xx answers in 5 minutes, counted from the access log", () => {
    expect(alarm('LoadBalancerDown')).toMatchObject({
      MetricName: 'gateway_failures_total',
      Namespace: 'UrlShortener',
      Statistic: 'Sum',
      Period: 300,
      Threshold: 5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: Match.stringLikeRegexp('\\$\\.responseType = "INTEGRATION_FAILURE"'),
      MetricTransformations: [Match.objectLike({ MetricName: 'gateway_failures_total', MetricValue: '1' })],
    });
  });

  it("HighErrorRate: more than 3 % of requests answered 5xx in 5 minutes, the API's and the short links' together", () => {
    expect(alarm('HighErrorRate')).toMatchObject({ Threshold: 0.03, ComparisonOperator: 'GreaterThanThreshold' });
    expect(queries('HighErrorRate').expression).toBe('IF(requests >= 20, errors / requests, 0)');
    expectBothEntrances('HighErrorRate', 300);
  });

  it("HighLatencyP95: p95 latency above 2 s over 5 minutes, at the API's gateway or at the short links' function URL", () => {
    expect(alarm('HighLatencyP95')).toMatchObject({ Threshold: 2000, ComparisonOperator: 'GreaterThanThreshold' });
    const { expression, parts, inputs } = queries('HighLatencyP95');
    expect(expression).toBe('MAX([apiP95, urlP95])');
    expect(parts.apiP95).toBe('IF(FILL(apiRequests, 0) >= 20, FILL(apiLatency, 0), 0)');
    expect(parts.urlP95).toBe('IF(FILL(urlRequests, 0) >= 20, FILL(urlLatency, 0), 0)');
    expect(inputs.apiLatency).toMatchObject({
      Metric: { MetricName: 'Latency', Namespace: 'AWS/ApiGateway' },
      Stat: 'p95',
      Period: 300,
    });
    expect(inputs.apiRequests).toMatchObject({ Metric: { MetricName: 'Count' }, Stat: 'Sum', Period: 300 });
    expect(inputs.urlLatency).toEqual(shortLinkMetric('UrlRequestLatency', 'p95', 300));
    expect(inputs.urlRequests).toEqual(shortLinkMetric('UrlRequestCount', 'Sum', 300));
  });

  it("HighCPUReplica: Lambda concurrency above 80 % of the account's quota for 3 minutes", () => {
    expect(alarm('HighCPUReplica')).toMatchObject({
      Threshold: 80,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 3,
    });
    const { expression, inputs } = queries('HighCPUReplica');
    expect(expression).toBe('100 * claimed / SERVICE_QUOTA(concurrent)');
    expect(inputs.claimed).toMatchObject({ Metric: { MetricName: 'ClaimedAccountConcurrency' }, Stat: 'Maximum' });
    expect(inputs.concurrent).toMatchObject({ Metric: { MetricName: 'ConcurrentExecutions' }, Stat: 'Maximum' });
  });

  it.each([
    ['EventsDeadLettered', 'Events'],
    ['ImportsFailed', 'Imports'],
    ['WebhookDeliveriesDeadLettered', 'WebhookDeliveries'],
  ])('%s: any message in its dead-letter queue', (name, pair) => {
    const [deadLetterId] = onlyResource(
      watched,
      'AWS::SQS::Queue',
      (id, properties) => !properties.RedrivePolicy && id.startsWith(`${pair}DeadLetterQueue`),
    );
    expect(alarm(name)).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: passed(deadLetterId, 'QueueName') }],
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('EventsDropped and EventsUnsent: the writer and publisher counters, summed over every dimension', () => {
    expect(alarm('EventsDropped')).toMatchObject({
      Threshold: 10,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(queries('EventsDropped').expression).toBe('SELECT SUM(events_dropped_total) FROM "UrlShortener"');
    expect(alarm('EventsUnsent')).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(queries('EventsUnsent').expression).toBe('SELECT SUM(events_unsent_total) FROM "UrlShortener"');
  });

  it('EventsBacklogAging: the oldest queued event older than a minute', () => {
    expect(alarm('EventsBacklogAging')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateAgeOfOldestMessage',
      Statistic: 'Maximum',
      Threshold: 60,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });

  it('ClicksNotCounted: any record of the table stream the click counter gave up on', () => {
    expect(alarm('ClicksNotCounted')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(alarm('ClicksNotCounted').AlarmDescription).toContain('docs/operations.md#clicksnotcounted');
  });

  it("StatisticsBehind: the click counter over a minute behind the table's stream", () => {
    expect(alarm('StatisticsBehind')).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'IteratorAge',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: expect.stringMatching(/ClickCounter[0-9A-F]{8}Ref$/) } }],
      Statistic: 'Maximum',
      Threshold: 60_000,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });

  it.each([
    ['DynamoDbThrottling', undefined],
    ['DynamoDbThrottlingGSI1', 'GSI1'],
    ['DynamoDbThrottlingGSI2', 'GSI2'],
    ['DynamoDbThrottlingGSI3', 'GSI3'],
  ])('%s: 500+ throttled reads and writes of the table or that index, two 5-minute periods in a row', (name, index) => {
    expect(alarm(name)).toMatchObject({
      Threshold: 500,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
    });
    const { expression, inputs } = queries(name);
    const suffix = index ?? 'Table';
    expect(expression).toBe(`reads${suffix} + writes${suffix}`);
    for (const [id, kind] of [
      [`reads${suffix}`, 'ReadThrottleEvents'],
      [`writes${suffix}`, 'WriteThrottleEvents'],
    ] as const) {
      const metric = inputs[id]?.Metric;
      expect(metric).toMatchObject({ Namespace: 'AWS/DynamoDB', MetricName: kind });
      const dimensions = (metric?.Dimensions ?? []).map((dimension) => dimension.Name).sort();
      expect(dimensions).toEqual(index ? ['GlobalSecondaryIndexName', 'TableName'] : ['TableName']);
    }
  });

  it('DynamoDbTransactionConflicts: 50+ conflicting transaction items in 5 minutes', () => {
    expect(alarm('DynamoDbTransactionConflicts')).toMatchObject({
      Namespace: 'AWS/DynamoDB',
      MetricName: 'TransactionConflict',
      Statistic: 'Sum',
      Threshold: 50,
      Dimensions: [expect.objectContaining({ Name: 'TableName' })],
    });
  });

  it('has a dashboard with requests by status, latency percentiles, function errors and throttles, queue age and DLQ depth', () => {
    const [, dashboard] = onlyResource(template, 'AWS::CloudWatch::Dashboard');
    const body = JSON.stringify(dashboard.DashboardBody);
    for (const expected of [
      'GROUP BY status',
      'GROUP BY route',
      'p95',
      'p99',
      'Function errors',
      'Function throttles',
      'ApproximateAgeOfOldestMessage',
      'ApproximateNumberOfMessagesVisible',
      'events_dropped_total',
      'WriteThrottleEvents',
      'event_delay_ms',
      'UrlRequestCount',
      'Url4xxCount',
      'Url5xxCount',
      'UrlRequestLatency',
    ]) {
      expect(body).toContain(expected);
    }
  });
});
