import { Match, type Template } from 'aws-cdk-lib/assertions';
import { routeName, routes } from '../../shared/api/routes.js';
import {
  clickStreamSchema,
  eventsQueueSchema,
  idempotencyTableSchema,
  importsQueueSchema,
  tableSchema,
  webhookDeliveriesQueueSchema,
  webhookStreamSchema,
} from '../../shared/store/table-schema.js';
import { synthesized } from './synthesized.js';
import { onlyResource, resourcesOfType } from './template-queries.js';

/** The logical id CDK gives a construct created at the stack's root: its id and an 8-digit hash. */
const rootLogicalId = (id: string) => new RegExp(`^${id}[0-9A-F]{8}$`);

const { service: template } = await synthesized('default');
/**
 * Log retention of a week, keys mode, other short-link hosts and a throwaway table, each checked on what only it
 * changes (with options that change other resources: stack-variants.ts).
 */
const { service: withOptions } = await synthesized('options');

describe('service stack template: storage, queue and functions', () => {
  const functions = resourcesOfType(template, 'AWS::Lambda::Function');
  const functionFor = (id: string) => {
    const found = functions.filter(([logicalId]) => rootLogicalId(id).test(logicalId));
    expect(found).toHaveLength(1);
    return found[0]?.[1] as Record<string, unknown>;
  };

  it('has one function per route plus the event writer, the click counter, the import worker and the webhook dispatcher and deliverer, all Node 24 on arm64', () => {
    const serviceFunctions = template.findResources('AWS::Lambda::Function', {
      Properties: { Runtime: 'nodejs24.x', Architectures: ['arm64'] },
    });
    expect(Object.keys(serviceFunctions)).toHaveLength(routes.length + 5);
    expect(functions).toHaveLength(routes.length + 5);
  });

  it('sizes each function by its route profile', () => {
    const expected = {
      standard: { MemorySize: 512, Timeout: 10 },
      bulk: { MemorySize: 1536, Timeout: 29 },
      cascade: { MemorySize: 1024, Timeout: 29 },
    };
    for (const route of routes) {
      expect(functionFor(routeName(route))).toMatchObject(expected[route.profile]);
    }
    expect(functionFor('EventWriter')).toMatchObject({ Timeout: eventsQueueSchema.writerTimeoutSeconds });
    expect(functionFor('ImportWorker')).toMatchObject({ Timeout: importsQueueSchema.workerTimeoutSeconds });
  });

  it('gives every function the table name, and the queue URL only to routes that send events', () => {
    for (const route of routes) {
      const variables = (functionFor(routeName(route)).Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.TABLE_NAME).toBeDefined();
      expect(variables.METRICS_NAMESPACE).toBe('UrlShortener');
      expect('EVENTS_QUEUE_URL' in variables).toBe(route.sendsEvents);
      expect('IMPORTS_QUEUE_URL' in variables).toBe(route.queuesImports === true);
    }
  });

  it('logs each function as JSON to its own log group, kept a month by default', () => {
    const logGroupIds = functions.map(
      ([, properties]) => (properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref,
    );
    expect(new Set(logGroupIds).size).toBe(functions.length);
    for (const [, properties] of functions) expect(properties.LoggingConfig).toMatchObject({ LogFormat: 'JSON' });
    const logGroups = template.findResources('AWS::Logs::LogGroup');
    for (const id of logGroupIds) expect(logGroups[id]?.Properties.RetentionInDays).toBe(30);
  });

  it('keeps every log group for the configured retention', () => {
    const retentions = resourcesOfType(withOptions, 'AWS::Logs::LogGroup').map(
      ([, properties]) => properties.RetentionInDays,
    );
    expect(new Set(retentions)).toEqual(new Set([7]));
  });

  it('builds the table from the shared schema: on demand, encrypted, point-in-time recovery, TTL', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      TimeToLiveSpecification: { AttributeName: tableSchema.timeToLiveAttribute, Enabled: true },
      StreamSpecification: { StreamViewType: tableSchema.streamViewType },
      KeySchema: [
        { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableSchema.indexes.map((index) =>
        Match.objectLike({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
        }),
      ),
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
  });

  it("keeps idempotency records in a table of their own: Powertools' key, 24-hour TTL, no backups, removed with the stack", () => {
    template.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: idempotencyTableSchema.partitionKey, KeyType: 'HASH' }],
        TimeToLiveSpecification: { AttributeName: idempotencyTableSchema.timeToLiveAttribute, Enabled: true },
        SSESpecification: { SSEEnabled: true },
      }),
      DeletionPolicy: 'Delete',
    });
  });

  it('runs every function in the access mode of the deployment: open by default, keys when asked', () => {
    const modes = (built: Template) =>
      new Set(
        resourcesOfType(built, 'AWS::Lambda::Function')
          .map(
            ([, properties]) =>
              (properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables,
          )
          .filter((variables) => variables?.TABLE_NAME !== undefined && variables?.CORS_ALLOWED_ORIGINS !== undefined)
          .map((variables) => variables?.AUTH_MODE),
      );
    expect(modes(template)).toEqual(new Set(['open']));
    expect(modes(withOptions)).toEqual(new Set(['keys']));
  });

  it("passes the operator's other short-link hosts to every route's function, and none by default", () => {
    const listed = (built: Template) => {
      const functionsOf = resourcesOfType(built, 'AWS::Lambda::Function');
      return new Set(
        routes.map((route) => {
          const found = functionsOf.find(([id]) => rootLogicalId(routeName(route)).test(id));
          return (found?.[1].Environment as { Variables: Record<string, unknown> } | undefined)?.Variables
            .SHORT_LINK_HOSTS;
        }),
      );
    };
    expect(listed(template)).toEqual(new Set([undefined]));
    expect(listed(withOptions)).toEqual(new Set(['old.example,sho.rt:8443']));
  });

  it('protects the data by default: deletion protection on, table retained', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: { Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })] },
    });
  });

  it('lets a throwaway environment delete its table (retainData false)', () => {
    withOptions.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Delete',
      Properties: { Replicas: [Match.objectLike({ DeletionProtectionEnabled: false })] },
    });
  });

  it.each([
    ['events', 'Events', 5],
    ['imports', 'Imports', 3],
    ['webhook deliveries', 'WebhookDeliveries', 5],
  ])(
    'wires the %s queue to an encrypted dead-letter queue of its own: its receives, kept 14 days',
    (_, pair, receives) => {
      const queues = resourcesOfType(template, 'AWS::SQS::Queue');
      expect(queues).toHaveLength(8);
      const [deadLetterId, deadLetter] = onlyResource(
        template,
        'AWS::SQS::Queue',
        (id, properties) => !properties.RedrivePolicy && id.startsWith(`${pair}DeadLetterQueue`),
      );
      expect(deadLetter).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
      const [, queue] = onlyResource(
        template,
        'AWS::SQS::Queue',
        (id, properties) => Boolean(properties.RedrivePolicy) && id.startsWith(`${pair}Queue`),
      );
      expect(queue).toMatchObject({
        SqsManagedSseEnabled: true,
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadLetterId, 'Arn'] }, maxReceiveCount: receives },
      });
    },
  );

  it('refuses plain-HTTP access to every queue', () => {
    const policies = resourcesOfType(template, 'AWS::SQS::QueuePolicy');
    expect(policies).toHaveLength(8);
    for (const [, properties] of policies) {
      expect(JSON.stringify(properties)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it("sizes the queue's visibility timeout to six times the writer's timeout", () => {
    const writerTimeout = functionFor('EventWriter').Timeout as number;
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: Match.anyValue(),
      VisibilityTimeout: 6 * writerTimeout,
    });
  });

  it('feeds the writer from the events queue in batches, the import worker from its own, and the click counter from the table stream', () => {
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 5);
    // One import an invocation, each a long one: the import worker's own queue.
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: Match.stringLikeRegexp('^ImportWorker') },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: importsQueueSchema.batchSize,
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: Match.stringLikeRegexp('^EventWriter') },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: eventsQueueSchema.batchSize,
      MaximumBatchingWindowInSeconds: eventsQueueSchema.maxBatchingWindowSeconds,
    });
    const [tableId] = onlyResource(template, 'AWS::DynamoDB::GlobalTable', () => true);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: Match.stringLikeRegexp('^ClickCounter') },
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: clickStreamSchema.batchSize,
      MaximumBatchingWindowInSeconds: clickStreamSchema.maxBatchingWindowSeconds,
      TumblingWindowInSeconds: clickStreamSchema.tumblingWindowSeconds,
      FilterCriteria: {
        Filters: clickStreamSchema.filters.map((pattern) => ({ Pattern: JSON.stringify(pattern) })),
      },
    });
  });

  it('never loses a click silently: the counter bisects a failing batch, retries it a bounded number of times and age, then names it in a queue', () => {
    const [queueId, queue] = onlyResource(template, 'AWS::SQS::Queue', (id) => id.startsWith('ClicksNotCounted'));
    expect(queue.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: Match.stringLikeRegexp('^ClickCounter') },
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: clickStreamSchema.retryAttempts,
      MaximumRecordAgeInSeconds: clickStreamSchema.maxRecordAgeSeconds,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    // The queue refuses plain HTTP, as every queue of the stack, and the counter may send to it.
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny' })]) },
    });
    expect(template.findOutputs('ClicksNotCountedQueueName')).toBeDefined();
  });

  it('feeds webhooks from what is stored: the dispatcher reads every stored event off the table stream, with the same failure handling, and the deliverer its queue', () => {
    const [tableId] = onlyResource(template, 'AWS::DynamoDB::GlobalTable', () => true);
    const [queueId, queue] = onlyResource(template, 'AWS::SQS::Queue', (id) => id.startsWith('WebhooksNotDispatched'));
    expect(queue.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: Match.stringLikeRegexp('^WebhookDispatcher') },
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      FilterCriteria: {
        Filters: webhookStreamSchema.filters.map((pattern) => ({ Pattern: JSON.stringify(pattern) })),
      },
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: webhookStreamSchema.retryAttempts,
      MaximumRecordAgeInSeconds: webhookStreamSchema.maxRecordAgeSeconds,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: Match.stringLikeRegexp('^WebhookDeliverer') },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: webhookDeliveriesQueueSchema.batchSize,
      // Slow receivers take at most this much of the account's concurrency.
      ScalingConfig: { MaximumConcurrency: webhookDeliveriesQueueSchema.maxConcurrency },
    });
    // A receiver gets at most one attempt's time per message: the queue hides a message for longer than that.
    const delivererTimeout = functionFor('WebhookDeliverer').Timeout as number;
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: Match.anyValue(),
      VisibilityTimeout: 6 * delivererTimeout,
    });
  });

  it("stays under CloudFormation's 500 resources in each stack", () => {
    expect(Object.keys(template.toJSON().Resources).length).toBeLessThanOrEqual(500);
  });

  it('asks for batches Lambda accepts: more than 10 messages only with a batching window of 1 s or more', () => {
    expect(eventsQueueSchema.batchSize <= 10 || eventsQueueSchema.maxBatchingWindowSeconds >= 1).toBe(true);
  });

  it("outputs the service's address, CloudFront domain, table and queue names and the dashboard link, not the stage's", () => {
    const outputs = template.findOutputs('*');
    for (const name of ['ServiceUrl', 'DistributionDomainName', 'TableName', 'EventsQueueName', 'DashboardUrl']) {
      expect(outputs[name]).toBeDefined();
    }
    expect(outputs.ApiUrl).toBeUndefined();
    expect(JSON.stringify(template.toJSON().Outputs)).not.toContain('execute-api');
    expect(JSON.stringify(outputs.DashboardUrl)).toContain('#dashboards:name=');
  });
});
