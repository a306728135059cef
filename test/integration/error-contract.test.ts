import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { httpClient, startTestService, type TestService } from '../support/service.js';

/** The error contract end to end, through HTTP, against DynamoDB Local. */
describe('error contract (DynamoDB Local, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    service = await startTestService();
    api = httpClient(service.url);
  });
  afterAll(() => service.stop());

  it('answers an unknown route 404 {"detail": "Not Found"}', async () => {
    const response = await api.get('/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not Found' });
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('answers a known path with a wrong method 405 with an Allow header', async () => {
    const response = await api.request('PATCH', '/users');
    expect(response.status).toBe(405);
    expect(response.body).toEqual({ detail: 'Method Not Allowed' });
    expect(response.headers.get('allow')).toBe('POST, GET, HEAD, OPTIONS');
  });

  it('does not let /users/bulk fall through to /users/{id}: a literal resource wins, so GET is 405', async () => {
    const response = await api.get('/users/bulk');
    expect(response.status).toBe(405);
  });

  it('rejects malformed JSON with 422 at ["body"]', async () => {
    const response = await api.request('POST', '/users', undefined, { raw: '{"username": "a",' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] });
  });

  it.each([
    ['an array', '[{"username":"a","email":"a@b.co"}]'],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['a number', '42'],
  ])('rejects %s as the body with 422 at ["body"]', async (_, raw) => {
    const response = await api.request('POST', '/users', undefined, { raw });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [{ loc: ['body'], msg: 'Input should be a valid dictionary or object', type: 'model_attributes_type' }],
    });
  });

  describe('a JSON route refuses a body not sent as JSON, so a page on another origin cannot send it without a preflight', () => {
    const refused = { detail: [{ loc: ['body'], msg: 'Send the body as application/json', type: 'content_type' }] };
    const user = JSON.stringify({ username: 'typed', email: 'typed@example.com' });

    it.each([
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      'application/json-seq',
    ])('refuses Content-Type %p with 422 at ["body"], and stores nothing', async (contentType) => {
      const response = await api.request('POST', '/users', undefined, {
        raw: user,
        headers: { 'Content-Type': contentType },
      });
      expect(response.status).toBe(422);
      expect(response.body).toEqual(refused);
    });

    it('refuses a body sent with no Content-Type at all', async () => {
      // fetch adds text/plain to a string body; bytes go without a type.
      const response = await fetch(`${service.url}/users`, { method: 'POST', body: new TextEncoder().encode(user) });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual(refused);
      expect((await api.get<unknown[]>('/users?per_page=100')).body).not.toContainEqual(
        expect.objectContaining({ username: 'typed' }),
      );
    });

    it.each([
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/merge-patch+json',
    ])('accepts Content-Type %p', async (contentType) => {
      const response = await api.request('PUT', '/users/999999', undefined, {
        raw: JSON.stringify({ username: 'whoever' }),
        headers: { 'Content-Type': contentType },
      });
      expect(response.status).toBe(404);
    });
  });

  describe('unknown body fields', () => {
    it('refuses a typo such as max_click with 422 "Unknown field" at its name, instead of an unlimited link', async () => {
      const owner = (await api.post<{ id: number }>('/users', { username: 'typo', email: 'typo@example.com' })).body;
      const response = await api.post('/urls', {
        user_id: owner.id,
        original_url: 'https://example.com/limited',
        max_click: 5,
      });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: [{ loc: ['body', 'max_click'], msg: 'Unknown field', type: 'extra_forbidden' }],
      });
      const links = await api.get<unknown[]>(`/urls?user_id=${owner.id}`);
      expect(links.body).toEqual([]);
    });

    it("ignores the record's own fields, so a record read can be sent back", async () => {
      const user = (await api.post<Record<string, unknown>>('/users', { username: 'echo', email: 'echo@example.com' }))
        .body;
      const response = await api.put(`/users/${user.id}`, { ...user, username: 'echo2' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: user.id, username: 'echo2', created_at: user.created_at });
    });

    it('lists every unknown field, next to the other wrong ones', async () => {
      const response = await api.post('/users', { username: 'x y', email: 'e@example.com', admin: true, role: 'x' });
      expect(response.status).toBe(422);
      expect((response.body as { detail: { loc: string[]; msg: string }[] }).detail).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ loc: ['body', 'admin'], msg: 'Unknown field' }),
          expect.objectContaining({ loc: ['body', 'role'], msg: 'Unknown field' }),
        ]),
      );
    });
  });

  it.each([
    ['/urls', 'expires_at', '2027-02-30T10:00:00'],
    ['/urls', 'expires_at', '2027-01-01T24:00:01'],
    ['/urls', 'expires_at', '2027-13-01T00:00:00'],
    ['/urls', 'expires_at', '2027-02-29T00:00:00Z'],
  ])('refuses the impossible date %s %s=%p with 422 at its field, never rolled over', async (path, field, value) => {
    const response = await api.post<{ detail: { loc: string[] }[] }>(path, {
      user_id: 1,
      original_url: 'https://example.com/',
      [field]: value,
    });
    expect(response.status).toBe(422);
    expect(response.body.detail.map((issue) => issue.loc)).toContainEqual(['body', field]);
  });

  it.each(['from=2027-02-30', 'to=2026-11-31', 'from=2026-11-01T24:00:01'])(
    'refuses the impossible statistics bound %p with 422 at its field',
    async (bound) => {
      const response = await api.get<{ detail: { loc: string[] }[] }>(`/users/1/stats?${bound}`);
      expect(response.status).toBe(422);
      expect(response.body.detail.map((issue) => issue.loc)).toContainEqual(['query', bound.split('=')[0]]);
    },
  );

  it('rejects an empty body with 422 at ["body"]', async () => {
    const response = await api.request('POST', '/users', undefined, { raw: '' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }] });
  });

  it('reports every wrong field with its loc, msg and type', async () => {
    const response = await api.post('/urls', { user_id: '1', original_url: 123, title: '' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        { loc: ['body', 'user_id'], msg: 'Input should be a valid integer', type: 'int_type' },
        { loc: ['body', 'original_url'], msg: 'Input should be a valid string', type: 'string_type' },
        { loc: ['body', 'title'], msg: 'String should have at least 1 character', type: 'string_too_short' },
      ],
    });
  });

  it('reports missing fields as type "missing"', async () => {
    const response = await api.post('/users', {});
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        { loc: ['body', 'username'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'email'], msg: 'Field required', type: 'missing' },
      ],
    });
  });

  it.each(['abc', '0', '-1', '1.5'])('rejects the path id %p with 422 at ["path", "id"]', async (id) => {
    const response = await api.get<{ detail: { loc: string[] }[] }>(`/users/${id}`);
    expect(response.status).toBe(422);
    expect(response.body.detail[0]?.loc).toEqual(['path', 'id']);
  });

  it('rejects query bounds with 422 at ["query", name]', async () => {
    const response = await api.get<{ detail: { loc: string[]; type: string }[] }>('/users?page=0&per_page=abc');
    expect(response.status).toBe(422);
    expect(response.body.detail.map((issue) => [issue.loc, issue.type])).toEqual([
      [['query', 'page'], 'greater_than_equal'],
      [['query', 'per_page'], 'int_parsing'],
    ]);
  });

  it('stamps every answer with X-Request-Id, nosniff and no-store', async () => {
    for (const response of [await api.get('/health'), await api.get('/nope'), await api.post('/users', {})]) {
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers /health 200 {"status": "ok"}', async () => {
    const response = await api.get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it("counts every response in /metrics/json by status, including the gateway's own 404s", async () => {
    const before = await api.get<{ http_requests_total: { by_status: Record<string, number> } }>('/metrics/json');
    await api.get('/nope');
    await api.get('/health');
    const after = await api.get<{
      http_requests_total: { by_status: Record<string, number> };
      process: { uptime_seconds: number; memory_rss_bytes: number; cold_start: boolean };
    }>('/metrics/json');
    expect(after.body.http_requests_total.by_status['404']).toBe(
      (before.body.http_requests_total.by_status['404'] ?? 0) + 1,
    );
    expect(after.body.http_requests_total.by_status['200']).toBeGreaterThanOrEqual(
      (before.body.http_requests_total.by_status['200'] ?? 0) + 2,
    );
    expect(after.body.process.memory_rss_bytes).toBeGreaterThan(0);
    expect(typeof after.body.process.cold_start).toBe('boolean');
  });

  it('answers HEAD /metrics/json as its GET, without a body', async () => {
    const response = await fetch(`${service.url}/metrics/json`, { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('');
  });

  // Runs last: it removes this file's table to make every store call fail.
  it('answers an unhandled failure (injected: the table is deleted) 500 with exactly the fallback body', async () => {
    // The structured log is part of the contract here, so the process's output is captured.
    const { result: response, lines } = await service.logsDuring(async () => {
      await new DynamoDBClient({}).send(new DeleteTableCommand({ TableName: service.tableName }));
      return api.get('/users/1');
    });
    expect(response.status).toBe(500);
    expect(response.text).toBe('{"detail":"Internal Server Error"}');
    const logged = lines.filter((line) => line.includes('Unhandled error'));
    expect(logged).toHaveLength(1);
    const entry = JSON.parse(logged[0] as string);
    expect(entry.requestId).toBe(response.headers.get('x-request-id'));
    expect(entry.error.stack).toContain('ResourceNotFoundException');
  });

  it.each([
    ['/users?page=99999999999999999999', ['query', 'page'], 'less_than_equal'],
    ['/users/9007199254740992', ['path', 'id'], 'less_than_equal'],
    ['/users?page=-1', ['query', 'page'], 'greater_than_equal'],
    ['/urls?skip=-1', ['query', 'skip'], 'greater_than_equal'],
    ['/users/-5', ['path', 'id'], 'greater_than_equal'],
  ])('reports %s once, as a bounds error', async (path, loc, type) => {
    const response = await api.get<{ detail: { loc: string[]; type: string }[] }>(path);
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([expect.objectContaining({ loc, type })]);
  });

  it('reports a body id beyond 2^53 once, as a bounds error', async () => {
    const response = await api.request('POST', '/urls', undefined, {
      raw: '{"user_id":99999999999999999999,"original_url":"https://example.com/"}',
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        {
          loc: ['body', 'user_id'],
          msg: 'Input should be less than or equal to 9007199254740991',
          type: 'less_than_equal',
        },
      ],
    });
  });
});
