import { request } from 'node:http';
import type { EventRecord as Event, PublicUrlRecord as Url } from '../../shared/domain/records.js';
import { publishUrlEvent } from '../../shared/events/publisher.js';
import { keys } from '../../shared/store/keys.js';
import { getItem } from '../../shared/store/table.js';
import { URL_RECORD_FIELDS } from '../support/contract.js';
import { eventually, httpClient, sharedTestService, type TestService } from '../support/service.js';

/** URLs and redirects through HTTP against DynamoDB Local and the SQS emulator, with the event writer running. */
describe('URLs and redirects (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };
  let sequence = 0;

  const createUrl = async (body: Record<string, unknown> = {}) => {
    const response = await api.post<Url>('/urls', {
      user_id: owner.id,
      original_url: `https://example.com/${++sequence}`,
      ...body,
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  /** Automatic events are asynchronous: wait until the URL has one of this type. */
  const eventOf = (urlId: number, type: string) =>
    eventually(async () => {
      const events = (await api.get<Event[]>(`/events?url_id=${urlId}&event_type=${type}`)).body;
      return events.length > 0 ? events : undefined;
    });

  beforeAll(async () => {
    service = await sharedTestService();
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'owner', email: 'owner@example.com' })).body;
  });
  afterAll(() => service.stop());

  describe('POST /urls', () => {
    it('makes short_url of the address it was reached by, an IPv6 literal included', async () => {
      const viaIpv6 = await new Promise<{ status: number; body: Url }>((resolve, reject) => {
        const body = JSON.stringify({ user_id: owner.id, original_url: 'https://example.com/ipv6' });
        request(
          `http://[::1]:${service.port}/urls`,
          { method: 'POST', headers: { 'Content-Type': 'application/json' } },
          (response) => {
            let text = '';
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
          },
        )
          .on('error', reject)
          .end(body);
      });
      expect(viaIpv6.status).toBe(201);
      expect(viaIpv6.body.short_url).toBe(`http://[::1]:${service.port}/${viaIpv6.body.short_code}`);
    });

    it('takes is_active on creation: an inactive link is made inactive', async () => {
      const url = await createUrl({ original_url: 'https://example.com/dormant', is_active: false });
      expect(url.is_active).toBe(false);
      expect((await api.get(`/urls/${url.short_code}/redirect`)).status).toBe(404);
    });

    it('creates a URL: 201 with the record in the contract order, a 6-character code and the defaults', async () => {
      const response = await api.post<Url>('/urls', {
        user_id: owner.id,
        original_url: '  https://example.com/a?b=1#c  ',
      });
      expect(response.status).toBe(201);
      const url = response.body;
      expect(Object.keys(url)).toEqual(URL_RECORD_FIELDS);
      // The extension field: the short link at the gateway's own address (no PUBLIC_BASE_URL here).
      expect((url as Url & { short_url: string }).short_url).toBe(`${service.url}/${url.short_code}`);
      expect(url).toMatchObject({
        user_id: owner.id,
        original_url: 'https://example.com/a?b=1#c',
        title: null,
        is_active: true,
        expires_at: null,
        max_clicks: null,
        expired_url: null,
        forward_query: false,
      });
      expect(url.short_code).toMatch(/^[A-Za-z0-9]{6}$/);
      expect(url.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
      expect(url.updated_at).toBe(url.created_at);
    });

    it('keeps the title and emits a created event with the code and target', async () => {
      const url = await createUrl({ title: 'Docs' });
      expect(url.title).toBe('Docs');
      const [created] = await eventOf(url.id, 'created');
      expect(created).toMatchObject({
        url_id: url.id,
        user_id: owner.id,
        event_type: 'created',
        details: { short_code: url.short_code, original_url: url.original_url },
      });
      expect(Object.keys(created as Event)).toEqual(['id', 'url_id', 'user_id', 'event_type', 'timestamp', 'details']);
    });

    it('answers an unknown owner 404 "User not found"', async () => {
      const response = await api.post('/urls', { user_id: 987654, original_url: 'https://example.com/' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'User not found' });
    });

    it.each([
      ['a string user_id', { user_id: '1', original_url: 'https://example.com/' }, ['body', 'user_id'], 'int_type'],
      ['a boolean user_id', { user_id: true, original_url: 'https://example.com/' }, ['body', 'user_id'], 'int_type'],
      [
        'a javascript: URL',
        { user_id: 1, original_url: 'javascript:alert(1)' },
        ['body', 'original_url'],
        'url_parsing',
      ],
      ['a relative URL', { user_id: 1, original_url: '/relative/path' }, ['body', 'original_url'], 'url_parsing'],
      ['an ftp URL', { user_id: 1, original_url: 'ftp://example.com/file' }, ['body', 'original_url'], 'url_parsing'],
      [
        'a 2,049-character URL',
        { user_id: 1, original_url: `https://example.com/${'a'.repeat(2029)}` },
        ['body', 'original_url'],
        'string_too_long',
      ],
      [
        'an empty title',
        { user_id: 1, original_url: 'https://example.com/', title: '' },
        ['body', 'title'],
        'string_too_short',
      ],
      [
        'a 256-character title',
        { user_id: 1, original_url: 'https://example.com/', title: 't'.repeat(256) },
        ['body', 'title'],
        'string_too_long',
      ],
      ['no original_url', { user_id: 1 }, ['body', 'original_url'], 'missing'],
    ])('rejects %s with 422 at the field', async (_, body, loc, type) => {
      const response = await api.post<{ detail: { loc: string[]; type: string }[] }>('/urls', body);
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual([expect.objectContaining({ loc, type })]);
    });

    it('accepts a 2,048-character URL', async () => {
      const original = `https://example.com/${'a'.repeat(2028)}`;
      expect(original).toHaveLength(2048);
      expect((await createUrl({ original_url: original })).original_url).toBe(original);
    });

    it('gives 200 parallel creations 200 distinct codes', async () => {
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          api.post<Url>('/urls', { user_id: owner.id, original_url: `https://p.example/${i}` }),
        ),
      );
      expect(
        responses.filter((response) => response.status !== 201).map(({ status, body }) => ({ status, body })),
      ).toEqual([]);
      expect(new Set(responses.map((response) => response.body.short_code)).size).toBe(200);
      expect(new Set(responses.map((response) => response.body.id)).size).toBe(200);
    });
  });

  describe('GET /urls', () => {
    it('lists by id with skip and limit, and filters by user_id and is_active', async () => {
      const other = (await api.post<{ id: number }>('/users', { username: 'lister', email: 'lister@example.com' }))
        .body;
      const mine = [] as Url[];
      for (let i = 0; i < 5; i++) {
        mine.push((await api.post<Url>('/urls', { user_id: other.id, original_url: `https://l.example/${i}` })).body);
      }
      await api.put(`/urls/${mine[1]?.id}`, { is_active: false });
      await api.put(`/urls/${mine[3]?.id}`, { is_active: false });

      const byUser = (await api.get<Url[]>(`/urls?user_id=${other.id}`)).body;
      expect(byUser.map((url) => url.id)).toEqual(mine.map((url) => url.id));
      const activeOfUser = (await api.get<Url[]>(`/urls?user_id=${other.id}&is_active=true`)).body;
      expect(activeOfUser.map((url) => url.id)).toEqual([mine[0]?.id, mine[2]?.id, mine[4]?.id]);
      const inactiveOfUser = (await api.get<Url[]>(`/urls?user_id=${other.id}&is_active=0`)).body;
      expect(inactiveOfUser.map((url) => url.id)).toEqual([mine[1]?.id, mine[3]?.id]);
      const window = (await api.get<Url[]>(`/urls?user_id=${other.id}&skip=1&limit=2`)).body;
      expect(window.map((url) => url.id)).toEqual([mine[1]?.id, mine[2]?.id]);

      const inactive = (await api.get<Url[]>('/urls?is_active=false&limit=1000')).body;
      expect(inactive.every((url) => !url.is_active)).toBe(true);
      expect(inactive.map((url) => url.id)).toEqual(expect.arrayContaining([mine[1]?.id, mine[3]?.id]));
      const all = (await api.get<Url[]>('/urls?limit=1000')).body.map((url) => url.id);
      expect(all).toEqual([...all].sort((a, b) => a - b));
      expect((await api.get<Url[]>('/urls')).body.length).toBeLessThanOrEqual(100);
    });

    it('finds windows far into a list (their offset counted, not read) exactly where the list has them', async () => {
      const deep = (await api.post<{ id: number }>('/users', { username: 'deep', email: 'deep@example.com' })).body;
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          api.post('/urls', { user_id: deep.id, original_url: `https://deep.example/${i}` }),
        ),
      );
      const ids = async (query: string) => (await api.get<Url[]>(`/urls?${query}`)).body.map((url) => url.id);
      const mine = await ids(`user_id=${deep.id}&limit=1000`);
      const all = await ids('limit=1000');
      expect(mine).toHaveLength(60);
      expect(await ids(`user_id=${deep.id}&skip=55&limit=10`)).toEqual(mine.slice(55));
      expect(await ids(`user_id=${deep.id}&skip=60&limit=10`)).toEqual([]);
      expect(await ids(`skip=50&limit=20`)).toEqual(all.slice(50, 70));
      expect(await ids(`skip=${all.length}&limit=5`)).toEqual([]);
    });

    it.each([
      ['skip=-1', 'skip'],
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=ten', 'limit'],
      ['user_id=abc', 'user_id'],
      ['is_active=maybe', 'is_active'],
    ])('rejects %s with 422 at ["query", "%s"]', async (query, field) => {
      const response = await api.get<{ detail: { loc: string[] }[] }>(`/urls?${query}`);
      expect(response.status).toBe(422);
      expect(response.body.detail.map((issue) => issue.loc)).toEqual([['query', field]]);
    });
  });

  describe('GET /urls/{id}', () => {
    it('returns an active URL and emits accessed', async () => {
      const url = await createUrl();
      const response = await api.get<Url>(`/urls/${url.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(url);
      await eventOf(url.id, 'accessed');
    });

    it('answers a missing or inactive URL 404 "URL not found"', async () => {
      const url = await createUrl();
      await api.put(`/urls/${url.id}`, { is_active: false });
      for (const path of [`/urls/${url.id}`, '/urls/987654']) {
        const response = await api.get(path);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: 'URL not found' });
      }
    });
  });

  describe('many reads and events at once', () => {
    it('answers each of many parallel reads with its own item, a missing one with nothing', async () => {
      const urls = await Promise.all(Array.from({ length: 12 }, () => createUrl()));
      const wanted = [...urls.map((url) => url.id), 987_654, urls[0]?.id ?? 0];
      const items = await Promise.all(wanted.map((id) => getItem(keys.url(id))));
      expect(items.map((item) => item?.id)).toEqual([...urls.map((url) => url.id), undefined, urls[0]?.id]);
      expect(items.map((item) => item?.original_url)).toEqual([
        ...urls.map((url) => url.original_url),
        undefined,
        urls[0]?.original_url,
      ]);
    });

    it('queues each of 12 events sent at once once, with its own URL', async () => {
      const urls = await Promise.all(Array.from({ length: 12 }, () => createUrl()));
      await Promise.all(urls.map((url) => publishUrlEvent('accessed', url)));
      for (const url of urls) {
        const events = await eventOf(url.id, 'accessed');
        expect(events).toHaveLength(1);
        expect(events[0]?.details).toEqual({ short_code: url.short_code, original_url: url.original_url });
      }
    });

    it('answers 150 parallel GETs of 30 URLs each with its own URL or 404, and stores one accessed event per 200', async () => {
      const urls = await Promise.all(Array.from({ length: 30 }, () => createUrl()));
      const inactive = urls.slice(0, 5);
      await Promise.all(inactive.map((url) => api.put(`/urls/${url.id}`, { is_active: false })));
      const reads = Array.from({ length: 150 }, (_, i) => urls[i % urls.length] as Url);
      const responses = await Promise.all(reads.map((url) => api.get<Url>(`/urls/${url.id}`)));
      responses.forEach((response, i) => {
        const url = reads[i] as Url;
        if (inactive.includes(url)) expect(response.status).toBe(404);
        else expect(response.body).toEqual(url);
      });
      for (const url of urls.slice(5)) {
        await eventually(async () => {
          const events = (await api.get<Event[]>(`/events?url_id=${url.id}&event_type=accessed`)).body;
          return events.length === 5 ? events : undefined;
        });
      }
      expect((await api.get<Event[]>(`/events?url_id=${inactive[0]?.id}&event_type=accessed`)).body).toEqual([]);
    });
  });

  describe('GET /urls/{short_code}/redirect', () => {
    it('answers 302 to exactly the stored URL, uncacheable, and records the click with referrer, agent and bot flag', async () => {
      const url = await createUrl({ original_url: 'https://example.com/path?q=a%20b&x=1' });
      const response = await api.get(`/urls/${url.short_code}/redirect`, {
        Referer: 'https://news.example/item',
        'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('https://example.com/path?q=a%20b&x=1');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const [click] = await eventOf(url.id, 'click');
      expect(click?.details).toEqual({
        short_code: url.short_code,
        original_url: url.original_url,
        referrer: 'https://news.example/item',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
        bot: false,
      });
    });

    it('cuts a long user agent to 512 characters and a long referrer to 2,048, and still redirects', async () => {
      const url = await createUrl();
      // Within the headers a gateway takes (API Gateway: 10 KB in all), beyond what a click keeps.
      const agent = `Mozilla/5.0 ${'A'.repeat(5_000)}`;
      const referrer = `https://long.example/${'r'.repeat(3_000)}`;
      const response = await api.get(`/urls/${url.short_code}/redirect`, { Referer: referrer, 'User-Agent': agent });
      expect(response.status).toBe(302);
      const [click] = await eventOf(url.id, 'click');
      expect(click?.details.user_agent).toBe(agent.slice(0, 512));
      expect(click?.details.referrer).toBe(referrer.slice(0, 2048));
    });

    it('flags link-preview bots instead of dropping their clicks', async () => {
      const url = await createUrl();
      await api.get(`/urls/${url.short_code}/redirect`, {
        'User-Agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      });
      const [click] = await eventOf(url.id, 'click');
      expect(click?.details).toMatchObject({ bot: true });
      expect(click?.details).not.toHaveProperty('referrer');
    });

    it.each([
      [
        'a path, query and emoji',
        'https://example.com/✓/日本?q=😀',
        'https://example.com/%E2%9C%93/%E6%97%A5%E6%9C%AC?q=%F0%9F%98%80',
      ],
      ['an international host', 'https://exämple.com/päth', 'https://xn--exmple-cua.com/p%C3%A4th'],
      ['a space in the path', 'https://example.com/a b', 'https://example.com/a%20b'],
      ['printable ASCII, kept as stored', 'HTTPS://Example.com/A?b=%zz', 'HTTPS://Example.com/A?b=%zz'],
    ])('redirects a URL with %s to its ASCII form, stored as sent', async (_, original, location) => {
      const url = await createUrl({ original_url: original });
      expect(url.original_url).toBe(original);
      const response = await api.get(`/urls/${url.short_code}/redirect`);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(location);
      const [click] = await eventOf(url.id, 'click');
      expect(click?.details.original_url).toBe(original);
    });

    it.each([
      ['a carriage return', 'https://example.com/a\rb'],
      ['a line feed', 'https://example.com/a\nSet-Cookie: x=1'],
      ['a NUL', 'https://example.com/a\u0000b'],
      ['a tab', 'https://example.com/a\tb'],
      ['a C1 control', 'https://example.com/a\u0085b'],
    ])('refuses a URL with %s inside with 422 at ["body", "original_url"]', async (_, original) => {
      const response = await api.post<{ detail: { loc: string[]; type: string }[] }>('/urls', {
        user_id: owner.id,
        original_url: original,
      });
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'original_url'] })]);
    });

    it.each(['http:example.com', 'https:\\\\example.com', 'https:///example.com'])(
      'refuses %s, which is not in the scheme://host form',
      async (original) => {
        const response = await api.post('/urls', { user_id: owner.id, original_url: original });
        expect(response.status).toBe(422);
      },
    );

    it('redirects for at most a second after a deactivation while it is read more than 10 times a second', async () => {
      const link = (await api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://viral.example/' })).body;
      const burst = await Promise.all(Array.from({ length: 30 }, () => api.get(`/urls/${link.short_code}/redirect`)));
      expect(burst.every((response) => response.status === 302)).toBe(true);
      expect((await api.put(`/urls/${link.id}`, { is_active: false })).status).toBe(200);
      const deactivatedAt = Date.now();
      const statuses: number[] = [];
      while (Date.now() - deactivatedAt < 1500) {
        // Sent more than a second after the deactivation was answered: no instance's memory may still hold it.
        const sentLate = Date.now() - deactivatedAt > 1000;
        const response = await api.get(`/urls/${link.short_code}/redirect`);
        statuses.push(response.status);
        if (sentLate) expect(response.status).toBe(404);
      }
      expect(statuses.at(-1)).toBe(404);
      // Every click it answered was recorded.
      const clicks = await eventually(async () => {
        const events = (await api.get<Event[]>(`/events?url_id=${link.id}&event_type=click&limit=1000`)).body;
        return events.length === 30 + statuses.filter((status) => status === 302).length ? events : undefined;
      });
      expect(new Set(clicks.map((click) => click.id)).size).toBe(clicks.length);
    });

    it('answers an unknown code 404 "URL not found" in JSON', async () => {
      const response = await api.get('/urls/zzzzzz/redirect');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'URL not found' });
    });
  });

  describe('short links, HEAD and CORS, as CloudFront and API Gateway answer them', () => {
    it('redirects /<code> as /urls/<code>/redirect does, recording the click', async () => {
      const url = await createUrl();
      const response = await api.get(`/${url.short_code}?utm_source=mail`);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(url.original_url);
      await eventOf(url.id, 'click');
      expect((await api.get('/nope6')).status).toBe(404);
    });

    it('answers HEAD on a redirect with its 302 and Location, without a body and without a click', async () => {
      const url = await createUrl();
      for (const path of [`/urls/${url.short_code}/redirect`, `/${url.short_code}`]) {
        const response = await api.request('HEAD', path);
        expect(response.status).toBe(302);
        expect(response.headers.get('location')).toBe(url.original_url);
        expect(response.text).toBe('');
      }
      const head = await api.request('HEAD', `/urls/${url.id}`);
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      await api.get(`/urls/${url.short_code}/redirect`);
      await eventOf(url.id, 'click');
      const events = (await api.get<Event[]>(`/events?url_id=${url.id}`)).body;
      expect(events.map((event) => event.event_type).sort()).toEqual(['click', 'created']);
    });

    it('lets any origin read answers (the API has no credentials), and answers the preflight', async () => {
      const origin = 'https://app.example';
      const answer = await api.get('/urls?limit=1', { Origin: origin });
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-expose-headers')).toBe('Link, Location, Retry-After, X-Request-Id');
      const preflight = await api.request('OPTIONS', '/urls/1', undefined, {
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, PUT, DELETE, HEAD, OPTIONS');
      expect(preflight.headers.get('access-control-allow-headers')).toBe(
        'Authorization, Content-Type, Idempotency-Key',
      );
      const missing = await api.get('/nope/deeper', { Origin: origin });
      expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    });
  });

  describe('PUT /urls/{id}', () => {
    it('deactivates: the redirect and GET answer 404 at once; reactivating restores both; each emits updated', async () => {
      const url = await createUrl();
      const off = await api.put<Url>(`/urls/${url.id}`, { is_active: false });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ id: url.id, is_active: false, short_code: url.short_code });
      expect(off.body.updated_at >= url.updated_at).toBe(true);
      expect((await api.get(`/urls/${url.short_code}/redirect`)).status).toBe(404);
      expect((await api.get(`/urls/${url.id}`)).status).toBe(404);

      const on = await api.put<Url>(`/urls/${url.id}`, { is_active: true });
      expect(on.body.is_active).toBe(true);
      expect((await api.get(`/urls/${url.short_code}/redirect`)).status).toBe(302);
      await eventually(async () => {
        const updates = (await api.get<Event[]>(`/events?url_id=${url.id}&event_type=updated`)).body;
        return updates.length === 2 ? updates : undefined;
      });
    });

    it('changes the title alone, or clears it with null', async () => {
      const url = await createUrl({ title: 'Old' });
      const renamed = await api.put<Url>(`/urls/${url.id}`, { title: '  New  ' });
      expect(renamed.body).toMatchObject({ title: 'New', is_active: true });
      const cleared = await api.put<Url>(`/urls/${url.id}`, { title: null });
      expect(cleared.body.title).toBeNull();
      expect((await api.get<Url>(`/urls/${url.id}`)).body.title).toBeNull();
    });

    it('takes 20 changes of one link at once, each answered 200, the link ending as one of them left it', async () => {
      const url = await createUrl();
      const targets = Array.from({ length: 20 }, (_, i) => `https://example.com/changed/${i}`);
      const responses = await Promise.all(
        targets.map((original_url, i) => api.put<Url>(`/urls/${url.id}`, { original_url, title: `change ${i}` })),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
      const stored = (await api.get<Url>(`/urls/${url.id}`)).body;
      // Whole changes, never a mix of two: the target and the title of the same request.
      expect(stored.title).toBe(`change ${targets.indexOf(stored.original_url)}`);
      // The short code's item follows the same change (the redirect reads it).
      const redirect = await api.get(`/urls/${url.short_code}/redirect`);
      expect(redirect.headers.get('location')).toBe(stored.original_url);
    });

    it('loses no change made at once to different fields of one link', async () => {
      for (let round = 0; round < 2; round++) {
        const url = await createUrl();
        const responses = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            api.put<Url>(
              `/urls/${url.id}`,
              i % 2 === 0
                ? { original_url: `https://example.com/target/${i}` }
                : { expired_url: `https://example.com/after/${i}` },
            ),
          ),
        );
        expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
        // The last change read every earlier one: neither field is back to what it was before them.
        const stored = (await api.get<Url>(`/urls/${url.id}`)).body;
        expect({ round, original_url: stored.original_url }).toEqual({
          round,
          original_url: expect.stringContaining('/target/'),
        });
        expect({ round, expired_url: stored.expired_url }).toEqual({
          round,
          expired_url: expect.stringContaining('/after/'),
        });
      }
    });

    it('answers an unknown URL 404 "URL not found"', async () => {
      const response = await api.put('/urls/987654', { title: 'x' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'URL not found' });
    });

    it.each([
      ['an empty body', {}, ['body'], 'missing'],
      ['is_active as a string', { is_active: 'false' }, ['body', 'is_active'], 'bool_type'],
      ['is_active as a number', { is_active: 0 }, ['body', 'is_active'], 'bool_type'],
      ['a numeric title', { title: 123 }, ['body', 'title'], 'string_type'],
    ])('rejects %s with 422', async (_, body, loc, type) => {
      const url = await createUrl();
      const response = await api.put<{ detail: { loc: string[]; type: string }[] }>(`/urls/${url.id}`, body);
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual([expect.objectContaining({ loc, type })]);
    });
  });

  describe('DELETE /urls/{id}', () => {
    it('deletes the URL, its code and its events: 204, then 404 everywhere', async () => {
      const url = await createUrl();
      await api.get(`/urls/${url.short_code}/redirect`);
      await eventOf(url.id, 'click');
      const response = await api.delete(`/urls/${url.id}`);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect((await api.get(`/urls/${url.id}`)).status).toBe(404);
      expect((await api.get(`/urls/${url.short_code}/redirect`)).status).toBe(404);
      expect((await api.get(`/events?url_id=${url.id}`)).body).toEqual([]);
      const again = await api.delete(`/urls/${url.id}`);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ detail: 'URL not found' });
    });

    it('deletes an inactive URL too', async () => {
      const url = await createUrl();
      await api.put(`/urls/${url.id}`, { is_active: false });
      expect((await api.delete(`/urls/${url.id}`)).status).toBe(204);
    });
  });
});
