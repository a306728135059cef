import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { serviceConfig } from '../platform/config.js';
import { logger } from '../platform/logger.js';
import { RefreshingValue } from '../platform/refreshing-value.js';
import { accessPatterns, keys } from './keys.js';
import { documentClient, type Item, writeIf } from './table.js';

/**
 * Unique visitors without surveillance. A visitor is known only by a tag: the first 32 bits of an HMAC of
 * its IP address and user agent under a secret of the current UTC month. The secret is random, made by the
 * first function that needs it that month, and deleted once the month is over (by the first function that
 * needs a later month's; DynamoDB's TTL removes it too, a day after the month ended, when nothing did).
 * The secrets live in a table of their own, without backups (the main table's point-in-time recovery
 * would keep them 35 days). Without the secret nobody can tell which address a tag came from, and a
 * visitor's tags in two months have nothing in common. Within a month they are the same, which is what lets
 * a range's distinct visitors be counted over several days (docs/decisions.md). The tag travels in the
 * click's queue message to the statistics; it is never stored in an event or returned by the API, and no IP
 * address is stored anywhere.
 */

const DAY_MS = 24 * 3600 * 1000;
/** The UTC month a moment is in (`2026-11`): the period of a visitor secret. */
const monthOf = (at: number) => new Date(at).toISOString().slice(0, 7);
/** When a month's secret may be forgotten by TTL: a day after the month ended. */
const forgetAfter = (month: string) => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return Math.floor((Date.UTC(year, index, 1) + DAY_MS) / 1000);
};
/** Not the main table: it has backups, and a secret must not outlive its month in one. */
const secretsTable = () => serviceConfig().visitorSecretsTableName;

async function loadSecret(month: string): Promise<Uint8Array> {
  // A handful of items (this month's, and past ones not yet deleted): one page.
  const stored: Item[] =
    (await documentClient.send(new QueryCommand({ TableName: secretsTable(), ...accessPatterns.visitorSecrets() })))
      .Items ?? [];
  let secret = stored.find((item) => item.SK === month)?.secret as Uint8Array | undefined;
  if (!secret) {
    const key = keys.visitorSecret(month);
    const made = randomBytes(32);
    const ours = await writeIf(
      new PutCommand({
        TableName: secretsTable(),
        Item: { ...key, secret: made, expires_at: forgetAfter(month) },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    // Not stored: another function made it first (or this very write was retried): use the one stored.
    secret = ours
      ? made
      : ((await documentClient.send(new GetCommand({ TableName: secretsTable(), Key: key, ConsistentRead: true }))).Item
          ?.secret as Uint8Array);
  }
  // The months before are over: their secrets go now, whenever the service was last used, rather than when
  // TTL gets to them (DynamoDB's TTL takes up to a few days; DynamoDB Local has none).
  for (const past of stored.filter((item) => String(item.SK) < month)) {
    documentClient
      .send(new DeleteCommand({ TableName: secretsTable(), Key: keys.visitorSecret(String(past.SK)) }))
      .catch((error: unknown) => {
        logger.warn("An old visitor secret could not be deleted; the next month's first click tries again", {
          error: error as Error,
        });
      });
  }
  return secret;
}

/**
 * This instance's secret of the current month (only one is ever held; a failed load is not kept, the next
 * click tries again). Held as a key object: an HMAC keyed with one costs a sixth of one keyed with raw bytes,
 * on every click (docs/benchmarks.md, "Measured choices in the code").
 */
const secretOfMonth = new RefreshingValue(async (month: string) => createSecretKey(await loadSecret(month)), {
  maxAgeMs: Number.POSITIVE_INFINITY,
});

/**
 * The tag of the visitor with this address and user agent, this month; none when its secret cannot be had
 * (the click is then counted as a visitor per user agent: a redirect never fails for its statistics).
 */
export async function visitorTag(address: string, userAgent: string, now = Date.now()): Promise<number | undefined> {
  try {
    const secret = await secretOfMonth.get(monthOf(now));
    return createHmac('sha256', secret).update(`${address}\n${userAgent}`).digest().readUInt32BE(0);
  } catch (error) {
    logger.warn('No visitor secret for this month; the click is counted without its visitor tag', {
      error: error as Error,
    });
    return undefined;
  }
}
