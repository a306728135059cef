import { httpClient, startTestService, type TestService } from '../support/service.js';

interface Url {
  id: number;
  short_code: string;
  original_url: string;
}
type LinkResult = { status: number; url?: Url; detail?: unknown };

/** POST /urls/bulk through HTTP against DynamoDB Local and the SQS emulator (docs/decisions.md, "Links in bulk"). */
describe('links in bulk (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };
  let sequence = 0;
  const tag = () => `k${++sequence}${Date.now().toString(36)}`;

  beforeAll(async () => {
    // Room for the 1,000 links and, on a slow machine, up to five more tries of those not attempted: the limit
    // is the subject of the file's last describe, not of this one.
    service = await startTestService({ rateLimits: { createLinksPerMinute: 10_000 } });
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'bulky', email: 'bulky@example.com' })).body;
  });
  afterAll(() => service.stop());

  const createLinks = (links: unknown[], headers: Record<string, string> = {}) =>
    api.request<{ results: LinkResult[] }>('POST', '/urls/bulk', { links }, { headers });

  it('creates 1,000 links in one request, each as POST /urls would, with a created event each', async () => {
    const t = tag();
    const links = Array.from({ length: 1_000 }, (_, i) => ({
      user_id: owner.id,
      original_url: `https://bulk.example/${t}/${i}`,
    }));
    const sends = async () =>
      (await service.iam.calls())
        .filter((call) => call.function === 'PostUrlsBulk' && call.action === 'sqs:SendMessage')
        .reduce((sum, call) => sum + call.count, 0);
    const sentBefore = await sends();
    const { status, body } = await createLinks(links);
    expect(status).toBe(207);
    expect(body.results).toHaveLength(1_000);
    // The created events went to the queue ten a request (SendMessageBatch, which IAM checks as sqs:SendMessage;
    // a request the SDK tried again on a busy machine is checked again).
    const createdAtOnce = body.results.filter((result) => result.status === 201).length;
    const sent = (await sends()) - sentBefore;
    expect(sent).toBeGreaterThanOrEqual(Math.ceil(createdAtOnce / 10));
    expect(sent).toBeLessThan(createdAtOnce / 5);
    // A machine busy with other test files may leave links for which the request had no time: each says so
    // (503), and is sent again, as a client would.
    for (let attempt = 0; attempt < 5; attempt++) {
      const left = [...body.results.keys()].filter((i) => body.results[i]?.status === 503);
      if (left.length === 0) break;
      for (const i of left) expect(body.results[i]?.detail).toMatch(/^Not attempted/);
      const again = await createLinks(left.map((i) => links[i]));
      expect(again.status).toBe(207);
      left.forEach((linkIndex, position) => {
        body.results[linkIndex] = again.body.results[position] as LinkResult;
      });
    }
    expect(body.results.every((result) => result.status === 201)).toBe(true);
    // In order, and each one stored.
    expect(body.results.map((result) => result.url?.original_url)).toEqual(links.map((link) => link.original_url));
    expect(new Set(body.results.map((result) => result.url?.short_code)).size).toBe(1_000);
    const last = body.results[999]?.url as Url;
    expect((await api.get<Url>(`/urls/${last.id}`)).body).toMatchObject({ short_code: last.short_code });
    expect(await service.settled(60_000)).toBe(true);
    const created = await api.get<unknown[]>(`/events?user_id=${owner.id}&event_type=created&limit=1000`);
    expect(created.body.length).toBe(1_000);
  }, 180_000);

  it('refuses each bad link on its own, with the status and detail POST /urls gives the same body', async () => {
    const t = tag();
    await api.post('/urls', { user_id: owner.id, original_url: 'https://taken.example/', short_code: `taken-${t}` });
    const links: unknown[] = [
      { user_id: owner.id, original_url: `https://good.example/${t}` },
      { user_id: owner.id, original_url: 'not a url' },
      { user_id: owner.id, original_url: 'https://x.example/', short_code: `taken-${t}` },
      { user_id: 999_999, original_url: 'https://nobody.example/' },
      { original_url: 'https://no-owner.example/' },
      { user_id: owner.id, original_url: 'https://x.example/', colour: 'blue' },
      'not an object',
      { user_id: owner.id, original_url: `https://good.example/${t}/2`, short_code: `fresh-${t}` },
    ];
    const { status, body } = await createLinks(links);
    expect(status).toBe(207);
    expect(body.results.map((result) => result.status)).toEqual([201, 422, 400, 404, 422, 422, 422, 201]);
    // Each refusal is exactly POST /urls's for that body.
    for (const [index, link] of links.entries()) {
      const result = body.results[index] as LinkResult;
      if (result.status === 201) continue;
      const single =
        typeof link === 'string'
          ? await api.request('POST', '/urls', undefined, { raw: JSON.stringify(link) })
          : await api.post('/urls', link);
      expect({ index, status: result.status, detail: result.detail }).toEqual({
        index,
        status: single.status,
        detail: (single.body as { detail: unknown }).detail,
      });
    }
  }, 60_000);

  it('gives a short code asked for by many links of one request to the first of them, as requests sent in order would', async () => {
    const t = tag();
    const links = Array.from({ length: 40 }, (_, i) => ({
      user_id: owner.id,
      original_url: `https://race.example/${i}`,
      short_code: `race-${t}`,
    }));
    const { body } = await createLinks(links);
    expect(body.results.map((result) => result.status)).toEqual([201, ...Array.from({ length: 39 }, () => 400)]);
    expect(body.results[0]?.url?.original_url).toBe('https://race.example/0');
    // The first that can have it gets it: one refused for another reason passes it on.
    const after = await createLinks([
      { user_id: 999_999, original_url: 'https://race.example/nobody', short_code: `next-${t}` },
      { user_id: owner.id, original_url: 'https://race.example/next', short_code: `next-${t}` },
    ]);
    expect(after.body.results.map((result) => result.status)).toEqual([404, 201]);
    for (const result of body.results.filter((candidate) => candidate.status === 400)) {
      expect(result.detail).toBe('Short code already in use');
    }
  }, 60_000);

  it.each([
    ['no links', {}],
    ['links not a list', { links: 'x' }],
    ['an empty list', { links: [] }],
    ['1,001 links', { links: Array.from({ length: 1_001 }, () => ({})) }],
  ])('refuses %s with 422 at ["body", "links"]', async (_, body) => {
    const response = await api.post<{ detail: { loc: unknown[] }[] }>('/urls/bulk', body);
    expect(response.status).toBe(422);
    expect(response.body.detail[0]?.loc).toEqual(['body', 'links']);
  });

  it('answers a repeated request with the same Idempotency-Key as the first, and creates nothing more', async () => {
    const t = tag();
    const own = (await api.post<{ id: number }>('/users', { username: `once${t}`, email: `once${t}@example.com` }))
      .body;
    const links = Array.from({ length: 5 }, (_, i) => ({
      user_id: own.id,
      original_url: `https://once.example/${t}/${i}`,
    }));
    const headers = { 'Idempotency-Key': `bulk-${t}` };
    const first = await createLinks(links, headers);
    const again = await createLinks(links, headers);
    expect(first.status).toBe(207);
    expect(again).toMatchObject({ status: 207, body: first.body });
    const listed = await api.get<Url[]>(`/urls?user_id=${links[0]?.user_id}&limit=1000`);
    expect(listed.body.filter((url) => url.original_url.startsWith(`https://once.example/${t}/`))).toHaveLength(5);
  }, 60_000);
});

describe('links in bulk count each link against the link-creation rate limit (local gateway)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    service = await startTestService({ rateLimits: { createLinksPerMinute: 5 } });
    api = httpClient(service.url);
  });
  afterAll(() => service.stop());

  it('lets 3 links in, then refuses 3 more with 429 while 2 are left, then takes 2 one by one', async () => {
    const owner = (await api.post<{ id: number }>('/users', { username: 'rated', email: 'rated@example.com' })).body;
    const link = (i: number) => ({ user_id: owner.id, original_url: `https://rated.example/${i}` });
    expect((await api.post('/urls/bulk', { links: [link(1), link(2), link(3)] })).status).toBe(207);
    const refused = await api.post('/urls/bulk', { links: [link(4), link(5), link(6)] });
    expect(refused).toMatchObject({ status: 429, body: { detail: 'Too Many Requests' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api.post('/urls', link(4))).status).toBe(201);
    expect((await api.post('/urls/bulk', { links: [link(5)] })).status).toBe(207);
    expect((await api.post('/urls', link(6))).status).toBe(429);
  }, 60_000);
});
