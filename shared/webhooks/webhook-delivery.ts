import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import type { WebhookDeliveryRecord } from '../domain/records.js';
import { timestamp } from '../platform/clock.js';
import { logger } from '../platform/logger.js';
import { metricNames } from '../platform/metric-names.js';
import { recordCount, recordValues } from '../platform/metrics.js';
import { recordDeliveryAttempts } from '../store/webhook-deliveries.js';
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
 * Delivering queued messages (shared/webhooks/webhook-messages.ts) to their webhooks, at least once: a failed
 * attempt queues the next one before it is recorded, and anything that fails before both is failed back to
 * SQS, which hands the message over again.
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

/** One attempt made: its message, when it started, what came back and how long it took. */
interface Attempt {
  message: DeliveryMessage;
  at: Date;
  responseStatus: number | null;
  durationMs: number;
}

/** Makes the attempt of a message that is due, unless its webhook is gone, disabled or no longer takes it. */
async function attemptIfStillWanted(
  message: DeliveryMessage,
  webhook: StoredWebhook | undefined,
): Promise<Attempt | undefined> {
  const isPing = message.event_id === null;
  // Deleted (itself, or with its user), disabled, or no longer subscribed: nothing more is sent.
  if (!webhook || (!isPing && (webhook.status !== 'active' || !isSubscribed(webhook, message)))) return undefined;
  const at = new Date();
  const started = performance.now();
  const responseStatus = await attempt(webhook, message, at);
  return { message, at, responseStatus, durationMs: Math.round(performance.now() - started) };
}

/**
 * What one webhook's attempts of a batch leave on it: a 410 disables it; a success ends its failing days; a
 * failure (of an event, not a ping) starts them, and disables it once they reach FAILING_FOR_MS. Answers
 * whether it is now disabled.
 */
async function noteOutcomes(webhook: StoredWebhook, attempts: Attempt[]): Promise<boolean> {
  if (attempts.some((made) => made.responseStatus === 410)) {
    await disableWebhook(webhook.user_id, webhook.id, GONE_REASON);
    return true;
  }
  if (attempts.some((made) => isSuccess(made.responseStatus))) {
    if (webhook.failingSince !== undefined) await noteDeliverySuccess(webhook.user_id, webhook.id);
    return false;
  }
  const failed = attempts.filter((made) => made.message.event_id !== null);
  const first = failed[0];
  if (!first) return false;
  const failingSince = await noteDeliveryFailure(webhook.user_id, webhook.id, first.at.getTime());
  if (first.at.getTime() - failingSince < FAILING_FOR_MS) return false;
  await disableWebhook(webhook.user_id, webhook.id, FAILING_REASON);
  return true;
}

/** An attempt's status in the log: delivered, retried later, or given up. */
function statusOf({ message, responseStatus }: Attempt, disabled: boolean): WebhookDeliveryRecord['status'] {
  if (isSuccess(responseStatus)) return 'delivered';
  const last = message.event_id === null || message.attempt >= MAX_ATTEMPTS;
  return last || disabled ? 'failed' : 'retrying';
}

/**
 * Delivers one webhook's due messages of a batch: the webhook read once (consistently: nothing goes out after a
 * deletion), every attempt at once, then what they leave on the webhook, the next attempts queued and every
 * attempt recorded (one batch write). Apart from other webhooks', so a receiver that hangs delays no other's.
 */
async function deliverToWebhook(messages: readonly DeliveryMessage[]): Promise<void> {
  const [first] = messages;
  if (!first) return;
  const webhook = await readWebhook(first.user_id, first.webhook_id);
  const made = (await Promise.all(messages.map((message) => attemptIfStillWanted(message, webhook)))).filter(
    (attempted): attempted is Attempt => attempted !== undefined,
  );
  if (!webhook || made.length === 0) return;
  const disabled = await noteOutcomes(webhook, made);
  const outcomes = made.map((attempted) => ({ attempted, status: statusOf(attempted, disabled) }));
  await queueDeliveries(
    outcomes
      .filter(({ status }) => status === 'retrying')
      // The wait runs from the failure (a receiver may take its whole 15 s to fail), not from the attempt's start.
      .map(({ attempted: { message, at, durationMs } }) => ({
        ...message,
        attempt: message.attempt + 1,
        due_at: at.getTime() + durationMs + (RETRY_DELAYS_MS[message.attempt - 1] ?? 0),
      })),
  );
  await recordDeliveryAttempts(
    outcomes.map(({ attempted: { message, at, responseStatus, durationMs }, status }) => ({
      webhookId: webhook.id,
      messageId: message.message_id,
      attempt: {
        event_id: message.event_id,
        event_type: message.event_type,
        attempt: message.attempt,
        status,
        response_status: responseStatus,
        at: timestamp(at),
        duration_ms: durationMs,
      },
    })),
  );
  const count = (status: WebhookDeliveryRecord['status']) => outcomes.filter((outcome) => outcome.status === status);
  await recordCount(metricNames.webhooksDelivered, {}, count('delivered').length);
  await recordCount(metricNames.webhooksRetried, {}, count('retrying').length);
  await recordCount(metricNames.webhooksFailed, {}, count('failed').length);
  await recordValues(
    metricNames.webhookLatency,
    count('delivered').map(({ attempted }) => Math.max(0, Date.now() - attempted.message.stored_at)),
  );
}

/**
 * The deliveries queue's batch: each webhook's due messages on their own, what is not due yet held again.
 * Whatever fails (the table, the queue; never a receiver: its failure is a retry) fails its messages back to
 * SQS, which hands them over again: a receiver may then get an attempt twice, as at-least-once allows, and
 * never miss one.
 */
export async function deliverQueuedMessages(records: readonly SQSRecord[]): Promise<SQSBatchResponse> {
  const now = Date.now();
  const received = records.map((record) => ({
    id: record.messageId,
    message: JSON.parse(record.body) as DeliveryMessage,
  }));
  const groups = Map.groupBy(received, ({ message }) =>
    (message.due_at ?? 0) > now + EARLY_MS ? 'later' : `${message.user_id}/${message.webhook_id}`,
  );
  const outcomes = await Promise.allSettled(
    [...groups].map(async ([group, entries]) => {
      const messages = entries.map(({ message }) => message);
      await (group === 'later' ? queueDeliveries(messages) : deliverToWebhook(messages));
    }),
  );
  const failed = [...groups.values()].flatMap((entries, i) => {
    const outcome = outcomes[i];
    if (outcome?.status !== 'rejected') return [];
    logger.warn('Webhook deliveries failed; SQS will hand them over again', {
      messages: entries.length,
      error: outcome.reason as Error,
    });
    return entries.map(({ id }) => ({ itemIdentifier: id }));
  });
  return { batchItemFailures: failed };
}
