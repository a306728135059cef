import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2,
  APIGatewayProxyResult,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { type LoadedRoute, type LocalGateway, matchRoute, startGateway } from '../../local/gateway.js';
import type { RouteDefinition } from '../../shared/api/routes.js';
import { useServiceConfig } from '../../shared/platform/config.js';
import { metricsSnapshot } from '../../shared/platform/metrics.js';
import { captureLogs, httpClient } from '../support/service.js';

/**
 * The local gateway on its own (loopback HTTP, no DynamoDB): each route's function echoes the REST proxy
 * event it was given, so the test sees exactly what a deployed function would read.
 */

type Echo = {
  route: string;
  event: APIGatewayProxyEvent;
  context: Pick<Context, 'awsRequestId'> & { remaining: number };
};

function echoRoute(method: RouteDefinition['method'], path: string): LoadedRoute {
  return {
    method,
    path,
    handler: 'test',
    table: 'none',
    access: 'open',
    sendsEvents: false,
    profile: 'standard',
    summary: 'Echoes the request',
    success: { status: 200, description: 'The request as the function saw it', record: 'Health' },
    segments: path.split('/').filter(Boolean),
    invoke: async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => ({
      statusCode: 200,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        route: `${method} ${path}`,
        event,
        context: { awsRequestId: context.awsRequestId, remaining: context.getRemainingTimeInMillis() },
      } satisfies Echo),
    }),
  };
}

const routes = [
  echoRoute('GET', '/urls'),
  echoRoute('GET', '/urls/{id}'),
  echoRoute('PUT', '/urls/{id}'),
  echoRoute('GET', '/urls/{id}/redirect'),
  echoRoute('GET', '/urls/special'),
  echoRoute('POST', '/users/bulk'),
  echoRoute('GET', '/users/{id}'),
];

describe('matchRoute (API Gateway precedence)', () => {
  it('prefers a literal segment over a {param} at the same level', () => {
    const match = matchRoute(routes, 'GET', '/urls/special');
    expect(match.kind === 'found' && match.route.path).toBe('/urls/special');
  });

  it('binds a {param} and decodes it', () => {
    const match = matchRoute(routes, 'GET', '/urls/a%20b');
    expect(match).toMatchObject({ kind: 'found', pathParameters: { id: 'a b' } });
  });

  it('matches by segment count, so /urls/{id}/redirect is not /urls/{id}', () => {
    const match = matchRoute(routes, 'GET', '/urls/Ab3dE9/redirect');
    expect(match).toMatchObject({
      kind: 'found',
      route: { path: '/urls/{id}/redirect' },
      pathParameters: { id: 'Ab3dE9' },
    });
  });

  it('picks the resource first, then the method: GET on /users/bulk is a wrong method, not /users/{id}', () => {
    expect(matchRoute(routes, 'GET', '/users/bulk')).toEqual({ kind: 'no-method', allowed: ['POST', 'OPTIONS'] });
  });

  it('reports no resource for unknown paths and lists allowed methods otherwise', () => {
    expect(matchRoute(routes, 'GET', '/nope')).toEqual({ kind: 'no-resource' });
    expect(matchRoute(routes, 'DELETE', '/urls/1')).toEqual({
      kind: 'no-method',
      allowed: ['GET', 'PUT', 'HEAD', 'OPTIONS'],
    });
  });
});

