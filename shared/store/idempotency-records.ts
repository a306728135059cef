import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { serviceConfig } from '../platform/config.js';
import { dynamoDbClient } from './table.js';

/**
 * Where the first answers of idempotent requests are kept: the idempotency table (its own, its items expiring),
 * through Powertools' DynamoDB persistence layer on the table's one client, so that its calls are counted and
 * an overload answers 503 like any other. One layer per route: Powertools keeps the route's key prefix on it.
 */
export const idempotencyRecords = (): DynamoDBPersistenceLayer =>
  new DynamoDBPersistenceLayer({ tableName: serviceConfig().idempotencyTableName, awsSdkV3Client: dynamoDbClient });
