import { AsyncLocalStorage } from 'node:async_hooks';
import { execFileSync } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { LocalRuntime } from '../local/runtime.js';
import { queuedMessages } from '../local/sqs-local.js';
import {
  type Component,
  type FunctionUsage,
  gbSeconds,
  type Origin,
  originNames,
  priceRedirect,
  prices,
  type RedirectUsage,
  totalUsd,
} from './prices.js';
import { call, format, startBenchService } from './support.js';

/**
 * `npm run bench -- cost`: what one redirect with its click costs in AWS, in USD per million redirects. Four
 * traffic shapes, each in a process of its own on a fresh service and table (the functions read their
 * endpoints once per process), with DynamoDB's limits emulated at AWS's own scale (1) for its unit accounting
 * (the output says what was throttled). Over the whole run, from just before the first redirect until every
 * click is stored and counted, it measures DynamoDB's units and requests, SQS's calls, each function's
 * invocations and billed milliseconds, and what the functions write to stdout; bench/prices.ts prices them,
 * for the origin the stack deploys for `/<code>` and for the other one.
 */

interface Shape {
  key: 'hot' | 'spread' | 'owners' | 'trickle';
  description: string;
  users: number;
  linksPerUser: number;
  redirects: number;
  /** Clients that each send the next redirect once answered, or a fixed rate a second. */
  pace: { clients: number } | { perSecond: number };
  target: { writeUnits: number; readUnits: number; usdPerMillion: number };
}

// The shapes and their targets (docs/capacity.md quotes the results); `owners` is held to the spread's. The
// trickle lasts 60 s (2 clicks a second, 120 clicks), so that the shapes take a few minutes together; its cost
// per click is that of any longer trickle at that rate.
const spreadTarget: Shape['target'] = { writeUnits: 5, readUnits: 2, usdPerMillion: 6 };
const shapes: Shape[] = [
  {
    key: 'hot',
    description: 'one link, 3,000 redirects from 8 clients as fast as answered',
    users: 1,
    linksPerUser: 1,
    redirects: 3000,
    pace: { clients: 8 },
    target: { writeUnits: 4, readUnits: 2, usdPerMillion: 5 },
  },
  {
    key: 'spread',
    description: '2,000 links of 20 users, 4,000 redirects spread evenly over them from 8 clients',
    users: 20,
    linksPerUser: 100,
    redirects: 4000,
    pace: { clients: 8 },
    target: spreadTarget,
  },
  {
    // Clicks from many owners: each counter batch touches an hour item per owner, not per a few owners.
    key: 'owners',
    description: '1,000 links of 100 users, 4,000 redirects spread evenly over them from 8 clients',
    users: 100,
    linksPerUser: 10,
    redirects: 4000,
    pace: { clients: 8 },
    target: spreadTarget,
  },
  {
    key: 'trickle',
    description: '100 links of 10 users, 2 redirects a second for 60 s',
    users: 10,
    linksPerUser: 10,
    redirects: 120,
    pace: { perSecond: 2 },
    target: { writeUnits: 6.5, readUnits: 2, usdPerMillion: 8 },
  },
];

/** Before each shape's window: 60 s at 50 redirects a second, 3,000 visitors, unmeasured. */
const WARM_UP: Pick<Shape, 'redirects' | 'pace'> = { redirects: 3000, pace: { perSecond: 50 } };

