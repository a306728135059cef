import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { RouteDefinition } from '../shared/api/routes.js';
import type { IndexName } from '../shared/store/table-schema.js';

/** What a function may do to the table: the route table's `table` column. */
export type TableAccess = RouteDefinition['table'];

/**
 * Item reads on the base table. `GetItem` also covers `TransactGetItems`, which has no action of its own.
 * No `Scan`: every read in `shared/store` is a key lookup or a query.
 */
const readActions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'] as const;

/**
 * Item writes. `TransactWriteItems` has no action of its own either: IAM checks each Put, Update, Delete
 * and ConditionCheck inside it against these.
 */
const writeActions = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
] as const;

/** Base-table actions by access level; a writer also reads (conditions, cascades, read-backs). */
const tableActions: Record<TableAccess, readonly string[]> = {
  none: [],
  read: readActions,
  write: [...readActions, ...writeActions],
};

/**
 * The exact statements a function needs: its access level's actions on the table, and `Query` on the indexes
 * it lists from, by name (indexes can only be queried, and naming them keeps `*` out of the policy).
 */
export function tableAccessStatements(
  table: ITableV2,
  access: TableAccess,
  indexes: readonly IndexName[] = [],
): PolicyStatement[] {
  return [
    ...(access === 'none'
      ? []
      : [new PolicyStatement({ actions: [...tableActions[access]], resources: [table.tableArn] })]),
    ...(indexes.length === 0
      ? []
      : [
          new PolicyStatement({
            actions: ['dynamodb:Query'],
            resources: indexes.map((index) => `${table.tableArn}/index/${index}`),
          }),
        ]),
  ];
}
