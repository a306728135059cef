import path from 'node:path';
import type { LocalRuntime } from '../../local/runtime.js';
import { httpClient, startTestService } from '../support/service.js';

/** The startup seed: the bundled files loaded into an empty table, skipped when users exist. */
describe('startup seed (DynamoDB Local, through HTTP)', () => {
  const seedDir = path.resolve(import.meta.dirname, '../../seed');
  let service: LocalRuntime;
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
    service = await startTestService({ seed: { dir: seedDir }, pollerConcurrency: 0 });
    api = httpClient(service.url);
  });
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

  it('keeps the username guard with the first of the users that share a username', async () => {
    const response = await api.post('/users', { username: 'RADIA_KNUTH202', email: 'another@example.com' });
    expect(response).toMatchObject({ status: 400, body: { detail: 'Username already registered' } });
  });

  it('skips seeding when users exist', async () => {
    const { seedIfEmpty } = await import('../../shared/seed/load-seed.js');
    expect(await seedIfEmpty({ dir: seedDir })).toEqual({ seeded: false, users: 0, urls: 0, events: 0 });
  });
});
