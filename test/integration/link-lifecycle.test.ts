import type { EventRecord as Event, PublicUrlRecord as Url } from '../../shared/domain/records.js';
import { timestamp } from '../../shared/platform/clock.js';
import { httpClient, queueDrained, sharedTestService, type TestService } from '../support/service.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inMs = (ms: number) => timestamp(new Date(Date.now() + ms));
/** Waits until a link's `expires_at` (the contract's UTC timestamp) has passed: the moment, not a guess at it. */
const untilPassed = async (expiresAt: string | null) => {
  while (Date.now() <= Date.parse(`${expiresAt}Z`)) await sleep(Date.parse(`${expiresAt}Z`) - Date.now() + 5);
};

/**
 * Link lifecycle (DynamoDB Local + SQS emulator, through HTTP, the event writer running): chosen short codes,
 * a changeable destination, expiry by date and by clicks, the fallback, query forwarding, and the `expired`
 * event recorded once.
 */
describe('link lifecycle (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };
  let sequence = 0;

  const create = (body: Record<string, unknown>) =>
    api.post<Url>('/urls', { user_id: owner.id, original_url: `https://example.com/${++sequence}`, ...body });
  const created = async (body: Record<string, unknown> = {}) => {
    const response = await create(body);
    expect(response.status).toBe(201);
    return response.body;
  };
  const eventsOf = async (urlId: number, type: string) =>
    (await api.get<Event[]>(`/events?url_id=${urlId}&event_type=${type}&limit=1000`)).body;
  /** Waits until every queued event is written, then answers the link's events of a type. */
  const settledEventsOf = async (urlId: number, type: string) => {
    await queueDrained(service);
    return eventsOf(urlId, type);
  };
  const fieldError = (response: { status: number; body: unknown }) => ({
    status: response.status,
    loc: (response.body as { detail: { loc: string[] }[] }).detail?.[0]?.loc,
  });

  beforeAll(async () => {
    service = await sharedTestService();
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'life', email: 'life@example.com' })).body;
  });
  afterAll(() => service.stop());

  describe('chosen short codes', () => {
    it('creates a link under a chosen code, case-sensitive, served at /<code> and /<code>+', async () => {
      const sale = await created({ short_code: 'spring-sale', original_url: 'https://shop.example/sale' });
      expect(sale.short_code).toBe('spring-sale');
      expect(sale.short_url).toBe(`${service.url}/spring-sale`);
      const other = await created({ short_code: 'Spring-Sale' });
      expect(other.short_code).toBe('Spring-Sale');
      const redirect = await api.get('/spring-sale');
      expect([redirect.status, redirect.headers.get('location')]).toEqual([302, 'https://shop.example/sale']);
      expect((await api.get('/urls/spring-sale/redirect')).status).toBe(302);
      expect((await api.get('/spring-sale+')).status).toBe(200);
      for (const code of ['abc', 'Q4_report', 'x'.repeat(64)])
        expect((await create({ short_code: code })).status).toBe(201);
    });

    it('answers 400 "Short code already in use" for a code taken by a chosen or a generated link', async () => {
      const generated = await created();
      for (const code of ['spring-sale', generated.short_code]) {
        const response = await create({ short_code: code });
        expect([response.status, response.body]).toEqual([400, { detail: 'Short code already in use' }]);
      }
    });

    it("keeps a deleted link's code from other users for 30 days, under parallel attempts, and gives it back to its owner", async () => {
      const first = await created({ short_code: 'bobsale', original_url: 'https://shop.example/bob' });
      expect((await api.delete(`/urls/${first.id}`)).status).toBe(204);
      const attacker = (await api.post<{ id: number }>('/users', { username: 'mallory', email: 'mallory@example.com' }))
        .body;
      const attempts = await Promise.all(
        Array.from({ length: 20 }, () =>
          api.post('/urls', { user_id: attacker.id, original_url: 'https://attacker.example/', short_code: 'bobsale' }),
        ),
      );
      expect(attempts.map((attempt) => [attempt.status, attempt.body])).toEqual(
        attempts.map(() => [400, { detail: 'Short code already in use' }]),
      );
      expect((await api.get('/bobsale')).status).toBe(404);
      const again = await created({ short_code: 'bobsale', original_url: 'https://shop.example/bob-again' });
      expect((await api.get('/bobsale')).headers.get('location')).toBe('https://shop.example/bob-again');
      expect(again.user_id).toBe(owner.id);
    });

    it("lets a deleted link's code be chosen again by its owner", async () => {
      const first = await created({ short_code: 'reused-code' });
      expect((await api.delete(`/urls/${first.id}`)).status).toBe(204);
      const again = await created({ short_code: 'reused-code', original_url: 'https://example.com/again' });
      expect(again.id).not.toBe(first.id);
      expect((await api.get('/reused-code')).headers.get('location')).toBe('https://example.com/again');
    });

    it("refuses an invalid code, or one of the service's own first path segments in any case, 422 at its field", async () => {
      for (const code of ['ab', 'x'.repeat(65), 'has space', 'dot.ted', 'ümlaut', 'a/b', '', 123, null]) {
        expect({ code, ...fieldError(await create({ short_code: code })) }).toEqual({
          code,
          status: 422,
          loc: ['body', 'short_code'],
        });
      }
      for (const code of [
        'docs',
        'health',
        'Health',
        'USERS',
        'urls',
        'events',
        'metrics',
        'reports',
        'stats-page',
        'blocked-hosts',
      ]) {
        const response = await create({ short_code: code });
        expect({ code, ...fieldError(response) }).toEqual({ code, status: 422, loc: ['body', 'short_code'] });
      }
    });

    it('gives exactly one of many parallel requests for one code the code, and the rest a 400', async () => {
      const responses = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          create({ short_code: 'race-code', original_url: `https://example.com/race/${i}` }),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 400)).toHaveLength(24);
      const winner = responses.find((response) => response.status === 201)?.body as Url;
      expect((await api.get('/race-code')).headers.get('location')).toBe(winner.original_url);
    });

    it('answers an unknown short form "Not Found" like any unknown page, and the redirect route "URL not found"', async () => {
      expect((await api.get('/no-such-link')).body).toEqual({ detail: 'Not Found' });
      expect((await api.get('/urls/no-such-link/redirect')).body).toEqual({ detail: 'URL not found' });
      expect((await api.get('/zzzzzz')).body).toEqual({ detail: 'URL not found' });
    });
  });

  describe('changing a link', () => {
    it('changes the destination: the redirect follows, earlier events keep their target, updated carries the new', async () => {
      const link = await created({ original_url: 'https://typo.example/oops' });
      expect((await api.get(`/${link.short_code}`)).status).toBe(302);
      const changed = await api.put<Url>(`/urls/${link.id}`, { original_url: 'https://fixed.example/right' });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ original_url: 'https://fixed.example/right', short_code: link.short_code });
      expect((await api.get(`/${link.short_code}`)).headers.get('location')).toBe('https://fixed.example/right');
      const clicks = await settledEventsOf(link.id, 'click');
      expect(clicks.map((click) => click.details.original_url).sort()).toEqual([
        'https://fixed.example/right',
        'https://typo.example/oops',
      ]);
      const [updated] = await eventsOf(link.id, 'updated');
      expect(updated?.details).toMatchObject({ original_url: 'https://fixed.example/right' });
    });

    it('refuses a bad change at its field: loops, blocked hosts, past dates, wrong types, an empty body', async () => {
      const link = await created();
      const own = `http://localhost:${service.port}/abc`;
      const cases: [Record<string, unknown>, string][] = [
        [{ original_url: own }, 'original_url'],
        [{ expired_url: own }, 'expired_url'],
        [{ original_url: 'ftp://example.com' }, 'original_url'],
        [{ expires_at: '2020-01-01T00:00:00' }, 'expires_at'],
        [{ expires_at: 'tomorrow' }, 'expires_at'],
        [{ max_clicks: 0 }, 'max_clicks'],
        [{ max_clicks: 1_000_000_001 }, 'max_clicks'],
        [{ max_clicks: '5' }, 'max_clicks'],
        [{ max_clicks: 1.5 }, 'max_clicks'],
        [{ forward_query: 'true' }, 'forward_query'],
      ];
      for (const [body, field] of cases) {
        expect({ body, ...fieldError(await api.put(`/urls/${link.id}`, body)) }).toEqual({
          body,
          status: 422,
          loc: ['body', field],
        });
        expect({ body, ...fieldError(await create(body)) }).toEqual({ body, status: 422, loc: ['body', field] });
      }
      expect((await api.put(`/urls/${link.id}`, {})).status).toBe(422);
      expect((await api.get<Url>(`/urls/${link.id}`)).body).toMatchObject({ original_url: link.original_url });
    });

    it('takes the lifecycle on create and update, null clearing it', async () => {
      const expiresAt = inMs(3_600_000);
      const link = await created({
        expires_at: `${expiresAt}Z`,
        max_clicks: 10,
        expired_url: 'https://example.com/over',
        forward_query: true,
      });
      expect(link).toMatchObject({
        expires_at: expiresAt,
        max_clicks: 10,
        expired_url: 'https://example.com/over',
        forward_query: true,
      });
      const cleared = await api.put<Url>(`/urls/${link.id}`, { expires_at: null, max_clicks: null, expired_url: null });
      expect(cleared.body).toMatchObject({
        expires_at: null,
        max_clicks: null,
        expired_url: null,
        forward_query: true,
      });
      expect((await api.get<Url>(`/urls/${link.id}`)).body).toMatchObject({ max_clicks: null, forward_query: true });
      // forward_query's null is its default, false.
      expect((await api.put<Url>(`/urls/${link.id}`, { forward_query: null })).body.forward_query).toBe(false);
      expect((await created({ forward_query: null })).forward_query).toBe(false);
    });
  });

  describe('expiry by date', () => {
    it('redirects until the moment, then answers 410 (JSON, or HTML for browsers), records no click, and one expired event', async () => {
      const link = await created({ expires_at: inMs(1500) });
      expect((await api.get(`/${link.short_code}`)).status).toBe(302);
      await untilPassed(link.expires_at);
      const many = await Promise.all(Array.from({ length: 20 }, () => api.get(`/${link.short_code}`)));
      for (const response of many) expect([response.status, response.body]).toEqual([410, { detail: 'Link expired' }]);
      const page = await api.get(`/${link.short_code}`, { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
      expect([page.status, page.headers.get('content-type')]).toEqual([410, 'text/html; charset=utf-8']);
      expect(page.text).toContain('Link expired');
      expect((await api.request('HEAD', `/${link.short_code}`)).status).toBe(410);
      expect(await settledEventsOf(link.id, 'click')).toHaveLength(1);
      const expired = await eventsOf(link.id, 'expired');
      expect(expired).toHaveLength(1);
      expect(expired[0]?.details).toEqual({
        short_code: link.short_code,
        original_url: link.original_url,
        reason: 'date',
      });
      // GET /urls/{id} still returns it.
      expect((await api.get(`/urls/${link.id}`)).status).toBe(200);
    });

    it('leads an expired link to its expired_url, and lives again when the date is moved or cleared', async () => {
      const link = await created({ expires_at: inMs(800), expired_url: 'https://example.com/ended' });
      await untilPassed(link.expires_at);
      const fallback = await api.get(`/${link.short_code}`);
      expect([fallback.status, fallback.headers.get('location')]).toEqual([302, 'https://example.com/ended']);
      await api.put(`/urls/${link.id}`, { expires_at: inMs(60_000) });
      expect((await api.get(`/${link.short_code}`)).headers.get('location')).toBe(link.original_url);
      await api.put(`/urls/${link.id}`, { expires_at: null });
      expect((await api.get(`/${link.short_code}`)).headers.get('location')).toBe(link.original_url);
      expect(await settledEventsOf(link.id, 'expired')).toHaveLength(1);
      // Only the two redirects to the original URL were clicks.
      expect(await eventsOf(link.id, 'click')).toHaveLength(2);
    });
  });

  describe('expiry by clicks', () => {
    it('redirects exactly max_clicks clicks at one click a second, then expires, with one expired event', async () => {
      const link = await created({ max_clicks: 3 });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await api.get(`/${link.short_code}`)).status);
        await sleep(1000);
      }
      expect(statuses).toEqual([302, 302, 302, 410, 410]);
      expect(await settledEventsOf(link.id, 'click')).toHaveLength(3);
      const expired = await eventsOf(link.id, 'expired');
      expect(expired.map((event) => event.details.reason)).toEqual(['clicks']);
      const stats = await api.get<{ totals: { clicks: number } }>(`/urls/${link.id}/stats`);
      expect(stats.body.totals.clicks).toBe(3);
    });

    it('gives exactly max_clicks redirects to 200 clicks at once, the rest to expired_url, each redirect one click', async () => {
      const link = await created({ max_clicks: 10, expired_url: 'https://example.com/sold-out' });
      const burst = await Promise.all(Array.from({ length: 200 }, () => api.get(`/${link.short_code}`)));
      const locations = burst.map((response) => `${response.status} ${response.headers.get('location')}`);
      expect(locations.filter((answer) => answer === `302 ${link.original_url}`)).toHaveLength(10);
      expect(locations.filter((answer) => answer === '302 https://example.com/sold-out')).toHaveLength(190);
      expect(await settledEventsOf(link.id, 'click')).toHaveLength(10);
      expect(await eventsOf(link.id, 'expired')).toHaveLength(1);
      const stats = await api.get<{ totals: { clicks: number } }>(`/urls/${link.id}/stats`);
      expect(stats.body.totals.clicks).toBe(10);
    });

    it('holds a larger limit exactly under waves of parallel clicks, and answers 410 past it', async () => {
      const link = await created({ max_clicks: 100 });
      const statuses: number[] = [];
      for (let wave = 0; wave < 5; wave++) {
        const answers = await Promise.all(Array.from({ length: 50 }, () => api.get(`/${link.short_code}`)));
        statuses.push(...answers.map((response) => response.status));
      }
      expect(statuses.filter((status) => status === 302)).toHaveLength(100);
      expect(statuses.filter((status) => status === 410)).toHaveLength(150);
      expect(await settledEventsOf(link.id, 'click')).toHaveLength(100);
    });

    it('lets exactly max_clicks of quick sequential clicks through', async () => {
      const link = await created({ max_clicks: 5 });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await api.get(`/${link.short_code}`)).status);
      expect(statuses).toEqual([...Array(5).fill(302), ...Array(7).fill(410)]);
      expect(await settledEventsOf(link.id, 'click')).toHaveLength(5);
    });

    it('takes nothing of the allowance for HEAD', async () => {
      const link = await created({ max_clicks: 2 });
      for (let i = 0; i < 5; i++) expect((await api.request('HEAD', `/${link.short_code}`)).status).toBe(302);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await api.get(`/${link.short_code}`)).status);
      expect(statuses).toEqual([302, 302, 410]);
    });

    it('lives again when the limit is raised or cleared, and expires at once when lowered to what it has', async () => {
      // One click a second: the limit holds exactly.
      const link = await created({ max_clicks: 1 });
      expect((await api.get(`/${link.short_code}`)).status).toBe(302);
      await sleep(1000);
      expect((await api.get(`/${link.short_code}`)).status).toBe(410);
      const raised = await api.put(`/urls/${link.id}`, { max_clicks: 2 });
      expect([raised.status, raised.body]).toMatchObject([200, { max_clicks: 2 }]);
      expect((await api.get(`/${link.short_code}`)).status).toBe(302);
      await sleep(1000);
      expect((await api.get(`/${link.short_code}`)).status).toBe(410);
      await api.put(`/urls/${link.id}`, { max_clicks: null });
      expect((await api.get(`/${link.short_code}`)).status).toBe(302);
      await queueDrained(service);
      // Three clicks counted; a limit of 3 or less is reached the moment it is set.
      expect((await api.put(`/urls/${link.id}`, { max_clicks: 3 })).status).toBe(200);
      const after = await api.get(`/${link.short_code}`);
      expect([after.status, after.body]).toEqual([410, { detail: 'Link expired' }]);
      expect((await settledEventsOf(link.id, 'expired')).map((event) => event.details.reason)).toEqual([
        'clicks',
        'clicks',
        'clicks',
      ]);
    });
  });

  describe('a limit lowered under clicks already handed out', () => {
    it('counts every click redirected under the old limit against the new one', async () => {
      const link = await created({ max_clicks: 100 });
      for (let i = 0; i < 2; i++) expect((await api.get(`/${link.short_code}`)).status).toBe(302);
      await queueDrained(service);
      // The third click is queued with the limit 100; the limit drops to 3 before the writer counts it.
      expect((await api.get(`/${link.short_code}`)).status).toBe(302);
      expect((await api.put(`/urls/${link.id}`, { max_clicks: 3 })).status).toBe(200);
      await sleep(1000);
      expect((await api.get(`/${link.short_code}`)).status).toBe(410);
      expect(await settledEventsOf(link.id, 'click')).toHaveLength(3);
    });
  });

  describe('a link that stays expired', () => {
    it('stays expired through a change of its limits, never briefly live, with no second expired event', async () => {
      const link = await created({ max_clicks: 1 });
      expect((await api.get(`/${link.short_code}`)).status).toBe(302);
      await sleep(1000);
      expect((await api.get(`/${link.short_code}`)).status).toBe(410);
      await queueDrained(service);
      // A date is added while the click limit stays reached: expired throughout, and its event stands.
      const [changed, ...during] = await Promise.all([
        api.put<Url>(`/urls/${link.id}`, { expires_at: inMs(60_000) }),
        ...Array.from({ length: 10 }, () => api.get(`/${link.short_code}`)),
      ]);
      expect(changed?.status).toBe(200);
      expect(during.map((response) => response.status)).toEqual(Array(10).fill(410));
      expect((await api.get(`/${link.short_code}`)).status).toBe(410);
      expect(await settledEventsOf(link.id, 'expired')).toHaveLength(1);
      expect(await eventsOf(link.id, 'click')).toHaveLength(1);
    });
  });

  describe('forward_query', () => {
    it("appends the request's query after the target's own parameters, before the fragment", async () => {
      const link = await created({ original_url: 'https://e.com/p?a=1#top', forward_query: true });
      const response = await api.get(`/${link.short_code}?utm_source=x&utm_medium=mail%20list`);
      expect(response.headers.get('location')).toBe('https://e.com/p?a=1&utm_source=x&utm_medium=mail%20list#top');
      expect((await api.get(`/${link.short_code}`)).headers.get('location')).toBe('https://e.com/p?a=1#top');
      const plain = await created({ original_url: 'https://e.com/q' });
      expect((await api.get(`/${plain.short_code}?utm_source=x`)).headers.get('location')).toBe('https://e.com/q');
      const bare = await created({ original_url: 'https://e.com/r', forward_query: true });
      expect((await api.get(`/urls/${bare.short_code}/redirect?ref=a&ref=b`)).headers.get('location')).toBe(
        'https://e.com/r?ref=a&ref=b',
      );
    });

    it('keeps Location valid ASCII for an international target, and forwards to expired_url too', async () => {
      const target = 'https://bücher.example/straße?q=ü';
      const link = await created({ original_url: target, forward_query: true });
      const response = await api.get(`/${link.short_code}?utm=%C3%A4%20b`);
      expect(response.headers.get('location')).toBe(new URL(`${target}&utm=%C3%A4%20b`).href);
      expect(response.headers.get('location')).toMatch(/^[\x21-\x7e]+$/);
      const ended = await created({
        expires_at: inMs(500),
        expired_url: 'https://e.com/over',
        forward_query: true,
      });
      await untilPassed(ended.expires_at);
      expect((await api.get(`/${ended.short_code}?c=1`)).headers.get('location')).toBe('https://e.com/over?c=1');
    });
  });

  it('shows the expiry and whether the link is live on its statistics page', async () => {
    const live = await created({ short_code: 'page-live', max_clicks: 1000, expires_at: '2099-01-01T00:00:00' });
    const page = (await api.get('/page-live+', { Accept: 'text/html' })).text;
    expect(page).toContain('data-live="true"');
    expect(page).toContain('expires <time datetime="2099-01-01T00:00:00.000Z">2099-01-01 00:00 UTC</time>');
    expect(page).toContain('stops after 1,000 clicks');
    const moved = (await api.put<Url>(`/urls/${live.id}`, { expires_at: inMs(300) })).body;
    await untilPassed(moved.expires_at);
    const expired = (await api.get('/page-live+', { Accept: 'text/html' })).text;
    expect(expired).toContain('data-live="false"');
    expect(expired).toContain('Expired: its date has passed');
  });
});
