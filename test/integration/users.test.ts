import type { EventRecord as Event, UrlRecord as Url, UserRecord as User } from '../../shared/domain/records.js';
import { httpClient, startTestService, type TestService } from '../support/service.js';

/** Users through HTTP against DynamoDB Local: every status and detail of the spec and the contract. */
describe('users (DynamoDB Local, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let sequence = 0;
  const unique = (prefix: string) => `${prefix}${++sequence}x${Date.now().toString(36)}`;
  const createUser = async (username = unique('user'), email = `${unique('mail')}@example.com`) => {
    const response = await api.post<User>('/users', { username, email });
    expect(response.status).toBe(201);
    return response.body;
  };

  beforeAll(async () => {
    service = await startTestService();
    api = httpClient(service.url);
  });
  afterAll(() => service.stop());

  describe('POST /users', () => {
    it('creates a user: 201 with id, username, email, created_at in that order', async () => {
      const response = await api.post<User>('/users', { username: '  Grace  ', email: ' Grace.Hopper@Example.COM ' });
      expect(response.status).toBe(201);
      expect(Object.keys(response.body)).toEqual(['id', 'username', 'email', 'created_at']);
      expect(response.body).toMatchObject({ username: 'Grace', email: 'grace.hopper@example.com' });
      expect(response.body.id).toBeGreaterThan(0);
      expect(response.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
    });

    it('assigns increasing ids', async () => {
      const first = await createUser();
      const second = await createUser();
      expect(second.id).toBeGreaterThan(first.id);
    });

    it('refuses a registered email, in any case: 400 "Email already registered"', async () => {
      const existing = await createUser();
      const response = await api.post('/users', { username: unique('other'), email: existing.email.toUpperCase() });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: 'Email already registered' });
    });

    it('refuses a registered username, in any case: 400 "Username already registered"', async () => {
      const existing = await createUser(unique('Name'));
      const response = await api.post('/users', {
        username: existing.username.toLowerCase(),
        email: `${unique('m')}@example.com`,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: 'Username already registered' });
    });

    it.each([
      ['no username', { email: 'a@example.com' }, ['body', 'username'], 'missing'],
      ['no email', { username: 'a' }, ['body', 'email'], 'missing'],
      ['an invalid email', { username: 'a', email: 'not-an-email' }, ['body', 'email'], 'value_error'],
      [
        'an email of 65 characters before the @',
        { username: 'a', email: `${'x'.repeat(65)}@example.com` },
        ['body', 'email'],
        'value_error',
      ],
      [
        'an email with a domain label of 64 characters',
        { username: 'a', email: `a@${'x'.repeat(64)}.example.com` },
        ['body', 'email'],
        'value_error',
      ],
      ['a number as username', { username: 123, email: 'a@example.com' }, ['body', 'username'], 'string_type'],
      ['a boolean as email', { username: 'a', email: true }, ['body', 'email'], 'string_type'],
      ['a blank username', { username: '   ', email: 'a@example.com' }, ['body', 'username'], 'string_too_short'],
      [
        'a 256-character username',
        { username: 'x'.repeat(256), email: 'a@example.com' },
        ['body', 'username'],
        'string_too_long',
      ],
      [
        'a 262-character email',
        { username: 'a', email: `${'x'.repeat(250)}@example.com` },
        ['body', 'email'],
        'string_too_long',
      ],
    ])('rejects %s with 422 at the field', async (_, body, loc, type) => {
      const response = await api.post<{ detail: { loc: string[]; type: string; msg: string }[] }>('/users', body);
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual([expect.objectContaining({ loc, type, msg: expect.any(String) })]);
    });

    it('creates exactly one user of 50 parallel requests for one username (different emails)', async () => {
      const username = unique('race');
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => api.post('/users', { username, email: `${username}-${i}@example.com` })),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 400)).toHaveLength(49);
      expect(
        responses
          .filter((r) => r.status === 400)
          .every((r) => (r.body as { detail: string }).detail === 'Username already registered'),
      ).toBe(true);
    });

    it('creates exactly one user of 50 parallel requests for one email (different usernames)', async () => {
      const email = `${unique('race')}@example.com`;
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => api.post('/users', { username: `${unique('u')}-${i}`, email })),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    });
  });

  describe('GET /users', () => {
    it('pages through users by id without overlap or gaps, 10 per page by default', async () => {
      for (let i = 0; i < 12; i++) await createUser();
      const all = await api.get<User[]>('/users?per_page=100&page=1');
      const ids = all.body.map((user) => user.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const firstPage = await api.get<User[]>('/users');
      expect(firstPage.body).toHaveLength(10);
      const pages: number[] = [];
      for (let page = 1; page <= Math.ceil(ids.length / 7); page++) {
        const response = await api.get<User[]>(`/users?page=${page}&per_page=7`);
        pages.push(...response.body.map((user) => user.id));
      }
      expect(pages).toEqual(ids);
    });

    it('finds deep pages (their offset counted, not read) exactly where the list has them', async () => {
      await Promise.all(Array.from({ length: 70 }, () => createUser()));
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const body = (await api.get<User[]>(`/users?per_page=100&page=${page}`)).body;
        if (body.length === 0) break;
        ids.push(...body.map((user) => user.id));
      }
      const pageOf = async (page: number, perPage: number) =>
        (await api.get<User[]>(`/users?page=${page}&per_page=${perPage}`)).body.map((user) => user.id);
      const last60 = Math.ceil(ids.length / 60);
      for (const [page, perPage] of [
        [3, 25],
        [6, 10],
        [2, 50],
        [8, 9],
        [last60, 60],
      ] as const) {
        expect(await pageOf(page, perPage)).toEqual(ids.slice((page - 1) * perPage, page * perPage));
      }
      // Pages that start exactly at the end of the list, or past it.
      expect(await pageOf(ids.length + 1, 1)).toEqual([]);
      expect(await pageOf(ids.length + 2, 1)).toEqual([]);
      expect(await pageOf(ids.length, 1)).toEqual(ids.slice(-1));
    });

    it('answers a page past the end with []', async () => {
      const response = await api.get('/users?page=100000&per_page=100');
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    });

    it.each([
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['per_page=0', 'per_page'],
      ['per_page=101', 'per_page'],
      ['per_page=2.5', 'per_page'],
    ])('rejects %s with 422 at ["query", "%s"]', async (query, field) => {
      const response = await api.get<{ detail: { loc: string[] }[] }>(`/users?${query}`);
      expect(response.status).toBe(422);
      expect(response.body.detail.map((issue) => issue.loc)).toEqual([['query', field]]);
    });

    it('accepts the bounds themselves: per_page=1 and per_page=100', async () => {
      expect((await api.get<User[]>('/users?per_page=1')).body).toHaveLength(1);
      expect((await api.get('/users?per_page=100')).status).toBe(200);
    });
  });

  describe('GET /users/{id}', () => {
    it('returns the user', async () => {
      const user = await createUser();
      const response = await api.get(`/users/${user.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(user);
    });

    it('answers an unknown id 404 "User not found"', async () => {
      const response = await api.get('/users/987654321');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'User not found' });
    });
  });

  describe('PUT /users/{id}', () => {
    it('renames a user and frees the old name', async () => {
      const user = await createUser(unique('before'));
      const renamed = await api.put<User>(`/users/${user.id}`, { username: unique('after') });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: user.id, email: user.email, created_at: user.created_at });
      expect((await api.get<User>(`/users/${user.id}`)).body.username).toBe(renamed.body.username);
      const reuse = await api.post('/users', { username: user.username, email: `${unique('m')}@example.com` });
      expect(reuse.status).toBe(201);
    });

    it('allows renaming to the same name in another case', async () => {
      const user = await createUser(unique('Case'));
      const response = await api.put<User>(`/users/${user.id}`, { username: user.username.toUpperCase() });
      expect(response.status).toBe(200);
      expect(response.body.username).toBe(user.username.toUpperCase());
      const taken = await api.post('/users', { username: user.username, email: `${unique('m')}@example.com` });
      expect(taken.status).toBe(400);
    });

    it('refuses a taken username: 400 "Username already registered"', async () => {
      const holder = await createUser();
      const user = await createUser();
      const response = await api.put(`/users/${user.id}`, { username: holder.username.toUpperCase() });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: 'Username already registered' });
    });

    it('answers an unknown user 404 and a bad body 422', async () => {
      const missing = await api.put('/users/987654321', { username: unique('x') });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: 'User not found' });
      const user = await createUser();
      const bad = await api.put<{ detail: { loc: string[] }[] }>(`/users/${user.id}`, { username: 5 });
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0]?.loc).toEqual(['body', 'username']);
    });

    it('lets exactly one of 50 parallel renames to one name win', async () => {
      const users = await Promise.all(Array.from({ length: 50 }, () => createUser()));
      const target = unique('crown');
      const responses = await Promise.all(users.map((user) => api.put(`/users/${user.id}`, { username: target })));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    });

    it('renames one user 20 times at once, each answered 200, and keeps only the last name taken', async () => {
      const user = await createUser();
      const names = Array.from({ length: 20 }, (_, i) => unique(`many${i}`));
      const responses = await Promise.all(names.map((username) => api.put<User>(`/users/${user.id}`, { username })));
      expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
      const kept = (await api.get<User>(`/users/${user.id}`)).body.username;
      expect(names).toContain(kept);
      // Every other name was given back: another user takes each, and the kept one stays refused.
      const others = await Promise.all(
        names.map((username) => api.post('/users', { username, email: `${username}@example.com` })),
      );
      expect(others.map((response) => response.status)).toEqual(names.map((name) => (name === kept ? 400 : 201)));
    });
  });

  describe('DELETE /users/{id}', () => {
    it('deletes the user, its URLs with their short codes, and every related event; nothing else', async () => {
      const victim = await createUser();
      const bystander = await createUser();
      const victimUrls = await Promise.all(
        [1, 2, 3].map(
          async (n) =>
            (await api.post<Url>('/urls', { user_id: victim.id, original_url: `https://v.example/${n}` })).body,
        ),
      );
      const bystanderUrl = (await api.post<Url>('/urls', { user_id: bystander.id, original_url: 'https://b.example/' }))
        .body;
      const explicit = async (url_id: number, user_id: number) =>
        (await api.post<Event>('/events', { url_id, user_id, event_type: 'share', details: {} })).body;
      const onVictimUrlByBystander = await explicit(victimUrls[0]?.id ?? 0, bystander.id);
      const onBystanderUrlByVictim = await explicit(bystanderUrl.id, victim.id);
      const bystanderOwn = await explicit(bystanderUrl.id, bystander.id);

      const response = await api.delete(`/users/${victim.id}`);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');

      expect((await api.get(`/users/${victim.id}`)).status).toBe(404);
      for (const url of victimUrls) {
        expect((await api.get(`/urls/${url.id}`)).status).toBe(404);
        expect((await api.get(`/urls/${url.short_code}/redirect`)).status).toBe(404);
      }
      expect((await api.get(`/urls?user_id=${victim.id}`)).body).toEqual([]);
      expect((await api.get(`/events?user_id=${victim.id}`)).body).toEqual([]);
      for (const url of victimUrls) expect((await api.get(`/events?url_id=${url.id}`)).body).toEqual([]);
      const remaining = (await api.get<Event[]>(`/events?url_id=${bystanderUrl.id}`)).body.map((event) => event.id);
      expect(remaining).toContain(bystanderOwn.id);
      expect(remaining).not.toContain(onBystanderUrlByVictim.id);
      expect(remaining).not.toContain(onVictimUrlByBystander.id);
      expect((await api.get(`/urls/${bystanderUrl.id}`)).status).toBe(200);
      expect((await api.get(`/users/${bystander.id}`)).status).toBe(200);
    });

    it('releases the email and username for new users', async () => {
      const user = await createUser();
      expect((await api.delete(`/users/${user.id}`)).status).toBe(204);
      expect((await api.post('/users', { username: user.username, email: user.email })).status).toBe(201);
    });

    it('answers an unknown or already deleted user 404 "User not found"', async () => {
      const user = await createUser();
      await api.delete(`/users/${user.id}`);
      const again = await api.delete(`/users/${user.id}`);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ detail: 'User not found' });
    });

    it('removes the user from the list', async () => {
      const user = await createUser();
      await api.delete(`/users/${user.id}`);
      const all = await api.get<User[]>('/users?per_page=100');
      expect(all.body.map((listed) => listed.id)).not.toContain(user.id);
    });
  });
});
