import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { FaultInjection, LimitsReport } from '../../local/dynamodb-limits-proxy.js';
import type { BoundFunctionRoles, FunctionRoles } from '../../local/iam/function-roles.js';
import type { CheckedCall } from '../../local/iam/iam-enforcement.js';
import { useServiceConfig } from '../../shared/platform/config.js';
import { checkExchange, type Exchange } from './openapi-check.js';
import type { HostReady, HostReply, HostRequest, StartedService, TestServiceOptions } from './service-protocol.js';
import { workerShared } from './worker-shared.js';

/** The stack's function roles, synthesized once for the run (test/support/global-setup.js), by access mode. */
export function testFunctionRoles(authMode: 'open' | 'keys'): FunctionRoles {
  const file = process.env.TEST_FUNCTION_ROLES;
  if (!file) throw new Error('TEST_FUNCTION_ROLES is not set: run the tests through Jest (global-setup.js)');
  return (JSON.parse(readFileSync(file, 'utf8')) as Record<'open' | 'keys', FunctionRoles>)[authMode];
}

/** A running service of a test: the local runtime in a process of its own (service-host.ts). */
export interface TestService extends StartedService {
  /**
   * Waits until every event queued so far is stored and every click stored or deleted is counted in the
   * statistics, or `timeoutMs` passes; answers whether it got there.
   */
  settled(timeoutMs?: number): Promise<boolean>;
  /** How many times each function was invoked so far, by name (`GetUrlsIdRedirect`, `EventWriter`). */
  invocations(): Promise<Map<string, number>>;
  /** Every authorization the functions needed, checked against their roles as the stack synthesizes them. */
  iam: { calls(): Promise<CheckedCall[]>; roles(): Promise<BoundFunctionRoles | undefined> };
  /** The emulation of DynamoDB's limits, when the service was started with one (`dynamoDbLimits`). */
  dynamoDbLimits:
    | {
        injectFaults(faults: FaultInjection | undefined): Promise<void>;
        report(): Promise<LimitsReport>;
        suspend(): Promise<void>;
        enforce(): Promise<void>;
      }
    | undefined;
  /**
   * Feeds a test double of the service's process (`doubles`) the values it gives out next; answers how many it
   * has left to give, `values` included (an empty `values` only asks).
   */
  feed(double: string, values: unknown[]): Promise<number>;
  /** Runs `work` and answers, with its result, every line the service printed meanwhile (its structured logs). */
  logsDuring<T>(work: () => Promise<T>): Promise<{ result: T; lines: string[] }>;
  /** Stops the service (its queued events written first); fails when a function made a call its role denies. */
  stop(): Promise<void>;
}

const hostFile = path.join(import.meta.dirname, 'service-host.ts');
const projectRoot = path.resolve(import.meta.dirname, '../..');

/** A service process (service-host.ts): one runtime at a time, asked over the fork's IPC channel. */
interface ServiceHost {
  ask<T>(request: HostRequestBody): Promise<T>;
  /** Every line it printed, but the markers. */
  lines: string[];
  markers: Map<string, () => void>;
  /** Whether it still runs and listens. */
  alive(): boolean;
  /** Ends the process (its runtime stopped first) and waits for its exit. */
  retire(): Promise<void>;
}

/**
 * Whether a runtime with these options may start in a process that served an earlier one, and leave it for a
 * later one. Not when its process replaces modules by test doubles (for good), nor when the runtime's own
 * clients would keep an endpoint that goes with it: the emulation of DynamoDB's limits (a proxy of the
 * runtime's), or the bundles (modules of a folder the stop deletes).
 */
const sharesItsProcess = (options: Partial<TestServiceOptions>) =>
  options.doubles === undefined &&
  options.dynamoDbLimits === undefined &&
  (options.functions ?? 'sources') === 'sources';

/**
 * Starts a service process. It never keeps the Jest worker alive: when the worker ends, the IPC channel
 * closes and the process stops its runtime and exits (service-host.ts).
 */
