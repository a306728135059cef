import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { defaultIdempotencyTableName, defaultVisitorSecretsTableName } from '../shared/platform/service-config.js';
import {
  eventsQueueSchema,
  idempotencyTableSchema,
  type QueuePairSchema,
  tableSchema,
  visitorSecretsTableSchema,
} from '../shared/store/table-schema.js';

/** The table as it exists already (a restart with a kept data folder), or nothing. */
async function existingTable(dynamodb: DynamoDBClient, tableName: string) {
  try {
    return (await dynamodb.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    return undefined;
  }
}

/** The layout of a table: its keys, TTL attribute and global indexes (`table-schema.ts`). */
interface TableLayout {
  partitionKey: string;
  sortKey?: string;
  timeToLiveAttribute: string;
  indexes?: readonly { indexName: string; partitionKey: string; sortKey: string }[];
  /** The table's stream, if it has one. */
  streamViewType?: 'NEW_AND_OLD_IMAGES';
}

/**
 * Creates a table with its indexes (every attribute projected), stream and TTL, unless it exists already; a
 * table kept from a version without its stream gets the stream.
 */
async function ensureTable(dynamodb: DynamoDBClient, tableName: string, layout: TableLayout): Promise<void> {
  const stream = layout.streamViewType && { StreamEnabled: true, StreamViewType: layout.streamViewType };
  const existing = await existingTable(dynamodb, tableName);
  if (existing) {
    if (stream && !existing.StreamSpecification?.StreamEnabled) {
      await dynamodb.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: stream }));
    }
    return;
  }
  const indexes = layout.indexes ?? [];
  const keyAttributes = [
    layout.partitionKey,
    ...(layout.sortKey ? [layout.sortKey] : []),
    ...indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  const keySchema = (partitionKey: string, sortKey: string | undefined) => [
    { AttributeName: partitionKey, KeyType: 'HASH' as const },
    ...(sortKey ? [{ AttributeName: sortKey, KeyType: 'RANGE' as const }] : []),
  ];
  await dynamodb.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: keySchema(layout.partitionKey, layout.sortKey),
      ...(stream && { StreamSpecification: stream }),
      ...(indexes.length > 0 && {
        GlobalSecondaryIndexes: indexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: keySchema(index.partitionKey, index.sortKey),
          Projection: { ProjectionType: 'ALL' as const },
        })),
      }),
    }),
  );
  await dynamodb.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: layout.timeToLiveAttribute, Enabled: true },
    }),
  );
}

/**
 * Creates the table, the visitor secrets' table and the idempotency records' table from the same
 * definitions the CDK stack uses. Each is idempotent: a restart with a kept data folder finds them there.
 */
export async function provisionTable(tableName: string): Promise<void> {
  const dynamodb = new DynamoDBClient({});
  await Promise.all([
    ensureTable(dynamodb, tableName, tableSchema),
    ensureTable(dynamodb, defaultVisitorSecretsTableName(tableName), visitorSecretsTableSchema),
    ensureTable(dynamodb, defaultIdempotencyTableName(tableName), idempotencyTableSchema),
  ]);
}

/** Creates the main table alone (a scratch table: the warm-up's), unless it exists. */
export async function provisionMainTable(tableName: string): Promise<void> {
  await ensureTable(new DynamoDBClient({}), tableName, tableSchema);
}

export interface QueuePair {
  queueUrl: string;
  deadLetterQueueUrl: string;
}

export async function provisionQueues(
  queueName: string,
  overrides: { visibilityTimeoutSeconds?: number; maxReceiveCount?: number } = {},
  schema: QueuePairSchema = eventsQueueSchema,
): Promise<QueuePair> {
  // The queues' URLs name the emulator itself, which may not be the endpoint this client was given.
  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  const dead = await sqs.send(
    new CreateQueueCommand({
      QueueName: `${queueName}-dlq`,
      Attributes: { MessageRetentionPeriod: String(schema.deadLetterRetentionSeconds) },
    }),
  );
  const deadLetterQueueUrl = dead.QueueUrl as string;
  const attributes = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: deadLetterQueueUrl, AttributeNames: ['QueueArn'] }),
  );
  const queue = await sqs.send(
    new CreateQueueCommand({
      QueueName: queueName,
      Attributes: {
        VisibilityTimeout: String(overrides.visibilityTimeoutSeconds ?? schema.visibilityTimeoutSeconds),
        MessageRetentionPeriod: String(schema.retentionSeconds),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: attributes.Attributes?.QueueArn,
          maxReceiveCount: overrides.maxReceiveCount ?? schema.maxReceiveCount,
        }),
      },
    }),
  );
  return { queueUrl: queue.QueueUrl as string, deadLetterQueueUrl };
}

/** The queue the click counter's given-up batches are described in (the stack's ClicksNotCounted). */
export async function provisionFailuresQueue(queueName: string, retentionSeconds: number): Promise<string> {
  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  const queue = await sqs.send(
    new CreateQueueCommand({ QueueName: queueName, Attributes: { MessageRetentionPeriod: String(retentionSeconds) } }),
  );
  sqs.destroy();
  return queue.QueueUrl as string;
}
