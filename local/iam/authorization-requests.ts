import type { AuthorizationRequest } from './policy-evaluation.js';

/**
 * The authorizations IAM makes for one DynamoDB or SQS API call, as AWS documents them: a transaction is
 * authorized item by item (a `Put` inside `TransactWriteItems` needs `dynamodb:PutItem` on its table), a
 * batch once per table with the partition keys of all its items in `dynamodb:LeadingKeys`, an index query on
 * the index's ARN, and SQS's batch calls as their single actions (`SendMessageBatch` is `sqs:SendMessage`).
 */

/** The local stand-ins' account and Region, in every ARN the local check builds and binds. */
export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_REGION = 'us-east-1';

/** A table's partition key attribute and its indexes' (the values `dynamodb:LeadingKeys` holds). */
export interface TableKeys {
  partitionKey: string;
  indexes: Record<string, string>;
}

/** The condition keys the requests below carry; a policy that names another is refused (function-roles.ts). */
export const suppliedConditionKeys = [
  'dynamodb:LeadingKeys',
  'dynamodb:Attributes',
  'dynamodb:ReturnValues',
  'dynamodb:Select',
];

type AttributeValue = Record<string, unknown>;
type Input = Record<string, unknown>;

export const tableArn = (table: string) => `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${table}`;
export const queueArn = (queue: string) => `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${queue}`;

/** A key attribute's value as IAM compares it: the string of its `S`, `N` or `B`. */
const scalar = (value: AttributeValue | undefined): string | undefined =>
  value === undefined ? undefined : String(Object.values(value)[0]);

function leadingKeys(tables: Record<string, TableKeys>, table: string, items: (Input | undefined)[]): string[] {
  const name = tables[table]?.partitionKey;
  if (!name) throw new Error(`The local IAM check does not know the table ${table}`);
  return [...new Set(items.flatMap((item) => scalar(item?.[name] as AttributeValue | undefined) ?? []))];
}

/** The value a Query's key condition gives the partition key of the table or index it reads. */
function queriedPartitionKey(input: Input, keyName: string): string | undefined {
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, AttributeValue>;
  for (const match of String(input.KeyConditionExpression ?? '').matchAll(/(#?[\w.-]+)\s*=\s*(:[\w-]+)/g)) {
    const name = match[1]?.startsWith('#') ? names[match[1]] : match[1];
    if (name === keyName) return scalar(values[match[2] ?? '']);
  }
  return undefined;
}

function optional(input: Input, field: string, key: string): Record<string, string[]> {
  return typeof input[field] === 'string' ? { [key]: [input[field] as string] } : {};
}

/** Words of the expression language that are not attribute names. */
const expressionWords = new Set(
  'SET ADD REMOVE DELETE AND OR NOT IN BETWEEN attribute_exists attribute_not_exists attribute_type begins_with contains size if_not_exists list_append'.split(
    ' ',
  ),
);

/**
 * The top-level attributes a request names (`dynamodb:Attributes`): its item's or key's, and every name its
 * expressions mention (update, condition, projection, filter). Read generously: a name IAM might count is
 * counted, so a grant that passes here lists everything AWS could ask it to.
 */
function attributesOf(input: Input): string[] {
  const names = new Set(Object.keys((input.Item ?? input.Key ?? {}) as Input));
  const aliases = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  for (const field of ['UpdateExpression', 'ConditionExpression', 'ProjectionExpression', 'FilterExpression']) {
    const expression = String(input[field] ?? '').replace(/:[\w-]+/g, ' ');
    for (const [path] of expression.matchAll(/#?[A-Za-z_][\w-]*(?:\.[#\w-]+|\[\d+\])*/g)) {
      const first = path.split(/[.[]/)[0] as string;
      if (expressionWords.has(first)) continue;
      names.add(first.startsWith('#') ? (aliases[first] ?? first) : first);
    }
  }
  return [...names];
}

function itemRequest(action: string, table: string, keys: string[], input: Input): AuthorizationRequest {
  const attributes = attributesOf(input);
  return {
    action: `dynamodb:${action}`,
    resource: tableArn(table),
    context: {
      'dynamodb:LeadingKeys': keys,
      ...(attributes.length > 0 && { 'dynamodb:Attributes': attributes }),
      ...optional(input, 'ReturnValues', 'dynamodb:ReturnValues'),
      ...optional(input, 'Select', 'dynamodb:Select'),
    },
  };
}

const transactActions: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
};

export function dynamoDbAuthorizations(
  operation: string,
  input: Input,
  tables: Record<string, TableKeys>,
): AuthorizationRequest[] {
  const table = String(input.TableName ?? '');
  switch (operation) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [itemRequest(operation, table, leadingKeys(tables, table, [input.Key as Input]), input)];
    case 'PutItem':
      return [itemRequest(operation, table, leadingKeys(tables, table, [input.Item as Input]), input)];
    case 'Query':
    case 'Scan': {
      const index = typeof input.IndexName === 'string' ? input.IndexName : undefined;
      const keyName = index ? tables[table]?.indexes[index] : tables[table]?.partitionKey;
      const value = operation === 'Query' && keyName ? queriedPartitionKey(input, keyName) : undefined;
      return [
        {
          ...itemRequest(operation, table, value === undefined ? [] : [value], input),
          resource: index ? `${tableArn(table)}/index/${index}` : tableArn(table),
        },
      ];
    }
    case 'BatchGetItem':
      return Object.entries(input.RequestItems as Record<string, { Keys: Input[] }>).map(([name, { Keys }]) =>
        itemRequest(operation, name, leadingKeys(tables, name, Keys), input),
      );
    case 'BatchWriteItem':
      return Object.entries(
        input.RequestItems as Record<string, { PutRequest?: { Item: Input }; DeleteRequest?: { Key: Input } }[]>,
      ).map(([name, writes]) =>
        itemRequest(
          operation,
          name,
          leadingKeys(
            tables,
            name,
            writes.map((write) => write.PutRequest?.Item ?? write.DeleteRequest?.Key),
          ),
          input,
        ),
      );
    case 'TransactWriteItems':
    case 'TransactGetItems':
      return (input.TransactItems as Record<string, Input>[]).map((entry) => {
        const [kind, item] = Object.entries(entry)[0] as [string, Input];
        const target = String(item.TableName);
        const keyed = (item.Item ?? item.Key) as Input;
        return itemRequest(transactActions[kind] ?? kind, target, leadingKeys(tables, target, [keyed]), item);
      });
    default:
      // Table management and the like: the action on the table, no item keys.
      return [itemRequest(operation, table || '*', [], {})];
  }
}

/** SQS's batch calls are authorized as the action they repeat. */
const sqsActions: Record<string, string> = {
  SendMessageBatch: 'SendMessage',
  DeleteMessageBatch: 'DeleteMessage',
  ChangeMessageVisibilityBatch: 'ChangeMessageVisibility',
};

export function sqsAuthorizations(operation: string, input: Input): AuthorizationRequest[] {
  const queue =
    typeof input.QueueUrl === 'string'
      ? (new URL(input.QueueUrl).pathname.split('/').at(-1) ?? '')
      : String(input.QueueName ?? '*');
  return [{ action: `sqs:${sqsActions[operation] ?? operation}`, resource: queueArn(queue), context: {} }];
}
