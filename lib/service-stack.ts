import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { LambdaIntegration, RestApi } from 'aws-cdk-lib/aws-apigateway';
import { AttributeType, Billing, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { eventWriter, type RouteDefinition, routeName, routes } from '../shared/routes.js';
import { eventsQueueSchema, tableSchema } from '../shared/store/table-schema.js';
import { ServiceFunction } from './service-function.js';

/** Memory and timeout by the route table's sizing class. */
const sizing: Record<RouteDefinition['profile'], { memorySize: number; timeout: Duration }> = {
  standard: { memorySize: 512, timeout: Duration.seconds(10) },
  bulk: { memorySize: 1536, timeout: Duration.seconds(29) },
  cascade: { memorySize: 1024, timeout: Duration.seconds(29) },
};

/** The whole service: one table, the events queue pair, one function per route, the REST API. */
export class ServiceStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    const key = (name: string) => ({ name, type: AttributeType.STRING });
    const table = new TableV2(this, 'Table', {
      partitionKey: key(tableSchema.partitionKey),
      sortKey: key(tableSchema.sortKey),
      billing: Billing.onDemand(),
      encryption: TableEncryptionV2.awsManagedKey(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableSchema.timeToLiveAttribute,
      globalSecondaryIndexes: tableSchema.indexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
      })),
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const deadLetterQueue = new Queue(this, 'EventsDeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.seconds(eventsQueueSchema.deadLetterRetentionSeconds),
    });
    const eventsQueue = new Queue(this, 'EventsQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(eventsQueueSchema.visibilityTimeoutSeconds),
      retentionPeriod: Duration.seconds(eventsQueueSchema.retentionSeconds),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: eventsQueueSchema.maxReceiveCount },
    });

    const api = new RestApi(this, 'Api', {
      restApiName: 'url-shortener',
      binaryMediaTypes: ['multipart/form-data'],
      deployOptions: { stageName: 'prod' },
    });

    for (const route of routes) {
      const fn = new ServiceFunction(this, routeName(route), {
        entry: route.handler,
        ...sizing[route.profile],
        environment: {
          TABLE_NAME: table.tableName,
          ...(route.sendsEvents && { EVENTS_QUEUE_URL: eventsQueue.queueUrl }),
        },
      });
      if (route.table === 'read') table.grantReadData(fn);
      if (route.table === 'write') table.grantReadWriteData(fn);
      if (route.sendsEvents) eventsQueue.grantSendMessages(fn);
      api.root.resourceForPath(route.path).addMethod(route.method, new LambdaIntegration(fn));
    }

    const writer = new ServiceFunction(this, 'EventWriter', {
      entry: eventWriter.handler,
      timeout: Duration.seconds(eventsQueueSchema.writerTimeoutSeconds),
      environment: { TABLE_NAME: table.tableName },
    });
    table.grantReadWriteData(writer);
    writer.addEventSource(
      new SqsEventSource(eventsQueue, {
        batchSize: eventsQueueSchema.batchSize,
        maxBatchingWindow: Duration.seconds(eventsQueueSchema.maxBatchingWindowSeconds),
        reportBatchItemFailures: true,
      }),
    );

    new CfnOutput(this, 'ApiUrl', { value: api.url });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'EventsQueueName', { value: eventsQueue.queueName });
  }
}
