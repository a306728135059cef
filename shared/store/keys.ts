import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { IndexName } from './table-schema.js';

/**
 * The single table's keys and every query it serves, each a named access pattern. No other module
 * writes a key string or a KeyConditionExpression; docs/data-model.md describes each pattern's cost.
 *
 * Ids are zero-padded in sort keys so that string order is numeric order.
 */

const ID_WIDTH = 16;
export const sortableId = (id: number): string => id.toString().padStart(ID_WIDTH, '0');

export type RecordKind = 'user' | 'url' | 'event';

export type Key = { PK: string; SK: string };

export const keys = {
  /** Atomic id counter of one record kind. */
  counter: (kind: RecordKind): Key => ({ PK: `COUNTER#${kind}`, SK: 'COUNTER' }),
  /** A user's profile; the user's partition also holds one link per URL the user owns. */
  user: (userId: number): Key => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  /** Marks a URL as owned by a user, read consistently by the user cascade. */
  userUrlLink: (userId: number, urlId: number): Key => ({ PK: `USER#${userId}`, SK: `URL#${sortableId(urlId)}` }),
  /** Uniqueness guard of a lower-cased email. */
  emailGuard: (email: string): Key => ({ PK: `EMAIL#${email.toLowerCase()}`, SK: 'GUARD' }),
  /** Uniqueness guard of a lower-cased username. */
  usernameGuard: (username: string): Key => ({ PK: `USERNAME#${username.toLowerCase()}`, SK: 'GUARD' }),
  /** A URL record; its partition also holds the URL's events and their delivery markers. */
  url: (urlId: number): Key => ({ PK: `URL#${urlId}`, SK: 'URL' }),
  /** A short code's reservation, carrying what a redirect needs so that it costs one read. */
  shortCode: (code: string): Key => ({ PK: `CODE#${code}`, SK: 'CODE' }),
  /** An event, stored in its URL's partition so that deleting the URL finds every event consistently. */
  event: (urlId: number, eventId: number): Key => ({ PK: `URL#${urlId}`, SK: `EVENT#${sortableId(eventId)}` }),
  /** Remembers that a queue message was stored, so a redelivery does not store it twice. */
  eventDelivery: (urlId: number, messageId: string): Key => ({ PK: `URL#${urlId}`, SK: `DELIVERY#${messageId}` }),
};

/** Index attributes of each record kind: which collection and which filtered lists it appears in. */
export const indexAttributes = {
  user: (userId: number) => ({ GSI1PK: 'USERS', GSI1SK: sortableId(userId) }),
  url: (url: { id: number; user_id: number; is_active: boolean }) => ({
    GSI1PK: 'URLS',
    GSI1SK: sortableId(url.id),
    GSI2PK: `USER#${url.user_id}#URLS`,
    GSI2SK: sortableId(url.id),
    ...urlStateIndex(url),
  }),
  event: (event: { id: number; user_id: number; event_type: string }) => ({
    GSI1PK: 'EVENTS',
    GSI1SK: sortableId(event.id),
    GSI2PK: `USER#${event.user_id}#EVENTS`,
    GSI2SK: sortableId(event.id),
    GSI3PK: `EVENTS#TYPE#${event.event_type}`,
    GSI3SK: sortableId(event.id),
  }),
};

/** The URL's place in the by-state list; rewritten whenever is_active changes. */
export function urlStateIndex(url: { id: number; is_active: boolean }) {
  return { GSI3PK: `URLS#ACTIVE#${url.is_active}`, GSI3SK: sortableId(url.id) };
}

/** A query without its table name; `Query` in operations.ts adds it. */
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

export const accessPatterns = {
  /** Every user by id (GSI1). Users being deleted have left the index. */
  allUsers: () => onIndex('GSI1', 'GSI1PK', 'USERS'),
  /** Every URL by id (GSI1). */
  allUrls: () => onIndex('GSI1', 'GSI1PK', 'URLS'),
  /** One user's URLs by id (GSI2). */
  urlsOfUser: (userId: number) => onIndex('GSI2', 'GSI2PK', `USER#${userId}#URLS`),
  /** URLs in one state by id (GSI3). */
  urlsByState: (isActive: boolean) => onIndex('GSI3', 'GSI3PK', `URLS#ACTIVE#${isActive}`),
  /** Every event by id (GSI1). */
  allEvents: () => onIndex('GSI1', 'GSI1PK', 'EVENTS'),
  /** One URL's events by id: the URL's own partition, read consistently. */
  eventsOfUrl: (urlId: number) => inPartition(`URL#${urlId}`, 'EVENT#'),
  /** One user's events by id (GSI2): events whose user_id is the user, on any URL. */
  eventsOfUser: (userId: number) => onIndex('GSI2', 'GSI2PK', `USER#${userId}#EVENTS`),
  /** Events of one type by id (GSI3). */
  eventsByType: (eventType: string) => onIndex('GSI3', 'GSI3PK', `EVENTS#TYPE#${eventType}`),
  /** Links to the URLs a user owns, read consistently by the user cascade. */
  urlLinksOfUser: (userId: number) => inPartition(`USER#${userId}`, 'URL#'),
  /** Everything stored under a URL (its record, events, delivery markers), read consistently by the URL cascade. */
  urlPartition: (urlId: number): AccessPattern => ({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': `URL#${urlId}` },
    ProjectionExpression: 'PK, SK',
  }),
};
