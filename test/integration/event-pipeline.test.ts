import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  DeleteQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { EventRecord as Event, UrlRecord as Url } from '../../shared/domain/records.js';
import { eventually, httpClient, startTestService, type TestService } from '../support/service.js';

/**
 * The automatic-event pipeline: handlers → SQS emulator → poller → writer → DynamoDB Local. The queue is
 * set to redeliver after 1 s and to give up after 2 receives, so redelivery and the dead-letter queue can
 * be observed quickly.
 */
describe('event pipeline (SQS emulator + DynamoDB Local)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  const sqs = new SQSClient({});
  let owner: { id: number };

  const eventsOf = async (urlId: number) => (await api.get<Event[]>(`/events?url_id=${urlId}&limit=1000`)).body;
  const counter = async (name: string) => {
    const metrics = (await api.get<Record<string, { total: number }>>('/metrics/json')).body;
    return metrics[name]?.total ?? 0;
  };
  const queueIsEmpty = async (queueUrl: string) => {
    const out = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: queueUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    return (
      Number(out.Attributes?.ApproximateNumberOfMessages) +
        Number(out.Attributes?.ApproximateNumberOfMessagesNotVisible) ===
      0
    );
  };
  const message = (url: Url, overrides: Record<string, unknown> = {}) => ({
    message_id: randomUUID(),
    url_id: url.id,
    user_id: url.user_id,
    event_type: 'click',
    timestamp: '2026-11-22T10:00:00.000',
    details: { short_code: url.short_code, original_url: url.original_url },
    ...overrides,
  });
  const send = (body: unknown) =>
    sqs.send(
      new SendMessageCommand({
        QueueUrl: service.queueUrl,
        MessageBody: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );

  beforeAll(async () => {
    // A failed message comes back once the writer's time for it is up (as in AWS, never sooner).
    service = await startTestService({
      queueOverrides: { visibilityTimeoutSeconds: 4, maxReceiveCount: 2 },
      writerTimeoutMs: 4000,
    });
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'pipe', email: 'pipe@example.com' })).body;
  });
  afterAll(() => service.stop());

  const createUrl = async () =>
    (await api.post<Url>('/urls', { user_id: owner.id, original_url: `https://e.example/${randomUUID()}` })).body;

  it('records each transition of the spec with its event: created, accessed, click, updated', async () => {
    const url = await createUrl();
    await api.get(`/urls/${url.id}`);
    await api.get(`/urls/${url.short_code}/redirect`);
    await api.put(`/urls/${url.id}`, { is_active: false });
    const types = await eventually(async () => {
      const events = await eventsOf(url.id);
      return events.length === 4 ? events.map((event) => event.event_type).sort() : undefined;
    });
    expect(types).toEqual(['accessed', 'click', 'created', 'updated']);
    const events = await eventsOf(url.id);
    expect(events.every((event) => event.user_id === owner.id && event.details.short_code === url.short_code)).toBe(
      true,
    );
  });

  it('stores a message delivered twice only once', async () => {
    const url = await createUrl();
    await eventually(async () => ((await eventsOf(url.id)).length === 1 ? true : undefined));
    const twice = message(url, { event_type: 'replayed' });
    await send(twice);
    await send(twice);
    await eventually(async () => ((await queueIsEmpty(service.queueUrl)) ? true : undefined));
    const replayed = (await eventsOf(url.id)).filter((event) => event.event_type === 'replayed');
    expect(replayed).toHaveLength(1);
  });

  it("stores an automatic event's details exactly, through the same path as POST /events", async () => {
    const url = await createUrl();
    const body = JSON.stringify(message(url, { event_type: 'exact' }));
    const exact = '{"id":1234567890123456789,"":{"__proto__":1},"huge":1e400}';
    await send(body.replace(/"details":\{[^}]*\}/, `"details":${exact}`));
    const listed = await eventually(async () => {
      const response = await api.get(`/events?url_id=${url.id}&event_type=exact`);
      return response.text.includes('"exact"') ? response.text : undefined;
    });
    expect(listed).toContain(`"details":${exact}`);
  });

  it('stores the good messages of a batch and moves a poison one to the dead-letter queue after its receives', async () => {
    const url = await createUrl();
    const poisonId = randomUUID();
    await send(message(url, { event_type: 'good-1' }));
    await send(`{"not": "an event", "marker": "${poisonId}"}`);
    await send(message(url, { event_type: 'good-2' }));
    await eventually(async () => {
      const types = (await eventsOf(url.id)).map((event) => event.event_type);
      return types.includes('good-1') && types.includes('good-2') ? true : undefined;
    });
    const deadLettered = await eventually(async () => {
      const out = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: service.deadLetterQueueUrl, MaxNumberOfMessages: 10 }),
      );
      return out.Messages?.find((received) => received.Body?.includes(poisonId));
    });
    expect(deadLettered.Body).toContain('not');
  });

  it('drops, and counts, an event whose URL was deleted before it was written', async () => {
    const url = await createUrl();
    await api.delete(`/urls/${url.id}`);
    const dropped = await counter('events_dropped_total');
    await send(message(url));
    await eventually(async () => ((await counter('events_dropped_total')) > dropped ? true : undefined));
    expect(await eventsOf(url.id)).toEqual([]);
  });

  it('replays logged unsent events with npm run replay-events, once however often it is replayed', async () => {
    const url = await createUrl();
    const unsent = message(url, { event_type: 'replayed-from-log' });
    const log = path.join(mkdtempSync(path.join(tmpdir(), 'replay-')), 'service.log');
    const line = JSON.stringify({ level: 'ERROR', message: 'Event could not be queued', unsent_event: unsent });
    writeFileSync(log, `not json\n${line}\n${line}\n`);
    // Asynchronously: the SQS emulator may live in this very process.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/replay-events.ts', log],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, EVENTS_QUEUE_URL: service.queueUrl },
        encoding: 'utf8',
      },
    );
    expect(stdout).toContain('replayed 2 event(s)');
    await eventually(async () => ((await queueIsEmpty(service.queueUrl)) ? true : undefined));
    const replayed = (await eventsOf(url.id)).filter((event) => event.event_type === 'replayed-from-log');
    expect(replayed).toHaveLength(1);
  });

  // Runs last: it deletes this file's queue.
  it('still redirects when the queue is gone (injected: queue deleted), logging the event whole and counting it', async () => {
    const url = await createUrl();
    const unsent = await counter('events_unsent_total');
    const { result: response, lines } = await service.logsDuring(async () => {
      await sqs.send(new DeleteQueueCommand({ QueueUrl: service.queueUrl }));
      return api.get(`/urls/${url.short_code}/redirect`);
    });
    expect(response.status).toBe(302);
    expect(await counter('events_unsent_total')).toBe(unsent + 1);
    const logged = lines.find((line) => line.includes('Event could not be queued'));
    expect(JSON.parse(logged ?? '{}').unsent_event).toMatchObject({ url_id: url.id, event_type: 'click' });
    // A bulk request's events, queued ten to a request, are each logged and counted the same way.
    const { result: bulk, lines: bulkLines } = await service.logsDuring(() =>
      api.post<{ results: { status: number; url: { id: number } }[] }>('/urls/bulk', {
        links: [1, 2, 3].map((i) => ({ user_id: owner.id, original_url: `https://unqueued.example/${i}` })),
      }),
    );
    expect(bulk.body.results.map((result) => result.status)).toEqual([201, 201, 201]);
    expect(await counter('events_unsent_total')).toBe(unsent + 4);
    const bulkLogged = bulkLines
      .filter((line) => line.includes('Event could not be queued'))
      .map((line) => JSON.parse(line).unsent_event);
    expect(bulkLogged.map((event) => [event.url_id, event.event_type]).sort()).toEqual(
      bulk.body.results.map((result) => [result.url.id, 'created']).sort(),
    );
  });
});
