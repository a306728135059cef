import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FunctionRoles } from '../../local/iam/function-roles.js';
import { type LocalRuntime, type LocalRuntimeOptions, startLocalRuntime } from '../../local/runtime.js';
import { checkExchange, type Exchange } from './openapi-check.js';

/** The stack's function roles, synthesized once for the run (test/support/global-setup.js), by access mode. */
export function testFunctionRoles(authMode: 'open' | 'keys'): FunctionRoles {
  const file = process.env.TEST_FUNCTION_ROLES;
  if (!file) throw new Error('TEST_FUNCTION_ROLES is not set: run the tests through Jest (global-setup.js)');
  return (JSON.parse(readFileSync(file, 'utf8')) as Record<'open' | 'keys', FunctionRoles>)[authMode];
}

/**
 * One running service for a test file: the real gateway, handlers and event writer, on a table and queue
 * pair of its own in the run's DynamoDB Local and SQS emulator. Every call its functions make is checked
 * against their roles as the stack synthesizes them, as AWS would (local/iam/).
 */
export async function startTestService(options: Partial<LocalRuntimeOptions> = {}): Promise<LocalRuntime> {
  const name = `t-${randomUUID().slice(0, 8)}`;
  const authMode = options.functionSettings?.AUTH_MODE === 'keys' ? 'keys' : 'open';
  const service = await startLocalRuntime({
    port: 0,
    host: '127.0.0.1',
    tableName: name,
    queueName: name,
    iam: { roles: testFunctionRoles(authMode) },
    ...options,
  });
  return {
    ...service,
    // A call the stack does not grant fails the test file, even where the code caught the error.
    async stop() {
      await service.stop();
      const denied = ((await service.iam?.calls()) ?? []).filter((call) => !call.allowed);
      if (denied.length > 0) {
        const lines = denied.map((call) => `${call.function}: ${call.action} on ${call.resource} (${call.count}×)`);
        throw new Error(`Calls the stack's roles do not allow (AWS would refuse them):\n${lines.join('\n')}`);
      }
    },
  };
}

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/**
 * Fails the calling test when an exchange and the OpenAPI document disagree (test/support/openapi-check.ts):
 * every request the integration suite sends is also a check of the published description.
 */
export function expectDocumented(exchange: Exchange): void {
  const problems = checkExchange(exchange);
  if (problems.length > 0) throw new Error(`The OpenAPI document and the service disagree:\n${problems.join('\n')}`);
}

/**
 * A small HTTP client for the tests: sends JSON (or raw text) and parses what comes back. Every exchange is
 * checked against the OpenAPI document unless `checkOpenApi` is false (a gateway serving stand-in routes).
 */
export function httpClient(baseUrl: string, options: { checkOpenApi?: boolean } = {}) {
  async function request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    init: { raw?: string | Buffer; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse<T>> {
    const payload = init.raw ?? (body === undefined ? undefined : JSON.stringify(body));
    const headers: Record<string, string> = {
      ...(payload !== undefined && { 'Content-Type': 'application/json' }),
      ...init.headers,
    };
    const response = await fetch(`${baseUrl}${path}`, { method, redirect: 'manual', headers, body: payload });
    const text = await response.text();
    if (options.checkOpenApi !== false) {
      expectDocumented({
        method,
        url: path,
        requestContentType: Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1],
        requestHeaders: headers,
        requestBody: payload === undefined ? undefined : payload.toString(),
        status: response.status,
        responseHeaders: response.headers,
        responseText: text,
      });
    }
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Not JSON: the test sees the text.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }
  return {
    request,
    get: <T = unknown>(path: string, headers?: Record<string, string>) =>
      request<T>('GET', path, undefined, { headers }),
    post: <T = unknown>(path: string, body: unknown) => request<T>('POST', path, body),
    put: <T = unknown>(path: string, body: unknown) => request<T>('PUT', path, body),
    delete: <T = unknown>(path: string) => request<T>('DELETE', path),
  };
}

/** Polls until `probe` returns a defined value, for what happens asynchronously (automatic events). */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    // 10 reads a second of one list is not "hot" (HOT_KEY_READS_PER_SECOND): each poll reads the table.
    await new Promise((resolve) => setTimeout(resolve, 110));
  }
}

/**
 * Runs `work` while capturing what the process writes to stdout and stderr (the structured logs), and
 * returns the captured lines with its result. Nothing is printed meanwhile.
 */
export async function captureLogs<T>(work: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
  const lines: string[] = [];
  const originals = [process.stdout.write, process.stderr.write] as const;
  for (const stream of [process.stdout, process.stderr]) {
    stream.write = ((chunk: string | Uint8Array) => {
      lines.push(
        ...String(chunk)
          .split('\n')
          .filter((line) => line.trim() !== ''),
      );
      return true;
    }) as typeof stream.write;
  }
  try {
    return { result: await work(), lines };
  } finally {
    [process.stdout.write, process.stderr.write] = originals;
  }
}

/**
 * Waits until the service's events queue has nothing left, visible or in flight (every event written), and, for a service of this process, until the clicks stored or deleted are
 * counted in the statistics.
 */
export async function queueDrained(
  service: Pick<LocalRuntime, 'queueUrl'> & Partial<Pick<LocalRuntime, 'settled'>>,
  timeoutMs = 30_000,
): Promise<void> {
  const { SQSClient } = await import('@aws-sdk/client-sqs');
  const { queuedMessages } = await import('../../local/sqs-local.js');
  const sqs = new SQSClient({});
  const queued = () => queuedMessages(sqs, service.queueUrl);
  try {
    await eventually(async () => ((await queued()) === 0 ? true : undefined), timeoutMs);
  } finally {
    sqs.destroy();
  }
  // And the clicks stored or deleted so far counted in the statistics, from the table's stream.
  if (service.settled && !(await service.settled(timeoutMs))) {
    throw new Error(`The events and their statistics did not settle within ${timeoutMs} ms`);
  }
}

/**
 * Every item of a list route, page after page through its Link header, retrying what a client retries: a 503
 * after its Retry-After, and a 504 (a page read past its function's time under the emulated limits, reading
 * past a just-deleted link's events) a few times, since a GET is safe to send again.
 */
export async function listAll<T>(api: ReturnType<typeof httpClient>, path: string): Promise<T[]> {
  const all: T[] = [];
  let next: string | undefined = path;
  let timeouts = 0;
  while (next) {
    const page: JsonResponse<T[]> = await api.get<T[]>(next);
    if (page.status === 503) {
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(page.headers.get('retry-after'))));
      continue;
    }
    if (page.status === 504 && ++timeouts <= 3) continue;
    if (page.status !== 200) throw new Error(`GET ${next} answered ${page.status}: ${JSON.stringify(page.body)}`);
    all.push(...page.body);
    next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
  }
  return all;
}
