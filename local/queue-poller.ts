import type { Message } from '@aws-sdk/client-sqs';
import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../shared/platform/logger.js';
import { eventsQueueSchema } from '../shared/store/table-schema.js';
import { onAwsCall } from './aws-calls.js';
import { type FunctionIdentity, runAsFunction } from './iam/function-identity.js';
import { invokeFunction } from './lambda-invocation.js';
import { queuedMessages } from './sqs-local.js';

type BatchHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

export interface QueuePoller {
  /**
   * Waits until the queue has nothing visible or in flight, or `timeoutMs` passes; meanwhile a message the
   * writer fails is retried at once instead of after the visibility timeout. Answers how many are left.
   */
  drain(timeoutMs: number): Promise<number>;
  /** Stops receiving, after the batches being written (their failures made visible again when draining). */
  stop(): Promise<void>;
}

interface QueuePollerOptions {
  queueUrl: string;
  handler: BatchHandler;
  /** Concurrent receive loops, like the several pollers of Lambda's event source mapping. @default 2 */
  concurrency?: number;
  /** Most messages per invocation, as the event source mapping's batch size. @default eventsQueueSchema.batchSize */
  batchSize?: number;
  /** How long an invocation may run, as the function's timeout. @default eventsQueueSchema.writerTimeoutSeconds */
  invocationTimeoutMs?: number;
  /**
   * How long a batch is gathered before the writer gets it, when it is not full: the event source mapping's
   * batching window. @default 0: what is there is handed over at once, so that events are listed within the
   * contract's second locally (a benchmark of what a click costs gathers as deployed)
   */
  batchingWindowMs?: number;
  /**
   * The function the queue feeds. Lambda's event source mapping receives and deletes with that function's
   * role, so the poller's own calls are made as the function too.
   */
  identity: FunctionIdentity;
}

const MAX_MESSAGES = 10;
/**
 * A loop whose receives keep coming back empty waits before the next, up to this long (doubling from
 * IDLE_PAUSE_FIRST_MS), unless a function of this process sends a message meanwhile (aws-calls.ts): the
 * emulator cannot long-poll as SQS does (its long receive waits for ten messages), and an idle service asking
 * every few milliseconds spent a tenth of a core on it. A message sent from elsewhere (another process, a
 * delay or a visibility timeout running out) is picked up at most this much later; under load a loop never
 * pauses. While the queue stays empty, one loop of a poller asks for them all and the others wait for it
 * to find messages: an idle service's receives do not grow with the poller's concurrency.
 */
const IDLE_PAUSE_MAX_MS = 1000;
const IDLE_PAUSE_FIRST_MS = 25;
/** At most one wake of an idle poller by the sends it hears in this long (see stopHearingSends). */
const WAKE_INTERVAL_MS = 100;
const SENDS = new Set(['SendMessage', 'SendMessageBatch']);

/** Sends `items` in the batches SQS takes (at most 10 entries), one after another. */
async function inBatches<T>(items: T[], send: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += MAX_MESSAGES) await send(items.slice(i, i + MAX_MESSAGES));
}

function toRecord(message: Message, queueArn: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: process.env.AWS_REGION ?? 'us-east-1',
  };
}

/**
 * Feeds the events queue to the writer as Lambda's SQS event source does: receive a batch, invoke, delete
 * what succeeded, and leave the reported failures to become visible again after the visibility timeout,
 * so that the queue's redrive policy moves a message that keeps failing to the dead-letter queue.
 */
