import { readFileSync } from 'node:fs';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { type LoadedRoute, type LocalGateway, matchRoute, startGateway } from '../../local/gateway.js';
import { useServiceConfig } from '../../shared/config.js';
import type { RouteDefinition } from '../../shared/routes.js';
import { httpClient } from '../support/service.js';

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

/** Sockets listening on a TCP port of this machine, from the kernel's tables. */
function listeningSockets(port: number): number {
  const LISTEN = '0A';
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((table) => readFileSync(table, 'utf8').split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter(([, local, , state]) => local?.endsWith(`:${portHex}`) && state === LISTEN).length;
}
