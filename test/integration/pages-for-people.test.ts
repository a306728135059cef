import type { UrlRecord as Url } from '../../shared/domain/records.js';
import { eventually, httpClient, sharedTestService, type TestService } from '../support/service.js';

/**
 * What a person meets (DynamoDB Local + SQS emulator, through HTTP): a browser following a dead short link
 * gets a page, every other client the contract's JSON; /docs/ works like /docs; a click without a user agent
 * is a bot's; a user's statistics have its referrers.
 */
describe('pages for people, and counting rules (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };
  let link: Url;
  const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  beforeAll(async () => {
    service = await sharedTestService();
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'people', email: 'people@example.com' })).body;
    link = (await api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://people.example/' })).body;
  });
  afterAll(() => service.stop());

  it('shows a browser a page for an unknown short link, with the same 404 and message', async () => {
    for (const path of ['/zzzzzz', '/urls/zzzzzz/redirect', '/zzzzzz+']) {
      const response = await api.get(path, { Accept: browser });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.text).toContain('<h1>URL not found</h1>');
    }
    // Whitespace around the `;` of a media range, as HTTP allows it.
    for (const accept of ['text/html ;q=0.8, application/json;q=0.7', 'text/html ; level=1, application/json ;q=0.9']) {
      expect((await api.get('/zzzzzz', { Accept: accept })).headers.get('content-type')).toContain('text/html');
    }
  });

  it('shows a browser a page for an inactive link too', async () => {
    const inactive = (await api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://off.example/' })).body;
    await api.put(`/urls/${inactive.id}`, { is_active: false });
    const response = await api.get(`/${inactive.short_code}`, { Accept: browser });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
  });

  it('answers every other client with the JSON of the contract, unchanged', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html;q=0.5']) {
      const response = await api.get('/zzzzzz', accept === undefined ? {} : { Accept: accept });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.body).toEqual({ detail: 'URL not found' });
    }
  });

  it('serves the API reference at /docs/ as at /docs, its files found from either', async () => {
    for (const path of ['/docs', '/docs/']) {
      const response = await api.get(path);
      expect(response.status).toBe(200);
      expect(response.text).toContain('<base href="/">');
      expect(response.text).toContain('src="docs/swagger-ui-bundle.js"');
    }
    expect((await api.get('/docs/swagger-initializer.js')).status).toBe(200);
  });

  it('counts a click without a User-Agent as a bot, and no visitor', async () => {
    const quiet = (await api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://quiet.example/' })).body;
    await fetch(`${service.url}/${quiet.short_code}`, { redirect: 'manual', headers: { 'User-Agent': '' } });
    type Totals = { totals: { clicks: number; bot_clicks: number; unique_visitors: number } };
    const stats = await eventually(async () => {
      const body = (await api.get<Totals>(`/urls/${quiet.id}/stats`)).body;
      return body.totals.clicks === 1 ? body : undefined;
    });
    expect(stats.totals).toMatchObject({ clicks: 1, bot_clicks: 1, unique_visitors: 0 });
    const [click] = (
      await api.get<{ details: Record<string, unknown> }[]>(`/events?url_id=${quiet.id}&event_type=click`)
    ).body;
    expect(click?.details.user_agent).toBeUndefined();
  });

  it("lists a user's referrers, as a link's statistics do", async () => {
    await api.get(`/${link.short_code}`, {
      Referer: 'https://news.example/a',
      'User-Agent': 'Mozilla/5.0 Firefox/130.0',
    });
    type Stats = { referrers?: { name: string; clicks: number }[] };
    const stats = await eventually(async () => {
      const body = (await api.get<Stats>(`/users/${owner.id}/stats`)).body;
      return body.referrers?.some((entry) => entry.name === 'news.example') ? body : undefined;
    });
    expect(stats.referrers).toContainEqual({ name: 'news.example', clicks: 1 });
  });
});
