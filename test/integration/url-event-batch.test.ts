import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import { provisionMainTable } from '../../local/provision.js';
import { useServiceConfig } from '../../shared/platform/config.js';
import { logger } from '../../shared/platform/logger.js';

type Entry = { Id: string; MessageBody: string };

/**
 * A bulk request's `created` events, queued ten to a SendMessageBatch (shared/events/publisher.ts), their ids
 * leased from a table of DynamoDB Local, against a queue faked to inject what the SQS emulator never does:
 * entries of a batch refused while the rest are taken.
 */
describe('the events of a bulk request, ten to an SQS request (DynamoDB Local; the queue faked to refuse entries)', () => {
  let server: Server;
  /** Each SendMessageBatch received: its entries' bodies. */
  let batches: string[][];
  /** How many more times the queue refuses an entry, by the link id in its body. */
  let refusals: Map<number, number>;
  let urlEventBatch: typeof import('../../shared/events/publisher.js').urlEventBatch;
  const emulator = process.env.AWS_ENDPOINT_URL_SQS;
  /** The link ids of the events logged as unsent. */
  let unsent: number[];

  const urlIdOf = (body: string) => (JSON.parse(body) as { url_id: number }).url_id;
  const link = (id: number) => ({ id, user_id: 1, short_code: `c${id}`, original_url: `https://e.example/${id}` });

  beforeAll(async () => {
    server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      request.on('end', () => {
        const { Entries } = JSON.parse(text) as { Entries: Entry[] };
        batches.push(Entries.map((entry) => entry.MessageBody));
        const refused = (entry: Entry) => {
          const left = refusals.get(urlIdOf(entry.MessageBody)) ?? 0;
          if (left > 0) refusals.set(urlIdOf(entry.MessageBody), left - 1);
          return left > 0;
        };
        const outcomes = Entries.map((entry) => ({ entry, refused: refused(entry) }));
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        response.end(
          JSON.stringify({
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
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // The publisher's client is made with the module, on the SQS endpoint of the moment: this file's fake.
    process.env.AWS_ENDPOINT_URL_SQS = `http://127.0.0.1:${port}`;
    ({ urlEventBatch } = await import('../../shared/events/publisher.js'));
    const tableName = `event-batch-${Date.now().toString(36)}`;
    useServiceConfig({ TABLE_NAME: tableName, EVENTS_QUEUE_URL: `http://127.0.0.1:${port}/000000000000/events` });
    await provisionMainTable(tableName);
  });
  afterAll(async () => {
    process.env.AWS_ENDPOINT_URL_SQS = emulator;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    batches = [];
    refusals = new Map();
    unsent = [];
    jest.spyOn(logger, 'error').mockImplementation((message, ...attributes) => {
      const kept = (attributes[0] as { unsent_event?: { url_id: number } } | undefined)?.unsent_event;
      if (message === 'Event could not be queued' && kept) unsent.push(kept.url_id);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends ten events a request as they come, and the rest when flushed', async () => {
    const events = urlEventBatch();
    await Promise.all(Array.from({ length: 23 }, (_, i) => events.add('created', link(i + 1))));
    expect(batches.map((batch) => batch.length)).toEqual([10, 10]);
    await events.flush();
    expect(batches.map((batch) => batch.length)).toEqual([10, 10, 3]);
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
    const events = urlEventBatch();
    for (let id = 1; id <= 5; id++) await events.add('created', link(id));
    await events.flush();
    expect(batches.map((batch) => batch.map(urlIdOf))).toEqual([[1, 2, 3, 4, 5], [4]]);
    expect(unsent).toEqual([]);
  });

  it('logs whole, as unsent, an entry the queue refused twice, and sends the others', async () => {
    refusals.set(2, 2);
    const events = urlEventBatch();
    for (let id = 1; id <= 3; id++) await events.add('created', link(id));
    await events.flush();
    expect(batches.map((batch) => batch.map(urlIdOf))).toEqual([[1, 2, 3], [2]]);
    expect(unsent).toEqual([2]);
  });
});
