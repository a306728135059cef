import type { EventRecord as Event, UrlRecord as Url } from '../../shared/domain/records.js';
import {
  eventually,
  httpClient,
  listAll,
  queueDrained,
  startTestService,
  type TestService,
} from '../support/service.js';

type Stats = { totals: { clicks: number } };
/**
 * A click counter whose batches fail, as a crash or a time-out would, between writes of its statistics items:
 * the stream hands the batch over again, and each click is counted once, even when writes of an earlier attempt
 * were applied and only their answers lost (faults injected by the proxy in front of DynamoDB Local, on the
 * counter's item writes only: the clicks here are bots', so the writer writes no visitor batch).
 */
describe('statistics after a click counter stopped mid-batch (DynamoDB Local + SQS emulator, faults injected)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    service = await startTestService({ dynamoDbLimits: { scale: 1 } });
    api = httpClient(service.url);
  }, 60_000);
  afterAll(() => service.stop());

  it('counts each click once, after batches that failed, then batches whose writes were applied with their answers lost', async () => {
    const owner = (await api.post<{ id: number }>('/users', { username: 'crash', email: 'crash@example.com' })).body;
    const link = (await api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://crash.example/' })).body;
    const clicksOf = async () => (await api.get<Stats>(`/urls/${link.id}/stats`)).body.totals.clicks;
    const listed = () => listAll<Event>(api, `/events?url_id=${link.id}&event_type=click&limit=500`);

    // Every write of a statistics item fails: each batch is handed over again and again, counting nothing.
    await service.dynamoDbLimits?.injectFaults({ every: 1, kinds: ['error'], operations: ['PutItem'] });
    for (let i = 0; i < 30; i++) {
      expect((await api.get(`/urls/${link.short_code}/redirect`, { 'User-Agent': '' })).status).toBe(302);
    }
    await eventually(async () => ((await listed()).length === 30 ? true : undefined), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await clicksOf()).toBe(0);

    // Now the writes are applied but their answers lost: the counter cannot tell, and fails its batch again.
    await service.dynamoDbLimits?.injectFaults({ every: 1, kinds: ['lost'], operations: ['PutItem'] });
    await eventually(async () => ((await clicksOf()) > 0 ? true : undefined), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 3000));

    // The batch handed over again finds every click counted already: not one twice.
    await service.dynamoDbLimits?.injectFaults(undefined);
    await queueDrained(service, 60_000);
    expect(await listed()).toHaveLength(30);
    expect(await clicksOf()).toBe(30);
    expect((await api.get<Stats>(`/users/${owner.id}/stats`)).body.totals.clicks).toBe(30);
  }, 120_000);
});
