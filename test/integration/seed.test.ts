import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedIfEmpty } from '../../shared/seed/load-seed.js';
import { httpClient, startTestService, type TestService } from '../support/service.js';

/** The startup seed: the bundled files loaded into an empty table, skipped when users exist. */
describe('startup seed (DynamoDB Local, through HTTP)', () => {
  const seedDir = path.resolve(import.meta.dirname, '../../seed');
  let service: TestService;
  let api: ReturnType<typeof httpClient>;

  /** Every record of a list route, page by page. */
  async function listAll<T>(route: string): Promise<T[]> {
    const all: T[] = [];
    for (let skip = 0; ; skip += 1000) {
      const page = (await api.get<T[]>(`${route}?skip=${skip}&limit=1000`)).body;
      all.push(...page);
      if (page.length < 1000) return all;
    }
  }

  beforeAll(async () => {
    // The queue is left unread, so that the lists hold the seed alone; what is queued is kept, not logged.
    service = await startTestService({
      seed: { dir: seedDir },
      pollerConcurrency: 0,
      unsentEventsFile: path.join(mkdtempSync(path.join(tmpdir(), 'seed-test-')), 'unsent-events.jsonl'),
    });
    api = httpClient(service.url);
    // The start waits for the seed's clicks to be counted from the table's stream: minutes on a busy machine.
  }, 360_000);
  afterAll(() => service.stop());

  it('loads every user, URL and event of the bundled files, keeping ids and timestamps', async () => {
    expect(service.seedReport).toEqual({ seeded: true, users: 400, urls: 2000, events: 3400 });
    const users: { id: number }[] = [];
    for (let page = 1; page <= 5; page++)
      users.push(...(await api.get<{ id: number }[]>(`/users?page=${page}&per_page=100`)).body);
    expect(users).toHaveLength(400);
    expect(await listAll('/urls')).toHaveLength(2000);
    expect(await listAll('/events')).toHaveLength(3400);
    expect((await api.get('/users/1')).body).toEqual({
      id: 1,
      username: 'radia_knuth202',
      email: 'radia.knuth.1@example.com',
      created_at: '2025-08-01T01:41:39.000',
    });
  });

  it('serves seeded URLs: active ones redirect, inactive ones are 404', async () => {
    const active = (await api.get<{ short_code: string; original_url: string }[]>('/urls?is_active=true&limit=1'))
      .body[0];
    const inactive = (await api.get<{ short_code: string }[]>('/urls?is_active=false&limit=1')).body[0];
    const redirect = await api.get(`/urls/${active?.short_code}/redirect`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(active?.original_url);
    expect((await api.get(`/urls/${inactive?.short_code}/redirect`)).status).toBe(404);
  });

  it('continues ids above the largest seeded ones', async () => {
    const user = await api.post<{ id: number }>('/users', { username: 'after-seed', email: 'after-seed@example.com' });
    expect(user.body.id).toBe(401);
    const url = await api.post<{ id: number }>('/urls', {
      user_id: user.body.id,
      original_url: 'https://example.com/',
    });
    expect(url.body.id).toBe(2001);
    const event = await api.post<{ id: number }>('/events', {
      url_id: url.body.id,
      user_id: user.body.id,
      event_type: 'x',
    });
    // Ids are leased in blocks, and the URLs created above leased some for their events: above, not next.
    expect(event.body.id).toBeGreaterThan(3400);
    expect(event.body.id).toBeLessThan(3400 + 1000);
  });

  it('builds the statistics of the seeded clicks: they agree with the events from the start', async () => {
    type Event = { url_id: number; user_id: number; event_type: string; timestamp: string };
    const clicks = (await listAll<Event>('/events')).filter((event) => event.event_type === 'click');
    const range = 'from=2025-07-01&to=2025-12-01';
    const byLink = new Map<number, Event[]>();
    for (const click of clicks) byLink.set(click.url_id, [...(byLink.get(click.url_id) ?? []), click]);
    const busiest = [...byLink].sort(([, a], [, b]) => b.length - a.length).slice(0, 5);
    for (const [urlId, events] of busiest) {
      const stats = (
        await api.get<{ totals: { clicks: number }; series: { start: string; clicks: number }[] }>(
          `/urls/${urlId}/stats?${range}`,
        )
      ).body;
      expect(stats.totals.clicks).toBe(events.length);
      for (const day of stats.series.filter((entry) => entry.clicks > 0)) {
        expect(day.clicks).toBe(events.filter((event) => event.timestamp.startsWith(day.start.slice(0, 10))).length);
      }
    }
    const urls = await listAll<{ id: number; user_id: number }>('/urls');
    const owner = urls.find((url) => url.id === busiest[0]?.[0])?.user_id;
    const owned = new Set(urls.filter((url) => url.user_id === owner).map((url) => url.id));
    const userStats = (await api.get<{ totals: { clicks: number } }>(`/users/${owner}/stats?${range}`)).body;
    expect(userStats.totals.clicks).toBe(clicks.filter((click) => owned.has(click.url_id)).length);
  });

  it('keeps the username guard with the first of the users that share a username', async () => {
    const response = await api.post('/users', { username: 'RADIA_KNUTH202', email: 'another@example.com' });
    expect(response).toMatchObject({ status: 400, body: { detail: 'Username already registered' } });
  });

  it('skips seeding when users exist', async () => {
    expect(await seedIfEmpty({ dir: seedDir })).toEqual({ seeded: false, users: 0, urls: 0, events: 0 });
  });
});
