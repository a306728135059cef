import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { shortLinkRoute } from '../../lib/edge-paths.js';
import { routeName } from '../../shared/api/routes.js';
import type { EventRecord as Event, PublicUrlRecord as Url } from '../../shared/domain/records.js';
import { clientAddress } from '../../shared/http/headers.js';
import { httpClient, queueDrained, sharedTestService, type TestService } from '../support/service.js';

/** A function URL's event (payload format 2.0) as Lambda hands it over, for what the test changes. */
function functionUrlEvent(
  overrides: { method?: string; rawPath?: string; rawQueryString?: string; headers?: Record<string, string> } = {},
): APIGatewayProxyEventV2 {
  const method = overrides.method ?? 'GET';
  const rawPath = overrides.rawPath ?? '/aB3xY9';
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: overrides.rawQueryString ?? '',
    headers: { host: 'abc.lambda-url.eu-west-1.on.aws', ...overrides.headers },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc',
      domainName: 'abc.lambda-url.eu-west-1.on.aws',
      domainPrefix: 'abc',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent: 'probe' },
      requestId: 'b7e0a2c4-0000-4000-8000-000000000001',
      routeKey: '$default',
      stage: '$default',
      time: '12/Mar/2026:19:03:58 +0000',
      timeEpoch: 1_773_342_238_000,
    },
    isBase64Encoded: false,
  };
}

const lambdaContext = { getRemainingTimeInMillis: () => 10_000 } as Context;

/**
 * The short links `/<code>` through the redirect function's URL, as CloudFront's default behaviour sends them
 * (DynamoDB Local + SQS emulator, through HTTP): the local gateway hands them to the function as function URL
 * events, and the same function still serves the API's redirect route. A few answers that only a direct call
 * can reach (a method the edge answers first) are asked of the handler itself.
 */
