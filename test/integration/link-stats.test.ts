import { request } from 'node:http';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { EventRecord as Event, UrlRecord as Url } from '../../shared/domain/records.js';
import { serviceConfig } from '../../shared/platform/config.js';
import { accessPatterns } from '../../shared/store/keys.js';
import { documentClient } from '../../shared/store/table.js';
import { visitorTag } from '../../shared/store/visitor-secrets.js';
import {
  eventually,
  httpClient,
  listAll,
  queueDrained,
  sharedTestService,
  type TestService,
} from '../support/service.js';

type Figures = { clicks: number; human_clicks: number; bot_clicks: number; unique_visitors: number };
type Top = { name: string; clicks: number };
interface LinkStats {
  url_id: number;
  from: string;
  to: string;
  interval: 'hour' | 'day';
  totals: Figures;
  series: (Figures & { start: string })[];
  referrers: Top[];
  browsers: Top[];
  operating_systems: Top[];
  devices: Top[];
  countries: Top[];
}
interface UserStats extends Omit<LinkStats, 'url_id' | 'referrers'> {
  user_id: number;
  links: { url_id: number | null; short_code: string | null; clicks: number }[];
}

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const sum = (entries: { clicks: number }[]) => entries.reduce((total, entry) => total + entry.clicks, 0);

/**
 * Link statistics through HTTP (DynamoDB Local + SQS emulator): the numbers agree with the events, visitors
 * are counted once, and every bad query is a 422 in the contract's shape.
 */