/** Every click comes from a browser of its own (a new visitor: its own address), from a few referrers. */
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const REFERRERS = ['https://t.co/', 'https://www.reddit.com/', 'https://news.ycombinator.com/', undefined];
const visitorAddress = (i: number) => `127.${100 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;

/** Nothing queued and no function invoked for this long: everything the run caused is done. */
const QUIET_MS = 1500;
const SETTLE_DEADLINE_MS = 120_000;

/**
 * What AWS writes or adds that the local runtime does not, estimated from one typical line of each (not
 * measured): Lambda's platform records per invocation (JSON log format: `platform.start` and `platform.report`),
 * the properties Lambda adds to an embedded-metric record, API Gateway's access-log line (lib/service-api.ts's
 * format), and the headers CloudFront adds to an answer.
 */
const estimatedBytes = {
  lambdaPlatform:
    '{"time":"2026-11-26T10:00:00.000Z","type":"platform.start","record":{"requestId":"0f0e1a2b-3c4d-5e6f-7a8b-9c0d1e2f3a4b","version":"$LATEST"}}'
      .length +
    '{"time":"2026-11-26T10:00:00.012Z","type":"platform.report","record":{"requestId":"0f0e1a2b-3c4d-5e6f-7a8b-9c0d1e2f3a4b","metrics":{"durationMs":11.52,"billedDurationMs":12,"memorySizeMB":512,"maxMemoryUsedMB":98},"status":"success"}}'
      .length,
  metricRecordInLambda:
    ',"executionEnvironment":"AWS_Lambda_nodejs24.x","memorySize":"512","functionVersion":"$LATEST","logStreamId":"2026/11/26/[$LATEST]0f1e2d3c4b5a69788796a5b4c3d2e1f0"'
      .length,
  apiGatewayAccessLog:
    '{"requestId":"6f1c0d2e-8b3a-4c5d-9e7f-0a1b2c3d4e5f","requestTime":"1795689600000","method":"GET","resource":"/urls/{id}/redirect","path":"/urls/aB3dE9/redirect","status":"302","responseLength":"0","responseLatency":"14","integrationStatus":"302","integrationLatency":"12","integrationError":"-","responseType":"-","error":"-"}'
      .length,
  cloudFrontHeaders:
    'Via: 1.1 0123456789abcdef0123456789abcdef.cloudfront.net (CloudFront)\r\nX-Cache: Miss from cloudfront\r\nX-Amz-Cf-Pop: IAD89-C1\r\nX-Amz-Cf-Id: 0aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789aBcDeFgHiJkLmNoPq==\r\nStrict-Transport-Security: max-age=31536000; includeSubDomains\r\n'
      .length,
};

/**
 * The empty receives of Lambda's SQS event sources, which are billed: each starts with five long-polling
 * connections, each a 20 s receive while the queue is empty ("Using Lambda with Amazon SQS"; an assumption
 * about the pollers' number). In these shapes the limited clicks' queue is idle (no link has `max_clicks`);
 * the events queue is busy and its receives are the measured ones. The local poller's own empty receives
 * (zero-wait, backing off to 200 ms) are reported, not priced.
 */
const IDLE_POLLERS_PER_EVENT_SOURCE = 5;
const LONG_POLL_S = 20;

type Counters = Record<string, number>;

const add = (counters: Counters, name: string, by = 1) => {
  counters[name] = (counters[name] ?? 0) + by;
};
const difference = (after: Counters, before: Counters): Counters =>
  Object.fromEntries(
    [...new Set([...Object.keys(after), ...Object.keys(before)])].map((name) => [
      name,
      (after[name] ?? 0) - (before[name] ?? 0),
    ]),
  );
const plus = (a: Counters, b: Counters): Counters => difference(a, difference({}, b));
/** The counters named `prefix<name>`, by name. */
const named = (counters: Counters, prefix: string): [string, number][] =>
  Object.entries(counters)
    .filter(([name, value]) => name.startsWith(prefix) && value !== 0)
    .map(([name, value]) => [name.slice(prefix.length), value]);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * What this process writes to stdout and stderr (in AWS, CloudWatch Logs), line by line: the functions'
 * lines and embedded-metric records, and apart, the local gateway's access-log lines (API Gateway's own log
 * in AWS, estimated). Nothing reaches the terminal but warnings and errors.
 */
class LogMeter {
  readonly counts: Counters = {};
  private readonly restorers: (() => void)[] = [];
  private readonly toTerminal = process.stderr.write.bind(process.stderr);

  constructor() {
    for (const stream of [process.stdout, process.stderr]) {
      const original = stream.write;
      let partial = '';
      stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        const lines = (partial + (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) this.take(line);
        const callback = rest.find((argument) => typeof argument === 'function') as (() => void) | undefined;
        if (callback) process.nextTick(callback);
        return true;
      }) as typeof stream.write;
      this.restorers.push(() => {
        stream.write = original;
      });
    }
  }

  private take(line: string): void {
    if (line.trim() === '') return;
    let entry: Record<string, unknown> | undefined;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      // Not a function's: Node's own warnings, say.
    }
    if (!entry || typeof entry !== 'object') {
      add(this.counts, 'otherLines');
      this.toTerminal(`${line}\n`);
      return;
    }
    if (entry.message === 'request' && 'duration_ms' in entry && 'request_id' in entry) {
      add(this.counts, 'gatewayLines');
      return;
    }
    add(this.counts, '_aws' in entry ? 'metricRecords' : 'functionLines');
    add(this.counts, 'functionBytes', Buffer.byteLength(line));
    if (['WARN', 'ERROR', 'CRITICAL'].includes(String(entry.level))) this.toTerminal(`${line}\n`);
  }

  /** The benchmark's own progress, not counted. */
  note(message: string): void {
    this.toTerminal(`${message}\n`);
  }

  restore(): void {
    for (const restore of this.restorers) restore();
  }
}

/**
 * Every SQS call this process makes (the redirects' sends, the writer's poller), by action, read off Node's
 * HTTP client as it happens; a receive that answered nothing counts apart. Calls made in `uncounted` are the
 * benchmark's own.
 */
export class SqsMeter {
  readonly counts: Counters = {};
  private readonly own = new AsyncLocalStorage<true>();
  private readonly actions = new WeakMap<ClientRequest, { action: string; bytes: number }>();

  constructor() {
    diagnostics.subscribe('http.client.request.created', (message) => {
      const { request } = message as { request: ClientRequest };
      const target = String(request.getHeader('x-amz-target') ?? '');
      if (!target.startsWith('AmazonSQS.') || this.own.getStore()) return;
      const bytes = Number(request.getHeader('content-length') ?? 0);
      this.actions.set(request, { action: target.slice('AmazonSQS.'.length), bytes });
    });
    diagnostics.subscribe('http.client.response.finish', (message) => {
      const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
      const sent = this.actions.get(request);
      if (!sent) return;
      const answered = Number(response.headers['content-length'] ?? 0);
      // An empty receive answers `{}` or nothing at all.
      const action = sent.action === 'ReceiveMessage' && answered <= 2 ? 'ReceiveMessage (empty)' : sent.action;
      add(this.counts, `calls.${action}`);
      add(this.counts, `billed.${action}`, Math.max(1, Math.ceil(Math.max(sent.bytes, answered) / 65_536)));
    });
  }

  uncounted<T>(work: () => Promise<T>): Promise<T> {
    return this.own.run(true, work);
  }
}

interface ShapeRun {
  shape: Shape['key'];
  redirected: number;
  otherAnswers: Record<string, number>;
  /** Clicks listed by GET /events?event_type=click, and counted by the links' statistics, once settled. */
  listed: number;
  counted: number;
  loadS: number;
  /** From the last redirect's answer until everything was stored and counted. */
  settledAfterS: number;
  /** Mean bytes of a redirect's answer, headers included. */
  answerBytes: number;
  /** What the window cost, in total. */
  window: Counters;
}

interface Answer {
  status: number;
  bytes: number;
}

/** One redirect as a new visitor's browser sends it: its own connection, from its own address. */
function redirect(service: LocalRuntime, code: string, i: number, visitor: number): Promise<Answer> {
  const referrer = REFERRERS[i % REFERRERS.length];
  return new Promise((resolve) => {
    const sent = httpRequest(
      {
        host: '127.0.0.1',
        port: service.port,
        path: `/${code}`,
        localAddress: visitorAddress(visitor),
        agent: false,
        headers: { 'User-Agent': USER_AGENT, ...(referrer && { Referer: referrer }) },
      },
      (response) => {
        let bytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n\r\n`.length;
        for (let h = 0; h < response.rawHeaders.length; h += 2) {
          bytes += `${response.rawHeaders[h]}: ${response.rawHeaders[h + 1]}\r\n`.length;
        }
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      },
    );
    sent.on('error', () => resolve({ status: 0, bytes: 0 }));
    sent.end();
  });
}

