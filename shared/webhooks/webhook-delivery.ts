import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { timestamp } from '../platform/clock.js';
import { logger } from '../platform/logger.js';
import { metricNames } from '../platform/metric-names.js';
import { recordCount, recordValues } from '../platform/metrics.js';
import type { WebhookDeliveryRecord } from '../records.js';
import { recordDeliveryAttempt } from '../store/webhook-deliveries.js';
import {
  disableWebhook,
  noteDeliveryFailure,
  noteDeliverySuccess,
  readWebhook,
  type StoredWebhook,
} from '../store/webhooks.js';
import { isSubscribed } from './webhook-dispatch.js';
import { type DeliveryMessage, queueDeliveries } from './webhook-messages.js';
import { signatureOf } from './webhook-signing.js';
import { type CheckedTarget, checkedDeliveryTarget } from './webhook-targets.js';

/**
 * Delivering one attempt of a queued message (shared/webhooks/webhook-messages.ts) to its webhook, at least
 * once: a failed attempt queues the next one before it is recorded, and anything that fails before both is
 * failed back to SQS, which hands the message over again.
 */

/** The waits after each failed attempt (the contract's schedule): eight attempts over about 28 hours. */
export const RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000].map((seconds) => seconds * 1000);
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An attempt succeeds with a 2xx answer within this long (resolving the host included). */
export const ATTEMPT_TIMEOUT_MS = 15_000;
/** A webhook whose deliveries have failed this long without a single success is disabled. */
export const FAILING_FOR_MS = 5 * 24 * 3600 * 1000;
const GONE_REASON = 'The receiver answered 410 Gone';
const FAILING_REASON = 'No delivery succeeded for 5 days';
/** Less than this early, a message is delivered now rather than held again (SQS delays are whole seconds). */
const EARLY_MS = 1000;

/** The secrets that sign now: the current one, and the one a rotation replaced while it still may. */
const signingSecrets = (webhook: StoredWebhook, now: number) => [
  webhook.secret,
  ...(webhook.previousSecret && webhook.previousSecret.until > now ? [webhook.previousSecret.secret] : []),
];

/**
 * POSTs the body to the checked address and answers the status code; follows no redirect, reads (and drops)
 * the answer's body. Fails when no answer came in time.
 */
function post(target: CheckedTarget, headers: Record<string, string>, body: string, signal: AbortSignal) {
  // Every connection goes to the address checked, whatever the name would resolve to now.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const outgoing = send(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        // A connection of its own: a pooled one may have been opened to an address checked before.
        agent: false,
        signal,
      },
      (answer) => {
        resolve(answer.statusCode ?? 0);
        answer.resume();
        answer.on('error', () => undefined);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** One attempt: the receiver's status, or null when none came (unreachable, refused target, too slow). */
async function attempt(webhook: StoredWebhook, message: DeliveryMessage, at: Date): Promise<number | null> {
  const signal = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
  try {
    const target = await checkedDeliveryTarget(webhook.url, ATTEMPT_TIMEOUT_MS);
    const sentAt = Math.floor(at.getTime() / 1000);
    return await post(
      target,
      {
        'content-type': 'application/json',
        'user-agent': 'url-shortener-webhooks/1',
        'webhook-id': message.message_id,
        'webhook-timestamp': String(sentAt),
        'webhook-signature': signatureOf(signingSecrets(webhook, at.getTime()), message.message_id, at, message.body),
      },
      message.body,
      signal,
    );
  } catch (error) {
    logger.info('Webhook delivery attempt got no answer', {
      webhook_id: webhook.id,
      message_id: message.message_id,
      attempt: message.attempt,
      error: (error as Error).message,
    });
    return null;
  }
}

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

/** Delivers one attempt of a message, or holds it again if it is not due yet. */
export async function deliverMessage(message: DeliveryMessage): Promise<void> {
  if ((message.due_at ?? 0) > Date.now() + EARLY_MS) {
    await queueDeliveries([message]);
    return;
  }
  const webhook = await readWebhook(message.user_id, message.webhook_id);
  // Deleted (itself, or with its user), disabled, or no longer subscribed: nothing more is sent.
  const isPing = message.event_id === null;
  if (!webhook || (!isPing && (webhook.status !== 'active' || !isSubscribed(webhook, message)))) return;

  const at = new Date();
  const started = performance.now();
  const responseStatus = await attempt(webhook, message, at);
  const durationMs = Math.round(performance.now() - started);
  let outcome: WebhookDeliveryRecord['status'] = isSuccess(responseStatus) ? 'delivered' : 'retrying';
  if (outcome === 'delivered') {
    if (webhook.failingSince !== undefined) await noteDeliverySuccess(webhook.user_id, webhook.id);
  } else if (responseStatus === 410) {
    outcome = 'failed';
    await disableWebhook(webhook.user_id, webhook.id, GONE_REASON);
  } else if (isPing || message.attempt >= MAX_ATTEMPTS) {
    outcome = 'failed';
  }
  if (outcome !== 'delivered' && !isPing) {
    const failingSince = await noteDeliveryFailure(webhook.user_id, webhook.id, at.getTime());
    if (at.getTime() - failingSince >= FAILING_FOR_MS) {
      outcome = 'failed';
      await disableWebhook(webhook.user_id, webhook.id, FAILING_REASON);
    }
  }
  if (outcome === 'retrying') {
    const wait = RETRY_DELAYS_MS[message.attempt - 1] ?? 0;
    await queueDeliveries([{ ...message, attempt: message.attempt + 1, due_at: at.getTime() + wait }]);
  }
  await recordDeliveryAttempt(webhook.id, message.message_id, {
    event_id: message.event_id,
    event_type: message.event_type,
    attempt: message.attempt,
    status: outcome,
    response_status: responseStatus,
    at: timestamp(at),
    duration_ms: durationMs,
  });
  const counted = {
    delivered: metricNames.webhooksDelivered,
    retrying: metricNames.webhooksRetried,
    failed: metricNames.webhooksFailed,
  };
  await recordCount(counted[outcome]);
  if (outcome === 'delivered')
    await recordValues(metricNames.webhookLatency, [Math.max(0, Date.now() - message.stored_at)]);
}

/**
 * The deliveries queue's batch: each message delivered on its own, at once; one that fails (not the
 * receiver: the table or the queue) is handed back to SQS for another try.
 */
export async function deliverQueuedMessages(records: readonly SQSRecord[]): Promise<SQSBatchResponse> {
  const failed: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    records.map(async (record) => {
      try {
        await deliverMessage(JSON.parse(record.body) as DeliveryMessage);
      } catch (error) {
        logger.warn('Webhook delivery failed; SQS will hand it over again', {
          message: record.messageId,
          error: error as Error,
        });
        failed.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failed };
}
