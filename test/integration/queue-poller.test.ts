import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { provisionQueues } from '../../local/provision.js';
import { type QueuePoller, startQueuePoller } from '../../local/queue-poller.js';
import { useServiceConfig } from '../../shared/platform/config.js';
import { eventually } from '../support/service.js';

/**
 * The local stand-in for Lambda's SQS event source, against the SQS emulator. A counting proxy in front of
 * the emulator tells how often the poller asks for messages.
 */

/**
 * Forwards every request to the emulator and counts the receives; remembers, for each message body, the number of
 * the receive whose answer first held it.
 */
async function countingProxy(target: string): Promise<{
  url: string;
  receives: () => number;
  receiveThatGot: (body: string) => number | undefined;
  close(): void;
}> {
  let receives = 0;
  const gotBy = new Map<string, number>();
  const server: Server = createServer((incoming, outgoing) => {
    const receive = String(incoming.headers['x-amz-target'] ?? '').endsWith('ReceiveMessage') ? ++receives : 0;
    const upstream = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          if (receive > 0) {
            const messages = (JSON.parse(body.toString('utf8') || '{}') as { Messages?: { Body: string }[] }).Messages;
            for (const message of messages ?? []) if (!gotBy.has(message.Body)) gotBy.set(message.Body, receive);
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          outgoing.end(body);
        });
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    receives: () => receives,
    receiveThatGot: (body) => gotBy.get(body),
    close: () => server.close(),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const emulator = process.env.AWS_ENDPOINT_URL_SQS as string;

/**
 * A poller started on a queue of its own, behind a counting proxy: `queueUrl` goes through the proxy (SQS clients
 * send to the host of the queue's URL), `directQueueUrl` to the emulator itself.
 */
async function countedPoller(name: string, options: Omit<Parameters<typeof startQueuePoller>[0], 'queueUrl'>) {
  const proxy = await countingProxy(emulator);
  const queue = new URL((await provisionQueues(`${name}-${Date.now().toString(36)}`)).queueUrl);
  const queueUrl = `${proxy.url}${queue.pathname}`;
  // The poller logs through the functions' configuration, which wants a table name (never used here).
  useServiceConfig({ ...process.env, TABLE_NAME: 'poller-test' });
  const poller = await startQueuePoller({ ...options, queueUrl });
  return { proxy, poller, queueUrl, directQueueUrl: new URL(queue.pathname, emulator).href };
}

/**
 * Receives a second on the idle queue, from the first receive counted to the fourth, however long a loaded
 * machine takes to make them (which only lowers the figure).
 */
async function idleReceivesPerSecond(proxy: { receives(): number }): Promise<number> {
  const first = proxy.receives();
  const startedAt = performance.now();
  await eventually(async () => (proxy.receives() - first >= 4 ? true : undefined), 15_000);
  return ((proxy.receives() - first) * 1000) / (performance.now() - startedAt);
}

describe('the local queue poller', () => {
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let poller: QueuePoller;
  let queueUrl: string;
  const delivered: string[] = [];

  beforeAll(async () => {
    ({ proxy, poller, queueUrl } = await countedPoller('q-poller', {
      identity: { runtime: 'poller-test', name: 'EventWriter' },
      handler: async (event) => {
        delivered.push(...event.Records.map((record: SQSRecord) => record.body));
        return { batchItemFailures: [] };
      },
    }));
  });

  afterAll(async () => {
    await poller?.stop();
    proxy?.close();
  });

  it('asks an empty queue a few times a second, not 50 times (two loops used to)', async () => {
    await pause(1500);
    // The loop looking out for the other asks about once a second once its pauses have grown; loops that did
    // not pause would make four receives in a few ms.
    expect(await idleReceivesPerSecond(proxy)).toBeLessThanOrEqual(15);
  }, 30_000);

  it('still hands a message sent after a quiet spell to the writer, at its first receives after the send', async () => {
    // The loops pause up to a second between the receives of an empty queue, then ask again: the receives made
    // after the send (one by each loop at most, whoever asks first) find it. Counted in receives, up to the one
    // whose answer held the message (the other loop may ask again while the writer runs), not in milliseconds,
    // which a loaded machine stretches.
    const sqs = new SQSClient({});
    try {
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'after a quiet spell' }));
      const receivesAtSend = proxy.receives();
      await eventually(async () => (delivered.includes('after a quiet spell') ? true : undefined), 30_000);
      expect(
        (proxy.receiveThatGot('after a quiet spell') ?? Number.POSITIVE_INFINITY) - receivesAtSend,
      ).toBeLessThanOrEqual(2);
    } finally {
      sqs.destroy();
    }
  });

  it('asks its empty queue a few times a second while this process sends to another queue, not at every send', async () => {
    // Every send of the process is heard, to whichever queue: each used to wake the loops of every poller,
    // and each woken loop asked its empty queue (the service's idle pollers made a receive or more per event).
    const other = (await provisionQueues(`q-other-${Date.now().toString(36)}`)).queueUrl;
    const sqs = new SQSClient({});
    try {
      await pause(1500);
      const before = proxy.receives();
      const startedAt = performance.now();
      for (let i = 0; i < 100; i++) {
        await sqs.send(new SendMessageCommand({ QueueUrl: other, MessageBody: `elsewhere ${i}` }));
        await pause(10);
      }
      const seconds = (performance.now() - startedAt) / 1000;
      // A wake at most every 100 ms, each followed by one receive and, that one empty, one more after the
      // shortest pause: some ten to twenty a second, the emulator's ~40 ms a receive pacing them (34 a second
      // when every send woke every loop).
      expect((proxy.receives() - before) / seconds).toBeLessThanOrEqual(24);
      expect(delivered.some((body) => body.startsWith('elsewhere'))).toBe(false);
    } finally {
      sqs.destroy();
    }
  }, 30_000);

  it('ends its pauses when asked to drain: an empty queue drains at once', async () => {
    await pause(1000);
    expect(await poller.drain(5000)).toBe(0);
  });
});

