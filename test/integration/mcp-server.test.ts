import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createClient } from '../../clients/typescript/index.js';
import { queueDrained, sharedTestService, startTestService, type TestService } from '../support/service.js';

const root = path.resolve(import.meta.dirname, '../..');

interface Link {
  id: number;
  user_id: number;
  short_code: string;
  short_url: string;
  title: string | null;
}

/** `npm run mcp` as an assistant starts it, driven by the SDK's own client over stdio; what it wrote to stderr. */
async function startMcp(env: Record<string, string>) {
  const transport = new StdioClientTransport({
    command: 'npm',
    args: ['run', '--silent', 'mcp'],
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stderr: 'pipe',
  });
  const stderr: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const client = new Client({ name: 'url-shortener-test', version: '1.0.0' });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  /** A call that succeeded, its JSON answer parsed. */
  const answer = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    const result = await call(name, args);
    if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
    const first = result.content[0];
    if (first?.type !== 'text') throw new Error(`${name} answered no text`);
    return JSON.parse(first.text) as T;
  };
  /** A call that failed, its message. */
  const failure = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const result = await call(name, args);
    expect(result.isError).toBe(true);
    const first = result.content[0];
    return first?.type === 'text' ? first.text : '';
  };
  return { client, call, answer, failure, stderr, close: () => client.close() };
}

describe('MCP server (npm run mcp over stdio, against a service on DynamoDB Local + SQS emulator)', () => {
  let service: TestService;
  let mcp: Awaited<ReturnType<typeof startMcp>>;
  let userId: number;

  beforeAll(async () => {
    service = await sharedTestService();
    const api = createClient({ baseUrl: service.url });
    const user = await api.POST('/users', { body: { username: 'grace', email: 'grace@example.com' } });
    userId = user.data?.id ?? 0;
    mcp = await startMcp({ SERVICE_URL: service.url });
  }, 60_000);
  afterAll(async () => {
    await mcp?.close();
    await service.stop();
  });

  it('lists its tools, each with a JSON schema of its input', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'create_link',
      'delete_link',
      'get_link',
      'get_link_stats',
      'list_events',
      'list_links',
      'update_link',
    ]);
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
    const input = (name: string) => tools.find((tool) => tool.name === name)?.inputSchema;
    // The body of POST /urls, as the OpenAPI document has it (keys mode: a user key may leave user_id out).
    expect(input('create_link')?.required).toEqual(['original_url']);
    expect(Object.keys(input('create_link')?.properties ?? {})).toEqual(
      expect.arrayContaining(['user_id', 'original_url', 'title', 'short_code', 'expires_at', 'max_clicks']),
    );
    expect(input('update_link')?.required).toEqual(['id']);
    expect(Object.keys(input('list_links')?.properties ?? {})).toEqual(
      expect.arrayContaining(['user_id', 'tag', 'is_active', 'limit']),
    );
    expect(Object.keys(input('get_link_stats')?.properties ?? {})).toEqual(['id', 'from', 'to', 'interval']);
  });

  it('creates, reads, changes, lists, counts the clicks of and deletes a link', async () => {
    const link = await mcp.answer<Link>('create_link', {
      user_id: userId,
      original_url: 'https://example.com/from-an-assistant',
      short_code: 'assistant',
      tags: ['Spring'],
    });
    expect(link).toMatchObject({ user_id: userId, short_code: 'assistant' });
    expect(await mcp.answer<Link>('get_link', { id: link.id })).toEqual(link);
    expect(await mcp.answer<Link>('get_link', { short_code: 'assistant' })).toEqual(link);

    const changed = await mcp.answer<Link>('update_link', { id: link.id, title: 'Made by an assistant' });
    expect(changed.title).toBe('Made by an assistant');
    const listed = await mcp.answer<Link[]>('list_links', { user_id: userId, is_active: true });
    expect(listed.map((each) => each.id)).toEqual([link.id]);
    expect(await mcp.answer<Link[]>('list_links', { user_id: userId, is_active: false })).toEqual([]);
    expect((await mcp.answer<Link[]>('list_links', { tag: 'spring', user_id: userId })).map((each) => each.id)).toEqual(
      [link.id],
    );
    expect(await mcp.answer<Link[]>('list_links', { tag: 'autumn', user_id: userId })).toEqual([]);

    expect((await fetch(link.short_url, { redirect: 'manual' })).status).toBe(302);
    await queueDrained(service);
    const stats = await mcp.answer<{ totals: { clicks: number } }>('get_link_stats', { id: link.id, interval: 'hour' });
    expect(stats.totals.clicks).toBe(1);
    const events = await mcp.answer<{ event_type: string }[]>('list_events', { url_id: link.id });
    expect(events.map((event) => event.event_type).sort()).toEqual([
      'accessed',
      'accessed',
      'click',
      'created',
      'updated',
    ]);

    expect(await mcp.answer('delete_link', { id: link.id })).toEqual({ id: link.id, deleted: true });
    expect(await mcp.answer<Link[]>('list_links', { user_id: userId })).toEqual([]);
  });

  it('pages a long list: the answer says which cursor gives the rest', async () => {
    for (const page of ['one', 'two']) {
      await mcp.answer('create_link', { user_id: userId, original_url: `https://example.com/${page}` });
    }
    const first = await mcp.call('list_links', { user_id: userId, limit: 1 });
    const more = first.content[1]?.type === 'text' ? first.content[1].text : '';
    const cursor = /cursor "([^"]+)"/.exec(more)?.[1];
    expect(cursor).toBeDefined();
    const rest = await mcp.answer<Link[]>('list_links', { user_id: userId, limit: 1, cursor });
    expect(rest).toHaveLength(1);
  });

  it("answers an error of the API as a tool error naming the API's detail", async () => {
    expect(await mcp.failure('get_link', { id: 999_999 })).toBe('The service answered 404: URL not found');
    expect(await mcp.failure('get_link', {})).toBe('Give either id or short_code');
    expect(await mcp.failure('get_link', { short_code: 'no-such-code' })).toBe(
      'The service answered 404: URL not found',
    );
    await mcp.answer('create_link', { user_id: userId, original_url: 'https://example.com/', short_code: 'taken' });
    expect(
      await mcp.failure('create_link', { user_id: userId, original_url: 'https://example.com/', short_code: 'taken' }),
    ).toBe('The service answered 400: Short code already in use');
    expect(await mcp.failure('create_link', { user_id: userId, original_url: 'not a url' })).toBe(
      'The service answered 422: body.original_url: URL must be an absolute http or https address',
    );
  });

  it('says where it looked when no service answers', async () => {
    const nowhere = await startMcp({ SERVICE_URL: 'http://127.0.0.1:9' });
    try {
      expect(await nowhere.failure('list_links', {})).toMatch(
        /^No answer from the service at http:\/\/127\.0\.0\.1:9 /,
      );
    } finally {
      await nowhere.close();
    }
  });
});

