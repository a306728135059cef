import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { IndexName } from './table-schema.js';

/**
 * The single table's keys and every query it serves, each a named access pattern. No other module builds
 * or parses a key string or writes a KeyConditionExpression (shard-merge.ts only adds a cursor's
 * position to one); docs/data-model.md describes each pattern's cost. The scale machinery that decides
 * which shard, slot or copy a key names is beside it (README.md, "The scale machinery", lists every lever).
 *
 * Ids are zero-padded in sort keys so that string order is numeric order.
 */

const ID_WIDTH = 16;
export const sortableId = (id: number): string => id.toString().padStart(ID_WIDTH, '0');

export type RecordKind = 'user' | 'url' | 'event' | 'key' | 'report';

export type Key = { PK: string; SK: string };

export const keys = {
  /** Atomic id counter of one record kind. */
  counter: (kind: RecordKind): Key => ({ PK: `COUNTER#${kind}`, SK: 'COUNTER' }),
  /** A user's profile; the user's partition also holds one link per URL the user owns. */
  user: (userId: number): Key => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  /** Marks a URL as owned by a user, read consistently by the user cascade. */
  userUrlLink: (userId: number, urlId: number): Key => ({ PK: `USER#${userId}`, SK: `URL#${sortableId(urlId)}` }),
  /** A user's access key, as its user lists it (the key itself is never stored; its hash is on `accessKey`). */
  userKey: (userId: number, keyId: number): Key => ({ PK: `USER#${userId}`, SK: `KEY#${sortableId(keyId)}` }),
  /**
   * A user's webhook, in the user's partition: the dispatcher reads all of a user's (at most 10) with one
   * query, again only after a webhook was made or changed (`webhookChanges`), and the user cascade finds them
   * there.
   */
  webhook: (userId: number, webhookId: string): Key => ({ PK: `USER#${userId}`, SK: `WEBHOOK#${webhookId}` }),
  /**
   * How many times any webhook was made or changed (the changes that can widen what a webhook takes): while it
   * stays the same, the dispatcher keeps what it read of owners' webhooks. One small item, read once per
   * dispatcher batch and written once per such change.
   */
  webhookChanges: (): Key => ({ PK: 'WEBHOOKS', SK: 'CHANGES' }),
  /**
   * One delivery attempt of a webhook, sorted by when it started (then by message and attempt), so the latest
   * are one query read backwards; each lives a week (its TTL).
   */
  webhookDelivery: (webhookId: string, at: string, messageId: string, attempt: number): Key => ({
    PK: `WEBHOOK#${webhookId}`,
    SK: `D#${at}#${messageId}#${String(attempt).padStart(2, '0')}`,
  }),
  /** An access key by the SHA-256 of its secret: what a request's key is looked up by. */
  accessKey: (hash: string): Key => ({ PK: `KEY#${hash}`, SK: 'KEY' }),
  /** An operator key, as the operators list it (one small partition: a deployment has a handful). */
  operatorKey: (keyId: number): Key => ({ PK: 'OPERATOR_KEYS', SK: `KEY#${sortableId(keyId)}` }),
  /** Where a key is, by its id alone (DELETE /keys/{key_id}): its hash and its user, if a user's. */
  keyById: (keyId: number): Key => ({ PK: `KEYID#${sortableId(keyId)}`, SK: 'KEY' }),
  /** Uniqueness guard of a lower-cased email. */
  emailGuard: (email: string): Key => ({ PK: `EMAIL#${email.toLowerCase()}`, SK: 'GUARD' }),
  /** Uniqueness guard of a lower-cased username. */
  usernameGuard: (username: string): Key => ({ PK: `USERNAME#${username.toLowerCase()}`, SK: 'GUARD' }),
  /** A URL record. */
  url: (urlId: number): Key => ({ PK: `URL#${urlId}`, SK: 'URL' }),
  /**
   * The wrong passwords one client (a hash of its address) gave one protected link in the current window: a
   * partition per link and client, so no guessing spree touches another's.
   */
  unlockAttempts: (code: string, client: string): Key => ({ PK: `UNLOCK#${code}`, SK: `CLIENT#${client}` }),
  /** A short code's reservation, carrying what a redirect needs so that it costs one read. */
  shortCode: (code: string): Key => ({ PK: `CODE#${code}`, SK: 'CODE' }),
  /**
   * An event, in one of its URL's event shards (a URL that is not hot has one), so that deleting the URL finds
   * every event with consistent reads, and a hot URL's writes spread over several partitions.
   */
  event: (urlId: number, shard: number, eventId: number): Key => ({
    PK: `URL#${urlId}#EVENTS#${shard}`,
    SK: sortableId(eventId),
  }),
  /**
   * The id and shards given to a queue message that came without them (an old-format message), so that a
   * redelivery gets the same ones. One item per message: no partition is shared.
   */
  messageIdentity: (messageId: string): Key => ({ PK: `MESSAGE#${messageId}`, SK: 'EVENT' }),
  /**
   * The id given to the record a request with an Idempotency-Key creates, so that its retries (after a 503 or
   * a lost answer) create that record, not another. One item per request: no partition is shared.
   */
  requestIdentity: (identity: string): Key => ({ PK: `REQUEST#${identity}`, SK: 'ID' }),
  /**
   * A deletion that event lists must still hide: what a writer in flight could add, or an index still show,
   * for a while after the delete answered. Sorted by when it may be forgotten, so a read takes only live ones.
   */
  deletion: (copy: number, forgetAt: number, kind: DeletedKind, id: number): Key => ({
    PK: `DELETED#${copy}`,
    SK: `${sortableId(forgetAt)}#${kind}#${id}`,
  }),
  /**
   * The clicks of one hour of a link or of a user's links, as counted by the consumer of one shard of the
   * table's stream (stats-counting.ts): each shard writes items of its own, so that a shard's sequence numbers
   * make its counting idempotent. Sorted by hour, so a range of hours is one query whatever the shards.
   */
  clickStats: (scope: StatsScope, hour: string, shard: string): Key => ({
    PK: `STATS#${scope}`,
    SK: `H#${hour}#${shard}`,
  }),
  /**
   * The visitors of the same hour, scope and shard folded out of its `clickStats` item (stats-counting.ts):
   * beside it in the sort order, so a range of hours reads both.
   */
  clickVisitors: (scope: StatsScope, hour: string, shard: string): Key => ({
    PK: `STATS#${scope}`,
    SK: `H#${hour}#${shard}#V`,
  }),
  /**
   * The visitor tags of one writer batch's clicks, by event id, for the statistics' unique visitors: a tag is
   * never stored with its event, and this item lives two days (visitor-batches.ts).
   */
  visitorBatch: (batchId: string): Key => ({ PK: `VISITORS#${batchId}`, SK: 'TAGS' }),
  /**
   * The secret of one UTC day that visitor tags are keyed with; deleted once the day is over. In the visitor
   * secrets' own table (table-schema.ts), all days in one partition, so that whoever makes a day's secret
   * finds every earlier one to delete.
   */
  visitorSecret: (day: string): Key => ({ PK: 'VISITOR_SECRET', SK: day }),
  /** A host the operator blocked (abuse controls): all of them in one small partition, read as one list. */
  blockedHost: (host: string): Key => ({ PK: 'BLOCKED_HOSTS', SK: host }),
  /** A report of a short link (abuse controls), listed newest first through GSI1. */
  report: (reportId: number): Key => ({ PK: `REPORT#${reportId}`, SK: 'REPORT' }),
  /** A bulk import of users (POST /users/bulk): its progress, read by GET /imports/{id}. */
  userImport: (importId: string): Key => ({ PK: `IMPORT#${importId}`, SK: 'IMPORT' }),
  /**
   * One part of an import's rows, as read from its file (import-parts.ts): a partition each, so that a large
   * file's parts are written in parallel without sharing a partition's write rate.
   */
  userImportPart: (importId: string, part: number): Key => ({ PK: `IMPORT#${importId}#PART#${part}`, SK: 'ROWS' }),
  /** The shard layout of event lists (shard-layout.ts): shard counts by list name. */
  shardLayout: (): Key => ({ PK: 'LAYOUT', SK: 'EVENT_LISTS' }),
};

