import { DeleteTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { sendTransaction } from '../shared/store/table.js';
import { provisionMainTable } from './provision.js';

const SCRATCH_PREFIX = 'warm-up-';

/**
 * Drops the scratch tables a warm-up cut short (or an earlier version, which also made their companion
 * tables) left in a kept data folder, so that none piles up in the table browser.
 */
async function dropScratchTables(client: DynamoDBClient): Promise<void> {
  const names = (await client.send(new ListTablesCommand({}))).TableNames ?? [];
  await Promise.all(
    names
      .filter((name) => name.startsWith(SCRATCH_PREFIX))
      .map((name) => client.send(new DeleteTableCommand({ TableName: name }))),
  );
}

/**
 * Exercises a fresh DynamoDB Local for a moment before the gateway opens, on a scratch table it then drops.
 * A cold JVM serves the first thousands of requests several times slower while it compiles them, and load
 * that arrives right after `npm start` then queues for seconds; a short warm-up moves that cost to start-up.
 * `signal` ends it early (a stop during the start).
 */
export async function warmUpDynamoDb(durationMs: number, signal?: AbortSignal): Promise<void> {
  const client = new DynamoDBClient({});
  await dropScratchTables(client);
  const tableName = `${SCRATCH_PREFIX}${Date.now().toString(36)}`;
  await provisionMainTable(tableName);
  const db = DynamoDBDocumentClient.from(client);
  const deadline = Date.now() + durationMs;
  const item = (i: number) => ({
    PK: `W#${i}`,
    SK: 'W',
    GSI1PK: 'W',
    GSI1SK: String(i).padStart(16, '0'),
    payload: 'warm-up item with a few attributes',
    n: i,
    flag: true,
  });
  let next = 0;
  const worker = async () => {
    while (Date.now() < deadline && !signal?.aborted) {
      next += 25;
      const base = next;
      await db.send(
        new BatchWriteCommand({
          RequestItems: {
            [tableName]: Array.from({ length: 25 }, (_, i) => ({ PutRequest: { Item: item(base + i) } })),
          },
        }),
      );
      await db.send(new GetCommand({ TableName: tableName, Key: { PK: `W#${base}`, SK: 'W' }, ConsistentRead: true }));
      await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': 'W' },
          Limit: 100,
        }),
      );
      await sendTransaction(
        db,
        [0, 1, 2].map((i) => ({
          Put: { TableName: tableName, Item: item(-base - i), ConditionExpression: 'attribute_not_exists(PK)' },
        })),
      );
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  client.destroy();
}
