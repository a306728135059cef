import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { routes } from '../../shared/api/routes.js';
import { buildOpenApiDocument } from '../../shared/openapi/document.js';
import type { JsonSchema } from '../../shared/openapi/document-types.js';
import type { RequestBody, UrlShortenerClient } from '../typescript/index.js';

/**
 * The MCP server's tools: each one call (two for `get_link` by short code) of the typed client. The bodies'
 * schemas are the OpenAPI document's, as the client's types are (the keys-mode document: `user_id` may be left
 * out for a user key), so a field the API gains is a field the tools take; the service validates the rest.
 */

const document = buildOpenApiDocument(routes, { authMode: 'keys' });

/**
 * The JSON body of an operation as a tool's input: its fields, types and bounds, without the record's read-only
 * fields it ignores, and without patterns, so that a malformed value reaches the service and comes back with its
 * 422, which says what is wrong in words (a pattern failure names only the pattern).
 */
function bodySchema(path: string, method: 'post' | 'put', extra: Record<string, JsonSchema> = {}) {
  const schema = document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
  if (typeof schema !== 'object' || !schema.properties) throw new Error(`${method} ${path} has no JSON body`);
  const properties = Object.entries(schema.properties)
    .filter(([, field]) => !(field as { readOnly?: boolean }).readOnly)
    .map(([name, field]) => [name, withoutPatterns(field)]);
  return z.fromJSONSchema({
    type: 'object',
    properties: { ...extra, ...Object.fromEntries(properties) },
    required: [...Object.keys(extra), ...(schema.required ?? [])],
    additionalProperties: false,
  });
}

function withoutPatterns<T extends JsonSchema | boolean>(schema: T): T {
  if (typeof schema !== 'object') return schema;
  const { pattern: _, anyOf, items, properties, ...rest } = schema as JsonSchema;
  return {
    ...rest,
    ...(anyOf && { anyOf: anyOf.map(withoutPatterns) }),
    ...(items && { items: Array.isArray(items) ? items.map(withoutPatterns) : withoutPatterns(items) }),
    ...(properties && {
      properties: Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, withoutPatterns(field)])),
    }),
  } as T;
}

const id = (what: string) => z.number().int().min(1).describe(what);
const limit = z.number().int().min(1).max(1000).optional().describe('Most records to return (default 100)');
const cursor = z
  .string()
  .optional()
  .describe('Where the previous answer said more results start ("call again with cursor")');

interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** An error of the API as a tool error: its status and its `detail` (each wrong field for a 422). */
function toolError({ error, response }: Answer): CallToolResult {
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  const described = Array.isArray(detail)
    ? detail.map((issue: { loc?: unknown[]; msg?: string }) => `${issue.loc?.join('.')}: ${issue.msg}`).join('; ')
    : String(detail ?? (typeof error === 'string' && error !== '' ? error : response.statusText));
  return { isError: true, content: [{ type: 'text', text: `The service answered ${response.status}: ${described}` }] };
}

/** The service's answer as the tool's result: its JSON as text (and as structured content when an object). */
function answered(answer: Answer): CallToolResult {
  if (answer.error !== undefined || !answer.response.ok) return toolError(answer);
  const { data, response } = answer;
  const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(data ?? null, null, 2) }];
  // A list with more: the Link header's next page, as the cursor the same tool takes.
  const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  const nextCursor = next && new URL(next, response.url).searchParams.get('cursor');
  if (nextCursor) content.push({ type: 'text', text: `More results: call again with cursor "${nextCursor}"` });
  const structured = data !== null && typeof data === 'object' && !Array.isArray(data);
  return { content, ...(structured && { structuredContent: data as Record<string, unknown> }) };
}

