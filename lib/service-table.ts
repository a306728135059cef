import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  Billing,
  BillingMode,
  StreamViewType,
  Table,
  TableEncryption,
  TableEncryptionV2,
  TableV2,
} from 'aws-cdk-lib/aws-dynamodb';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { idempotencyTableSchema, tableSchema, visitorSecretsTableSchema } from '../shared/store/table-schema.js';

export interface ServiceTableProps {
  /**
   * Keep the data: deletion protection on, and the table retained when the stack is deleted or the table
   * replaced. Turn off only for throwaway environments, so that `cdk destroy` removes everything.
   * @default true
   */
  retainData?: boolean;
}

/**
 * The one table, with the same keys, indexes, stream and TTL attribute as the local runtime's
 * (`shared/store/table-schema.ts`): on-demand, encrypted with the AWS-managed key, point-in-time recovery on.
 */
export class ServiceTable extends Construct {
  readonly table: TableV2;
  /**
   * The daily visitor secrets (shared/store/visitor-secrets.ts), apart: no point-in-time recovery, so that
   * no backup keeps a secret past its day; nothing in it is worth keeping, so it goes with the stack.
   */
  readonly visitorSecrets: Table;
  /**
   * The answers of requests sent with an Idempotency-Key (shared/http/idempotency.ts), kept 24 hours by TTL:
   * Powertools' layout, apart from the records; nothing in it outlives a day, so no backups, and it goes with
   * the stack.
   */
  readonly idempotency: Table;

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
      dynamoStream: StreamViewType[tableSchema.streamViewType],
      globalSecondaryIndexes: tableSchema.indexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
      })),
      deletionProtection: retainData,
      removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.visitorSecrets = new Table(this, 'VisitorSecrets', {
      partitionKey: key(visitorSecretsTableSchema.partitionKey),
      sortKey: key(visitorSecretsTableSchema.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: visitorSecretsTableSchema.timeToLiveAttribute,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.idempotency = new Table(this, 'IdempotencyRecords', {
      partitionKey: key(idempotencyTableSchema.partitionKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: idempotencyTableSchema.timeToLiveAttribute,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    NagSuppressions.addResourceSuppressions(this.idempotency, [
      {
        id: 'AwsSolutions-DDB3',
        reason: 'No point-in-time recovery by design: an idempotency record lives 24 hours and is worth nothing after.',
      },
    ]);
    NagSuppressions.addResourceSuppressions(this.visitorSecrets, [
      {
        id: 'AwsSolutions-DDB3',
        reason: 'No point-in-time recovery by design: a visitor secret must not be kept beyond its day.',
      },
    ]);
  }
}
