import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { eventsQueueSchema, tableSchema } from '../shared/store/table-schema.js';

/**
 * Creates the table and the queue pair from the same definitions the CDK stack uses. Both steps are
 * idempotent: a restart with a kept data folder finds the table already there.
 */
export async function provisionTable(tableName: string): Promise<void> {
  const dynamodb = new DynamoDBClient({});
  try {
    await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyAttributes = [
    tableSchema.partitionKey,
    tableSchema.sortKey,
    ...tableSchema.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  await dynamodb.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableSchema.indexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await dynamodb.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableSchema.timeToLiveAttribute, Enabled: true },
    }),
  );
}

export interface QueuePair {
  queueUrl: string;
  deadLetterQueueUrl: string;
}

export async function provisionQueues(
  queueName: string,
  overrides: { visibilityTimeoutSeconds?: number; maxReceiveCount?: number } = {},
): Promise<QueuePair> {
  const sqs = new SQSClient({});
  const dead = await sqs.send(
    new CreateQueueCommand({
      QueueName: `${queueName}-dlq`,
      Attributes: { MessageRetentionPeriod: String(eventsQueueSchema.deadLetterRetentionSeconds) },
    }),
  );
  const deadLetterQueueUrl = dead.QueueUrl as string;
  const attributes = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: deadLetterQueueUrl, AttributeNames: ['QueueArn'] }),
  );
  const main = await sqs.send(
    new CreateQueueCommand({
      QueueName: queueName,
      Attributes: {
        VisibilityTimeout: String(overrides.visibilityTimeoutSeconds ?? eventsQueueSchema.visibilityTimeoutSeconds),
        MessageRetentionPeriod: String(eventsQueueSchema.retentionSeconds),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: attributes.Attributes?.QueueArn,
          maxReceiveCount: overrides.maxReceiveCount ?? eventsQueueSchema.maxReceiveCount,
        }),
      },
    }),
  );
  return { queueUrl: main.QueueUrl as string, deadLetterQueueUrl };
}