/** Whose clicks a statistics item counts: one link's (`URL#<id>`) or all of a user's links (`USER#<id>`). */
export type StatsScope = `URL#${number}` | `USER#${number}`;

export const linkScope = (urlId: number): StatsScope => `URL#${urlId}`;
export const userScope = (userId: number): StatsScope => `USER#${userId}`;

/** Whose clicks a scope counts. */
export function scopeOwner(scope: StatsScope): { kind: 'link'; urlId: number } | { kind: 'user'; userId: number } {
  const [kind, id] = scope.split('#') as ['URL' | 'USER', string];
  return kind === 'URL' ? { kind: 'link', urlId: Number(id) } : { kind: 'user', userId: Number(id) };
}

/** The hour a statistics item's sort key names (`keys.clickStats`). */
export const statsHourOf = (sk: unknown): string => String(sk).slice(2, 15);

export type DeletedKind = 'url' | 'user';

/** Index attributes of each record kind: which collection and which filtered lists it appears in. */
export const indexAttributes = {
  user: (userId: number) => ({ GSI1PK: 'USERS', GSI1SK: sortableId(userId) }),
  report: (reportId: number) => ({ GSI1PK: 'REPORTS', GSI1SK: sortableId(reportId) }),
  url: (url: { id: number; user_id: number; is_active: boolean }) => ({
    GSI1PK: 'URLS',
    GSI1SK: sortableId(url.id),
    GSI2PK: `USER#${url.user_id}#URLS`,
    GSI2SK: sortableId(url.id),
    ...urlStateIndex(url),
  }),
  /**
   * An event in the shard of each list it is part of (`sharded-lists.ts` chooses them). A click is in no
   * list of its type: clicks are nearly every event, so the list of all events filtered is theirs, and each
   * click saves the write of an index entry.
   */
  event: (
    event: { id: number; user_id: number; event_type: string },
    shards: { user: number; type: number; all: number },
  ) => ({
    GSI1PK: `EVENTS#${shards.all}`,
    GSI1SK: sortableId(event.id),
    GSI2PK: `USER#${event.user_id}#EVENTS#${shards.user}`,
    GSI2SK: sortableId(event.id),
    ...(hasTypeList(event.event_type) && {
      GSI3PK: `EVENTS#TYPE#${event.event_type}#${shards.type}`,
      GSI3SK: sortableId(event.id),
    }),
  }),
};

