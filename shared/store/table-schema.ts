/**
 * The table's physical layout, defined once: the CDK stack and the local runtime both build the table
 * from this, so a key or index cannot exist in one and not the other. What each key holds is in
 * `keys.ts` and docs/data-model.md.
 */
export const tableSchema = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds after which DynamoDB may delete an item (visitor batches, released codes, markers). */
  timeToLiveAttribute: 'expires_at',
  /**
   * The table's stream, which the statistics are counted from (clickStreamSchema): both images, so that a
   * deleted click is known by what it was.
   */
  streamViewType: 'NEW_AND_OLD_IMAGES',
  indexes: [
    /** Collections: every user, URL or event, ordered by id. */
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    /** Ownership: a user's URLs or a user's events, ordered by id. */
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    /** Attribute lists: URLs by active state, events by type (clicks excepted: keys.ts), ordered by id. */
    { indexName: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
  ],
} as const;

export type IndexName = (typeof tableSchema.indexes)[number]['indexName'];

/**
 * The visitor secrets' own small table (store/visitor-secrets.ts): apart from the main table so that no
 * backup holds a secret (the main table has point-in-time recovery, 35 days; this one has none), with the
 * same key names and TTL attribute. Locally, and by default, it is named after the main table.
 */
export const visitorSecretsTableSchema = {
  partitionKey: 'PK',
  sortKey: 'SK',
  timeToLiveAttribute: 'expires_at',
} as const;

/**
 * The idempotency records' own table (shared/http/idempotency.ts): Powertools' layout (`id`, TTL on
 * `expiration`), apart from the main table so that no key of it shares a partition with the records, and so
 * that its short-lived items stay out of the main table's backups. Named after the main table by default.
 */
export const idempotencyTableSchema = {
  partitionKey: 'id',
  timeToLiveAttribute: 'expiration',
} as const;