async function forkServiceHost(doubles: TestServiceOptions['doubles']): Promise<ServiceHost> {
  const child = fork(hostFile, [], {
    cwd: projectRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, ...(doubles && { TEST_SERVICE_DOUBLES: JSON.stringify(doubles) }) },
  });
  const lines: string[] = [];
  const markers = new Map<string, () => void>();
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      const marked = markers.get(line);
      if (marked) return marked();
      lines.push(line);
      // What the service logs goes on to the test's output, as a service in the test's own process would.
      process.stderr.write(`${line}\n`);
    });
  }
  let asked = 0;
  const replies = new Map<number, (reply: HostReply) => void>();
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      for (const reply of replies.values()) reply({ type: 'reply', id: 0, error: `it exited (${code})` });
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`The service process exited (${code}) before it started`));
    child.once('exit', onExit);
    child.once('message', (message: HostReady) => {
      child.off('exit', onExit);
      if (message.type === 'ready') resolve();
    });
  });
  child.on('message', (message: HostReply) => replies.get(message.id)?.(message));
  const alive = () => child.exitCode === null && child.signalCode === null && child.connected;
  // Its output pipes are sockets, which Node's types call streams.
  const handles = [child, child.channel, child.stdout, child.stderr] as ({ unref(): void } | null | undefined)[];
  for (const handle of handles) handle?.unref();
  return {
    lines,
    markers,
    ask: <T>(request: HostRequestBody): Promise<T> => {
      const id = ++asked;
      return new Promise<T>((resolve, reject) => {
        replies.set(id, (reply) => {
          replies.delete(id);
          if (reply.error) reject(new Error(`The service process failed: ${reply.error}`));
          else resolve(reply.result as T);
        });
        child.send({ ...request, id } as HostRequest);
      });
    },
    alive,
    async retire() {
      if (alive()) child.disconnect();
      await exited;
    },
  };
}

/**
 * This Jest worker's service processes whose runtime has stopped, kept for the next file's start: it skips the
 * process's own start (Node, the TypeScript loader, the packages the functions import, the IAM check's
 * worker), about half of what a test service's start and stop cost (docs/benchmarks.md).
 */
const idleServiceHosts = () => workerShared('idle-service-hosts', () => [] as ServiceHost[]);

/** An idle service process of this worker that still runs, if any. */
function idleServiceHost(): ServiceHost | undefined {
  const idle = idleServiceHosts();
  for (let host = idle.pop(); host; host = idle.pop()) if (host.alive()) return host;
  return undefined;
}

/**
 * One running service for a test file: the real gateway, handlers, event writer and click counter, on a table
 * and queues of its own in the run's DynamoDB Local and SQS emulator, in a process of its own as `npm start`
 * runs it (each function in its own module instance, as in AWS), one that served an earlier file's service if
 * this worker has one idle. Every call its functions make is checked against their roles as the stack
 * synthesizes them (local/iam/); a call the stack does not grant fails the test file at the stop, even where
 * the code caught the error.
 */
export async function startTestService(options: Partial<TestServiceOptions> = {}): Promise<TestService> {
  const name = `t-${randomUUID().slice(0, 8)}`;
  const host = (sharesItsProcess(options) && idleServiceHost()) || (await forkServiceHost(options.doubles));
  let started: StartedService;
  try {
    started = atTheEmulator(
      await host.ask<StartedService>({
        op: 'start',
        options: { port: 0, host: '127.0.0.1', tableName: name, queueName: name, ...options },
      }),
    );
  } catch (error) {
    await host.retire();
    throw error;
  }
  useServiceOf(started, options);
  let stopped = false;
  return {
    ...started,
    settled: (timeoutMs) => host.ask<boolean>({ op: 'settled', timeoutMs }),
    invocations: async () => new Map(Object.entries(await host.ask<Record<string, number>>({ op: 'invocations' }))),
    iam: {
      calls: () => host.ask<CheckedCall[]>({ op: 'iam-calls' }),
      roles: async () => (await host.ask<BoundFunctionRoles | null>({ op: 'iam-roles' })) ?? undefined,
    },
    dynamoDbLimits: started.limitsEmulated
      ? {
          injectFaults: (faults) => host.ask({ op: 'inject-faults', faults }),
          report: () => host.ask<LimitsReport>({ op: 'limits-report' }),
          suspend: () => host.ask({ op: 'suspend-limits' }),
          enforce: () => host.ask({ op: 'enforce-limits' }),
        }
      : undefined,
    feed: (double, values) => host.ask<number>({ op: 'feed-double', name: double, values }),
    async logsDuring(work) {
      const from = host.lines.length;
      const result = await work();
      const marker = `-- ${randomUUID()} --`;
      const seen = new Promise<void>((resolve) => host.markers.set(marker, resolve));
      await host.ask({ op: 'mark-output', marker });
      await seen;
      return { result, lines: host.lines.slice(from) };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      const calls = await host.ask<CheckedCall[]>({ op: 'iam-calls' });
      await host.ask({ op: 'stop' });
      if (sharesItsProcess(options)) idleServiceHosts().push(host);
      else await host.retire();
      expectNoDeniedCalls(calls, []);
    },
  };
}

