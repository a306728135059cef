import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  defaultVisitorSecretsTableName,
  eventsQueueSchema,
  tableSchema,
  visitorSecretsTableSchema,
} from '../shared/store/table-schema.js';

/** Whether the table exists already (a restart with a kept data folder). */
async function tableExists(dynamodb: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
    return true;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    return false;
  }
}

/**
 * Creates the table, the visitor secrets' table and the queue pair from the same definitions the CDK stack
 * uses. Each step is idempotent: a restart with a kept data folder finds them already there.
 */
export async function provisionTable(tableName: string): Promise<void> {
  const dynamodb = new DynamoDBClient({});
  await provisionVisitorSecretsTable(dynamodb, defaultVisitorSecretsTableName(tableName));
  if (await tableExists(dynamodb, tableName)) return;
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

async function provisionVisitorSecretsTable(dynamodb: DynamoDBClient, tableName: string): Promise<void> {
  if (await tableExists(dynamodb, tableName)) return;
  const { partitionKey, sortKey, timeToLiveAttribute } = visitorSecretsTableSchema;
  await dynamodb.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [partitionKey, sortKey].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
    }),
  );
  await dynamodb.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true },
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
