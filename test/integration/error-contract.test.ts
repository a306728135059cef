import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { LocalRuntime } from '../../local/runtime.js';
import { captureLogs, httpClient, startTestService } from '../support/service.js';

/** The error contract end to end, through HTTP, against DynamoDB Local. */
describe('error contract (DynamoDB Local, through HTTP)', () => {
  let service: LocalRuntime;
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

  // Runs last: it removes this file's table to make every store call fail.
  it('answers an unhandled failure (injected: the table is deleted) 500 with exactly the fallback body', async () => {
    // The structured log is part of the contract here, so the process's output is captured.
    const { result: response, lines } = await captureLogs(async () => {
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