/**
 * `redirects` redirects at `pace` over the links, visitor `firstVisitor + i` sending the i-th: every visitor
 * new to the links when `firstVisitor` is past those of earlier rounds.
 */
async function sendRedirects(
  service: LocalRuntime,
  { redirects, pace }: Pick<Shape, 'redirects' | 'pace'>,
  codes: string[],
  firstVisitor: number,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  const one = async (i: number) => {
    answers.push(await redirect(service, codes[i % codes.length] as string, i, firstVisitor + i));
  };
  if ('clients' in pace) {
    let next = 0;
    await Promise.all(
      Array.from({ length: pace.clients }, async () => {
        while (next < redirects) await one(next++);
      }),
    );
    return answers;
  }
  const startedAt = performance.now();
  const sending: Promise<void>[] = [];
  for (let i = 0; i < redirects; i++) {
    await pause(startedAt + (i * 1000) / pace.perSecond - performance.now());
    sending.push(one(i));
  }
  await Promise.all(sending);
  return answers;
}

/** The links, ordered so that consecutive ones belong to different users (a batch of clicks mixes owners). */
async function createLinks(service: LocalRuntime, shape: Shape): Promise<{ id: number; short_code: string }[]> {
  const links: { id: number; short_code: string }[][] = [];
  for (let u = 0; u < shape.users; u++) {
    const user = (
      await call<{ id: number }>(service.url, 'POST', '/users', {
        username: `owner${u}`,
        email: `owner${u}@example.com`,
      })
    ).body;
    const own: { id: number; short_code: string }[] = [];
    for (let i = 0; i < shape.linksPerUser; i += 50) {
      const created = await Promise.all(
        Array.from({ length: Math.min(50, shape.linksPerUser - i) }, (_, j) =>
          call<{ id: number; short_code: string }>(service.url, 'POST', '/urls', {
            user_id: user.id,
            original_url: `https://shop.example.com/campaign/${u}/product-${i + j}?ref=newsletter`,
          }),
        ),
      );
      for (const answer of created) {
        if (answer.status !== 201) throw new Error(`POST /urls: ${JSON.stringify(answer)}`);
        own.push(answer.body);
      }
    }
    links.push(own);
  }
  return Array.from({ length: shape.linksPerUser }, (_, i) => links.map((own) => own[i])).flat() as {
    id: number;
    short_code: string;
  }[];
}

