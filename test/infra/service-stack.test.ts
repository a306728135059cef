import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { ServiceStack } from '../../lib/service-stack.js';
import { routes } from '../../shared/routes.js';
import { eventsQueueSchema, tableSchema } from '../../shared/store/table-schema.js';

/** Assertions on the synthesized template; bundling is skipped, as the code itself is not under test here. */
function synthesize(): Template {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  return Template.fromStack(new ServiceStack(app, 'Test'));
}

describe('service stack template', () => {
  const template = synthesize();

  it('has one function per route plus the event writer, all Node 24 on arm64', () => {
    const functions = template.findResources('AWS::Lambda::Function', {
      Properties: { Runtime: 'nodejs24.x', Architectures: ['arm64'] },
    });
    expect(Object.keys(functions)).toHaveLength(routes.length + 1);
  });

  it('has one API Gateway method per route', () => {
    const methods = Object.values(template.findResources('AWS::ApiGateway::Method')).map(
      (resource) => resource.Properties.HttpMethod,
    );
    expect(methods.sort()).toEqual(routes.map((route) => route.method).sort());
  });

  it('builds the table from the shared schema', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
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
    });
  });

  it('wires the events queue to a dead-letter queue and the writer with partial batch failures', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: { maxReceiveCount: eventsQueueSchema.maxReceiveCount },
      VisibilityTimeout: eventsQueueSchema.visibilityTimeoutSeconds,
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: eventsQueueSchema.batchSize,
    });
  });
});