export async function startQueuePoller({
  queueUrl,
  handler,
  concurrency = 2,
  batchSize = eventsQueueSchema.batchSize,
  invocationTimeoutMs = eventsQueueSchema.writerTimeoutSeconds * 1000,
  batchingWindowMs = 0,
  identity,
}: QueuePollerOptions): Promise<QueuePoller> {
  const sqs = new SQSClient({});
  const arnOut = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }));
  const queueArn = arnOut.Attributes?.QueueArn ?? queueUrl;
  let running = true;
  let draining = false;
  /** Messages the writer failed, hidden until their visibility timeout: a drain makes them visible again. */
  const waitingForRetry = new Map<string, string>();

  const makeVisible = (handles: string[]) =>
    inBatches(handles, (batch) =>
      sqs.send(
        new ChangeMessageVisibilityBatchCommand({
          QueueUrl: queueUrl,
          Entries: batch.map((handle, j) => ({ Id: String(j), ReceiptHandle: handle, VisibilityTimeout: 0 })),
        }),
      ),
    );

  /** Receives up to 10 messages (the most SQS gives at once). */
  async function receive(): Promise<Message[]> {
    // The emulator answers a zero-wait receive after collecting for ~40 ms, which paces an idle loop.
    const out = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: MAX_MESSAGES,
        WaitTimeSeconds: 0,
        MessageSystemAttributeNames: ['All'],
        // The emulator answers the older parameter; both ask for the receive count the writer logs.
        AttributeNames: ['All'],
      }),
    );
    return out.Messages ?? [];
  }

  /**
   * One invocation of the writer: what is waiting, up to `batchSize` messages. Lambda gathers a large batch
   * for up to its batching window; here the poller takes what is there without waiting, so events reach
   * the table as fast as they can when traffic is light. `found` is told once the batch is gathered, before the
   * invocation, which may last as long as the function's timeout (a webhook receiver that hangs); not sooner,
   * so that the other loops do not split a batch being gathered (more invocations, each with its reads).
   */
  async function pollOnce(found: () => void): Promise<number> {
    const messages = await receive();
    const gatherUntil = Date.now() + batchingWindowMs;
    while (messages.length > 0 && messages.length + MAX_MESSAGES <= batchSize) {
      const more = await receive();
      if (more.length === 0) {
        if (Date.now() >= gatherUntil || draining) break;
        await new Promise((resolve) => setTimeout(resolve, IDLE_PAUSE_FIRST_MS));
      }
      messages.push(...more);
    }
    if (messages.length === 0) return 0;
    found();
    const records = messages.map((message) => toRecord(message, queueArn));
    let failed = new Set(records.map((record) => record.messageId));
    try {
      const result = await invokeFunction(identity, handler, { Records: records }, invocationTimeoutMs);
      failed = new Set((result?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      logger.error('Event writer failed the whole batch', { error: error as Error });
    }
    for (const record of records) {
      if (failed.has(record.messageId)) waitingForRetry.set(record.messageId, record.receiptHandle);
      else waitingForRetry.delete(record.messageId);
    }
    if (draining && failed.size > 0) {
      // Shutting down: try the failures again now rather than after the visibility timeout.
      await makeVisible(records.filter((record) => failed.has(record.messageId)).map((record) => record.receiptHandle));
    }
    const done = records.filter((record) => !failed.has(record.messageId));
    await inBatches(done, (batch) =>
      sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: batch.map((record, j) => ({ Id: String(j), ReceiptHandle: record.receiptHandle })),
        }),
      ),
    );
    return messages.length;
  }

  /** Loops pausing while the queue is empty: a drain or a stop ends their pause at once. */
  const pausing = new Set<() => void>();
  const wakeIdle = () => {
    for (const wake of pausing) wake();
  };
  /** The lookout's pause, which a send heard ends early. */
  let lookoutPause: (() => void) | undefined;
  const idlePause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        pausing.delete(wake);
        if (lookoutPause === wake) lookoutPause = undefined;
        resolve();
      };
      const timer = setTimeout(wake, ms);
      pausing.add(wake);
      lookoutPause = wake;
    });

  // A send is heard as its request leaves, a moment before the message is in the queue, and every send of
  // this process is heard, to this queue or another. So a send wakes the lookout alone (the loops waiting
  // for it follow once it finds messages), at most once every WAKE_INTERVAL_MS (a send in between wakes it
  // when that time is up), and a wake that finds nothing puts it back to its shortest pause after one
  // receive: while another queue is busy, the loops of an empty one ask a few times a second, not at every
  // send (one empty receive per send or more, each as costly as a send, before).
  let sendsHeard = 0;
  let lastWakeAt = 0;
  let wakeLater: NodeJS.Timeout | undefined;
  const wakeLookout = () => {
    lastWakeAt = Date.now();
    wakeLater = undefined;
    lookoutPause?.();
  };
  const stopHearingSends = onAwsCall((operation) => {
    if (!SENDS.has(operation)) return;
    sendsHeard += 1;
    if (wakeLater) return;
    const wait = lastWakeAt + WAKE_INTERVAL_MS - Date.now();
    if (wait <= 0) wakeLookout();
    else wakeLater = setTimeout(wakeLookout, wait);
  });
  /** The loop that polls the empty queue for all of them; the others wait, without a timer, to be woken. */
  let lookout: object | undefined;
  const waitingForLookout = new Set<() => void>();
  const wakeWaiting = () => {
    for (const wake of waitingForLookout) wake();
  };
  /** Until the lookout finds messages, or a drain or a stop begins. */
  const waitForLookout = () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        waitingForLookout.delete(wake);
        pausing.delete(wake);
        resolve();
      };
      waitingForLookout.add(wake);
      pausing.add(wake);
    });
  const loops = Array.from({ length: concurrency }, () => runAsFunction(identity, pollUntilStopped));
  async function pollUntilStopped() {
    const self = {};
    let emptyReceives = 0;
    // Messages again: every loop takes its share, while this one's invocation runs, as Lambda's pollers do.
    const found = () => {
      if (lookout === self) lookout = undefined;
      wakeWaiting();
    };
    while (running) {
      try {
        const received = await pollOnce(found);
        if (received === 0 && !running) break;
        emptyReceives = received === 0 ? emptyReceives + 1 : 0;
        if (emptyReceives > 1 && !draining) {
          lookout ??= self;
          const heardBefore = sendsHeard;
          if (lookout === self) {
            await idlePause(Math.min(IDLE_PAUSE_MAX_MS, IDLE_PAUSE_FIRST_MS * 2 ** (emptyReceives - 2)));
          } else {
            await waitForLookout();
          }
          // Woken by a send: one receive, then the shortest pause again if it finds nothing.
          if (sendsHeard !== heardBefore) emptyReceives = 1;
        }
      } catch (error) {
        if (!running) break;
        logger.warn('Polling the events queue failed; retrying', { error: error as Error });
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }

  return {
    async drain(timeoutMs) {
      draining = true;
      wakeIdle();
      const deadline = Date.now() + timeoutMs;
      try {
        await makeVisible([...waitingForRetry.values()]);
        for (;;) {
          const left = await queuedMessages(sqs, queueUrl);
          if (left === 0 || Date.now() >= deadline) return left;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } catch (error) {
        logger.warn('The events queue could not be drained', { error: error as Error });
        return Number.NaN;
      }
    },
    async stop() {
      running = false;
      stopHearingSends();
      clearTimeout(wakeLater);
      wakeIdle();
      await Promise.all(loops);
      sqs.destroy();
    },
  };
}

/** Takes every visible message off the queue (once nothing receives from it any more), returning the bodies. */
export async function takeQueuedMessages(queueUrl: string): Promise<string[]> {
  const sqs = new SQSClient({});
  const bodies: string[] = [];
  try {
    for (;;) {
      const out = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: MAX_MESSAGES, WaitTimeSeconds: 0 }),
      );
      const messages = out.Messages ?? [];
      if (messages.length === 0) return bodies;
      bodies.push(...messages.map((message) => message.Body ?? ''));
      await sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: messages.map((message, i) => ({ Id: String(i), ReceiptHandle: message.ReceiptHandle })),
        }),
      );
    }
  } catch (error) {
    logger.warn('Events still queued could not be read off the queue', { error: error as Error });
    return bodies;
  } finally {
    sqs.destroy();
  }
}