describe('the local queue poller with four loops (Lambda scaling an SQS source)', () => {
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let poller: QueuePoller;
  let directQueueUrl: string;
  const delivered: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  let releaseHeld = () => {};
  const released = new Promise<void>((resolve) => {
    releaseHeld = resolve;
  });

  beforeAll(async () => {
    ({ proxy, poller, directQueueUrl } = await countedPoller('q-loops', {
      identity: { runtime: 'poller-loops-test', name: 'WebhookDeliverer' },
      concurrency: 4,
      batchSize: 10,
      handler: async (event) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        // A slow invocation, as a webhook delivery waiting for its receiver: the other loops take the next batches.
        await pause(300);
        const bodies = event.Records.map((record: SQSRecord) => record.body);
        if (bodies.includes('releases the held one')) releaseHeld();
        // One that hangs until another invocation releases it (10 s at most).
        if (bodies.includes('held')) await Promise.race([released, pause(10_000)]);
        delivered.push(...bodies);
        running -= 1;
        return { batchItemFailures: [] };
      },
    }));
  });

  afterAll(async () => {
    await poller?.stop();
    proxy?.close();
  });

  it('asks an empty queue as often as one loop does: one loop looks out while the others wait', async () => {
    await pause(2500);
    // Once their pauses have grown, four loops asking each at the pace of one make about four receives a second;
    // one looking out for the others makes about one.
    expect(await idleReceivesPerSecond(proxy)).toBeLessThanOrEqual(2);
  }, 30_000);

  /** Sent with fetch, which this process's pollers do not hear (aws-calls.ts hears node:http requests). */
  async function sendUnheard(bodies: string[]): Promise<void> {
    for (let i = 0; i < bodies.length; i += 10) {
      const response = await fetch(emulator, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'AmazonSQS.SendMessageBatch' },
        body: JSON.stringify({
          QueueUrl: directQueueUrl,
          Entries: bodies.slice(i, i + 10).map((body, j) => ({ Id: String(j), MessageBody: body })),
        }),
      });
      expect(response.status).toBe(200);
    }
  }

  it('wakes every loop when the lookout finds messages it did not hear sent', async () => {
    // Only the lookout's receives can find them.
    const bodies = Array.from({ length: 60 }, (_, i) => `unheard ${i}`);
    await sendUnheard(bodies);
    await eventually(async () => (bodies.every((body) => delivered.includes(body)) ? true : undefined), 30_000);
    expect(mostAtOnce).toBeGreaterThan(1);
  }, 45_000);

  it('wakes the other loops as the lookout finds messages, not once its invocation ends', async () => {
    // Idle again: one loop looks out, the others wait for it.
    await pause(1500);
    await sendUnheard(['held']);
    await eventually(async () => (running > 0 ? true : undefined));
    await sendUnheard(['releases the held one']);
    const both = ['held', 'releases the held one'];
    await eventually(async () => (both.every((body) => delivered.includes(body)) ? true : undefined), 30_000);
    // Another loop took the second message while the first invocation still ran (it waited for it).
    expect(delivered.indexOf('releases the held one')).toBeLessThan(delivered.indexOf('held'));
  }, 45_000);
});
