import { createClient, type UrlShortenerClient } from '../../clients/typescript/index.js';
import { expectDocumented, queueDrained, sharedTestService, type TestService } from '../support/service.js';

/**
 * The typed client (clients/typescript/) against a running service (DynamoDB Local + SQS emulator, through
 * HTTP): what a program using it does, each exchange also checked against the OpenAPI document.
 */
describe('typed TypeScript client against the service (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let client: UrlShortenerClient;

  /** fetch, with every exchange held to the OpenAPI document as the suite's own client does. */
  async function documentedFetch(request: Request): Promise<Response> {
    const requestBody = request.body ? await request.clone().text() : undefined;
    const response = await fetch(request, { redirect: 'manual' });
    const url = new URL(request.url);
    expectDocumented({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      requestContentType: request.headers.get('content-type') ?? undefined,
      requestHeaders: Object.fromEntries(request.headers),
      requestBody,
      status: response.status,
      responseHeaders: response.headers,
      responseText: await response.clone().text(),
    });
    return response;
  }

  beforeAll(async () => {
    service = await sharedTestService();
    client = createClient({ baseUrl: service.url, fetch: documentedFetch });
  });
  afterAll(() => service.stop());

  it('makes a user and a link, reads its statistics and a page of its events', async () => {
    const user = await client.POST('/users', { body: { username: 'ada', email: 'ada@example.com' } });
    expect(user.response.status).toBe(201);
    if (!user.data) throw new Error('no user');
    const link = await client.POST('/urls', {
      body: { user_id: user.data.id, original_url: 'https://example.com/client', title: 'From the client' },
    });
    expect(link.response.status).toBe(201);
    if (!link.data) throw new Error('no link');
    expect(link.data).toMatchObject({ user_id: user.data.id, title: 'From the client', is_active: true });

    const visit = await fetch(link.data.short_url, { redirect: 'manual' });
    expect(visit.status).toBe(302);
    await queueDrained(service);
    const stats = await client.GET('/urls/{id}/stats', { params: { path: { id: link.data.id } } });
    expect(stats.data?.totals.clicks).toBe(1);

    const firstPage = await client.GET('/events', { params: { query: { url_id: link.data.id, limit: 1 } } });
    expect(firstPage.data).toHaveLength(1);
    const next = /<([^>]+)>; rel="next"/.exec(firstPage.response.headers.get('link') ?? '')?.[1];
    const cursor = next && new URL(next, service.url).searchParams.get('cursor');
    if (!cursor) throw new Error('no next page');
    const secondPage = await client.GET('/events', { params: { query: { url_id: link.data.id, cursor } } });
    const types = [...(firstPage.data ?? []), ...(secondPage.data ?? [])].map((event) => event.event_type);
    expect(types.sort()).toEqual(['click', 'created']);
  });

  it('reads a 422 as a typed error, each wrong field named', async () => {
    const { data, error, response } = await client.POST('/urls', { body: { user_id: 1, original_url: 'not a url' } });
    expect(response.status).toBe(422);
    expect(data).toBeUndefined();
    const detail = error?.detail;
    if (!Array.isArray(detail)) throw new Error(`not a validation error: ${JSON.stringify(error)}`);
    expect(detail.map((issue) => issue.loc)).toEqual([['body', 'original_url']]);
  });

  it('reads any other error as a typed one with its sentence', async () => {
    const { error, response } = await client.GET('/urls/{id}', { params: { path: { id: 999_999 } } });
    expect(response.status).toBe(404);
    expect(error?.detail).toBe('URL not found');
  });
});
