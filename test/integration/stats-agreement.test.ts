import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { LocalRuntime } from '../../local/runtime.js';
import type { EventRecord as Event, UrlRecord as Url } from '../../shared/records.js';
import { eventually, httpClient, listAll, queueDrained, startTestService } from '../support/service.js';

type Figures = { clicks: number; human_clicks: number; bot_clicks: number };
type Stats = { totals: Figures; series: (Figures & { start: string })[]; links?: { url_id: number; clicks: number }[] };

/**
 * The statistics agree with the events, exactly, whatever DynamoDB does (faults injected by the proxy in front
 * of DynamoDB Local: throttled requests, server errors, and writes carried out whose answer is lost, so that
 * the SDK and the writer try again), and whatever the queue does (messages delivered more than once).
 */
describe('statistics agree with the events under injected DynamoDB faults and redeliveries (DynamoDB Local + SQS emulator)', () => {
  let service: LocalRuntime;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };
  let links: Url[];

  beforeAll(async () => {
    // The proxy at DynamoDB's own limits (scale 1: nothing here comes near them), for its faults only; a
    // message the writer fails comes back after a second.
    service = await startTestService({
      dynamoDbLimits: { scale: 1 },
      queueOverrides: { visibilityTimeoutSeconds: 1, maxReceiveCount: 50 },
    });
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'faults', email: 'faults@example.com' })).body;
    links = [];
    for (const path of ['a', 'b', 'c']) {
      links.push(
        (await api.post<Url>('/urls', { user_id: owner.id, original_url: `https://faults.example/${path}` })).body,
      );
    }
  }, 60_000);
  afterAll(() => service.stop());

  it('counts exactly the click events listed, link by link and interval by interval', async () => {
    const agents = ['Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0', 'Mozilla/5.0 (compatible; Googlebot/2.1)'];
    service.dynamoDbLimits?.injectFaults({ rate: 0.15, kinds: ['throttle', 'error', 'lost'] });
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        api
          .get(`/urls/${links[i % 3]?.short_code}/redirect`, { 'User-Agent': agents[i % 7 === 0 ? 1 : 0] as string })
          .then((response) => response.status),
      ),
    );
    const posted = await Promise.all(
      Array.from({ length: 40 }, () =>
        api
          .post('/events', { url_id: links[0]?.id, user_id: owner.id, event_type: 'click', details: {} })
          .then((response) => response.status),
      ),
    );
    // The same message three times, as the queue may deliver it.
    const sqs = new SQSClient({});
    const message = {
      event_id: 9_100_000_001,
      url_id: links[1]?.id,
      user_id: owner.id,
      owner_id: owner.id,
      event_type: 'click',
      timestamp: new Date().toISOString().slice(0, 23),
      details: { short_code: links[1]?.short_code, original_url: links[1]?.original_url, bot: false },
    };
    for (let i = 0; i < 3; i++) {
      await sqs.send(new SendMessageCommand({ QueueUrl: service.queueUrl, MessageBody: JSON.stringify(message) }));
    }
    sqs.destroy();
    await queueDrained(service, 90_000);
    const report = service.dynamoDbLimits?.report();
    service.dynamoDbLimits?.injectFaults(undefined);

    // Faults were played, on every kind of call, and the service answered (a request whose retries all met
    // faults is a 503, never a 500).
    expect(Object.values(report?.faults ?? {}).every((count) => count >= 10)).toBe(true);
    expect(answers.filter((status) => status !== 302 && status !== 503)).toEqual([]);
    expect(posted.filter((status) => status !== 201 && status !== 503)).toEqual([]);

    let all = 0;
    for (const link of links) {
      const events = await listAll<Event>(api, `/events?url_id=${link.id}&event_type=click&limit=500`);
      const stats = (
        await api.get<Stats>(`/urls/${link.id}/stats?interval=hour&from=${events[0]?.timestamp.slice(0, 10)}`)
      ).body;
      expect(stats.totals.clicks).toBe(events.length);
      expect(stats.totals.bot_clicks).toBe(events.filter((event) => event.details.bot === true).length);
      for (const hour of stats.series) {
        expect(hour.clicks).toBe(
          events.filter((event) => event.timestamp.slice(0, 13) === hour.start.slice(0, 13)).length,
        );
      }
      all += events.length;
    }
    const redirected = answers.filter((status) => status === 302).length;
    const recorded = posted.filter((status) => status === 201).length;
    // Every click answered is stored (and the message delivered three times once): nothing lost, nothing twice.
    expect(all).toBe(redirected + recorded + 1);
    const user = await eventually(async () => {
      const stats = (await api.get<Stats>(`/users/${owner.id}/stats`)).body;
      return stats.totals.clicks === all ? stats : undefined;
    });
    expect(user.links?.reduce((sum, link) => sum + link.clicks, 0)).toBe(all);
  }, 120_000);
});