describe('short links by the function URL (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };
  /** The redirect's handler in this process, configured as the service's, for what the edge never lets through. */
  let handler: typeof import('../../functions/urls/redirect.js')['handler'];
  let sequence = 0;
  const redirects = async () => (await service.invocations()).get(routeName(shortLinkRoute)) ?? 0;

  const created = async (body: Record<string, unknown> = {}) => {
    const response = await api.post<Url>('/urls', {
      user_id: owner.id,
      original_url: `https://example.com/${++sequence}`,
      ...body,
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const eventTypesOf = async (urlId: number) => {
    await queueDrained(service);
    return (await api.get<Event[]>(`/events?url_id=${urlId}`)).body.map((event) => event.event_type).sort();
  };

  beforeAll(async () => {
    service = await sharedTestService();
    (await import('../../shared/platform/config.js')).useServiceConfig({
      ...process.env,
      TABLE_NAME: service.tableName,
    });
    ({ handler } = await import('../../functions/urls/redirect.js'));
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'fu', email: 'fu@example.com' })).body;
  });
  afterAll(() => service.stop());

  it('redirects /<code> from the same function as /urls/{code}/redirect, one invocation each', async () => {
    const link = await created();
    const before = await redirects();
    const response = await api.get(`/${link.short_code}`, { 'User-Agent': 'Mozilla/5.0 Firefox/140.0' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(link.original_url);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api.get(`/urls/${link.short_code}/redirect`)).status).toBe(302);
    expect(await redirects()).toBe(before + 2);
    expect(await eventTypesOf(link.id)).toEqual(['click', 'click', 'created']);
  });

  it("answers any other path 404 in the contract's JSON, from the function (the API's paths never reach it)", async () => {
    // Not `/`: the home page's route (test/integration/home-page.test.ts), which answers other clients the same 404.
    for (const path of ['/nope/deeper', '/Health', '/URLS', '/ab', `/${'x'.repeat(65)}`]) {
      const before = await redirects();
      const response = await api.get(path);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 404,
        body: { detail: 'Not Found' },
      });
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await redirects()).toBe(before + 1);
    }
    // An unknown code in its short form is an unknown page; a generated code's shape keeps "URL not found".
    expect((await api.get('/no-such-link')).body).toEqual({ detail: 'Not Found' });
    expect((await api.get('/zzzzzz')).body).toEqual({ detail: 'URL not found' });
    expect((await api.get('/urls/no-such-link/redirect')).body).toEqual({ detail: 'URL not found' });
  });

  it('answers another method 405 with Allow: at the edge, and the function itself for whatever reaches it', async () => {
    const link = await created();
    const before = await redirects();
    const posted = await api.request('POST', `/${link.short_code}`, { a: 1 });
    expect(posted.status).toBe(405);
    expect(posted.body).toEqual({ detail: 'Method Not Allowed' });
    expect(posted.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await redirects()).toBe(before);
    const direct = (await handler(
      functionUrlEvent({ method: 'DELETE', rawPath: `/${link.short_code}` }),
      lambdaContext,
    )) as APIGatewayProxyStructuredResultV2;
    expect(direct).toMatchObject({
      statusCode: 405,
      headers: {
        Allow: 'GET, HEAD, OPTIONS',
        'Content-Type': 'application/json',
        'X-Request-Id': 'b7e0a2c4-0000-4000-8000-000000000001',
        'X-Content-Type-Options': 'nosniff',
      },
    });
    expect(JSON.parse(String(direct.body))).toEqual({ detail: 'Method Not Allowed' });
    // A path that is none of the function's is 404 whatever the method, as API Gateway answers.
    const elsewhere = (await handler(
      functionUrlEvent({ method: 'DELETE', rawPath: '/a/b' }),
      lambdaContext,
    )) as APIGatewayProxyStructuredResultV2;
    expect(elsewhere.statusCode).toBe(404);
  });

  it('answers the CORS preflight of a short link, as API Gateway answered its route', async () => {
    const link = await created();
    const preflight = await api.request('OPTIONS', `/${link.short_code}`, undefined, {
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });

  it('answers HEAD like GET, without a body and without a click', async () => {
    const link = await created();
    const response = await api.request('HEAD', `/${link.short_code}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(link.original_url);
    expect(response.text).toBe('');
    expect((await api.request('HEAD', '/nope/deeper')).text).toBe('');
    expect(await eventTypesOf(link.id)).toEqual(['created']);
  });

  it('forwards the query as it was sent: repeated names, commas and encoded characters in values', async () => {
    const link = await created({ original_url: 'https://e.com/p?k=0#top', forward_query: true });
    const response = await api.get(`/${link.short_code}?a=1&b=2&a=3&tag=x,y&q=%C3%A4%20b&plus=1+2`);
    // Grouped by name in their order, each value encoded again (URLSearchParams: `+` is a space).
    expect(response.headers.get('location')).toBe(
      'https://e.com/p?k=0&a=1&a=3&b=2&tag=x%2Cy&q=%C3%A4%20b&plus=1%202#top',
    );
    const same = await api.get(`/urls/${link.short_code}/redirect?a=1&b=2&a=3&tag=x,y&q=%C3%A4%20b&plus=1+2`);
    expect(same.headers.get('location')).toBe(response.headers.get('location'));
  });

  it('answers a browser a small HTML page, with the same status, and every other client JSON', async () => {
    const page = await api.get('/no-such-link', { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.text).toContain('<h1>Not Found</h1>');
    const ended = await created({ max_clicks: 1 });
    expect((await api.get(`/${ended.short_code}`)).status).toBe(302);
    await queueDrained(service);
    const gone = await api.get(`/${ended.short_code}`, { Accept: 'text/html' });
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('<h1>Link expired</h1>');
    expect((await api.get(`/${ended.short_code}`, { Accept: 'application/json' })).body).toEqual({
      detail: 'Link expired',
    });
  });

  it("reads the viewer's address from CloudFront-Viewer-Address, else from the function URL's caller", () => {
    expect(clientAddress(functionUrlEvent({ headers: { 'cloudfront-viewer-address': '[2001:db8::1]:443' } }))).toBe(
      '2001:db8::1',
    );
    expect(clientAddress(functionUrlEvent({ headers: { 'cloudfront-viewer-address': '203.0.113.9:5123' } }))).toBe(
      '203.0.113.9',
    );
    expect(clientAddress(functionUrlEvent())).toBe('198.51.100.7');
  });
});
