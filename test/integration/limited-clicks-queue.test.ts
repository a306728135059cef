import type { LocalRuntime } from '../../local/runtime.js';
import type { PublicUrlRecord as Url } from '../../shared/records.js';
import { httpClient, startTestService } from '../support/service.js';

/**
 * Where the redirect queues a click (DynamoDB Local + SQS emulator, no writer running, so the queues can be
 * read): a click of a link with max_clicks that is not hot goes to the queue the writer reads without a
 * batching window, so that the link is marked spent within the second; every other event to the events queue.
 */
describe('the limited clicks queue (no writer running)', () => {
  let service: LocalRuntime;
  let api: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    service = await startTestService({ pollerConcurrency: 0 });
    api = httpClient(service.url);
  });
  afterAll(() => service.stop());

  it('queues the clicks of a link with max_clicks apart, with the limit the redirect saw', async () => {
    const user = (await api.post<{ id: number }>('/users', { username: 'q', email: 'q@example.com' })).body;
    const make = async (body: Record<string, unknown>) =>
      (await api.post<Url>('/urls', { user_id: user.id, original_url: 'https://example.com/q', ...body })).body;
    const limited = await make({ max_clicks: 5 });
    const plain = await make({});
    expect((await api.get(`/${limited.short_code}`)).status).toBe(302);
    expect((await api.get(`/${plain.short_code}`)).status).toBe(302);
    const { takeQueuedMessages } = await import('../../local/queue-poller.js');
    const messagesOf = async (queueUrl: string) =>
      (await takeQueuedMessages(queueUrl)).map((body) => JSON.parse(body) as Record<string, unknown>);
    expect(await messagesOf(service.limitedClicksQueueUrl)).toEqual([
      expect.objectContaining({ event_type: 'click', url_id: limited.id, click_limit: 5 }),
    ]);
    const events = await messagesOf(service.queueUrl);
    expect(events.map((message) => `${message.event_type} ${message.url_id}`).sort()).toEqual(
      [`click ${plain.id}`, `created ${limited.id}`, `created ${plain.id}`].sort(),
    );
  });

  it("sends a hot limited link's clicks with the large batches: its limit is a second late anyway", async () => {
    const user = (await api.post<{ id: number }>('/users', { username: 'h', email: 'h@example.com' })).body;
    const link = (
      await api.post<Url>('/urls', { user_id: user.id, original_url: 'https://example.com/h', max_clicks: 1000 })
    ).body;
    // 30 redirects one after the other: the 11th within a second makes the code hot (HOT_KEY_READS_PER_SECOND).
    for (let i = 0; i < 30; i++) expect((await api.get(`/${link.short_code}`)).status).toBe(302);
    const { takeQueuedMessages } = await import('../../local/queue-poller.js');
    const clicksOn = async (queueUrl: string) =>
      (await takeQueuedMessages(queueUrl))
        .map((body) => JSON.parse(body) as Record<string, unknown>)
        .filter((message) => message.event_type === 'click' && message.url_id === link.id);
    const [soon, batched] = [await clicksOn(service.limitedClicksQueueUrl), await clicksOn(service.queueUrl)];
    expect(soon.length + batched.length).toBe(30);
    expect(soon.length).toBeGreaterThanOrEqual(10);
    expect(batched.length).toBeGreaterThan(0);
    expect(batched.every((message) => message.click_limit === 1000)).toBe(true);
  });
});