/** Whether events of this type have a list of their own (every type but `click`). */
export const hasTypeList = (eventType: string): boolean => eventType !== 'click';

/** The URL's place in the by-state list; rewritten whenever is_active changes. */
function urlStateIndex(url: { id: number; is_active: boolean }) {
  return { GSI3PK: `URLS#ACTIVE#${url.is_active}`, GSI3SK: sortableId(url.id) };
}

/** A query without its table name; the readers in list-pages.ts and shard-merge.ts add it. */
export type AccessPattern = Omit<QueryCommandInput, 'TableName'>;

const onIndex = (indexName: IndexName, attribute: string, value: string): AccessPattern => ({
  IndexName: indexName,
  KeyConditionExpression: '#pk = :pk',
  ExpressionAttributeNames: { '#pk': attribute },
  ExpressionAttributeValues: { ':pk': value },
});

const inPartition = (pk: string, skPrefix: string): AccessPattern => ({
  ConsistentRead: true,
  KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
  ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
});

/** One shard of an event list: a partition of the table or of an index, ordered by event id. */
export interface EventShardPattern extends AccessPattern {
  /** The attribute that orders it (the event id, zero-padded). */
  orderedBy: 'SK' | 'GSI1SK' | 'GSI2SK' | 'GSI3SK';
}

const eventShard = (
  indexName: IndexName | undefined,
  partitionKey: string,
  value: string,
  orderedBy: EventShardPattern['orderedBy'],
): EventShardPattern => ({
  ...(indexName ? { IndexName: indexName } : { ConsistentRead: true }),
  KeyConditionExpression: '#pk = :pk',
  ExpressionAttributeNames: { '#pk': partitionKey },
  ExpressionAttributeValues: { ':pk': value },
  orderedBy,
});

/**
 * One shard of an event list from a cursor's position on (after that event id), or from its start. The
 * position is part of the query's own expression, so a filter merged in later keeps its names and values.
 */
export function eventShardAfter(shard: EventShardPattern, after: string | undefined): AccessPattern {
  const { orderedBy, ...pattern } = shard;
  if (after === undefined) return pattern;
  return {
    ...pattern,
    KeyConditionExpression: `${pattern.KeyConditionExpression} AND #sk > :after`,
    ExpressionAttributeNames: { ...pattern.ExpressionAttributeNames, '#sk': orderedBy },
    ExpressionAttributeValues: { ...pattern.ExpressionAttributeValues, ':after': after },
  };
}

