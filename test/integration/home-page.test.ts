import { httpClient, sharedTestService, startTestService, type TestService } from '../support/service.js';

/**
 * The home page at `/` (DynamoDB Local + SQS emulator, through HTTP): a browser gets the page under a strict
 * Content-Security-Policy, with its files from the service; every other client gets the unknown route's JSON
 * 404, as before the page existed.
 */
describe('the home page, and what other clients of / get (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  beforeAll(async () => {
    service = await sharedTestService();
    api = httpClient(service.url);
  });
  afterAll(() => service.stop());

  it("answers a client that is not a browser 404 {detail: 'Not Found'}, in JSON, as an unknown route", async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html;q=0.5', 'text/plain']) {
      const response = await api.get('/', accept === undefined ? {} : { Accept: accept });
      expect({ accept, status: response.status, body: response.body }).toEqual({
        accept,
        status: 404,
        body: { detail: 'Not Found' },
      });
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('content-security-policy')).toBeNull();
    }
    const head = await api.request('HEAD', '/');
    expect([head.status, head.text]).toEqual([404, '']);
    // `/` is a path of the API now: another method is a 405, as on every other path.
    const post = await api.request('POST', '/', {});
    expect([post.status, post.body, post.headers.get('allow')]).toEqual([
      405,
      { detail: 'Method Not Allowed' },
      'GET, HEAD, OPTIONS',
    ]);
  });

  it('serves a browser the page, under a strict Content-Security-Policy, never cached', async () => {
    const response = await api.get('/', { Accept: browser });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const policy = Object.fromEntries(
      (response.headers.get('content-security-policy') ?? '').split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(policy).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self'",
      'connect-src': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // No inline script or style, and nothing from another origin.
    expect(response.text).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(response.text).not.toMatch(/<style|\sstyle=/);
    expect(response.text).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(response.text).toContain('<base href="/">');
    expect(response.text).toContain('src="home-page/home-page.js"');
    expect(response.text).toContain('data-auth="open"');
  });

  it('serves its script and stylesheet, and nothing else under its folder', async () => {
    const script = await api.get('/home-page/home-page.js');
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    const styles = await api.get('/home-page/home-page.css');
    expect([styles.status, styles.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
    expect(styles.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await api.get('/home-page/..%2Fpackage.json')).status).toBe(404);
    expect((await api.get('/home-page/stats-page.js')).status).toBe(404);
  });

  it("reserves the page's folder as a short code; / itself is no code", async () => {
    const user = (await api.post<{ id: number }>('/users', { username: 'home', email: 'home@example.com' })).body;
    const taken = await api.post<{ detail: { loc: string[]; msg: string }[] }>('/urls', {
      user_id: user.id,
      original_url: 'https://example.com/',
      short_code: 'home-page',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.detail[0]).toMatchObject({
      loc: ['body', 'short_code'],
      msg: 'Short code is reserved by the service',
    });
  });
});

describe('the home page in keys mode (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ functionSettings: { AUTH_MODE: 'keys' } });
  });
  afterAll(() => service.stop());

  it('is open to anyone, asks for the key on the page, and still answers other clients 404', async () => {
    const api = httpClient(service.url, { checkOpenApi: false });
    const page = await api.get('/', { Accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-auth="keys"');
    expect(page.text).toContain('id="key-form"');
    const other = await api.get('/');
    expect([other.status, other.body]).toEqual([404, { detail: 'Not Found' }]);
  });
});
