import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';

export interface SqsEmulator {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts the SQS emulator (`local-aws-sqs`, which speaks SQS's JSON protocol as SDK v3 does) on loopback,
 * in a worker thread of this process.
 */
export async function startSqsEmulator(options: { port?: number } = {}): Promise<SqsEmulator> {
  // Without a port, the system picks one as the emulator binds (one picked beforehand may be taken meanwhile).
  const worker = new Worker(new URL('./sqs-emulator-worker.js', import.meta.url), {
    workerData: { port: options.port ?? 0 },
  });
  const [message] = await Promise.race([
    once(worker, 'message'),
    once(worker, 'error').then(([error]) => Promise.reject(error)),
  ]);
  const port = (message as { listening?: number }).listening;
  if (typeof port !== 'number') throw new Error(`SQS emulator did not start: ${JSON.stringify(message)}`);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = once(worker, 'exit');
      worker.postMessage('stop');
      const timer = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** How many messages the queue holds, visible or in flight: 0 once every event sent to it is written. */
export async function queuedMessages(sqs: SQSClient, queueUrl: string): Promise<number> {
  const out = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(out.Attributes?.ApproximateNumberOfMessages ?? 0) +
    Number(out.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
  );
}