export const accessPatterns = {
  /** Every user by id (GSI1). Users being deleted have left the index. */
  allUsers: () => onIndex('GSI1', 'GSI1PK', 'USERS'),
  /** Every report by id (GSI1); read newest first. */
  allReports: (): AccessPattern => ({ ...onIndex('GSI1', 'GSI1PK', 'REPORTS'), ScanIndexForward: false }),
  /**
   * Every blocked host (one small partition): consistently for a link being made or changed, eventually (half
   * the price) for a redirect instance's periodic copy, which is seconds old anyway.
   */
  blockedHosts: (consistent = true): AccessPattern => ({
    ConsistentRead: consistent,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.blockedHost('').PK },
  }),
  /** Every URL by id (GSI1). */
  allUrls: () => onIndex('GSI1', 'GSI1PK', 'URLS'),
  /** One user's URLs by id (GSI2). */
  urlsOfUser: (userId: number) => onIndex('GSI2', 'GSI2PK', `USER#${userId}#URLS`),
  /** URLs in one state by id (GSI3). */
  urlsByState: (isActive: boolean) => onIndex('GSI3', 'GSI3PK', `URLS#ACTIVE#${isActive}`),
  /** One shard of every event, by id (GSI1). */
  allEvents: (shard: number) => eventShard('GSI1', 'GSI1PK', `EVENTS#${shard}`, 'GSI1SK'),
  /** One shard of a URL's events, by id: the table's own partition, read consistently. */
  eventsOfUrl: (urlId: number, shard: number) => eventShard(undefined, 'PK', keys.event(urlId, shard, 0).PK, 'SK'),
  /** One shard of a user's events (events whose user_id is the user, on any URL), by id (GSI2). */
  eventsOfUser: (userId: number, shard: number) =>
    eventShard('GSI2', 'GSI2PK', `USER#${userId}#EVENTS#${shard}`, 'GSI2SK'),
  /** One shard of the events of one type, by id (GSI3). */
  eventsByType: (eventType: string, shard: number) =>
    eventShard('GSI3', 'GSI3PK', `EVENTS#TYPE#${eventType}#${shard}`, 'GSI3SK'),
  /**
   * One copy of the deletions event lists must still hide: those not yet to be forgotten at `now`. Consistent
   * for a list (`consistent`); eventually consistent, at half the price, for the workers that clean up after a
   * deletion, whose misses the deletion's delayed sweep removes (deletion-copies.ts).
   */
  recentDeletions: (copy: number, now: number, consistent: boolean): AccessPattern => ({
    ConsistentRead: consistent,
    KeyConditionExpression: 'PK = :pk AND SK > :now',
    ExpressionAttributeValues: { ':pk': `DELETED#${copy}`, ':now': sortableId(now) },
  }),
  /**
   * A scope's hourly statistics from one hour to another (inclusive), every shard's: eventually consistent,
   * as the statistics follow the events by a few seconds anyway.
   */
  statsRange: (scope: StatsScope, first: string, last: string): AccessPattern => ({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :last',
    ExpressionAttributeValues: {
      ':pk': keys.clickStats(scope, first, '').PK,
      ':first': `H#${first}`,
      // `~` sorts after every shard id, so the last hour's items are all in.
      ':last': `H#${last}#~`,
    },
  }),
  /** The clicks of every statistics item of a scope: its click total so far, as counted (eventually consistent). */
  clicksOfScope: (scope: StatsScope): AccessPattern => ({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.clickStats(scope, '', '').PK },
    ProjectionExpression: 'clicks',
  }),
  /** Every statistics item of a scope, read consistently, to delete them (keys only). */
  statsOfScope: (scope: StatsScope): AccessPattern => ({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.clickStats(scope, '', '').PK },
    ProjectionExpression: 'PK, SK',
  }),
  /** Every visitor secret still stored (today's, and past days' not yet deleted), read consistently. */
  visitorSecrets: (): AccessPattern => ({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.visitorSecret('').PK },
  }),
  /** Links to the URLs a user owns, read consistently by the user cascade. */
  urlLinksOfUser: (userId: number) => inPartition(`USER#${userId}`, 'URL#'),
  /** A user's access keys, by id, read consistently. */
  keysOfUser: (userId: number) => inPartition(`USER#${userId}`, 'KEY#'),
  /** A user's webhooks, oldest first (their ids sort by when they were made), read consistently. */
  webhooksOfUser: (userId: number) => inPartition(`USER#${userId}`, 'WEBHOOK#'),
  /**
   * The same, as the webhook dispatcher reads them for each batch of the stream: eventually consistent, half the
   * read units a click pays (docs/decisions.md, "Webhooks").
   */
  webhooksToDispatchTo: (userId: number): AccessPattern => {
    const { ConsistentRead: _, ...eventual } = inPartition(`USER#${userId}`, 'WEBHOOK#');
    return eventual;
  },
  /** A webhook's latest delivery attempts, newest first (eventually consistent: a log). */
  deliveriesOfWebhook: (webhookId: string): AccessPattern => ({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `WEBHOOK#${webhookId}`, ':prefix': 'D#' },
    ScanIndexForward: false,
  }),
  /** The operator keys, by id, read consistently. */
  operatorKeys: () => inPartition(keys.operatorKey(0).PK, 'KEY#'),
  /** The keys of one shard of a URL's events, read consistently by the URL cascade and its sweep. */
  eventKeysOfUrl: (urlId: number, shard: number): AccessPattern => ({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.event(urlId, shard, 0).PK },
    ProjectionExpression: 'PK, SK',
  }),
};
