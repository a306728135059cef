import { parse } from 'csv-parse/sync';
import type { EventRecord as Event, PublicUrlRecord as Url } from '../../shared/domain/records.js';
import { CSV_BODY_BOUND_BYTES } from '../../shared/http/csv-answer.js';
import { storeDeliveredEvents } from '../../shared/store/event-delivery.js';
import { reserveIds } from '../../shared/store/ids.js';
import { httpClient, startTestService, type TestService } from '../support/service.js';

/** `Accept: text/csv` on GET /events and GET /urls (DynamoDB Local, through HTTP): the JSON rows, as CSV. */
describe('CSV export of events and URLs (DynamoDB Local, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let ada: { id: number };
  let bob: { id: number };
  let quoted: Url;
  let plain: Url;
  let crowded: Url;
  let heavy: Url;
  const csv = { Accept: 'text/csv' };

  /** `count` calls of `create`, ten at a time. */
  async function times(count: number, create: (index: number) => Promise<unknown>): Promise<void> {
    for (let start = 0; start < count; start += 10) {
      await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, i) => create(start + i)));
    }
  }

  const event = async (url: Url, event_type: string, details: Record<string, unknown> = {}) => {
    const response = await api.post<Event>('/events', { url_id: url.id, user_id: url.user_id, event_type, details });
    expect(response.status).toBe(201);
  };

  /**
   * `count` events of `url` stored as the event writer stores them, a hundred a batch: the many rows the paging
   * tests need, without a POST /events each (the tests above post theirs, the path this file checks rows of).
   */
  async function stored(
    url: Url,
    event_type: string,
    count: number,
    details: (index: number) => Record<string, unknown>,
  ) {
    const firstId = await reserveIds('event', count);
    const timestamp = new Date().toISOString().slice(0, 23);
    for (let start = 0; start < count; start += 100) {
      const events = Array.from({ length: Math.min(100, count - start) }, (_, i) => ({
        id: firstId + start + i,
        url_id: url.id,
        user_id: url.user_id,
        owner_id: url.user_id,
        event_type,
        timestamp,
        details: details(start + i),
        posted: true,
        redelivered: false,
      }));
      expect(await storeDeliveredEvents(events, Date.now() + 30_000)).toEqual(events.map(() => 'stored'));
    }
  }

  /** A JSON record as its CSV fields: nested values as their JSON text, null as an empty field. */
  const asFields = (record: object) =>
    Object.values(record).map((value) =>
      value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value),
    );

  const rowsOf = (text: string): string[][] => parse(text);

  /** The next page's path from a Link header, which is absolute; undefined on the last page. */
  function nextPath(link: string | null): string | undefined {
    const target = link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
    if (!target) return undefined;
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  }

  /** Every CSV page from `first` through the Link headers: the header line once, the rows of all pages. */
  async function exportAll(first: string): Promise<{ header: string[]; rows: string[][]; pages: string[] }> {
    let header: string[] = [];
    const rows: string[][] = [];
    const pages: string[] = [];
    for (let path: string | undefined = first; path; ) {
      const page = await api.get(path, csv);
      expect(page.status).toBe(200);
      const [head = [], ...body] = rowsOf(page.text);
      header = head;
      rows.push(...body);
      pages.push(page.text);
      path = nextPath(page.headers.get('link'));
    }
    return { header, rows, pages };
  }

  beforeAll(async () => {
    // The writer is off: only the events posted here exist, so the lists are exact.
    service = await startTestService({ pollerConcurrency: 0 });
    api = httpClient(service.url);
    ada = (await api.post<{ id: number }>('/users', { username: 'ada', email: 'ada@example.com' })).body;
    bob = (await api.post<{ id: number }>('/users', { username: 'bob', email: 'bob@example.com' })).body;
    const link = async (user: { id: number }, body: Record<string, unknown>) =>
      (await api.post<Url>('/urls', { user_id: user.id, ...body })).body;
    quoted = await link(ada, {
      original_url: 'https://a.example/sale?x=1,2',
      title: 'Spring, "big" sale',
      max_clicks: 10,
    });
    plain = await link(ada, { original_url: 'https://a.example/plain' });
    crowded = await link(bob, { original_url: 'https://b.example/crowded' });
    heavy = await link(bob, { original_url: 'https://b.example/heavy' });
    await api.put(`/urls/${plain.id}`, { is_active: false });
    await event(quoted, 'share', { note: 'two\nlines, "quoted"\r\nend', nested: { n: [1, 2] } });
    await event(quoted, 'share', {});
    // A number past 2^53, sent as written: stored and exported digit for digit.
    const big = await api.request('POST', '/events', undefined, {
      raw: `{"url_id":${quoted.id},"user_id":${ada.id},"event_type":"view","details":{"big":12345678901234567890}}`,
    });
    expect(big.status).toBe(201);
    await times(10, (i) => event(plain, i % 2 === 0 ? 'view' : 'share', { i }));
    await stored(crowded, 'bulk', 1001, (i) => ({ i }));
    // About 16 KB of CSV a row: a page of 400 would pass the size bound a little past 300 rows.
    await stored(heavy, 'heavy', 340, (i) => ({ i, blob: 'x'.repeat(16_000) }));
  }, 300_000);
  afterAll(() => service.stop());

  it('answers the JSON rows of GET /events as CSV, with the same filters, columns in the JSON order', async () => {
    const json = await api.get<Event[]>(`/events?url_id=${quoted.id}&event_type=share`);
    const response = await api.get(`/events?url_id=${quoted.id}&event_type=share`, csv);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('vary')).toContain('Accept');
    expect(response.headers.get('link')).toBeNull();
    const [header, ...rows] = rowsOf(response.text);
    expect(json.body).toHaveLength(2);
    expect(header).toEqual(Object.keys(json.body[0] as Event));
    expect(header).toEqual(['id', 'url_id', 'user_id', 'event_type', 'timestamp', 'details']);
    expect(rows).toEqual(json.body.map(asFields));
  });

  it('quotes commas, quotes, CR and LF, and writes details as their JSON text, big numbers digit for digit', async () => {
    const response = await api.get(`/events?url_id=${quoted.id}`, csv);
    const lines = response.text.split('\r\n');
    expect(lines[0]).toBe('id,url_id,user_id,event_type,timestamp,details');
    expect(response.text).toContain('"{""note"":""two\\nlines, \\""quoted\\""\\r\\nend"",""nested"":{""n"":[1,2]}}"');
    expect(response.text).toContain(',{}\r\n');
    expect(response.text).toContain('"{""big"":12345678901234567890}"');
    const details = rowsOf(response.text)
      .slice(1)
      .map((row) => row[5]);
    expect(details[0] && JSON.parse(details[0])).toEqual({
      note: 'two\nlines, "quoted"\r\nend',
      nested: { n: [1, 2] },
    });
  });

  it('answers the JSON rows of GET /urls as CSV: short_url and the lifecycle fields in the JSON order', async () => {
    const json = await api.get<Url[]>(`/urls?user_id=${ada.id}`);
    const response = await api.get(`/urls?user_id=${ada.id}`, csv);
    const [header, ...rows] = rowsOf(response.text);
    expect(header).toEqual(Object.keys(json.body[0] as Url));
    expect(header).toContain('short_url');
    expect(rows).toEqual(json.body.map(asFields));
    expect(response.text).toContain('"Spring, ""big"" sale"');
    expect(response.text).toContain('"https://a.example/sale?x=1,2"');

    const inactive = await api.get(`/urls?user_id=${ada.id}&is_active=false`, csv);
    expect(rowsOf(inactive.text).slice(1)).toEqual([
      asFields((json.body as Url[]).find((u) => u.id === plain.id) ?? {}),
    ]);
  });

  it('answers an empty page with its header line alone', async () => {
    const events = await api.get('/events?event_type=never', csv);
    expect(events.text).toBe('id,url_id,user_id,event_type,timestamp,details\r\n');
    const urls = await api.get(`/urls?user_id=${ada.id}&skip=50`, csv);
    expect(rowsOf(urls.text)).toEqual([Object.keys((await api.get<Url[]>('/urls?limit=1')).body[0] as Url)]);
  });

  it('pages through an absolute Link carrying the filters and the CSV limit, reproducing the JSON rows', async () => {
    const first = await api.get(`/events?url_id=${plain.id}&event_type=view&limit=2&skip=1`, csv);
    const link = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1] ?? '';
    const next = new URL(link);
    expect(`${next.protocol}//${next.host}`).toBe(service.url);
    expect(next.pathname).toBe('/events');
    expect(next.searchParams.get('url_id')).toBe(String(plain.id));
    expect(next.searchParams.get('event_type')).toBe('view');
    expect(next.searchParams.get('limit')).toBe('2');
    expect(next.searchParams.has('skip')).toBe(false);

    const json = await api.get<Event[]>(`/events?url_id=${plain.id}&limit=1000`);
    const walked = await exportAll(`/events?url_id=${plain.id}&limit=3`);
    expect(walked.pages).toHaveLength(4);
    expect(walked.rows).toEqual(json.body.map(asFields));

    const urls = await api.get<Url[]>('/urls?limit=1000');
    const walkedUrls = await exportAll('/urls?limit=1');
    expect(walkedUrls.pages).toHaveLength(5);
    expect(walkedUrls.rows).toEqual(urls.body.map(asFields));
  });

  it('pages 1,000 rows by default and up to 10,000; JSON keeps its 100 and 1,000', async () => {
    const byDefault = await api.get(`/events?url_id=${crowded.id}`, csv);
    expect(rowsOf(byDefault.text)).toHaveLength(1 + 1000);
    const rest = nextPath(byDefault.headers.get('link')) ?? '';
    expect(new URLSearchParams(rest.split('?')[1]).get('limit')).toBe('1000');
    const last = await api.get(rest, csv);
    expect(rowsOf(last.text)).toHaveLength(1 + 1);
    expect(last.headers.get('link')).toBeNull();

    const whole = await api.get(`/events?url_id=${crowded.id}&limit=10000`, csv);
    expect(rowsOf(whole.text)).toHaveLength(1 + 1001);
    expect(whole.headers.get('link')).toBeNull();

    const json = await api.get<Event[]>(`/events?url_id=${crowded.id}`);
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(json.headers.get('vary')).toContain('Accept');
    expect(json.body).toHaveLength(100);
    expect(json.headers.get('link')).toMatch(/^<\/events\?url_id=\d+&cursor=[^>]+>; rel="next"$/);
    expect((await api.get(`/events?url_id=${crowded.id}&limit=1001`)).status).toBe(422);
  });

  it.each([
    ['/events?limit=10001', 'less_than_equal'],
    ['/urls?limit=10001', 'less_than_equal'],
    ['/events?limit=0', 'greater_than_equal'],
    ['/urls?limit=abc', 'int_parsing'],
    ['/events?cursor=forged', 'value_error'],
  ])('refuses %s as CSV with the JSON 422 of any other query error', async (path, type) => {
    const response = await api.get<{ detail: { loc: string[]; msg: string; type: string }[] }>(path, csv);
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.body.detail).toEqual([
      { loc: ['query', path.includes('cursor') ? 'cursor' : 'limit'], msg: expect.any(String), type },
    ]);
  });

  it.each([
    ['text/csv', 'csv'],
    ['text/csv; charset=utf-8', 'csv'],
    ['application/json;q=0.9, text/csv', 'csv'],
    ['text/csv, */*;q=0.1', 'csv'],
    ['text/*', 'csv'],
    ['text/csv;q=0.5, application/json', 'json'],
    ['text/csv;q=0', 'json'],
    ['text/csv, application/json', 'json'],
    ['*/*', 'json'],
    ['application/json', 'json'],
    ['text/html', 'json'],
  ])('answers Accept: %s with %s', async (accept, kind) => {
    const response = await api.get(`/events?url_id=${quoted.id}`, { Accept: accept });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/json');
  });

  it('answers JSON, as before, without an Accept header', async () => {
    const response = await api.get<Event[]>(`/events?url_id=${quoted.id}`);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.body.map((e) => e.event_type)).toEqual(['share', 'share', 'view']);
  });

  it('answers HEAD with the headers of the CSV answer and no body', async () => {
    const get = await api.get(`/events?url_id=${plain.id}&limit=3`, csv);
    const head = await api.request('HEAD', `/events?url_id=${plain.id}&limit=3`, undefined, { headers: csv });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(head.headers.get('link')).toBe(get.headers.get('link'));
    expect(head.headers.get('vary')).toContain('Accept');
  });

  it('ends a page whose CSV would pass the size bound early, its Link resuming after the last row it holds', async () => {
    const json = await api.get<Event[]>(`/events?url_id=${heavy.id}&limit=1000`);
    const first = await api.get(`/events?url_id=${heavy.id}&limit=400`, csv);
    const rows = rowsOf(first.text).length - 1;
    expect(rows).toBeGreaterThan(300);
    expect(rows).toBeLessThan(340);
    expect(Buffer.byteLength(JSON.stringify(first.text))).toBeLessThanOrEqual(CSV_BODY_BOUND_BYTES + 2);
    expect(new URLSearchParams(nextPath(first.headers.get('link'))?.split('?')[1]).get('limit')).toBe('400');

    const walked = await exportAll(`/events?url_id=${heavy.id}&limit=400`);
    expect(walked.pages).toHaveLength(2);
    expect(walked.rows.map((row) => Number(row[0]))).toEqual(json.body.map((e) => e.id));
  });
});