/** Clicks listed by GET /events?event_type=click, every page. */
async function listedClicks(baseUrl: string): Promise<number> {
  let next: string | undefined = '/events?event_type=click&limit=1000';
  let listed = 0;
  while (next) {
    const response = await fetch(`${baseUrl}${next}`);
    listed += ((await response.json()) as unknown[]).length;
    next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return listed;
}

/** The clicks the links' statistics count, summed. */
async function countedClicks(baseUrl: string, links: { id: number }[]): Promise<number> {
  let counted = 0;
  for (let i = 0; i < links.length; i += 20) {
    const totals = await Promise.all(
      links.slice(i, i + 20).map(async (link) => {
        const answer = await call<{ totals: { clicks: number } }>(baseUrl, 'GET', `/urls/${link.id}/stats`);
        if (answer.status !== 200) throw new Error(`GET /urls/${link.id}/stats: ${JSON.stringify(answer)}`);
        return answer.body.totals.clicks;
      }),
    );
    counted += totals.reduce((sum, clicks) => sum + clicks, 0);
  }
  return counted;
}

/** Waits until the events queue is empty and no function has run for QUIET_MS; false past the deadline. */
async function quiet(service: LocalRuntime, sqs: SqsMeter, deadline: number): Promise<boolean> {
  const client = new SQSClient({});
  const invoked = () => [...service.invocations.values()].reduce((sum, count) => sum + count, 0);
  try {
    let seen = invoked();
    let calmSince = performance.now();
    while (performance.now() < deadline) {
      await pause(200);
      const queued = await sqs.uncounted(() => queuedMessages(client, service.queueUrl));
      if (queued > 0 || invoked() !== seen) {
        seen = invoked();
        calmSince = performance.now();
      } else if (performance.now() - calmSince >= QUIET_MS) {
        return true;
      }
    }
    return false;
  } finally {
    client.destroy();
  }
}

function snapshot(service: LocalRuntime, sqs: SqsMeter, logs: LogMeter): Counters {
  const counters: Counters = {};
  const limits = service.dynamoDbLimits?.report();
  if (!limits) throw new Error('The cost benchmark needs the DynamoDB limits emulation for its units');
  for (const [operation, count] of Object.entries(limits.requests)) counters[`dynamodb.requests.${operation}`] = count;
  for (const [operation, count] of Object.entries(limits.throttled))
    counters[`dynamodb.throttled.${operation}`] = count;
  counters['dynamodb.conflicts'] = limits.conflicts.transactionsCancelled + limits.conflicts.writesRejected;
  counters['dynamodb.units.write'] = limits.unitsServed.write;
  counters['dynamodb.units.read'] = limits.unitsServed.read;
  for (const [name, count] of service.invocations) counters[`lambda.invocations.${name}`] = count;
  for (const [name, ms] of service.invocationBilledMs) counters[`lambda.billedMs.${name}`] = ms;
  for (const [name, count] of Object.entries(sqs.counts)) counters[`sqs.${name}`] = count;
  for (const [name, count] of Object.entries(logs.counts)) counters[`logs.${name}`] = count;
  return counters;
}

/** One shape on a service of its own (in this process): set up, then the measured window, then the checks. */
async function runShape(shape: Shape, logs: LogMeter): Promise<ShapeRun> {
  const sqs = new SqsMeter();
  const service = await startBenchService({
    dynamoDbLimits: { scale: 1 },
    // As deployed: the writer's and the counter's batches gathered for their batching windows.
    batching: 'deployed',
    // As deployed: the functions' INFO lines and embedded-metric records are part of what they cost.
    functionSettings: { LOG_LEVEL: 'INFO', EMIT_EMBEDDED_METRICS: 'true' },
  });
  const limits = service.dynamoDbLimits;
  try {
    // The set-up (50 links created at once) is not the run: unlimited, and not counted.
    limits?.suspend();
    const links = await createLinks(service, shape);
    const codes = links.map((link) => link.short_code);
    // The steady state, not a fresh hour: the links' hour items first get what a stretch of real traffic
    // leaves in them, a new visitor at every click (full visitor sketches), before the measured window.
    await sendRedirects(service, WARM_UP, codes, 0);
    if (!(await quiet(service, sqs, performance.now() + SETTLE_DEADLINE_MS))) throw new Error('set-up did not settle');
    limits?.reset();
    limits?.enforce();
    const before = snapshot(service, sqs, logs);
    logs.note(`cost ${shape.key}: ${format(shape.redirects, 0)} redirects`);
    const startedAt = performance.now();
    const answers = await sendRedirects(service, shape, codes, WARM_UP.redirects);
    const loadEndedAt = performance.now();
    const redirected = answers.filter((answer) => answer.status === 302);
    // Settled: every click listed and counted. The checks' own calls are not the run's: the window closes
    // before each round of them, and a round that found clicks missing is taken out of it.
    let excluded: Counters = {};
    let listed = 0;
    let counted = 0;
    let end: Counters;
    let settledAt: number;
    const deadline = loadEndedAt + SETTLE_DEADLINE_MS;
    for (;;) {
      const calm = await quiet(service, sqs, deadline);
      settledAt = performance.now() - QUIET_MS;
      end = snapshot(service, sqs, logs);
      // The warm-up's clicks are listed and counted too.
      listed = (await listedClicks(service.url)) - WARM_UP.redirects;
      counted = (await countedClicks(service.url, links)) - WARM_UP.redirects;
      if ((listed === redirected.length && counted === redirected.length) || !calm) break;
      excluded = plus(excluded, difference(snapshot(service, sqs, logs), end));
    }
    const otherAnswers: Record<string, number> = {};
    for (const answer of answers.filter((candidate) => candidate.status !== 302))
      add(otherAnswers, String(answer.status));
    return {
      shape: shape.key,
      redirected: redirected.length,
      otherAnswers,
      listed,
      counted,
      loadS: (loadEndedAt - startedAt) / 1000,
      settledAfterS: Math.max(0, (settledAt - loadEndedAt) / 1000),
      answerBytes: redirected.reduce((sum, answer) => sum + answer.bytes, 0) / Math.max(1, redirected.length),
      window: difference(difference(end, before), excluded),
    };
  } finally {
    await service.stop();
  }
}

/** What the stack deploys, as far as a redirect's price depends on it. */
interface Deployment {
  /** The origin `/<code>` reaches. */
  origin: Origin;
  /** Whether the edge runs a CloudFront Function on every request. */
  cloudFrontFunction: boolean;
  /** Every function's memory and architecture, by construct path (the local runtime's function names). */
  functions: Record<string, { memoryMb: number; architecture: 'arm64' | 'x86_64' }>;
  sqsEventSources: number;
  /** Where this comes from: the template, or why it is assumed. */
  source: string;
}

/**
 * The deployment assumed when the stack does not synthesize (a change to lib/ under way): today's, every
 * function at ServiceFunction's defaults (512 MB, arm64).
 */
const ORIGIN_WITHOUT_TEMPLATE: Origin = 'rest-api';
const FUNCTION_DEFAULTS = { memoryMb: 512, architecture: 'arm64' } as const;

type Resource = { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> };

/**
 * Reads the deployment off the stack's template, synthesized here without bundling: `/<code>` reaches a
 * function URL when the distribution names one, else the REST API.
 */
async function readDeployment(): Promise<Deployment> {
  try {
    return await readTemplate();
  } catch (error) {
    return {
      origin: ORIGIN_WITHOUT_TEMPLATE,
      cloudFrontFunction: true,
      functions: {},
      sqsEventSources: 2,
      source: `assumed, the stack did not synthesize (${String((error as Error).message).split('\n')[0]}): every function at 512 MB, arm64`,
    };
  }
}

async function readTemplate(): Promise<Deployment> {
  const [{ App }, { ServiceStack }] = await Promise.all([import('aws-cdk-lib'), import('../lib/service-stack.js')]);
  // CloudFormation's validation left to the tests (test/infra/nag.test.ts): the cost reads the template only.
  const app = new App({
    builtinCloudFormationValidation: false,
    context: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:enable-path-metadata': true },
  });
  const stack = new ServiceStack(app, 'Cost');
  const template = app.synth().getStackByName(stack.stackName).template as { Resources: Record<string, Resource> };
  const resources = Object.entries(template.Resources);
  const ofType = (type: string) => resources.filter(([, resource]) => resource.Type === type);
  const distributions = ofType('AWS::CloudFront::Distribution').map(([, resource]) =>
    JSON.stringify(resource.Properties),
  );
  const mentioned = (json: string, ids: string[]) => ids.some((id) => json.includes(`"${id}"`));
  const functionUrls = ofType('AWS::Lambda::Url').map(([id]) => id);
  const queues = ofType('AWS::SQS::Queue').map(([id]) => id);
  return {
    origin: distributions.some((distribution) => mentioned(distribution, functionUrls)) ? 'function-url' : 'rest-api',
    cloudFrontFunction: distributions.some((distribution) => distribution.includes('"FunctionAssociations"')),
    functions: Object.fromEntries(
      ofType('AWS::Lambda::Function').map(([, resource]) => [
        String(resource.Metadata?.['aws:cdk:path']).split('/').slice(1, -1).join('/'),
        {
          memoryMb: Number(resource.Properties?.MemorySize ?? 128),
          architecture: (resource.Properties?.Architectures as string[] | undefined)?.includes('arm64')
            ? 'arm64'
            : 'x86_64',
        },
      ]),
    ),
    sqsEventSources: ofType('AWS::Lambda::EventSourceMapping').filter(([, resource]) =>
      mentioned(JSON.stringify(resource.Properties?.EventSourceArn), queues),
    ).length,
    source: "the stack's template",
  };
}

/** What a redirect of the run used, with `/<code>` served through `origin`. */
function usageOf(run: ShapeRun, deployment: Deployment, origin: Origin): RedirectUsage {
  const perRedirect = (value: number) => value / Math.max(1, run.redirected);
  const window = run.window;
  const byInvocations = named(window, 'lambda.invocations.').sort(([, a], [, b]) => b - a);
  const functions: FunctionUsage[] = byInvocations.map(([name, count]) => {
    const deployed =
      deployment.functions[name] ?? (Object.keys(deployment.functions).length ? undefined : FUNCTION_DEFAULTS);
    if (!deployed) throw new Error(`The local function ${name} is not in the stack's template`);
    return {
      name,
      invocations: perRedirect(count),
      billedMs: perRedirect(window[`lambda.billedMs.${name}`] ?? 0),
      ...deployed,
    };
  });
  const invocations = functions.reduce((sum, used) => sum + used.invocations, 0);
  const sqsBilled = named(window, 'sqs.billed.')
    .filter(([action]) => action !== 'ReceiveMessage (empty)')
    .reduce((sum, [, count]) => sum + count, 0);
  const viaRestApi = origin === 'rest-api';
  return {
    cloudFrontRequests: 1,
    cloudFrontFunctionInvocations: deployment.cloudFrontFunction ? 1 : 0,
    apiGatewayRestRequests: viaRestApi ? 1 : 0,
    functionUrlRequests: viaRestApi ? 0 : 1,
    functions,
    sqsRequests: perRedirect(sqsBilled + idleLongPolls(run, deployment)),
    dynamoDbWriteUnits: perRedirect(window['dynamodb.units.write'] ?? 0),
    dynamoDbReadUnits: perRedirect(window['dynamodb.units.read'] ?? 0),
    logBytes:
      perRedirect(functionLogBytes(run)) +
      invocations * estimatedBytes.lambdaPlatform +
      (viaRestApi ? estimatedBytes.apiGatewayAccessLog : 0),
    transferOutBytes: run.answerBytes + estimatedBytes.cloudFrontHeaders,
  };
}

const idleLongPolls = (run: ShapeRun, deployment: Deployment) =>
  (Math.max(0, deployment.sqsEventSources - 1) * IDLE_POLLERS_PER_EVENT_SOURCE * (run.loadS + run.settledAfterS)) /
  LONG_POLL_S;

/** The functions' lines and metric records as Lambda would write them (the records with Lambda's properties). */
const functionLogBytes = (run: ShapeRun) =>
  (run.window['logs.functionBytes'] ?? 0) +
  (run.window['logs.metricRecords'] ?? 0) * estimatedBytes.metricRecordInLambda;

const usd = (value: number) => (value === 0 ? '0' : value < 0.01 ? value.toFixed(4) : value.toFixed(2));
const met = (value: number, target: number) => (value <= target ? 'met' : 'not met');
const perClick = (entries: [string, number][], redirected: number, digits = 3) =>
  entries.map(([name, count]) => `${name} ${format(count / Math.max(1, redirected), digits)}`).join(', ') || 'none';

function formatShape(shape: Shape, run: ShapeRun, deployment: Deployment, origins: Origin[]): string[] {
  const window = run.window;
  const usages = origins.map((origin) => usageOf(run, deployment, origin));
  const priced = usages.map((usage) => priceRedirect(usage));
  const [usage] = usages as [RedirectUsage];
  const perRedirect = (value: number) => value / Math.max(1, run.redirected);
  const rate = run.redirected / Math.max(0.001, run.loadS);
  const others = Object.entries(run.otherAnswers).map(([status, count]) => `${count} × ${status}`);
  const throttled = named(window, 'dynamodb.throttled.').map(([operation, count]) => `${operation} ${count}`);
  const lambdaDuration = usage.functions
    .map(
      (used) =>
        `${used.name} ${used.memoryMb} MB × ${format(used.billedMs / Math.max(1e-9, used.invocations), 1)} ms × ${format(used.invocations, 3)}`,
    )
    .join(', ');
  const functionBytes = perRedirect(functionLogBytes(run));
  // Each row prices the components it names, added up.
  const rows: [Component[], string, string][] = [
    [
      [
        'CloudFront requests',
        'CloudFront Functions',
        'API Gateway REST',
        'Lambda function URL',
        'CloudFront data transfer out',
      ],
      'CloudFront: requests, its function, the origin, the answer out',
      `1 CloudFront request${usage.cloudFrontFunctionInvocations ? ', 1 CloudFront Functions invocation' : ''}; 1 API Gateway REST request, or 1 function URL request (no charge of its own); ${format(run.answerBytes, 0)} B answer (measured) + ${estimatedBytes.cloudFrontHeaders} B CloudFront headers (estimate) out`,
    ],
    [
      ['Lambda requests', 'Lambda duration'],
      `Lambda: invocations, duration (${usage.functions[0]?.architecture ?? 'arm64'})`,
      `${perClick(
        usage.functions.map((used) => [used.name, used.invocations * run.redirected]),
        run.redirected,
      )}; ${lambdaDuration}: ${format(
        usage.functions.reduce((sum, used) => sum + gbSeconds(used), 0),
        5,
      )} GB-s`,
    ],
    [
      ['SQS requests'],
      'SQS requests',
      `${perClick(
        named(window, 'sqs.calls.').filter(([action]) => action !== 'ReceiveMessage (empty)'),
        run.redirected,
      )}; idle long polls of the event sources ${format(perRedirect(idleLongPolls(run, deployment)), 3)} (estimate); the local poller's empty receives ${format(perRedirect(window['sqs.calls.ReceiveMessage (empty)'] ?? 0), 2)}, not priced`,
    ],
    [
      ['DynamoDB write units', 'DynamoDB read units'],
      'DynamoDB: write and read units (requests, billed by their units)',
      `**${format(usage.dynamoDbWriteUnits, 1)}** write (target ≤ ${shape.target.writeUnits}: ${met(usage.dynamoDbWriteUnits, shape.target.writeUnits)}), **${format(usage.dynamoDbReadUnits, 2)}** read (target ≤ ${shape.target.readUnits}: ${met(usage.dynamoDbReadUnits, shape.target.readUnits)}); ${perClick(named(window, 'dynamodb.requests.'), run.redirected)}`,
    ],
    [
      ['CloudWatch Logs'],
      'CloudWatch Logs',
      `${format(functionBytes, 0)} B of the functions' lines and metric records (measured: ${format(perRedirect(window['logs.functionLines'] ?? 0), 2)} lines, ${format(perRedirect(window['logs.metricRecords'] ?? 0), 2)} records) + ${format(usage.functions.reduce((sum, used) => sum + used.invocations, 0) * estimatedBytes.lambdaPlatform, 0)} B Lambda platform records (estimate) + ${estimatedBytes.apiGatewayAccessLog} B API Gateway access log (estimate; none via a function URL)`,
    ],
  ];
  const totals = priced.map((components) => totalUsd(components));
  return [
    `**${shape.key}**: ${shape.description} (${format(rate, 0)} a second): ${format(run.redirected, 0)} answered 302${others.length > 0 ? ` (and ${others.join(', ')})` : ''}, ${format(run.listed, 0)} listed by GET /events, ${format(run.counted, 0)} counted by the statistics; everything settled ${format(run.settledAfterS, 1)} s after the last answer; throttled: ${throttled.join(', ') || 'none'}; transaction conflicts: ${window['dynamodb.conflicts'] ?? 0}.`,
    '',
    `| per redirect | used | ${origins.map((origin) => `USD per million, via ${originNames[origin]}${origin === deployment.origin ? ' (deployed)' : ''}`).join(' | ')} |`,
    `|---|---|${origins.map(() => '---').join('|')}|`,
    ...rows.map(
      ([component, label, used]) =>
        `| ${label} | ${used} | ${priced.map((components) => (component.length > 0 ? usd(component.reduce((sum, name) => sum + components[name], 0)) : '—')).join(' | ')} |`,
    ),
    `| **total** | target ≤ ${shape.target.usdPerMillion} USD | ${totals.map((total) => `**${usd(total)}** (${met(total, shape.target.usdPerMillion)})`).join(' | ')} |`,
  ];
}

function formatCost(deployment: Deployment, runs: ShapeRun[]): string[] {
  const origins: Origin[] = [deployment.origin, deployment.origin === 'rest-api' ? 'function-url' : 'rest-api'];
  const dates = [...new Set(Object.values(prices).map((price) => price.asOf))].sort();
  const lines = [
    `Prices: bench/prices.ts (us-east-1 list prices, last known current ${dates[0]} to ${dates.at(-1)}, no free tier). \`/<code>\` reaches ${originNames[deployment.origin]} (${deployment.source}).`,
    '',
    '| shape | write units per click (target) | read units per click (target) | USD per million redirects (target) |',
    '|---|---|---|---|',
  ];
  for (const run of runs) {
    const shape = shapes.find((candidate) => candidate.key === run.shape) as Shape;
    const totals = origins.map(
      (origin) => `${usd(totalUsd(priceRedirect(usageOf(run, deployment, origin))))} via ${originNames[origin]}`,
    );
    const usage = usageOf(run, deployment, deployment.origin);
    lines.push(
      `| ${shape.key} | ${format(usage.dynamoDbWriteUnits, 1)} (≤ ${shape.target.writeUnits}) | ${format(usage.dynamoDbReadUnits, 2)} (≤ ${shape.target.readUnits}) | ${totals.join(', ')} (≤ ${shape.target.usdPerMillion}) |`,
    );
  }
  for (const run of runs) {
    const shape = shapes.find((candidate) => candidate.key === run.shape) as Shape;
    lines.push('', ...formatShape(shape, run, deployment, origins));
  }
  return lines;
}

const thisFile = fileURLToPath(import.meta.url);

/** Every shape, each in a process of its own, priced for both origins. */
export async function cost(): Promise<string[]> {
  const deployment = await readDeployment();
  const runs = shapes.map((shape) => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', thisFile, shape.key], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      // As in Lambda: INFO, and embedded-metric records on stdout (the library's "Local" environment).
      env: { ...process.env, LOG_LEVEL: 'INFO', EMIT_EMBEDDED_METRICS: 'true', AWS_EMF_ENVIRONMENT: 'Local' },
      maxBuffer: 64 * 2 ** 20,
    });
    return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as ShapeRun;
  });
  return formatCost(deployment, runs);
}

// `node --import tsx bench/cost.ts <shape>`: one shape in this process, its run as JSON on the last line.
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const shape = shapes.find((candidate) => candidate.key === process.argv[2]);
  if (!shape)
    throw new Error(`No cost shape ${process.argv[2]}; known: ${shapes.map((known) => known.key).join(', ')}`);
  const logs = new LogMeter();
  const run = await runShape(shape, logs);
  logs.restore();
  console.log(JSON.stringify(run));
}
