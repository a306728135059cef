import type { LocalRuntime } from '../../local/runtime.js';
import type { EventRecord as Event, UrlRecord as Url } from '../../shared/records.js';
import { eventually, httpClient, listAll, queueDrained, startTestService } from '../support/service.js';

type Stats = { totals: { clicks: number } };
/**
 * A writer that stops between storing a batch and counting it, as a crash or a time-out would: its messages
 * stay on the queue, the events are already listed, and the redelivery counts them, once, even when the
 * count it made before was applied and only its answer was lost.
 */
describe('statistics after a writer stopped mid-batch (DynamoDB Local + SQS emulator, faults injected)', () => {
  let service: LocalRuntime;
  let api: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    // An invocation gives up after a second (its timeout, less the writer's margin), as one cut short would.
    service = await startTestService({
      dynamoDbLimits: { scale: 1 },
      queueOverrides: { visibilityTimeoutSeconds: 1, maxReceiveCount: 50 },
      writerTimeoutMs: 3000,
    });
    api = httpClient(service.url);
  }, 60_000);
  afterAll(() => service.stop());

  it('counts each click once, after its batch was stored and not counted, then counted with its answer lost', async () => {
    const owner = (await api.post<{ id: number }>('/users', { username: 'crash', email: 'crash@example.com' })).body;
    const link = (await api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://crash.example/' })).body;
    const clicksOf = async () => (await api.get<Stats>(`/urls/${link.id}/stats`)).body.totals.clicks;
    const listed = () => listAll<Event>(api, `/events?url_id=${link.id}&event_type=click&limit=500`);

    // Every counting transaction fails: each batch is stored, then ends without counting.
    service.dynamoDbLimits?.injectFaults({ every: 1, kinds: ['error'], operations: ['TransactWriteItems'] });
    for (let i = 0; i < 30; i++) {
      expect((await api.get(`/urls/${link.short_code}/redirect`)).status).toBe(302);
    }
    await eventually(async () => ((await listed()).length === 30 ? true : undefined), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await clicksOf()).toBe(0);

    // Now counts are applied but their answers lost: the writer cannot tell, and its batch ends again.
    service.dynamoDbLimits?.injectFaults({ every: 1, kinds: ['lost'], operations: ['TransactWriteItems'] });
    await eventually(async () => ((await clicksOf()) > 0 ? true : undefined), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 2500));

    // The redeliveries find every click counted already: not one twice.
    service.dynamoDbLimits?.injectFaults(undefined);
    await queueDrained(service, 60_000);
    expect(await listed()).toHaveLength(30);
    expect(await clicksOf()).toBe(30);
    expect((await api.get<Stats>(`/users/${owner.id}/stats`)).body.totals.clicks).toBe(30);
  }, 120_000);
});
