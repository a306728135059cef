import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { eventsQueueSchema } from '../shared/store/table-schema.js';

/**
 * The automatic events' queue and its dead-letter queue, from the settings the local runtime also uses:
 * a message that fails five deliveries moves to the dead-letter queue, which keeps it 14 days. Both are
 * encrypted (SQS-managed keys) and refuse plain-HTTP access.
 */
export class EventsQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.seconds(eventsQueueSchema.deadLetterRetentionSeconds),
      // Its messages are events the service could not store: a teardown keeps them for a replay.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the writer's timeout (AWS's advice), so a batch still running is never handed out twice.
      visibilityTimeout: Duration.seconds(eventsQueueSchema.visibilityTimeoutSeconds),
      retentionPeriod: Duration.seconds(eventsQueueSchema.retentionSeconds),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: eventsQueueSchema.maxReceiveCount },
    });
  }
}