/** A queue pair's settings, shared by the stack (lib/queue-pair.ts) and the local runtime. */
export interface QueuePairSchema {
  /** Seconds a received message stays hidden: six times its consumer's timeout (AWS's advice). */
  visibilityTimeoutSeconds: number;
  /** Deliveries before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
  retentionSeconds: number;
  deadLetterRetentionSeconds: number;
}

/** The automatic events' queue pair, shared by the stack and the local runtime in the same way. */
export const eventsQueueSchema = {
  /** Seconds a received message stays hidden; six times the writer's timeout, as AWS recommends. */
  visibilityTimeoutSeconds: 180,
  writerTimeoutSeconds: 30,
  /** Deliveries before a message is moved to the dead-letter queue. */
  maxReceiveCount: 5,
  retentionSeconds: 4 * 24 * 3600,
  deadLetterRetentionSeconds: 14 * 24 * 3600,
  /**
   * Messages handed to one writer invocation, gathered for at most the batching window (Lambda requires a
   * window of at least 1 s above 10). Larger batches mean fewer checks of each hot URL per event.
   */
  batchSize: 100,
  maxBatchingWindowSeconds: 1,
} as const;

/**
 * The imports queue pair (bulk imports that go on after their request), shared by the stack and the local
 * runtime. One message is one import; the worker stores parts until its own deadline and queues the import
 * again if it is not done, so no invocation runs long.
 */
export const importsQueueSchema = {
  workerTimeoutSeconds: 120,
  /** Six times the worker's timeout, as AWS recommends for an event source mapping. */
  visibilityTimeoutSeconds: 720,
  /** Deliveries before the import is marked failed and the message moved to the dead-letter queue. */
  maxReceiveCount: 3,
  retentionSeconds: 4 * 24 * 3600,
  deadLetterRetentionSeconds: 14 * 24 * 3600,
  /** One import per invocation: each may use the whole of its time. */
  batchSize: 1,
} as const;

/**
 * How the click counter (functions/stats/count-clicks.ts) reads the table's stream, shared by the stack's event
 * source mapping and the local runtime's stream reader.
 */
export const clickStreamSchema = {
  /** Records handed to one invocation, gathered for at most the batching window. */
  batchSize: 1000,
  /**
   * Up to this long to fill a batch: each statistics item is written once per batch that holds its clicks,
   * so a longer window means fewer writes per click of a quiet service, and statistics that follow the
   * events by that much more. Under load batches fill before it ends.
   */
  maxBatchingWindowSeconds: 2,
  /** A tumbling window, used only because its invocations name their shard (stats-counting.ts needs it). */
  tumblingWindowSeconds: 60,
  counterTimeoutSeconds: 60,
  /**
   * A batch that fails is split in two and each half tried on its own, down to the one record that fails, so
   * that one poison record holds back nothing but itself.
   */
  bisectBatchOnError: true,
  /** Tries of a batch (or half) after its first failure before it is given up to the failures queue. */
  retryAttempts: 5,
  /**
   * Records older than this are given up to the failures queue instead of counted: a shard that cannot move
   * on is blocked for at most an hour, not for the stream's 24 hours, and what it gave up is named there
   * (`npm run recount-stats` counts it again from the stored events).
   */
  maxRecordAgeSeconds: 3600,
  /** How long the failures queue keeps what the counter gave up (SQS's longest). */
  failuresRetentionSeconds: 14 * 24 * 3600,
  /** Only click events stored or deleted reach the counter (Lambda's event filtering: not invoked, not billed). */
  filters: [
    { eventName: ['INSERT'], dynamodb: { NewImage: { event_type: { S: ['click'] } } } },
    { eventName: ['REMOVE'], dynamodb: { OldImage: { event_type: { S: ['click'] } } } },
  ],
} as const;

/**
 * How the webhook dispatcher (functions/webhooks/dispatch-webhooks.ts) reads the table's stream, shared by the
 * stack's event source mapping and the local runtime's stream reader: the same failure handling as the click
 * counter's (bisect, bounded retries and age, an on-failure destination), every stored event.
 */
export const webhookStreamSchema = {
  batchSize: 1000,
  /**
   * Up to this long to fill a batch: the owners' webhooks are read once per batch, so a longer window costs
   * fewer reads per event, and delivers that much later (the contract's p99 is 5 s from storage).
   */
  maxBatchingWindowSeconds: 1,
  dispatcherTimeoutSeconds: 30,
  bisectBatchOnError: true,
  retryAttempts: 5,
  maxRecordAgeSeconds: 3600,
  failuresRetentionSeconds: 14 * 24 * 3600,
  /**
   * Only events stored reach the dispatcher (Lambda's event filtering: not invoked, not billed): items with an
   * event type and the owner of their link, which only events have.
   */
  filters: [
    {
      eventName: ['INSERT'],
      dynamodb: { NewImage: { event_type: { S: [{ exists: true }] }, owner_id: { N: [{ exists: true }] } } },
    },
  ],
} as const;

/** The webhook deliveries' queue pair, shared by the stack and the local runtime. */
export const webhookDeliveriesQueueSchema = {
  /**
   * Each message is one attempt, sent within 15 s; ten at once in one invocation, whose timeout leaves room
   * for the table's writes after the slowest.
   */
  delivererTimeoutSeconds: 30,
  /** Six times the deliverer's timeout, as AWS recommends. */
  visibilityTimeoutSeconds: 180,
  /** Deliveries of one message (failures of the table or the queue, not of a receiver) before the dead-letter queue. */
  maxReceiveCount: 5,
  retentionSeconds: 4 * 24 * 3600,
  deadLetterRetentionSeconds: 14 * 24 * 3600,
  batchSize: 10,
  /**
   * Deliverer instances at most (the event source's maximum concurrency): what slow receivers can take of the
   * account's concurrency, which the routes share. Twenty instances of ten attempts are 200 in flight: 13 a
   * second if every receiver hangs for its whole 15 s, 2,000 a second if they answer in 100 ms.
   */
  maxConcurrency: 20,
} as const;
