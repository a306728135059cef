import { httpClient, startTestService, type TestService } from '../support/service.js';

/** The cursor extension: `Link: <...>; rel="next"` on full pages, alongside skip/limit and page/per_page. */
describe('cursor pagination (DynamoDB Local, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };
  let urlIds: number[];

  const nextOf = (link: string | null) => (link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined);

  /** Follows next links from `first`, collecting ids and counting pages. */
  async function walk(first: string): Promise<{ ids: number[]; pages: number }> {
    const ids: number[] = [];
    let pages = 0;
    for (let path: string | undefined = first; path; pages++) {
      const response: { status: number; body: { id: number }[]; headers: Headers } =
        await api.get<{ id: number }[]>(path);
      expect(response.status).toBe(200);
      ids.push(...response.body.map((record) => record.id));
      path = nextOf(response.headers.get('link'));
    }
    return { ids, pages };
  }

  beforeAll(async () => {
    service = await startTestService({ pollerConcurrency: 0 });
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'walker', email: 'walker@example.com' })).body;
    urlIds = [];
    for (let i = 0; i < 25; i++) {
      const url = (
        await api.post<{ id: number }>('/urls', { user_id: owner.id, original_url: `https://w.example/${i}` })
      ).body;
      urlIds.push(url.id);
      await api.post('/events', { url_id: url.id, user_id: owner.id, event_type: 'walk' });
    }
  });
  afterAll(() => service.stop());

  it('walks all URLs of a user in order through next links, and a short last page has no link', async () => {
    const { ids, pages } = await walk(`/urls?user_id=${owner.id}&limit=10`);
    expect(ids).toEqual(urlIds);
    expect(pages).toBe(3);
  });

  it('keeps the filters in the next link and drops the offset', async () => {
    const response = await api.get(`/events?event_type=walk&skip=5&limit=10`);
    const next = nextOf(response.headers.get('link'));
    expect(next).toMatch(/^\/events\?event_type=walk&limit=10&cursor=/);
    const { ids } = await walk('/events?event_type=walk&limit=7');
    expect(ids).toHaveLength(25);
  });

  it('walks users with per_page', async () => {
    for (let i = 0; i < 4; i++) await api.post('/users', { username: `w${i}`, email: `w${i}@example.com` });
    const { ids, pages } = await walk('/users?per_page=2');
    expect(ids).toHaveLength(5);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(pages).toBe(3);
  });

  it('rejects a forged cursor, or one from another list, with 422 at ["query", "cursor"]', async () => {
    const fromUrls = nextOf((await api.get('/urls?limit=1')).headers.get('link')) ?? '';
    const cursor = new URLSearchParams(fromUrls.split('?')[1]).get('cursor');
    for (const path of [
      '/urls?cursor=not-a-cursor',
      `/events?cursor=${cursor}`,
      `/urls?user_id=999&cursor=${cursor}`,
    ]) {
      const response = await api.get<{ detail: { loc: string[] }[] }>(path);
      expect(response.status).toBe(422);
      expect(response.body.detail[0]?.loc).toEqual(['query', 'cursor']);
    }
  });
});
