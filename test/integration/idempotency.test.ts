import type { EventRecord as Event, UrlRecord as Url, UserRecord as User } from '../../shared/domain/records.js';
import { httpClient, listAll, startTestService, type TestService } from '../support/service.js';

/**
 * Idempotency-Key on the four POSTs (DynamoDB Local + SQS emulator, through HTTP): a repeated request gets
 * the first answer and does nothing more, another body with the same key is refused, one still running is a
 * 409, and keys are scoped to their route.
 */
describe('idempotent POSTs (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let owner: User;
  let link: Url;
  let sequence = 0;
  const fresh = () => `k-${++sequence}-${Date.now().toString(36)}`;

  const post = <T>(path: string, body: unknown, key?: string) =>
    api.request<T>('POST', path, body, { headers: key === undefined ? {} : { 'Idempotency-Key': key } });

  beforeAll(async () => {
    service = await startTestService({ pollerConcurrency: 0 });
    api = httpClient(service.url);
    owner = (await api.post<User>('/users', { username: 'idem-owner', email: 'idem-owner@example.com' })).body;
    link = (await api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://idempotent.example/' })).body;
  });
  afterAll(() => service.stop());

  it('answers a repeated POST /users with the first answer, and creates one user', async () => {
    const key = fresh();
    const body = { username: 'idem-ada', email: 'idem-ada@example.com' };
    const first = await post<User>('/users', body, key);
    const again = await post<User>('/users', body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    const users = await listAll<User>(api, '/users?per_page=100');
    expect(users.filter((user) => user.email === 'idem-ada@example.com')).toHaveLength(1);
  });

  it('refuses the same key with another body: 422 "Idempotency key reused with another request"', async () => {
    const key = fresh();
    expect((await post('/users', { username: 'idem-bob', email: 'idem-bob@example.com' }, key)).status).toBe(201);
    const other = await post('/users', { username: 'idem-eve', email: 'idem-eve@example.com' }, key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ detail: 'Idempotency key reused with another request' });
    expect((await api.get<User[]>('/users?per_page=100')).body.map((user) => user.username)).not.toContain('idem-eve');
  });

  it('stores one event for many parallel POST /events with one key: 201 with one id, or 409 while it runs', async () => {
    const key = fresh();
    const body = { url_id: link.id, user_id: owner.id, event_type: 'signup', details: { plan: 'pro' } };
    const answers = await Promise.all(Array.from({ length: 12 }, () => post<Event>('/events', body, key)));
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((answer) => answer.body.id)).size).toBe(1);
    for (const conflict of answers.filter((answer) => answer.status === 409)) {
      expect(conflict.body).toEqual({ detail: 'Request with this idempotency key is in progress' });
    }
    const again = await post<Event>('/events', body, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(created[0]?.body);
    const listed = await listAll<Event>(api, `/events?url_id=${link.id}&event_type=signup&limit=1000`);
    expect(listed.map((event) => event.id)).toEqual([created[0]?.body.id]);
  });

  it('answers a repeated POST /urls with the same short code, and creates one URL', async () => {
    const key = fresh();
    const body = { user_id: owner.id, original_url: 'https://idempotent.example/once' };
    const first = await post<Url>('/urls', body, key);
    const again = await post<Url>('/urls', body, key);
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const urls = await listAll<Url>(api, `/urls?user_id=${owner.id}&limit=1000`);
    expect(urls.filter((url) => url.original_url === body.original_url)).toHaveLength(1);
  });

  it('scopes a key to its route: the same key on another route is another request', async () => {
    const key = fresh();
    expect((await post('/users', { username: 'idem-scope', email: 'idem-scope@example.com' }, key)).status).toBe(201);
    const url = await post<Url>('/urls', { user_id: owner.id, original_url: 'https://idempotent.example/s' }, key);
    expect(url.status).toBe(201);
    expect(url.body.original_url).toBe('https://idempotent.example/s');
  });

  it('treats requests without a key as before: two POSTs, two events', async () => {
    const body = { url_id: link.id, user_id: owner.id, event_type: 'unkeyed', details: {} };
    const [a, b] = [await post<Event>('/events', body), await post<Event>('/events', body)];
    expect(a.body.id).not.toBe(b.body.id);
  });

  it('refuses a key the contract does not allow with a 422 at ["header", "Idempotency-Key"], and stores nothing', async () => {
    for (const key of ['x'.repeat(256), 'caf\u00e9']) {
      const response = await post('/users', { username: 'idem-bad', email: 'idem-bad@example.com' }, key);
      expect(response.status).toBe(422);
      expect((response.body as { detail: { loc: string[] }[] }).detail[0]?.loc).toEqual(['header', 'Idempotency-Key']);
    }
    const users = await listAll<User>(api, '/users?per_page=100');
    expect(users.map((user) => user.username)).not.toContain('idem-bad');
  });

  it('does not keep a failed answer: a 404 sent again runs again, and succeeds once its cause is gone', async () => {
    const key = fresh();
    const nextUserId = owner.id + 1000;
    const body = { user_id: nextUserId, original_url: 'https://idempotent.example/later' };
    expect((await post('/urls', body, key)).status).toBe(404);
    expect((await post('/urls', body, key)).status).toBe(404);
  });

  it('answers a repeated import with the first count, the same file sent with another boundary', async () => {
    const key = fresh();
    const csv = 'username,email\nidem-csv-1,idem-csv-1@example.com\nidem-csv-2,idem-csv-2@example.com\n';
    const upload = async (content: string) => {
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'text/csv' }), 'users.csv');
      const response = await fetch(`${service.url}/users/bulk`, {
        method: 'POST',
        body: form,
        headers: { 'Idempotency-Key': key },
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const first = await upload(csv);
    const again = await upload(csv);
    expect(first).toMatchObject({ status: 200, body: { count: 2 } });
    expect(again).toEqual(first);
    const other = await upload(`${csv}idem-csv-3,idem-csv-3@example.com\n`);
    expect(other).toEqual({ status: 422, body: { detail: 'Idempotency key reused with another request' } });
  });
});
