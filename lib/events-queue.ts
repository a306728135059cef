import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { eventsQueueSchema } from '../shared/store/table-schema.js';

/**
 * The automatic events' queues (the clicks of links with a click limit apart) and their dead-letter queue,
 * from the settings the local runtime also uses:
 * a message that fails five deliveries moves to the dead-letter queue, which keeps it 14 days. Both are
 * encrypted (SQS-managed keys) and refuse plain-HTTP access.
 */
export class EventsQueue extends Construct {
  readonly queue: Queue;
  /** The clicks of links with `max_clicks`, read without a batching window (eventsQueueSchema.limitedClicks). */
  readonly limitedClicksQueue: Queue;
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
    this.queue = this.writerQueue('Queue');
    this.limitedClicksQueue = this.writerQueue('LimitedClicksQueue');
  }

  /** A queue the event writer reads, into the one dead-letter queue. */
  private writerQueue(id: string): Queue {
    return new Queue(this, id, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the writer's timeout (AWS's advice), so a batch still running is never handed out twice.
      visibilityTimeout: Duration.seconds(eventsQueueSchema.visibilityTimeoutSeconds),
      retentionPeriod: Duration.seconds(eventsQueueSchema.retentionSeconds),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: eventsQueueSchema.maxReceiveCount },
    });
  }
}
