/**
 * The table's physical layout, defined once: the CDK stack and the local runtime both build the table
 * from this, so a key or index cannot exist in one and not the other. What each key holds is in
 * `keys.ts` and docs/data-model.md.
 */
export const tableSchema = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds after which DynamoDB may delete an item (used by event delivery markers). */
  timeToLiveAttribute: 'expires_at',
  indexes: [
    /** Collections: every user, URL or event, ordered by id. */
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    /** Ownership: a user's URLs or a user's events, ordered by id. */
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    /** Attribute lists: URLs by active state, events by type, ordered by id. */
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

export const defaultVisitorSecretsTableName = (tableName: string) => `${tableName}-visitor-secrets`;

/**
 * The idempotency records' own table (shared/http/idempotency.ts): Powertools' layout (`id`, TTL on
 * `expiration`), apart from the main table so that no key of it shares a partition with the records, and so
 * that its short-lived items stay out of the main table's backups. Named after the main table by default.
 */
export const idempotencyTableSchema = {
  partitionKey: 'id',
  timeToLiveAttribute: 'expiration',
} as const;

export const defaultIdempotencyTableName = (tableName: string) => `${tableName}-idempotency`;

/** Definitions of the queue pair, shared by the stack and the local runtime in the same way. */
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
  /**
   * The clicks of links with `max_clicks` go through a queue of their own, read with no batching window
   * (Lambda then hands at most 10 messages a batch): the writer counts them, and marks a link spent, well
   * within the second the contract allows at one click a second, which a 1 s window cannot. Same settings
   * and the same dead-letter queue otherwise.
   */
  limitedClicks: { batchSize: 10, maxBatchingWindowSeconds: 0 },
} as const;
