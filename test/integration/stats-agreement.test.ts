import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { queuedMessages } from '../../local/sqs-local.js';
import type { EventRecord as Event, UrlRecord as Url } from '../../shared/domain/records.js';
import {
  eventually,
  httpClient,
  listAll,
  queueDrained,
  startTestService,
  type TestService,
} from '../support/service.js';

type Figures = { clicks: number; human_clicks: number; bot_clicks: number };
type Stats = { totals: Figures; series: (Figures & { start: string })[]; links?: { url_id: number; clicks: number }[] };

/**
 * The statistics agree with the events, exactly, whatever DynamoDB does (faults injected by the proxy in front
 * of DynamoDB Local on a fixed schedule: throttled requests, server errors, and writes carried out whose answer
 * is lost, so that the SDK and the writer try again), and whatever the queue does (messages delivered more than
 * once). A POST /events answered 503 is sent again with its Idempotency-Key until it is answered 201: it
 * converges to exactly one event, even when the attempt that failed had stored it.
 */
describe('statistics agree with the events under injected DynamoDB faults and redeliveries (DynamoDB Local + SQS emulator)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };
  let links: Url[];

  beforeAll(async () => {
    // The proxy at DynamoDB's own limits (scale 1: nothing here comes near them), for its faults only; a
    // message the writer fails comes back after 15 s, well after the writer's time for it (5 s) is up, as in AWS
    // (there six times): a delivery cut off at its timeout may still have writes in flight.
    service = await startTestService({
      dynamoDbLimits: { scale: 1 },
      queueOverrides: { visibilityTimeoutSeconds: 15, maxReceiveCount: 50 },
      writerTimeoutMs: 5000,
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
    // One DynamoDB request in five meets a fault, the three kinds in turn: not a chance, a schedule. Faults stop
    // once the queue is drained; the posts still unanswered are then sent again.
    await service.dynamoDbLimits?.injectFaults({ every: 5, kinds: ['throttle', 'error', 'lost'] });
    const body = { url_id: links[0]?.id, user_id: owner.id, event_type: 'click', details: {} };
    const postClick = (key: string) =>
      api.request<Event>('POST', '/events', body, { headers: { 'Idempotency-Key': key } });
    const keys = Array.from({ length: 40 }, (_, i) => `click-${i}`);
    // The clicks and the posted events at once, all under faults.
    const [answers, firstTries] = await Promise.all([
      Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          api
            .get(`/urls/${links[i % 3]?.short_code}/redirect`, { 'User-Agent': agents[i % 7 === 0 ? 1 : 0] as string })
            .then((response) => response.status),
        ),
      ),
      Promise.all(keys.map((key) => postClick(key))),
    ]);
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
    const report = await service.dynamoDbLimits?.report();
    await service.dynamoDbLimits?.injectFaults(undefined);

    // Faults were played, on every kind of call, and the service answered (a request whose retries all met
    // faults is a 503, never a 500).
    expect(Object.values(report?.faults ?? {}).every((count) => count >= 10)).toBe(true);
    expect(answers.filter((status) => status !== 302 && status !== 503)).toEqual([]);
    expect(firstTries.filter(({ status }) => ![201, 409, 503].includes(status))).toEqual([]);

    /**
     * A post not answered 201 is sent again with its key until it is. A 409 can last until the first
     * attempt's time is up (29 s locally): when the write of its idempotency record was carried out but its
     * answer lost, the record stays "in progress" until then.
     */
    const postUntilStored = async (key: string, first: { status: number; body: Event }) => {
      const statuses = [first.status];
      const giveUpAt = Date.now() + 45_000;
      let response = first;
      while (response.status !== 201 && Date.now() < giveUpAt) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        response = await postClick(key);
        statuses.push(response.status);
      }
      return { statuses, event: response.status === 201 ? response.body : undefined };
    };
    const posted = await Promise.all(
      keys.map((key, i) => postUntilStored(key, firstTries[i] as { status: number; body: Event })),
    );
    expect(posted.filter(({ event }) => event === undefined).map(({ statuses }) => statuses.join(' '))).toEqual([]);
    // A click stored by an attempt that failed, and found by its retry, may still be counted by the writer.
    await queueDrained(service, 30_000);

    let all = 0;
    for (const link of links) {
      const events = await listAll<Event>(api, `/events?url_id=${link.id}&event_type=click&limit=500`);
      if (link.id === links[0]?.id) {
        // Each posted click exactly once, under the id its 201 answered, whatever its retries met.
        const listed = events.map((event) => event.id);
        for (const { event } of posted) expect(listed.filter((id) => id === event?.id)).toHaveLength(1);
      }
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
    // Nothing given up on: no message in the dead-letter queue.
    const deadLetters = new SQSClient({});
    expect(await queuedMessages(deadLetters, service.deadLetterQueueUrl)).toBe(0);
    deadLetters.destroy();
    // Every click answered is stored (every posted one, and the message delivered three times once): nothing
    // lost, nothing twice.
    expect(all).toBe(redirected + posted.length + 1);
    const user = await eventually(async () => {
      const stats = (await api.get<Stats>(`/users/${owner.id}/stats`)).body;
      return stats.totals.clicks === all ? stats : undefined;
    });
    expect(user.links?.reduce((sum, link) => sum + link.clicks, 0)).toBe(all);
  }, 180_000);
});
