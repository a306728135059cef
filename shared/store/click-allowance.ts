import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { getItem, tableName, writeIf } from './table.js';
import { type ShortCodeTarget, toShortCodeTarget } from './urls.js';

type LimitedTarget = ShortCodeTarget & { max_clicks: number };
/** The link's limits as they are now, read after a lease found others. */
interface LeaseChange {
  current: ShortCodeTarget | undefined;
}

/**
 * Exact click limits (docs/data-model.md, "Exact click limits"): at any rate and burst, at most `max_clicks`
 * redirects of a link go to its target, without a write on one shared item per click.
 *
 * The short code's item counts the clicks handed out (`leased`). An instance takes a lease of a few at a
 * time, with one conditional update that holds `leased` to `max_clicks`, and spends it from memory: one write
 * per lease, not per click. A lease starts at one click and doubles while the instance spends each within a
 * second, up to LARGEST_LEASE, and never more than a tenth of what is left: a hot link takes about a lease a
 * second per instance, and a quiet one a lease per click. Only the redirects of links with `max_clicks` do any
 * of this.
 *
 * What is leased and not spent is lost with its instance: a link can stop early by at most what its
 * instances held then (at most LARGEST_LEASE each, and a tenth of the rest). New limits (`limits_at`) void
 * what instances hold under the old ones; `leased` is never lowered, so a new limit counts every click
 * already handed out.
 */

const LARGEST_LEASE = 100;
/** A lease spent faster than this was too small: the next one is twice as large. */
const QUICK_MS = 1000;

/** The attributes the lease's update names: the redirect's role may write these of a short code's item (and no others). */
export const leaseAttributes = ['leased', 'url_id', 'limits_at', 'max_clicks'] as const;

interface Allowance {
  /** The limits the allowance was leased under (`url_id|limits_at`). */
  limits: string;
  /** Clicks leased and not spent yet. */
  left: number;
  /** How many clicks the next lease asks for. */
  nextLease: number;
  leasedAt: number;
  /** A lease found nothing left: the limit is reached under these limits. */
  spent: boolean;
  /** The lease being taken, which requests arriving meanwhile wait for. */
  taking?: Promise<LeaseChange | undefined>;
}

const allowances = new Map<string, Allowance>();
const ALLOWANCES_KEPT = 10_000;

/** This instance's allowance of a link under its current limits (new limits start a new one). */
function allowanceOf(target: ShortCodeTarget): Allowance {
  const limits = `${target.url_id}|${target.limits_at}`;
  const known = allowances.get(target.short_code);
  if (known?.limits === limits) return known;
  if (allowances.size >= ALLOWANCES_KEPT) allowances.clear();
  const fresh: Allowance = { limits, left: 0, nextLease: 1, leasedAt: 0, spent: false };
  allowances.set(target.short_code, fresh);
  return fresh;
}

/** What a lease got: clicks, and how many the link has left after it; or the link's limits as they are now. */
type LeaseOutcome = { got: number; left: number } | { changed: ShortCodeTarget | undefined };

/**
 * Takes up to `wanted` clicks of a link's allowance. The update holds `leased + n <= max_clicks`; when it
 * fails, one consistent read says why: fewer than `wanted` left (the rest is taken), none left, or limits
 * other than the ones this instance read (a target read from memory can be a second old).
 */
async function lease(target: LimitedTarget, wanted: number): Promise<LeaseOutcome> {
  let n = wanted;
  for (;;) {
    const out = await writeIf(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.shortCode(target.short_code),
        UpdateExpression: 'SET leased = if_not_exists(leased, :zero) + :n',
        ConditionExpression:
          'url_id = :url AND limits_at = :limits AND max_clicks = :max AND (attribute_not_exists(leased) OR leased <= :most)',
        ExpressionAttributeValues: {
          ':zero': 0,
          ':n': n,
          ':url': target.url_id,
          ':limits': target.limits_at,
          ':max': target.max_clicks,
          ':most': target.max_clicks - n,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    if (out) return { got: n, left: target.max_clicks - Number(out.Attributes?.leased ?? n) };
    const current = toShortCodeTarget(await getItem(keys.shortCode(target.short_code)));
    if (!current || current.url_id !== target.url_id || current.limits_at !== target.limits_at) {
      return { changed: current };
    }
    const left = target.max_clicks - current.leased;
    if (left <= 0) return { got: 0, left: 0 };
    n = Math.min(n, left);
  }
}

/**
 * Takes the next lease into `allowance`: larger when the last one was spent within QUICK_MS. Answers the
 * link's limits as they are now when they are no longer the ones the allowance was leased under.
 */
async function takeLease(allowance: Allowance, target: LimitedTarget): Promise<LeaseChange | undefined> {
  const quick = Date.now() - allowance.leasedAt < QUICK_MS;
  const wanted = quick ? Math.min(allowance.nextLease * 2, LARGEST_LEASE) : allowance.nextLease;
  const outcome = await lease(target, wanted);
  if ('changed' in outcome) return { current: outcome.changed };
  allowance.left += outcome.got;
  allowance.leasedAt = Date.now();
  allowance.spent = outcome.got === 0;
  // A tenth of what is left at most, so that no instance holds much of a link's last clicks.
  allowance.nextLease = Math.max(1, Math.min(wanted, Math.floor(outcome.left / 10)));
  return undefined;
}

/**
 * Whether this redirect may go to the link's target: true while the link's allowance lasts, for at most
 * `max_clicks` redirects over every instance. A link without `max_clicks` is not asked about. Requests of one
 * instance that find its allowance empty wait for one lease together. When the link's limits changed since
 * `target` was read, the click is decided by the new ones; a link deleted or deactivated meanwhile has no
 * allowance left.
 */
export async function takeClick(target: LimitedTarget): Promise<boolean> {
  let limited = target;
  for (;;) {
    const allowance = allowanceOf(limited);
    // The item as read says the clicks are all handed out (`leased` never goes down): no lease can succeed.
    if (allowance.left === 0 && limited.leased >= limited.max_clicks) allowance.spent = true;
    if (allowance.left > 0) {
      allowance.left -= 1;
      return true;
    }
    if (allowance.spent) return false;
    allowance.taking ??= takeLease(allowance, limited).finally(() => {
      allowance.taking = undefined;
    });
    const change = await allowance.taking;
    if (!change) continue;
    const { current } = change;
    if (!current || current.url_id !== limited.url_id || !current.is_active) return false;
    if (current.max_clicks === null) return true;
    limited = { ...current, max_clicks: current.max_clicks };
  }
}
