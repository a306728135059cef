import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueuePairSchema } from '../shared/store/table-schema.js';

/**
 * A queue and its dead-letter queue (the automatic events', the imports'): a message that fails its
 * deliveries moves to the dead-letter queue, which keeps it 14 days. Both are encrypted (SQS-managed keys)
 * and refuse plain-HTTP access.
 */
export class QueuePair extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, schema: QueuePairSchema) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.seconds(schema.deadLetterRetentionSeconds),
      // Its messages are work the service could not do: a teardown keeps them for a replay.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // A message still being handled is never handed out twice.
      visibilityTimeout: Duration.seconds(schema.visibilityTimeoutSeconds),
      retentionPeriod: Duration.seconds(schema.retentionSeconds),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: schema.maxReceiveCount },
    });
  }
}
