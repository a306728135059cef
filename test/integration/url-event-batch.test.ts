import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { jest } from '@jest/globals';
import { provisionMainTable } from '../../local/provision.js';
import { urlEventBatch } from '../../shared/events/publisher.js';
import { useServiceConfig } from '../../shared/platform/config.js';
import { logger } from '../../shared/platform/logger.js';

type Entry = { Id: string; MessageBody: string };

/**
 * A bulk request's `created` events, queued ten to a SendMessageBatch (shared/events/publisher.ts), their ids
 * leased from a table of DynamoDB Local, against a queue faked to inject what the SQS emulator never does:
 * entries of a batch refused while the rest are taken, and a batch refused whole.
 */
describe('the events of a bulk request, ten to an SQS request (DynamoDB Local; the queue faked to refuse entries)', () => {
  const tableName = `event-batch-${Date.now().toString(36)}`;
  let server: Server;
  /** Each SendMessageBatch received: its entries' bodies. */
  let batches: string[][];
  /** How many more times the queue refuses an entry, by the link id in its body. */
  let refusals: Map<number, number>;
  /** Whether the queue answers every request as a queue that does not exist. */
  let gone: boolean;
  /** The link ids of the events logged as unsent. */
  let unsent: number[];

  const urlIdOf = (body: string) => (JSON.parse(body) as { url_id: number }).url_id;
  const link = (id: number) => ({ id, user_id: 1, short_code: `c${id}`, original_url: `https://e.example/${id}` });
  const batch = () => urlEventBatch({ sendBy: Date.now() + 30_000 });
  /** The events of links 1 to `count`, added one after another, then flushed. */
  const addInTurnAndFlush = async (count: number) => {
    const events = batch();
    for (let id = 1; id <= count; id++) await events.add('created', link(id));
    await events.flush();
  };

  /** SQS's JSON protocol: each entry taken (with its body's MD5, which the SDK checks) or refused. */
  function answerBatch(entries: Entry[]) {
    const refused = (entry: Entry) => {
      const left = refusals.get(urlIdOf(entry.MessageBody)) ?? 0;
      if (left > 0) refusals.set(urlIdOf(entry.MessageBody), left - 1);
      return left > 0;
    };
    const outcomes = entries.map((entry) => ({ entry, refused: refused(entry) }));
    return {
      Successful: outcomes
        .filter((outcome) => !outcome.refused)
        .map(({ entry }) => ({
          Id: entry.Id,
          MessageId: `m-${entry.Id}`,
          MD5OfMessageBody: createHash('md5').update(entry.MessageBody).digest('hex'),
        })),
      Failed: outcomes
        .filter((outcome) => outcome.refused)
        .map(({ entry }) => ({ Id: entry.Id, SenderFault: false, Code: 'InternalError', Message: 'injected' })),
    };
  }

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const { Entries } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Entries: Entry[] };
        batches.push(Entries.map((entry) => entry.MessageBody));
        if (gone) {
          response.writeHead(400, {
            'content-type': 'application/x-amz-json-1.0',
            'x-amzn-query-error': 'AWS.SimpleQueueService.NonExistentQueue;Sender',
          });
          response.end(
            JSON.stringify({
              __type: 'com.amazonaws.sqs#QueueDoesNotExist',
              message: 'The specified queue does not exist.',
            }),
          );
          return;
        }
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        response.end(JSON.stringify(answerBatch(Entries)));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const queueHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The SDK sends to the queue URL's host either way; pointing its SQS endpoint there too (in this file's own
    // environment) spares its warning that the two differ.
    process.env.AWS_ENDPOINT_URL_SQS = queueHost;
    useServiceConfig({ TABLE_NAME: tableName, EVENTS_QUEUE_URL: `${queueHost}/000000000000/events` });
    await provisionMainTable(tableName);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const dynamodb = new DynamoDBClient({});
    await dynamodb.send(new DeleteTableCommand({ TableName: tableName }));
    dynamodb.destroy();
  });

  beforeEach(() => {
    batches = [];
    refusals = new Map();
    gone = false;
    unsent = [];
    jest.spyOn(logger, 'error').mockImplementation((message, ...attributes) => {
      const kept = (attributes[0] as { unsent_event?: { url_id: number } } | undefined)?.unsent_event;
      if (message === 'Event could not be queued' && kept) unsent.push(kept.url_id);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends ten events a request as they come, and the rest when flushed', async () => {
    const events = batch();
    await Promise.all(Array.from({ length: 23 }, (_, i) => events.add('created', link(i + 1))));
    expect(batches.map((sent) => sent.length)).toEqual([10, 10]);
    await events.flush();
    expect(batches.map((sent) => sent.length)).toEqual([10, 10, 3]);
    expect(
      batches
        .flat()
        .map(urlIdOf)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(batches.flat().every((body) => JSON.parse(body).event_type === 'created')).toBe(true);
    expect(unsent).toEqual([]);
  });

  it('sends an entry the queue refused once more, alone, and keeps none back', async () => {
    refusals.set(4, 1);
    await addInTurnAndFlush(5);
    expect(batches.map((sent) => sent.map(urlIdOf))).toEqual([[1, 2, 3, 4, 5], [4]]);
    expect(unsent).toEqual([]);
  });

  it('logs whole, as unsent, an entry the queue refused twice, and sends the others', async () => {
    refusals.set(2, 2);
    await addInTurnAndFlush(3);
    expect(batches.map((sent) => sent.map(urlIdOf))).toEqual([[1, 2, 3], [2]]);
    expect(unsent).toEqual([2]);
  });

  it('logs every event of a batch the queue refused whole, without sending it again', async () => {
    gone = true;
    await addInTurnAndFlush(3);
    expect(batches.map((sent) => sent.map(urlIdOf))).toEqual([[1, 2, 3]]);
    expect(unsent.sort()).toEqual([1, 2, 3]);
  });
});