describe('link statistics (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };

  const newLink = async (path: string) =>
    (await api.post<Url>('/urls', { user_id: owner.id, original_url: `https://stats.example/${path}` })).body;
  const click = (link: Url, headers: Record<string, string> = {}) =>
    api.get(`/urls/${link.short_code}/redirect`, headers).then((response) => expect(response.status).toBe(302));
  /**
   * A click from another loopback address (Linux answers all of 127.0.0.0/8): a visitor of its own, as the
   * gateway tells visitors apart by the connection, not by a header a client could write.
   */
  const clickFrom = (address: string, link: Url, headers: Record<string, string>) =>
    new Promise<void>((resolve, reject) => {
      request(`${service.url}/urls/${link.short_code}/redirect`, { localAddress: address, headers }, (response) => {
        response.resume();
        expect(response.statusCode).toBe(302);
        resolve();
      })
        .on('error', reject)
        .end();
    });
  const clickEvents = (urlId: number) => listAll<Event>(api, `/events?url_id=${urlId}&event_type=click&limit=500`);
  /** The statistics, once they count `clicks` (the writer is asynchronous). */
  const statsWith = (path: string, clicks: number) =>
    eventually(async () => {
      const response = await api.get<LinkStats & UserStats>(path);
      return response.status === 200 && response.body.totals.clicks === clicks ? response.body : undefined;
    });

  beforeAll(async () => {
    service = await sharedTestService();
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'stats', email: 'stats@example.com' })).body;
  }, 60_000);
  afterAll(() => service.stop());

  it("counts every click once, in agreement with the link's click events, interval by interval", async () => {
    const link = await newLink('agree');
    const visits = [
      ...Array.from({ length: 12 }, () => ({ 'User-Agent': chrome, Referer: 'https://www.google.com/search' })),
      ...Array.from({ length: 7 }, () => ({ 'User-Agent': iphone, 'CloudFront-Viewer-Country': 'de' })),
      ...Array.from({ length: 3 }, () => ({ 'User-Agent': googlebot, Referer: 'https://news.example/a' })),
    ];
    for (const headers of visits) await click(link, headers);
    const stats = await statsWith(`/urls/${link.id}/stats`, visits.length);
    const events = await clickEvents(link.id);
    expect(events).toHaveLength(visits.length);

    expect(stats.totals).toEqual({ clicks: 22, human_clicks: 19, bot_clicks: 3, unique_visitors: 2 });
    expect(sum(stats.series)).toBe(stats.totals.clicks);
    const today = stats.series.at(-1);
    expect(today?.start).toBe(`${events[0]?.timestamp.slice(0, 10)}T00:00:00.000`);
    expect(today?.clicks).toBe(22);
    expect(stats.referrers).toEqual([
      { name: 'www.google.com', clicks: 12 },
      { name: 'direct', clicks: 7 },
      { name: 'news.example', clicks: 3 },
    ]);
    expect(stats.browsers).toEqual([
      { name: 'Chrome', clicks: 12 },
      { name: 'Safari', clicks: 7 },
      { name: 'Googlebot', clicks: 3 },
    ]);
    expect(stats.devices).toEqual([
      { name: 'desktop', clicks: 12 },
      { name: 'mobile', clicks: 7 },
      { name: 'bot', clicks: 3 },
    ]);
    // Locally no edge knows the viewer's country, and the one a client sends is dropped (CloudFront's alone in AWS;
    // reading it is test/unit/click-stats.test.ts's).
    expect(stats.countries).toEqual([{ name: 'unknown', clicks: 22 }]);
    for (const list of [stats.referrers, stats.browsers, stats.operating_systems, stats.devices, stats.countries])
      expect(sum(list)).toBe(stats.totals.clicks);

    // By the hour, the current hour holds them all; every hour of the series agrees with the events.
    const hourly = (await api.get<LinkStats>(`/urls/${link.id}/stats?interval=hour`)).body;
    expect(hourly.series).toHaveLength(168);
    for (const hour of hourly.series) {
      const inHour = events.filter((event) => event.timestamp.slice(0, 13) === hour.start.slice(0, 13));
      expect(hour.clicks).toBe(inHour.length);
    }
  });

  it('counts a visitor once however often it clicks, never a bot, and exactly at these numbers', async () => {
    const link = await newLink('visitors');
    // Each visitor from its own address; a forged viewer address makes no visitor of its own.
    const visitors = Array.from({ length: 40 }, (_, i) => ({
      address: `127.0.1.${i + 1}`,
      headers: { 'User-Agent': i % 2 ? chrome : iphone, 'CloudFront-Viewer-Address': `198.51.100.${i}:12345` },
    }));
    let clicks = 0;
    for (const [i, { address, headers }] of visitors.entries()) {
      for (let n = 0; n <= i % 3; n++) {
        await clickFrom(address, link, headers);
        clicks += 1;
      }
    }
    for (let i = 0; i < 4; i++) await clickFrom(`127.0.2.${i + 1}`, link, { 'User-Agent': googlebot });
    const stats = await statsWith(`/urls/${link.id}/stats`, clicks + 4);
    expect(stats.totals.unique_visitors).toBe(40);
    expect(stats.totals.bot_clicks).toBe(4);
    // No address and no visitor tag in what is stored or listed.
    const events = await clickEvents(link.id);
    expect(JSON.stringify(events)).not.toMatch(/127\.0\.1\.|198\.51\.100|"visitor"|12345/);
  });

  it('counts 300 visitors exactly once their tags are folded out of the hour item, a return visit included', async () => {
    const link = await newLink('folded');
    // 300 addresses of 127.0.0.0/8, each a visitor; each clicks twice, the second round after the first.
    const addresses = Array.from({ length: 300 }, (_, i) => `127.0.${3 + Math.floor(i / 250)}.${(i % 250) + 1}`);
    for (let round = 0; round < 2; round++) {
      for (let start = 0; start < addresses.length; start += 20) {
        await Promise.all(
          addresses.slice(start, start + 20).map((address) => clickFrom(address, link, { 'User-Agent': chrome })),
        );
      }
    }
    const stats = await statsWith(`/urls/${link.id}/stats`, 600);
    expect(stats.totals).toEqual({ clicks: 600, human_clicks: 600, bot_clicks: 0, unique_visitors: 300 });
    // The hour's visitors went to a sketch of their own; the item every batch rewrites keeps at most 128 tags.
    const items =
      (
        await documentClient.send(
          new QueryCommand({
            TableName: serviceConfig().tableName,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': `STATS#URL#${link.id}` },
          }),
        )
      ).Items ?? [];
    const folded = items.filter((item) => String(item.SK).endsWith('#V'));
    expect(folded.length).toBeGreaterThan(0);
    for (const item of items.filter((candidate) => !String(candidate.SK).endsWith('#V'))) {
      expect((item.visitors as Uint8Array | undefined)?.length ?? 0).toBeLessThanOrEqual(1 + 4 * 128);
    }
  }, 60_000);

  it('counts clicks sent to POST /events like any other, and nothing of other types', async () => {
    const link = await newLink('posted');
    for (const event_type of ['click', 'click', 'share', 'view']) {
      const response = await api.post('/events', {
        url_id: link.id,
        user_id: owner.id,
        event_type,
        details: { referrer: 'https://posted.example/', user_agent: chrome },
      });
      expect(response.status).toBe(201);
    }
    // Counted from the table's stream, like every stored click: a few seconds after the answer.
    const stats = await statsWith(`/urls/${link.id}/stats`, 2);
    expect(stats.totals).toEqual({ clicks: 2, human_clicks: 2, bot_clicks: 0, unique_visitors: 1 });
    expect(stats.referrers).toEqual([{ name: 'posted.example', clicks: 2 }]);
    await queueDrained(service);
    expect((await api.get<LinkStats>(`/urls/${link.id}/stats`)).body.totals.clicks).toBe(2);
  });

  it('counts a burst of clicks sent to POST /events on one link at once, every one, without a 503', async () => {
    const link = await newLink('burst');
    const statuses = await Promise.all(
      Array.from({ length: 80 }, () =>
        api
          .post('/events', { url_id: link.id, user_id: owner.id, event_type: 'click', details: {} })
          .then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    await statsWith(`/urls/${link.id}/stats`, 80);
    expect(await clickEvents(link.id)).toHaveLength(80);
  });

  it('counts a message delivered twice once (the queue delivers at least once)', async () => {
    const link = await newLink('redelivered');
    const sqs = new SQSClient({});
    const message = {
      event_id: 9_000_000_001,
      url_id: link.id,
      user_id: owner.id,
      owner_id: owner.id,
      event_type: 'click',
      timestamp: new Date().toISOString().slice(0, 23),
      details: { short_code: link.short_code, original_url: link.original_url, bot: false },
      visitor: 12345,
    };
    for (let i = 0; i < 3; i++) {
      await sqs.send(new SendMessageCommand({ QueueUrl: service.queueUrl, MessageBody: JSON.stringify(message) }));
    }
    sqs.destroy();
    await queueDrained(service);
    expect((await api.get<LinkStats>(`/urls/${link.id}/stats`)).body.totals.clicks).toBe(1);
    expect(await clickEvents(link.id)).toHaveLength(1);
  });

  it("keeps an inactive link's statistics, and deletes them with the link, and from its owner's", async () => {
    const user = (await api.post<{ id: number }>('/users', { username: 'owner2', email: 'owner2@example.com' })).body;
    const [kept, gone] = await Promise.all(
      ['kept', 'gone'].map(
        async (path) =>
          (await api.post<Url>('/urls', { user_id: user.id, original_url: `https://owner2.example/${path}` })).body,
      ),
    );
    for (let i = 0; i < 3; i++) await click(kept as Url, { 'User-Agent': chrome });
    for (let i = 0; i < 5; i++) await click(gone as Url, { 'User-Agent': iphone });
    const before = await statsWith(`/users/${user.id}/stats`, 8);
    expect(before.links).toEqual([
      { url_id: gone?.id, short_code: gone?.short_code, clicks: 5 },
      { url_id: kept?.id, short_code: kept?.short_code, clicks: 3 },
    ]);
    expect(before.devices).toEqual([
      { name: 'mobile', clicks: 5 },
      { name: 'desktop', clicks: 3 },
    ]);

    expect((await api.put(`/urls/${kept?.id}`, { is_active: false })).status).toBe(200);
    expect((await api.get<LinkStats>(`/urls/${kept?.id}/stats`)).body.totals.clicks).toBe(3);
    expect((await api.delete(`/urls/${gone?.id}`)).status).toBe(204);
    expect((await api.get(`/urls/${gone?.id}/stats`)).status).toBe(404);
    // Its clicks leave its owner's statistics as its events are deleted, counted from the table's stream.
    const after = await statsWith(`/users/${user.id}/stats`, 3);
    expect(after.totals.clicks).toBe(3);
    expect(after.links).toEqual([{ url_id: kept?.id, short_code: kept?.short_code, clicks: 3 }]);
    expect(after.devices).toEqual([{ name: 'desktop', clicks: 3 }]);

    expect((await api.delete(`/users/${user.id}`)).status).toBe(204);
    expect((await api.get(`/users/${user.id}/stats`)).status).toBe(404);
  });

  it('refuses a bad range with a 422 in the contract shape, and answers 404 for what does not exist', async () => {
    const link = await newLink('queries');
    const issue = async (query: string) => {
      const response = await api.get<{ detail: { loc: string[]; type: string }[] }>(`/urls/${link.id}/stats?${query}`);
      expect(response.status).toBe(422);
      return response.body.detail.map((item) => [item.loc.join('.'), item.type]);
    };
    expect(await issue('from=yesterday')).toEqual([['query.from', 'datetime_from_date_parsing']]);
    expect(await issue('from=2026-02-30&to=nope')).toEqual([
      ['query.from', 'datetime_from_date_parsing'],
      ['query.to', 'datetime_from_date_parsing'],
    ]);
    expect(await issue('from=2026-11-10&to=2026-11-10')).toEqual([['query.to', 'greater_than']]);
    expect(await issue('from=2024-01-01&to=2026-01-01')).toEqual([['query.from', 'value_error']]);
    expect(await issue('from=2026-01-01&to=2026-03-01&interval=hour')).toEqual([['query.from', 'value_error']]);
    expect(await issue('interval=week')).toEqual([['query.interval', 'enum']]);
    expect((await api.get(`/urls/${link.id}/stats?from=2026-01-01&to=2027-02-05`)).status).toBe(200);

    expect((await api.get('/urls/999999/stats')).status).toBe(404);
    expect((await api.get('/users/999999/stats')).status).toBe(404);
    expect((await api.get('/urls/abc/stats')).status).toBe(422);
  });

  it('draws the short link as a QR code, and serves the statistics page at /<code>+', async () => {
    const link = await newLink('page');
    const qr = await api.get(`/urls/${link.id}/qr`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/svg+xml');
    expect(qr.text).toMatch(/^<svg[^>]*viewBox/);
    expect((await api.get('/urls/999999/qr')).status).toBe(404);

    for (const path of [`/${link.short_code}+`, `/${link.short_code}%2B`, `/urls/${link.short_code}/stats-page`]) {
      const page = await api.get(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.text).toContain(`data-url-id="${link.id}"`);
      expect(page.text).toContain(`${new URL(service.url).host}/${link.short_code}`);
    }
    expect((await api.get('/zzzzzz+')).status).toBe(404);
    for (const file of ['stats-page.js', 'stats-page.css', 'uPlot.esm.js', 'uPlot.min.css']) {
      expect((await api.get(`/stats-page/${file}`)).status).toBe(200);
    }
    expect((await api.get('/stats-page/..%2Fpackage.json')).status).toBe(404);
  });

  it("takes a deleted user's clicks on other users' links out of those links' statistics", async () => {
    const link = await newLink('visited-by-a-deleted-user');
    const visitor = (await api.post<{ id: number }>('/users', { username: 'passer-by', email: 'passer@example.com' }))
      .body;
    const before = (await api.get<UserStats>(`/users/${owner.id}/stats`)).body.totals.clicks;
    await click(link, { 'User-Agent': chrome });
    for (let i = 0; i < 3; i++) {
      const posted = await api.post('/events', {
        url_id: link.id,
        user_id: visitor.id,
        event_type: 'click',
        details: { referrer: 'https://news.example/' },
      });
      expect(posted.status).toBe(201);
    }
    await statsWith(`/urls/${link.id}/stats`, 4);
    await statsWith(`/users/${owner.id}/stats`, before + 4);

    expect((await api.delete(`/users/${visitor.id}`)).status).toBe(204);
    const stats = await statsWith(`/urls/${link.id}/stats`, 1);
    expect(stats.referrers).toEqual([{ name: 'direct', clicks: 1 }]);
    expect(await clickEvents(link.id)).toHaveLength(1);
    await statsWith(`/users/${owner.id}/stats`, before + 1);
  });

  // Last: it moves the month's secret to a month in the future, as a service running then would.
  it('keys visitors with a secret of the month, and keeps no secret of a month that is over', async () => {
    const config = serviceConfig();
    // In a table of their own, not the main one (whose backups would keep them).
    const storedDays = async () =>
      (
        (
          await documentClient.send(
            new QueryCommand({ TableName: config.visitorSecretsTableName, ...accessPatterns.visitorSecrets() }),
          )
        ).Items ?? []
      ).map((item) => String(item.SK));
    const inMainTable = await documentClient.send(
      new QueryCommand({ TableName: config.tableName, ...accessPatterns.visitorSecrets() }),
    );
    expect(inMainTable.Items).toEqual([]);
    const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);
    const first = await visitorTag('192.0.2.1', chrome, noon('2031-03-01'));
    // The same visitor on another day of the month: the same tag, so a range counts it once.
    expect(await visitorTag('192.0.2.1', chrome, noon('2031-03-20'))).toBe(first);
    expect(await visitorTag('192.0.2.2', chrome, noon('2031-03-01'))).not.toBe(first);
    expect(await visitorTag('192.0.2.1', iphone, noon('2031-03-01'))).not.toBe(first);
    expect(await storedDays()).toContain('2031-03');

    // The next month (nobody came in between): a new secret, and every earlier one is gone.
    expect(await visitorTag('192.0.2.1', chrome, noon('2031-04-02'))).not.toBe(first);
    const left = await eventually(async () => {
      const periods = await storedDays();
      return periods.every((period) => period === '2031-04') ? periods : undefined;
    }, 5_000);
    expect(left).toEqual(['2031-04']);
  });
});