/** Registers the link tools, each calling the service through a client from `api` (made per call). */
export function registerLinkTools(server: McpServer, api: () => { client: UrlShortenerClient; baseUrl: string }) {
  /** Runs one tool call; a service that cannot be reached is a tool error that says where it was looked for. */
  const call = async (work: (client: UrlShortenerClient) => Promise<CallToolResult>): Promise<CallToolResult> => {
    const { client, baseUrl } = api();
    try {
      return await work(client);
    } catch (error) {
      // fetch's own failure (no connection, no answer): a TypeError whose cause says why.
      if (!(error instanceof TypeError && error.cause instanceof Error)) throw error;
      const text = `No answer from the service at ${baseUrl} (${error.cause.message}): start it with npm start, or set SERVICE_URL`;
      return { isError: true, content: [{ type: 'text', text }] };
    }
  };

  server.registerTool(
    'create_link',
    {
      title: 'Create a short link',
      description:
        "Creates a short link: the body of POST /urls. `user_id` is the owner (with a user's API key it may be left " +
        'out); `short_code` a chosen code, else a 6-character one is generated. Answers the link, with `short_url`.',
      inputSchema: bodySchema('/urls', 'post'),
    },
    (body) =>
      // The arguments passed the body's own schema (from the same document as the client's types).
      call(async (client) => answered(await client.POST('/urls', { body: body as RequestBody<'/urls', 'post'> }))),
  );

  server.registerTool(
    'list_links',
    {
      title: 'List short links',
      description:
        "Lists short links (GET /urls) in id order, optionally only one user's, one tag's, active or inactive ones.",
      inputSchema: {
        user_id: id('Only the links of this user').optional(),
        tag: z.string().optional().describe('Only the links that carry this tag'),
        is_active: z.boolean().optional().describe('Only active (true) or only inactive (false) links'),
        limit,
        cursor,
      },
      annotations: { readOnlyHint: true },
    },
    ({ user_id, tag, is_active, limit, cursor }) =>
      call(async (client) => {
        const active = is_active === undefined ? undefined : String(is_active);
        return answered(
          await client.GET('/urls', { params: { query: { user_id, tag, is_active: active, limit, cursor } } }),
        );
      }),
  );

  server.registerTool(
    'get_link',
    {
      title: 'Get a short link',
      description: 'Reads an active short link (GET /urls/{id}) by its `id` or its `short_code`.',
      inputSchema: {
        id: id("The link's id").optional(),
        short_code: z.string().optional().describe("The link's code"),
      },
      annotations: { readOnlyHint: true },
    },
    ({ id, short_code }) =>
      call(async (client) => {
        const read = async (linkId: number) =>
          answered(await client.GET('/urls/{id}', { params: { path: { id: linkId } } }));
        if (id !== undefined && short_code === undefined) return read(id);
        if (short_code !== undefined && id === undefined) {
          // The statistics page's `part=link` finds a link by its code, as the key in use may see it.
          const found = await client.GET('/urls/{id}/stats-page', {
            params: { path: { id: short_code }, query: { part: 'link' } },
          });
          return found.data ? read(found.data.url_id) : answered(found);
        }
        return { isError: true, content: [{ type: 'text', text: 'Give either id or short_code' }] };
      }),
  );

  server.registerTool(
    'update_link',
    {
      title: 'Change a short link',
      description:
        'Changes a link (PUT /urls/{id}): the fields given, at least one; `null` clears `title`, `expires_at`, ' +
        '`max_clicks` and `expired_url`. The short code never changes.',
      inputSchema: bodySchema('/urls/{id}', 'put', {
        id: { type: 'integer', minimum: 1, description: "The link's id" },
      }),
      annotations: { idempotentHint: true },
    },
    (args) =>
      call(async (client) => {
        const { id, ...body } = args as { id: number } & RequestBody<'/urls/{id}', 'put'>;
        return answered(await client.PUT('/urls/{id}', { params: { path: { id } }, body }));
      }),
  );

  server.registerTool(
    'delete_link',
    {
      title: 'Delete a short link',
      description: 'Deletes a link and its events (DELETE /urls/{id}); its short code stops working.',
      inputSchema: { id: id("The link's id") },
      annotations: { destructiveHint: true },
    },
    ({ id }) =>
      call(async (client) => {
        const answer = await client.DELETE('/urls/{id}', { params: { path: { id } } });
        return answer.response.ok ? answered({ ...answer, data: { id, deleted: true } }) : answered(answer);
      }),
  );

  server.registerTool(
    'get_link_stats',
    {
      title: "A short link's statistics",
      description:
        "A link's clicks over a range (GET /urls/{id}/stats): totals, humans and bots, unique visitors, a series " +
        'per hour or day, top referrers, countries and more. Without a range, the last 7 days (or 168 hours).',
      inputSchema: {
        id: id("The link's id"),
        from: z.string().optional().describe('Start of the range, UTC: 2026-11-01 or 2026-11-01T08:00'),
        to: z.string().optional().describe('End of the range, UTC, same forms'),
        interval: z.enum(['hour', 'day']).optional().describe('The series per hour or per day (default day)'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ id, from, to, interval }) =>
      call(async (client) =>
        answered(await client.GET('/urls/{id}/stats', { params: { path: { id }, query: { from, to, interval } } })),
      ),
  );

  server.registerTool(
    'list_events',
    {
      title: 'List events',
      description:
        'The history of what happened to links (GET /events), in id order: `created`, `accessed`, `updated`, ' +
        '`click`, `expired`, and any event a client recorded.',
      inputSchema: {
        url_id: id('Only the events of this link').optional(),
        user_id: id('Only the events of this user').optional(),
        event_type: z.string().optional().describe('Only events of this type (click, created, ...)'),
        skip: z.number().int().min(0).optional().describe('Events to pass over, in id order'),
        limit,
        cursor,
      },
      annotations: { readOnlyHint: true },
    },
    (query) => call(async (client) => answered(await client.GET('/events', { params: { query } }))),
  );
}