/** What the test itself calls of the store or the publisher (a tool of the operator's) works on the service's table and queues. */
function useServiceOf(started: StartedService, options: Partial<TestServiceOptions>): void {
  useServiceConfig({
    ...process.env,
    ...options.functionSettings,
    TABLE_NAME: started.tableName,
    EVENTS_QUEUE_URL: started.queueUrl,
    IMPORTS_QUEUE_URL: started.importsQueueUrl,
  });
}

/** Fails on a call the stack's roles deny that `before` (what was denied earlier) does not account for. */
function expectNoDeniedCalls(calls: CheckedCall[], before: CheckedCall[]): void {
  const key = (call: CheckedCall) => `${call.function}: ${call.action} on ${call.resource}`;
  const earlier = new Map(before.filter((call) => !call.allowed).map((call) => [key(call), call.count]));
  const denied = calls.filter((call) => !call.allowed && call.count > (earlier.get(key(call)) ?? 0));
  if (denied.length > 0) {
    const described = denied.map((call) => `${key(call)} (${call.count - (earlier.get(key(call)) ?? 0)}×)`);
    throw new Error(`Calls the stack's roles do not allow (AWS would refuse them):\n${described.join('\n')}`);
  }
}

/** This Jest worker's services kept for the files after the one that started them, by their options. */
const workerServices = () => workerShared('shared-services', () => new Map<string, Promise<TestService>>());

/**
 * The service this Jest worker shares among its test files for `options`: started by the first file that asks,
 * and kept running for the next, which skip a start and the cold starts of the functions
 * the earlier files ran. Only for files that keep their data apart: each creates its own users and links and
 * reads only those (no global lists or counts, no ids expected from 1). Its `stop()` leaves the service running
 * and fails on any call the stack's roles deny that this file's tests made.
 */
export async function sharedTestService(options: Partial<TestServiceOptions> = {}): Promise<TestService> {
  const services = workerServices();
  const key = JSON.stringify(options);
  let owned = services.get(key);
  if (!owned) {
    owned = startTestService(options);
    services.set(key, owned);
    owned.catch(() => services.delete(key));
  }
  const service = await owned;
  useServiceOf(service, options);
  const before = await service.iam.calls();
  return { ...service, stop: async () => expectNoDeniedCalls(await service.iam.calls(), before) };
}

/**
 * The service's queues at the SQS emulator's own address: its functions reach them through the process's IAM
 * check, the test (no function) directly.
 */
function atTheEmulator(service: StartedService): StartedService {
  const emulator = process.env.AWS_ENDPOINT_URL_SQS;
  const direct = (queueUrl: string) => (emulator ? new URL(new URL(queueUrl).pathname, emulator).href : queueUrl);
  return {
    ...service,
    queueUrl: direct(service.queueUrl),
    deadLetterQueueUrl: direct(service.deadLetterQueueUrl),
    importsQueueUrl: direct(service.importsQueueUrl),
  };
}

/** A request to the service's process, before it is numbered. */
type HostRequestBody = HostRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

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

/**
 * Polls until `probe` returns a defined value, for what happens asynchronously (automatic events). The timeout
 * only ends a wait that would never end: a run on a loaded machine takes longer, and is not wrong for it.
 */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
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
  service: Pick<TestService, 'queueUrl'> & Partial<Pick<TestService, 'settled'>>,
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