describe('local gateway over HTTP (no DynamoDB)', () => {
  let gateway: LocalGateway;
  let api: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    // The gateway answers with the functions' CORS settings and logs through their logger: a table is named, never used.
    useServiceConfig({ ...process.env, TABLE_NAME: 'gateway-test' });
    gateway = await startGateway(routes, { port: 0, host: '127.0.0.1', runtime: 'gateway-test' });
    api = httpClient(gateway.url, { checkOpenApi: false });
  });
  afterAll(() => gateway.close());

  it('hands the function a REST proxy event with the fields handlers read', async () => {
    const response = await api.request<Echo>('PUT', '/urls/42?x=1&x=2&y=%C3%A9', undefined, {
      raw: '{"title":"t"}',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'jest-probe', Referer: 'https://ref.example/' },
    });
    const { event, context } = response.body;
    expect(event).toMatchObject({
      resource: '/urls/{id}',
      path: '/urls/42',
      httpMethod: 'PUT',
      pathParameters: { id: '42' },
      queryStringParameters: { x: '2', y: 'é' },
      multiValueQueryStringParameters: { x: ['1', '2'], y: ['é'] },
      stageVariables: null,
      body: '{"title":"t"}',
      isBase64Encoded: false,
      requestContext: { httpMethod: 'PUT', resourcePath: '/urls/{id}', stage: 'local' },
    });
    expect(event.headers['User-Agent']).toBe('jest-probe');
    expect(event.multiValueHeaders.Referer).toEqual(['https://ref.example/']);
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.requestContext.identity.sourceIp).toBeTruthy();
    expect(context.awsRequestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(context.remaining).toBeGreaterThan(28_000);
  });

  it('passes no query and no body as null, as API Gateway does', async () => {
    const { event } = (await api.get<Echo>('/urls')).body;
    expect(event.queryStringParameters).toBeNull();
    expect(event.multiValueQueryStringParameters).toBeNull();
    expect(event.pathParameters).toBeNull();
    expect(event.body).toBeNull();
  });

  it('base64-encodes multipart/form-data bodies (a binary media type) byte for byte', async () => {
    const form = new FormData();
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x75, 0x0d, 0x0a, 0xff, 0x00]);
    form.append('file', new Blob([bytes], { type: 'text/csv' }), 'users.csv');
    const response = await fetch(`${gateway.url}/users/bulk`, { method: 'POST', body: form });
    const { event } = (await response.json()) as Echo;
    expect(event.isBase64Encoded).toBe(true);
    const raw = Buffer.from(event.body ?? '', 'base64');
    expect(raw.includes(bytes)).toBe(true);
    expect(event.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('answers unknown routes 404 and wrong methods 405 in the contract JSON', async () => {
    const missing = await api.get('/nope/deeper');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Not Found' });
    const wrong = await api.request('DELETE', '/urls/1');
    expect(wrong.status).toBe(405);
    expect(wrong.body).toEqual({ detail: 'Method Not Allowed' });
    expect(wrong.headers.get('allow')).toBe('GET, PUT, HEAD, OPTIONS');
  });

  it("answers a body over API Gateway's 10 MB limit 413 in the contract JSON", async () => {
    const response = await api.request('PUT', '/urls/1', undefined, { raw: 'x'.repeat(10 * 1024 * 1024 + 1) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'Request body too large' });
  });

  /** One raw HTTP/1.1 exchange, for what fetch will not send (a Host of one's choice, a malformed request). */
  const rawExchange = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(gateway.port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  const statusOf = (answer: string) => Number(answer.split(' ')[1]);
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

  /** A GET with the Host header given, which fetch cannot choose. */
  const getWithHost = (path: string, host: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      httpRequest(`${gateway.url}${path}`, { headers: { ...headers, Host: host } }, (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      })
        .on('error', reject)
        .end();
    });

  describe('on loopback, answers only the Host names of its own (DNS rebinding)', () => {
    it.each(['localhost', 'LOCALHOST:3000', '127.0.0.1', '[::1]:3000'])('answers Host %p', async (host) => {
      expect((await getWithHost('/urls', host)).status).toBe(200);
    });

    it.each(['attacker.example', 'attacker.example:3000', 'localhost.attacker.example', '127.0.0.1.nip.io'])(
      'answers Host %p 421 "Misdirected Request"',
      async (host) => {
        const response = await getWithHost('/urls', host);
        expect(response).toEqual({ status: 421, body: { detail: 'Misdirected Request' } });
      },
    );

    it('answers any Host once HOST opens it to other machines', async () => {
      const open = await startGateway(routes, { port: 0, host: '0.0.0.0', runtime: 'gateway-test' });
      try {
        const status = await new Promise<number>((resolve, reject) => {
          httpRequest(`http://127.0.0.1:${open.port}/urls`, { headers: { Host: 'shortener.internal' } }, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          })
            .on('error', reject)
            .end();
        });
        expect(status).toBe(200);
      } finally {
        await open.close();
      }
    });
  });

  it('answers headers too large 431 and a malformed request 400, in the contract JSON', async () => {
    const tooLarge = await rawExchange(`GET /urls HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`);
    expect(statusOf(tooLarge)).toBe(431);
    expect(tooLarge).toMatch(/content-type: application\/json/i);
    expect(bodyOf(tooLarge)).toEqual({ detail: expect.any(String) });
    const longUrl = await rawExchange(`GET /urls?${'q'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(statusOf(longUrl)).toBe(431);
    const malformed = await rawExchange('GET /urls HTTP/1.1\r\nHost localhost\r\n\r\n');
    expect(statusOf(malformed)).toBe(400);
    expect(bodyOf(malformed)).toEqual({ detail: expect.any(String) });
  });

  it('reads `//` and `/\\` as paths, and answers a target that is no path and a request without Host 400, in JSON', async () => {
    const exchange = (requestLine: string, host = 'Host: localhost\r\n') =>
      rawExchange(`${requestLine}\r\n${host}Connection: close\r\n\r\n`);
    for (const path of ['//', '/\\', '///', '//a:99999', '//%', '//@']) {
      const answer = await exchange(`GET ${path} HTTP/1.1`);
      expect([path, statusOf(answer), bodyOf(answer)]).toEqual([path, 404, { detail: 'Not Found' }]);
    }
    const notPaths = [
      await exchange('OPTIONS * HTTP/1.1'),
      await exchange('GET file:///etc/passwd HTTP/1.1'),
      await exchange('GET /urls HTTP/1.1', ''),
    ];
    for (const answer of notPaths) {
      expect(statusOf(answer)).toBe(400);
      expect(answer).toMatch(/content-type: application\/json/i);
      expect(bodyOf(answer)).toEqual({ detail: 'Malformed request' });
    }
    // The absolute form a proxy sends is a request target too.
    expect(statusOf(await exchange(`GET ${gateway.url}/urls HTTP/1.1`))).toBe(200);
    expect((await api.get('/urls')).status).toBe(200);
  });

  it('answers 502 in the contract JSON when a function throws past its error policy, and serves on', async () => {
    const failing: LoadedRoute = {
      ...echoRoute('GET', '/users/{id}'),
      invoke: async () => {
        throw new Error('injected: a handler without its error policy');
      },
    };
    const broken = await startGateway([failing], { port: 0, host: '127.0.0.1', runtime: 'gateway-test' });
    try {
      const client = httpClient(broken.url, { checkOpenApi: false });
      const { result } = await captureLogs(() => client.get('/users/1'));
      expect([result.status, result.body]).toEqual([502, { detail: 'Bad Gateway' }]);
      expect((await client.get('/users/2')).status).toBe(502);
    } finally {
      await broken.close();
    }
  });

  it('drops the headers a client could forge that CloudFront sets, and sets them from the connection', async () => {
    const forged = {
      'X-Forwarded-For': '203.0.113.7',
      'X-Viewer-Host': 'evil.example',
      'CloudFront-Viewer-Address': '203.0.113.7:443',
      'CloudFront-Viewer-Country': 'KP',
      'X-Forwarded-Host': 'evil.example',
      Forwarded: 'for=203.0.113.7',
      'X-Short-Form': '1',
    };
    const { event } = (await api.get<Echo>('/urls', forged)).body;
    const sent = Object.entries(event.multiValueHeaders).map(([name, values]) => [name.toLowerCase(), values]);
    const headers = Object.fromEntries(sent) as Record<string, string[]>;
    expect(headers['x-forwarded-for']).toEqual(['127.0.0.1']);
    expect(headers['cloudfront-viewer-address']).toEqual([expect.stringMatching(/^127\.0\.0\.1:\d+$/)]);
    expect(headers['x-viewer-host']).toEqual([expect.stringMatching(/^127\.0\.0\.1:\d+$/)]);
    for (const name of ['cloudfront-viewer-country', 'x-forwarded-host', 'forwarded', 'x-short-form']) {
      expect(headers[name]).toBeUndefined();
    }
    expect(JSON.stringify(event)).not.toContain('203.0.113.7');
    expect(JSON.stringify(event)).not.toContain('evil.example');
  });

  it('passes each origin only the viewer headers its CloudFront policies list (lib/edge-headers.ts)', async () => {
    const sent = {
      Authorization: 'Bearer probe',
      'Accept-Language': 'de',
      'Accept-Encoding': 'br',
      'X-Custom': 'dropped',
      'Idempotency-Key': 'k-1',
      'User-Agent': 'jest-probe',
    };
    const namesOf = (headers: Record<string, unknown>) => Object.keys(headers).map((name) => name.toLowerCase());
    // The API: its ten headers, Authorization and Accept-Language (the cache policy's key), plus API Gateway's
    // and CloudFront's own.
    const api_ = namesOf((await api.get<Echo>('/urls', sent)).body.event.headers);
    expect(api_).toEqual(
      expect.arrayContaining(['authorization', 'accept-language', 'idempotency-key', 'user-agent', 'host']),
    );
    expect(api_).not.toContain('x-custom');
    expect(api_).not.toContain('accept-encoding');
    // API Gateway names itself in Host: CloudFront calls it by its own domain, not the viewer's.
    expect((await api.get<Echo>('/urls', sent)).body.event.headers.Host).toMatch(/\.execute-api\./);
  });

  it("sets on every answer the security headers CloudFront's response policy sets in AWS", async () => {
    for (const response of [await api.get('/urls'), await api.get('/nope')]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('takes an upload the client aborts for what it is: no error logged, no 5xx counted', async () => {
    const fiveHundreds = () => {
      const snapshot = metricsSnapshot() as { http_requests_total?: { series: { status: string; value: number }[] } };
      return (snapshot.http_requests_total?.series ?? [])
        .filter((entry) => entry.status.startsWith('5'))
        .reduce((sum, entry) => sum + entry.value, 0);
    };
    const before = fiveHundreds();
    const { lines } = await captureLogs(async () => {
      for (let i = 0; i < 5; i++) {
        await new Promise<void>((resolve) => {
          const socket = connect(gateway.port, '127.0.0.1', () => {
            socket.write(
              'POST /users/bulk HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\n' +
                'Content-Length: 100000\r\n\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n',
            );
            setTimeout(() => socket.destroy(), 50);
          });
          socket.on('close', () => resolve());
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(lines.filter((line) => /"level":\s*"?(ERROR|error|50)/.test(line))).toEqual([]);
    expect(fiveHundreds()).toBe(before);
  });

  // Linux only: /proc/net lists the sockets, and SO_REUSEPORT is what Node offers there.
  (process.platform === 'linux' ? it : it.skip)(
    'listens on many sockets of its one port, so that a busy gateway accepts a burst of new clients in a few turns of its loop, and closes them all',
    async () => {
      const other = await startGateway(routes, { port: 0, host: '127.0.0.1', runtime: 'gateway-test' });
      expect(listeningSockets(other.port)).toBeGreaterThanOrEqual(32);
      const answers = await Promise.all(
        // A fresh connection each: the burst of clients a load test starts with.
        Array.from({ length: 200 }, () => fetch(`${other.url}/urls`, { headers: { Connection: 'close' } })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(200));
      await other.close();
      expect(listeningSockets(other.port)).toBe(0);
    },
  );
});

describe('local gateway: CloudFront’s default behaviour, the function URL (no DynamoDB)', () => {
  let gateway: LocalGateway;
  let api: ReturnType<typeof httpClient>;
  /** The redirect's route whose function also answers its function URL, echoing either event. */
  const shortLinks: LoadedRoute = {
    ...echoRoute('GET', '/urls/{id}/redirect'),
    handler: 'functions/urls/redirect.ts',
    invokeUrl: async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => ({
      statusCode: 200,
      headers: { 'Content-Type': 'application/json' },
      cookies: ['seen=1; Path=/'],
      body: JSON.stringify({ route: 'function URL', event }),
    }),
  };
  type UrlEcho = { route: string; event: APIGatewayProxyEventV2 };

  beforeAll(async () => {
    useServiceConfig({ ...process.env, TABLE_NAME: 'gateway-test' });
    gateway = await startGateway(
      [...routes, shortLinks, echoRoute('GET', '/urls/{id}/stats-page'), echoRoute('GET', '/')],
      {
        port: 0,
        host: '127.0.0.1',
        runtime: 'gateway-test',
      },
    );
    api = httpClient(gateway.url, { checkOpenApi: false });
  });
  afterAll(() => gateway.close());

  it('hands /<code> to the function as its function URL event (payload 2.0), as AWS builds it', async () => {
    const response = await api.request<UrlEcho>('GET', '/aB3xY9?x=1&x=2&y=%C3%A9&tag=a,b', undefined, {
      headers: {
        'User-Agent': 'jest-probe',
        Referer: 'https://ref.example/',
        Cookie: 'a=1; b=2',
        'CloudFront-Viewer-Country': 'KP',
      },
    });
    expect(response.body.route).toBe('function URL');
    const { event } = response.body;
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: '$default',
      rawPath: '/aB3xY9',
      rawQueryString: 'x=1&x=2&y=%C3%A9&tag=a,b',
      // Decoded, repeated names joined with commas (which a value may hold too: read rawQueryString).
      queryStringParameters: { x: '1,2', y: 'é', tag: 'a,b' },
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'GET', path: '/aB3xY9', protocol: 'HTTP/1.1', userAgent: 'jest-probe' },
        routeKey: '$default',
        stage: '$default',
      },
    });
    expect(event.body).toBeUndefined();
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.requestContext.http.sourceIp).toBeTruthy();
    expect(event.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
    // Lower-cased names; CloudFront names the function URL's host, never the viewer's.
    expect(event.headers['user-agent']).toBe('jest-probe');
    expect(event.headers.referer).toBe('https://ref.example/');
    expect(event.headers.host).toBe(event.requestContext.domainName);
    // Only what the short links' policy lists: no Authorization, no header of the viewer's own invention.
    const short = (
      await api.request<UrlEcho>('GET', '/aB3xY9', undefined, {
        headers: { Authorization: 'Bearer probe', 'X-Custom': 'dropped', 'Idempotency-Key': 'k-1' },
      })
    ).body.event.headers;
    for (const name of ['authorization', 'x-custom', 'idempotency-key', 'x-viewer-host'])
      expect(short[name]).toBeUndefined();
    expect(event.headers.cookie).toBeUndefined();
    // The short links' origin request policy passes no cookie.
    expect(event.cookies).toBeUndefined();
    // The edge's own headers: the viewer's address from the socket; a forged country dropped.
    expect(event.headers['cloudfront-viewer-address']).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(event.headers['cloudfront-viewer-country']).toBeUndefined();
    expect(response.headers.get('set-cookie')).toBe('seen=1; Path=/');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('sends every path no API behaviour takes to the function URL, the API paths and /<code>+ to the routes', async () => {
    for (const path of ['/spring-sale', '/nope/deeper', '/Urls', '/docs-guide']) {
      expect({ path, route: (await api.get<UrlEcho>(path)).body.route }).toEqual({ path, route: 'function URL' });
    }
    expect((await api.get<Echo>('/urls')).body.route).toBe('GET /urls');
    // The home page: `/` itself is a route of the API.
    expect((await api.get<Echo>('/')).body.route).toBe('GET /');
    expect((await api.get<Echo>('/urls/aB3xY9/redirect')).body.route).toBe('GET /urls/{id}/redirect');
    const page = (await api.get<Echo>('/aB3xY9+')).body;
    expect([page.route, page.event.path]).toEqual(['GET /urls/{id}/stats-page', '/urls/aB3xY9/stats-page']);
  });

  it("answers a short link's other methods at the edge (405, Allow), HEAD and OPTIONS going to the function", async () => {
    const before = (await api.get<UrlEcho>('/aB3xY9')).status;
    expect(before).toBe(200);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await api.request(method, '/aB3xY9', undefined, { raw: 'x' });
      expect(response.status).toBe(405);
      expect(response.body).toEqual({ detail: 'Method Not Allowed' });
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    }
    expect((await api.request<UrlEcho>('OPTIONS', '/aB3xY9')).body.event.requestContext.http.method).toBe('OPTIONS');
    expect((await api.request('HEAD', '/aB3xY9')).status).toBe(200);
  });
});

/** Sockets listening on a TCP port of this machine, from the kernel's tables. */
function listeningSockets(port: number): number {
  const LISTEN = '0A';
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((table) => readFileSync(table, 'utf8').split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter(([, local, , state]) => local?.endsWith(`:${portHex}`) && state === LISTEN).length;
}
