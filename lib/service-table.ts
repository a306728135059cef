import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableSchema } from '../shared/store/table-schema.js';

export interface ServiceTableProps {
  /**
   * Keep the data: deletion protection on, and the table retained when the stack is deleted or the table
   * replaced. Turn off only for throwaway environments, so that `cdk destroy` removes everything.
   * @default true
   */
  retainData?: boolean;
}

/**
 * The one table, with the same keys, indexes and TTL attribute as the local runtime's
 * (`shared/store/table-schema.ts`): on-demand, encrypted with the AWS-managed key, point-in-time recovery on.
 */
export class ServiceTable extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, props: ServiceTableProps = {}) {
    super(scope, id);
    const retainData = props.retainData ?? true;
    const key = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new TableV2(this, 'Table', {
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
      deletionProtection: retainData,
      removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}
