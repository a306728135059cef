import { createHash } from 'node:crypto';
import { RequestValidationError } from '../platform/errors.js';
import type { AccessPattern } from './keys.js';
import type { Item } from './table.js';
import { tableSchema } from './table-schema.js';

/**
 * Opaque cursors for walking a list at constant cost per page: the key of the last item returned, with a
 * fingerprint of the list it came from, base64url-encoded. A cursor only resumes the list that issued it
 * (same index, same filter values); anything else is a 422 at ["query", "cursor"].
 */

const invalidCursor = () =>
  new RequestValidationError([{ loc: ['query', 'cursor'], msg: 'Invalid or foreign cursor', type: 'value_error' }]);

const fingerprintOf = (identity: string) => createHash('sha256').update(identity).digest('base64url').slice(0, 12);

function fingerprint(pattern: AccessPattern): string {
  return fingerprintOf(JSON.stringify([pattern.IndexName ?? '', pattern.ExpressionAttributeValues ?? {}]));
}

/** The attributes DynamoDB needs to resume a query of this pattern after an item. */
function keyAttributes(pattern: AccessPattern): string[] {
  const index = tableSchema.indexes.find((candidate) => candidate.indexName === pattern.IndexName);
  return [tableSchema.partitionKey, tableSchema.sortKey, ...(index ? [index.partitionKey, index.sortKey] : [])];
}

export function encodeCursor(pattern: AccessPattern, lastItem: Item): string {
  const key = Object.fromEntries(keyAttributes(pattern).map((name) => [name, String(lastItem[name])]));
  return Buffer.from(JSON.stringify({ f: fingerprint(pattern), k: key })).toString('base64url');
}

/** The query's ExclusiveStartKey for a cursor; throws the contract's 422 for one that is not this list's. */
export function decodeCursor(pattern: AccessPattern, cursor: string): Record<string, string> {
  let decoded: { f?: unknown; k?: unknown };
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const key = decoded.k as Record<string, unknown> | undefined;
  const names = keyAttributes(pattern);
  const wellFormed =
    decoded.f === fingerprint(pattern) &&
    key !== null &&
    typeof key === 'object' &&
    Object.keys(key).length === names.length &&
    names.every((name) => typeof key[name] === 'string');
  if (!wellFormed) throw invalidCursor();
  return key as Record<string, string>;
}

/**
 * A cursor for a sharded list (event lists): the position after which the next page starts, as a sort-key
 * value, with a fingerprint of the list and its filters. Every shard is read from that position on.
 */
export function encodeAfterCursor(identity: string, after: string): string {
  return Buffer.from(JSON.stringify({ f: fingerprintOf(identity), a: after })).toString('base64url');
}

/** The position a cursor of this list says to start after; a 422 for one of another list. */
export function decodeAfterCursor(identity: string, cursor: string): string {
  let decoded: { f?: unknown; a?: unknown };
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (decoded?.f !== fingerprintOf(identity) || typeof decoded.a !== 'string' || !/^\d{16}$/.test(decoded.a)) {
    throw invalidCursor();
  }
  return decoded.a;
}
