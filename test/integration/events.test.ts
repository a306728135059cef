import type { EventRecord as Event } from '../../shared/domain/records.js';
import { httpClient, startTestService, type TestService } from '../support/service.js';

/** POST /events and GET /events through HTTP against DynamoDB Local. */
describe('events API (DynamoDB Local, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let alice: { id: number };
  let bob: { id: number };
  let aliceUrl: { id: number };
  let bobUrl: { id: number };

  const record = async (url_id: number, user_id: number, event_type: string, details: Record<string, unknown> = {}) => {
    const response = await api.post<Event>('/events', { url_id, user_id, event_type, details });
    expect(response.status).toBe(201);
    return response.body;
  };

  beforeAll(async () => {
    // The writer is off: only explicit events exist in this file, so lists are exact.
    service = await startTestService({ pollerConcurrency: 0 });
    api = httpClient(service.url);
    alice = (await api.post<{ id: number }>('/users', { username: 'alice', email: 'alice@example.com' })).body;
    bob = (await api.post<{ id: number }>('/users', { username: 'bob', email: 'bob@example.com' })).body;
    aliceUrl = (await api.post<{ id: number }>('/urls', { user_id: alice.id, original_url: 'https://a.example/' }))
      .body;
    bobUrl = (await api.post<{ id: number }>('/urls', { user_id: bob.id, original_url: 'https://b.example/' })).body;
  });
  afterAll(() => service.stop());

  it('stores an event: 201 with the record in the contract order', async () => {
    const response = await api.post<Event>('/events', {
      url_id: aliceUrl.id,
      user_id: bob.id,
      event_type: 'share',
      details: { channel: 'email', nested: { n: 1 } },
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['id', 'url_id', 'user_id', 'event_type', 'timestamp', 'details']);
    expect(response.body).toMatchObject({
      url_id: aliceUrl.id,
      user_id: bob.id,
      event_type: 'share',
      details: { channel: 'email', nested: { n: 1 } },
    });
    expect(response.body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
  });

  it('accepts any event_type of 1-100 characters, and no details as {}', async () => {
    const response = await api.post<Event>('/events', {
      url_id: aliceUrl.id,
      user_id: alice.id,
      event_type: 'x'.repeat(100),
    });
    expect(response.status).toBe(201);
    expect(response.body.details).toEqual({});
  });

  it('answers a missing user 404 "User not found" and a missing URL 404 "URL not found"', async () => {
    const noUser = await api.post('/events', { url_id: aliceUrl.id, user_id: 987654, event_type: 'x', details: {} });
    expect(noUser).toMatchObject({ status: 404, body: { detail: 'User not found' } });
    const noUrl = await api.post('/events', { url_id: 987654, user_id: alice.id, event_type: 'x', details: {} });
    expect(noUrl).toMatchObject({ status: 404, body: { detail: 'URL not found' } });
  });

  it.each([
    ['details as an array', { details: [] }, ['body', 'details'], 'dict_type'],
    ['details as a string', { details: 'x' }, ['body', 'details'], 'dict_type'],
    ['details over 16 KiB', { details: { blob: 'x'.repeat(16 * 1024) } }, ['body', 'details'], 'value_error'],
    ['an empty event_type', { event_type: '' }, ['body', 'event_type'], 'string_too_short'],
    ['a 101-character event_type', { event_type: 'x'.repeat(101) }, ['body', 'event_type'], 'string_too_long'],
    ['a string url_id', { url_id: '1' }, ['body', 'url_id'], 'int_type'],
  ])('rejects %s with 422', async (_, change, loc, type) => {
    const body = { url_id: aliceUrl.id, user_id: alice.id, event_type: 'x', details: {}, ...change };
    const response = await api.post<{ detail: { loc: string[]; type: string }[] }>('/events', body);
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([expect.objectContaining({ loc, type })]);
  });

  /** Sends `details` as raw JSON text, as a client that is not JavaScript would. */
  const recordRaw = (detailsText: string) =>
    api.request<Event>('POST', '/events', undefined, {
      raw: `{"url_id":${aliceUrl.id},"user_id":${alice.id},"event_type":"raw","details":${detailsText}}`,
    });
  /** The details of an event as the API returns them, as text, through POST and through GET /events. */
  const detailsTexts = async (detailsText: string) => {
    const created = await recordRaw(detailsText);
    expect(created.status).toBe(201);
    const listed = await api.get<Event[]>(`/events?url_id=${aliceUrl.id}&event_type=raw&limit=1000`);
    const id = created.body.id;
    const listedText = listed.text.slice(listed.text.indexOf(`{"id":${id},`));
    return [created.text, listedText].map((text) => {
      const start = text.indexOf('"details":') + '"details":'.length;
      return text.slice(start, start + detailsText.length);
    });
  };

  it.each([
    ['integers beyond 2^53, digit for digit', '{"tweet_id":1234567890123456789,"neg":-98765432109876543210}'],
    ["numbers outside DynamoDB's range", '{"tiny":1e-200,"huge":1e+300,"least":5e-324,"beyond":1e400}'],
    ['decimals with more digits than a double holds', '{"pi":3.14159265358979323846264338327950288}'],
    ['empty keys at any depth', '{"":1,"a":{"":{"":[{"":null}]}}}'],
    ['objects nested 40 levels', `${'{"n":'.repeat(40)}1${'}'.repeat(40)}`],
    ['a key named __proto__', '{"__proto__":{"a":1},"ok":1}'],
    ['unicode, escapes and lone surrogates', '{"emoji":"😀","quote":"\\"","lone":"\\ud800"}'],
  ])('stores and returns %s exactly', async (_, detailsText) => {
    const [created, listed] = await detailsTexts(detailsText);
    expect(JSON.parse(created as string)).toEqual(JSON.parse(detailsText));
    expect(listed).toBe(created);
    if (!detailsText.includes('e+300') && !detailsText.includes('\\')) expect(created).toBe(detailsText);
  });

  it('refuses details nested deeper than 256 levels with 422 at ["body", "details"]', async () => {
    const response = await recordRaw(`${'['.repeat(300)}${']'.repeat(300)}`);
    expect(response.status).toBe(422);
    const deep = await recordRaw(`${'{"n":'.repeat(300)}1${'}'.repeat(300)}`);
    expect(deep.status).toBe(422);
    expect(deep.body).toMatchObject({ detail: [{ loc: ['body', 'details'], type: 'value_error' }] });
  });

  it('lists by id and filters by url_id, user_id and event_type, alone and together', async () => {
    const a = await record(aliceUrl.id, alice.id, 'view');
    const b = await record(aliceUrl.id, bob.id, 'view');
    const c = await record(bobUrl.id, alice.id, 'like');
    const d = await record(bobUrl.id, bob.id, 'view');
    const ids = async (query: string) => (await api.get<Event[]>(`/events?limit=1000&${query}`)).body.map((e) => e.id);

    const all = await ids('');
    expect(all).toEqual([...all].sort((x, y) => x - y));
    expect(all).toEqual(expect.arrayContaining([a.id, b.id, c.id, d.id]));
    expect(await ids(`url_id=${bobUrl.id}`)).toEqual([c.id, d.id]);
    expect(await ids(`user_id=${alice.id}&event_type=view`)).toEqual(expect.arrayContaining([a.id]));
    expect(await ids(`user_id=${alice.id}&event_type=view`)).not.toContain(c.id);
    expect(await ids(`url_id=${aliceUrl.id}&user_id=${bob.id}&event_type=view`)).toEqual([b.id]);
    expect(await ids('event_type=like')).toEqual([c.id]);
    expect(await ids(`url_id=${bobUrl.id}&skip=1&limit=1`)).toEqual([d.id]);
  });

  it.each([
    ['skip=-1', 'skip'],
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['url_id=x', 'url_id'],
    ['user_id=0', 'user_id'],
  ])('rejects %s with 422 at ["query", "%s"]', async (query, field) => {
    const response = await api.get<{ detail: { loc: string[] }[] }>(`/events?${query}`);
    expect(response.status).toBe(422);
    expect(response.body.detail.map((issue) => issue.loc)).toEqual([['query', field]]);
  });
});
