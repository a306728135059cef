import { readFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { routes } from '../../shared/api/routes.js';
import { buildOpenApiDocument } from '../../shared/openapi/document.js';
import { booleanWords } from '../../shared/schemas/primitives.js';
import { listUrlsQuery } from '../../shared/schemas/urls.js';

/** The OpenAPI description against the route table and the request schemas (no network). */
const document = buildOpenApiDocument();
const operationKeys = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
);
const routeKeys = routes.map((route) => `${route.method} ${route.path}`);

const operation = (method: string, path: string) => {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`no operation ${method} ${path}`);
  return found;
};
const parameter = (method: string, path: string, name: string) =>
  operation(method, path).parameters?.find((candidate) => candidate.name === name);

/** Every `$ref` in the document, to check each points at something. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' ? [String(inner)] : refsIn(inner)));
}

function resolve(ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, segment) => (node as Record<string, unknown> | undefined)?.[segment], document);
}

describe('OpenAPI description (no network)', () => {
  it('has exactly one operation per route, a HEAD beside every GET, and no other', () => {
    expect(new Set(routeKeys).size).toBe(routeKeys.length);
    const heads = routes.filter((route) => route.method === 'GET').map((route) => `HEAD ${route.path}`);
    // `/{code}` (the short form of a link) and `/{code}+` (its statistics page) are answered by the edge
    // (CloudFront, or the local gateway).
    const edge = ['GET /{code}', 'HEAD /{code}', 'GET /{code}+', 'HEAD /{code}+'];
    expect([...operationKeys].sort()).toEqual([...routeKeys, ...heads, ...edge].sort());
    expect(operation('head', '/urls/{id}/redirect').responses['302']).not.toHaveProperty('content');
  });

  it('is what `npm run openapi` wrote to docs/openapi.json', async () => {
    const committed = JSON.parse(await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    if (!isDeepStrictEqual(committed, JSON.parse(JSON.stringify(document)))) {
      throw new Error('docs/openapi.json differs from the route table and schemas: run `npm run openapi`');
    }
  });

  it('is shaped as OpenAPI 3.1, with unique operation ids and every $ref resolving', () => {
    expect(document).toMatchObject({
      openapi: '3.1.0',
      info: { title: expect.any(String), version: expect.any(String) },
      paths: expect.any(Object),
    });
    const ids = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((entry) => entry.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const ref of refsIn(document)) expect([ref, resolve(ref)]).toEqual([ref, expect.anything()]);
  });

  it('takes request bodies from the handlers’ schemas', () => {
    const body = operation('post', '/users').requestBody?.content['application/json']?.schema;
    expect(body).toMatchObject({ type: 'object', required: ['username', 'email'] });
    expect(operation('post', '/users/bulk').requestBody?.content['multipart/form-data']?.schema).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
  });

  it('describes integer query and path parameters as integers with their bounds and default', () => {
    expect(parameter('get', '/users', 'per_page')).toEqual({
      name: 'per_page',
      in: 'query',
      required: false,
      description: 'Users per page.',
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
      example: 10,
    });
    expect(parameter('get', '/users', 'per_page')?.schema).toMatchObject({ minimum: 1, maximum: 100, default: 10 });
    expect(parameter('get', '/events', 'skip')?.schema).toMatchObject({ type: 'integer', minimum: 0 });
    expect(parameter('get', '/urls/{id}', 'id')).toMatchObject({
      in: 'path',
      required: true,
      schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    });
  });

  it('describes the CSV answer of the lists that have one, and the limit of each answer', () => {
    const answered = (path: string) =>
      (operation('get', path).responses['200'] as { content?: Record<string, { schema?: unknown; example?: unknown }> })
        .content ?? {};
    for (const path of ['/events', '/urls']) {
      const limit = parameter('get', path, 'limit');
      // One schema for both answers: it accepts what either does, and the description gives each its bounds.
      expect(limit?.schema).toMatchObject({ minimum: 1, maximum: 10_000, default: 100 });
      expect(limit?.description).toContain(
        'As JSON 1-1,000, default 100; as CSV (`Accept: text/csv`) 1-10,000, default 1,000.',
      );
      const content = answered(path);
      expect(Object.keys(content)).toEqual(['application/json', 'text/csv']);
      expect(content['text/csv']?.schema).toMatchObject({ type: 'string' });
    }
    expect(answered('/events')['text/csv']?.example).toMatch(/^id,url_id,user_id,event_type,timestamp,details\r\n1,/);
    expect(Object.keys(answered('/users'))).toEqual(['application/json']);
  });

  it('states that no operation needs authentication, where the service is, and under which licence', () => {
    expect(document.security).toEqual([]);
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });

  it('lists only words queryBoolean accepts, in any case', () => {
    for (const word of [...booleanWords, ...booleanWords.map((w) => w.toUpperCase())]) {
      expect([word, listUrlsQuery.safeParse({ is_active: word }).success]).toEqual([word, true]);
    }
  });

  it.each(['/users', '/urls', '/events'])('documents the cursor and the Link header of GET %s', (path) => {
    expect(parameter('get', path, 'cursor')).toMatchObject({ in: 'query', required: false });
    expect(operation('get', path).responses['200']).toMatchObject({
      headers: { Link: { $ref: '#/components/headers/NextPage' } },
      content: { 'application/json': { schema: { type: 'array' } } },
    });
  });

  it('answers each route’s business errors, and 422 only where there is input', () => {
    expect(Object.keys(operation('post', '/urls').responses)).toEqual(
      expect.arrayContaining(['201', '404', '413', '422', '503']),
    );
    expect(Object.keys(operation('get', '/health').responses)).toEqual([
      '200',
      '405',
      '429',
      '431',
      '500',
      '502',
      '504',
    ]);
    expect(operation('get', '/urls/{id}/redirect').responses['302']).toMatchObject({
      headers: { Location: expect.any(Object) },
    });
  });
});
