import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expiryOf } from '../domain/link-lifecycle.js';
import type { LinkCampaign, LinkLifecycle, UrlRecord } from '../domain/records.js';
import { timestamp } from '../platform/clock.js';
import { keys } from './keys.js';
import { getUrlItem } from './link-reads.js';
import { toUrlRecord } from './record-items.js';
import { whileConcurrentChangesWin } from './retry.js';
import { countedClicksOf } from './stats-reading.js';
import { getItem, type Item, tableName, transact, writeIf } from './table.js';
import { ownedBy, shortCodeItem, toShortCodeTarget, urlItem } from './urls.js';

/** What PUT /urls/{id} changes: any of these, each left as it is when absent (`null` clears). */
type UrlChanges = Partial<
  Pick<UrlRecord, 'original_url' | 'title' | 'is_active' | keyof LinkLifecycle | keyof LinkCampaign>
>;

/** The expiry new limits start with (`limits_at`), and what of it is known already. */
interface NewExpiry {
  limitsAt: string;
  /** The link was expired, its event recorded, and stays expired: that event stands for the new limits too. */
  recorded: boolean;
  /** The clicks a first `max_clicks` starts from: the link's clicks so far, when more than `leased` says. */
  leased?: number;
}

/** The attributes a short code's item has only when they are set: of its lifecycle, and of its campaign. */
const OPTIONAL_LIFECYCLE = [
  'expires_at_text',
  'max_clicks',
  'expired_url',
  'redirect_rules',
  'variants',
  'password_hash',
];

/**
 * The short code's item as `shortCodeItem` writes it, as an update of the stored one: its attributes set, the
 * optional ones that are unset removed. `limits_at` and the expiry's state only with new limits: otherwise the
 * expiry's marks stand.
 */
function shortCodeChanges(next: UrlRecord, expiry: NewExpiry | undefined) {
  const { PK: _, SK: __, limits_at: ___, ...values } = shortCodeItem(next);
  const removed = OPTIONAL_LIFECYCLE.filter((field) => values[field] === undefined);
  if (expiry) {
    values.limits_at = expiry.limitsAt;
    if (expiry.recorded) values.expiry_recorded = expiry.limitsAt;
    if (expiry.leased !== undefined) values.leased = expiry.leased;
  }
  const sets = Object.keys(values).map((field) => `${field} = :${field}`);
  return {
    UpdateExpression: `SET ${sets.join(', ')}${removed.length > 0 ? ` REMOVE ${removed.join(', ')}` : ''}`,
    ExpressionAttributeValues: Object.fromEntries(Object.entries(values).map(([field, value]) => [`:${field}`, value])),
  };
}

/**
 * The expiry that new limits start, decided before they are written so that the change is one step: a link
 * that was expired, with its event recorded, and stays expired keeps that event (no second one). A new
 * `max_clicks` is reached already when the link's clicks reach it: those taken from the allowance while it had
 * a limit (`leased`, never lowered), and when it had none, those counted in its statistics (a link has had
 * `max_clicks` clicks, whenever they were).
 */
async function newExpiry(url: UrlRecord, next: UrlRecord, now: string): Promise<NewExpiry> {
  const before = toShortCodeTarget(await getItem(keys.shortCode(url.short_code)));
  const wasRecorded =
    before !== undefined && expiryOf(before, now) !== undefined && before.expiry_recorded === before.limits_at;
  const leased = before?.leased ?? 0;
  const counted = next.max_clicks !== null && url.max_clicks === null ? await countedClicksOf(url.id) : 0;
  const clicks = Math.max(leased, counted);
  const reached = next.max_clicks !== null && clicks >= next.max_clicks;
  const stays = reached || (next.expires_at !== null && now >= next.expires_at);
  return { limitsAt: now, recorded: wasRecorded && stays, ...(clicks > leased && { leased: clicks }) };
}

/** The update of what no redirect reads (the title and the tags): `null` or no tags removes the attribute. */
function unreadChanges(changes: Pick<UrlChanges, 'title' | 'tags'>, now: string) {
  const sets = ['updated_at = :now'];
  const removes: string[] = [];
  const values: Record<string, unknown> = { ':now': now };
  const title = changes.title === null ? undefined : changes.title;
  const tags = changes.tags?.length === 0 ? undefined : changes.tags;
  if (changes.title === null) removes.push('title');
  if (title !== undefined) sets.push('title = :title');
  if (title !== undefined) values[':title'] = title;
  if (changes.tags?.length === 0) removes.push('tags');
  if (tags !== undefined) sets.push('tags = :tags');
  if (tags !== undefined) values[':tags'] = tags;
  return {
    UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ExpressionAttributeValues: values,
  };
}

/**
 * Changes a URL; `owner`'s only, when named. A change of the title or tags only is a single conditional update. Anything
 * the redirect reads (target, state, lifecycle) rewrites the URL and its short-code item in one transaction,
 * so a redirect right after the change already follows it. New limits (`expires_at` or `max_clicks`) start a
 * new expiry: the link is live again unless the new limits are already reached.
 */
export async function updateUrl(urlId: number, changes: UrlChanges, owner?: number): Promise<UrlRecord> {
  const owned = ownedBy(owner);
  const { title, tags, ...redirectChanges } = changes;
  if (Object.values(redirectChanges).every((value) => value === undefined)) {
    const now = timestamp();
    const update = unreadChanges({ title, tags }, now);
    const out = await writeIf(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.url(urlId),
        UpdateExpression: update.UpdateExpression,
        // Only when it moves updated_at on (see nextUpdatedAt); otherwise the general path below.
        ConditionExpression: `${owned.expression} AND updated_at < :now`,
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...owned.values },
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (out) return toUrlRecord(out.Attributes as Item);
    // Unknown, another user's, or changed within this millisecond: the general path reads it and tells which.
  }

  // A concurrent update won between the read and the write: read again (a deleted URL is then a 404).
  return whileConcurrentChangesWin(async (retries) => {
    const current = toUrlRecord(await getUrlItem(urlId, owner));
    const now = nextUpdatedAt(current.updated_at);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const next: UrlRecord = { ...current, ...defined, updated_at: now };
    const newLimits = next.expires_at !== current.expires_at || next.max_clicks !== current.max_clicks;
    const expiry = newLimits ? await newExpiry(current, next, now) : undefined;
    const outcome = await transact(
      [
        {
          Put: {
            TableName: tableName(),
            Item: urlItem(next),
            // The state read above must still hold; otherwise a concurrent update won and we read again.
            ConditionExpression: `${owned.expression} AND updated_at = :seen`,
            ExpressionAttributeValues: { ...owned.values, ':seen': current.updated_at },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.shortCode(current.short_code),
            ConditionExpression: 'attribute_exists(PK)',
            ...shortCodeChanges(next, expiry),
          },
        },
      ],
      retries,
    );
    if (outcome.ok) return next;
    if (outcome.failed.includes(0)) return undefined;
    throw new Error(`The short code item of URL ${urlId} (${current.short_code}) is missing`);
  });
}

/**
 * The `updated_at` a change writes: now, or a millisecond past the one it read when now is not later (two
 * changes within a millisecond, a clock behind). Each change so writes a value no reader saw before it, which
 * is what the next change's condition (`updated_at = :seen`) relies on to notice it.
 */
function nextUpdatedAt(seen: string): string {
  const now = timestamp();
  return now > seen ? now : timestamp(new Date(Date.parse(`${seen}Z`) + 1));
}