describe('MCP server in keys mode, with API_KEY (DynamoDB Local + SQS emulator)', () => {
  const adminKey = `ask_${'M1c2P3s4'.repeat(5)}`;
  let service: TestService;
  let userKey: string;
  let userId: number;

  beforeAll(async () => {
    service = await startTestService({ functionSettings: { AUTH_MODE: 'keys' }, adminKey });
    const operator = createClient({ baseUrl: service.url, apiKey: adminKey });
    const user = await operator.POST('/users', { body: { username: 'hedy', email: 'hedy@example.com' } });
    userId = user.data?.id ?? 0;
    const key = await operator.POST('/users/{id}/keys', { params: { path: { id: userId } }, body: { name: 'mcp' } });
    userKey = key.data?.key ?? '';
  }, 60_000);
  afterAll(() => service.stop());

  it("acts as the key's user, and never shows the key", async () => {
    const mcp = await startMcp({ SERVICE_URL: service.url, API_KEY: userKey });
    try {
      // A user key may leave user_id out: the link is its user's.
      const link = await mcp.answer<Link>('create_link', { original_url: 'https://example.com/mine' });
      expect(link.user_id).toBe(userId);
      expect((await mcp.answer<Link[]>('list_links', {})).map((each) => each.id)).toEqual([link.id]);
      expect(await mcp.answer<{ totals: { clicks: number } }>('get_link_stats', { id: link.id })).toMatchObject({
        totals: { clicks: 0 },
      });
      expect(await mcp.failure('list_events', { user_id: userId + 1 })).toBe('The service answered 403: Not allowed');
      const { tools } = await mcp.client.listTools();
      expect(JSON.stringify(tools)).not.toContain(userKey);
    } finally {
      await mcp.close();
    }
    expect(mcp.stderr.join('')).not.toContain(userKey);
  });

  it('without a key, names the 401 the service answers', async () => {
    const mcp = await startMcp({ SERVICE_URL: service.url });
    try {
      expect(await mcp.failure('list_links', {})).toMatch(/^The service answered 401: \S/);
    } finally {
      await mcp.close();
    }
  });
});
