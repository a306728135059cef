import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { documentClient, getItems, type Item, keyOf, tableName } from './table.js';

/**
 * The visitor tags of one writer batch's clicks. The statistics are counted from the table's stream, from
 * the events as stored, but a visitor tag is never stored with its event (docs/decisions.md, "Link
 * statistics"): the writer keeps a batch's tags in one item of their own, which each of its events names in
 * `visitor_batch`, for two days (DynamoDB's TTL; the stream keeps its records 24 hours). One small write per
 * batch, none per click.
 */

const KEPT_SECONDS = 2 * 24 * 3600;
/** An event id (up to 2^53, as 8 bytes) and its tag (4 bytes). */
const ENTRY_BYTES = 12;

function encodeTags(tags: Map<number, number>): Uint8Array {
  const bytes = new Uint8Array(ENTRY_BYTES * tags.size);
  const view = new DataView(bytes.buffer);
  [...tags].forEach(([eventId, tag], i) => {
    view.setBigUint64(ENTRY_BYTES * i, BigInt(eventId));
    view.setUint32(ENTRY_BYTES * i + 8, tag);
  });
  return bytes;
}

function decodeTags(bytes: Uint8Array, into: Map<number, number>): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 0; offset + ENTRY_BYTES <= bytes.length; offset += ENTRY_BYTES) {
    into.set(Number(view.getBigUint64(offset)), view.getUint32(offset + 8));
  }
}

/** Keeps the tags of a batch's clicks (event id → tag); answers the batch's id, or nothing when there are none. */
export async function keepVisitorTags(tags: Map<number, number>): Promise<string | undefined> {
  if (tags.size === 0) return undefined;
  const batchId = randomBytes(9).toString('base64url');
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.visitorBatch(batchId),
        tags: encodeTags(tags),
        expires_at: Math.floor(Date.now() / 1000) + KEPT_SECONDS,
      },
    }),
  );
  return batchId;
}

/**
 * The tags of these batches, by event id. Read eventually consistently first (half the price), then
 * strongly for a batch not seen yet: it was written before its events, so it exists unless two days passed.
 */
export async function visitorTagsOf(batchIds: string[]): Promise<Map<number, number>> {
  const tags = new Map<number, number>();
  const wanted = [...new Set(batchIds)].map((batchId) => keys.visitorBatch(batchId));
  if (wanted.length === 0) return tags;
  const found = await getItems(wanted, { consistent: false });
  const missing = wanted.filter((key) => !found.has(keyOf(key)));
  const late = missing.length > 0 ? await getItems(missing) : new Map<string, Item>();
  for (const item of [...found.values(), ...late.values()]) decodeTags(item.tags as Uint8Array, tags);
  return tags;
}
