import './embedded-metrics-environment.js';
import { randomUUID } from 'node:crypto';
import { appendFile, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { ClickStreamEvent, ClickStreamResponse } from '../shared/events/click-counter.js';
import { parseJsonExactly } from '../shared/platform/json.js';
import type { SeedProgress, SeedReport } from '../shared/seed/load-seed.js';
import {
  clickStreamSchema,
  eventsQueueSchema,
  importsQueueSchema,
  webhookDeliveriesQueueSchema,
  webhookStreamSchema,
} from '../shared/store/table-schema.js';
import type { DynamoDbLimitsProxy } from './dynamodb-limits-proxy.js';
import { type DynamoDbLocal, startDynamoDbLocal } from './dynamodb-local.js';
import type { FunctionBundles, FunctionSource } from './function-bundles.js';
import { runAsFunction } from './iam/function-identity.js';
import type { FunctionRoles } from './iam/function-roles.js';
import type { IamRegistration } from './iam/iam-enforcement.js';
import { countInvocations } from './lambda-invocation.js';
import { type SqsEmulator, startSqsEmulator } from './sqs-local.js';

/** The stream's batching window when batches are not gathered as deployed (`batching`). */
const IMMEDIATE_COUNT_WINDOW_MS = 500;
/** How long a start waits for the seed's clicks to be counted in the statistics. */
const SEED_COUNTED_WITHIN_MS = 120_000;
type QueueOverrides = { visibilityTimeoutSeconds?: number; maxReceiveCount?: number };

export interface LocalRuntimeOptions {
  /** HTTP port of the gateway; 0 picks a free one. */
  port: number;
  /** Interface to listen on; omitted means every interface (IPv6 and IPv4). */
  host?: string;
  /** Folder of DynamoDB Local's data; omitted means in memory. Ignored when AWS_ENDPOINT_URL_DYNAMODB is set. */
  dataDir?: string;
  tableName: string;
  queueName: string;
  /**
   * Events queue settings for tests that need quick redelivery. Its visibility timeout may not be shorter than
   * `writerTimeoutMs` (refused at start): AWS never hands a message to a second writer while the first may
   * still run (the stack keeps 180 s against 30 s), and the writer relies on it.
   */
  queueOverrides?: QueueOverrides;
  /** Imports queue settings; its visibility timeout may not be shorter than the import worker's 40 s. */
  importsQueueOverrides?: QueueOverrides;
  /** Load the seed files from this folder when no user exists yet (ENABLE_STARTUP_SEED). */
  seed?: { dir: string; onProgress?: SeedProgress };
  /**
   * Milliseconds spent warming up a DynamoDB Local this runtime started, before serving; a warmed-up runtime also
   * loads every function before serving. @default 0
   */
  warmUpMs?: number;
  /**
   * Receive loops feeding the event writer; 0 leaves the queue unread (benchmarks of the routes alone). The
   * table's stream is counted either way. @default 2
   */
  pollerConcurrency?: number;
  /** The event writer's timeout per invocation (tests: a short one ends a batch that cannot finish). @default 30 s */
  writerTimeoutMs?: number;
  /**
   * Whether the events queue and the table's stream gather batches for their event source mappings' batching
   * windows, as deployed (1 s and 2 s), or sooner: the queue's at once, so that an event is listed as soon as
   * it can be, and the stream's for IMMEDIATE_COUNT_WINDOW_MS, so that a click is counted within about a second
   * while a busy link's statistics are still written a few times a second, not once per click. The benchmark
   * of what a click costs gathers as deployed: the number of writer and counter batches is what it measures.
   * @default 'immediate'
   */
  batching?: 'immediate' | 'deployed';
  /**
   * Where events still queued when the runtime stops are kept (JSON lines, the format `npm run replay-events`
   * reads), to be queued again by the next start. Without it they are logged as `unsent_event` entries.
   */
  unsentEventsFile?: string;
  /**
   * Where bulk imports still queued for the import worker when the runtime stops are kept (their ids, JSON
   * lines), to be queued again by the next start. Without it they are logged, and stay `running`.
   */
  unsentImportsFile?: string;
  /**
   * Where webhook deliveries still queued (and due) when the runtime stops are kept (JSON lines), to be queued
   * again by the next start. Without it they are logged.
   */
  unsentWebhookDeliveriesFile?: string;
  /**
   * Emulate DynamoDB's per-partition limits and transaction conflicts in front of DynamoDB Local, scaled
   * down by `scale` (100: 30 read and 10 write units per partition key value a second). @default off
   */
  dynamoDbLimits?: { scale: number };
  /**
   * The functions' roles as the stack synthesizes them (iam/function-roles.ts): with them, every call a
   * function makes is checked against its role, and one the stack does not grant fails as in AWS
   * (LOCAL_IAM=enforce; always on in the tests). @default unchecked, as DynamoDB Local and the emulator are
   */
  iam?: { roles: FunctionRoles };
  /**
   * What the functions run from: their TypeScript sources, or their bundles as the stack deploys them (built at
   * start, each with its own copy of every module; local/function-bundles.ts), to test what ships; or bundles
   * built already, by buildFunctionBundles from serviceFunctions(), in the folder `{ bundles }` names (a test
   * that runs several runtimes from one build), which whoever built them removes.
   * @default 'sources'
   */
  functions?: 'sources' | 'bundles' | { bundles: string };
  /** The functions' settings beyond the environment's (tests: `AUTH_MODE`), read as their cold start would. */
  functionSettings?: Record<string, string>;
  /** An operator key to register at start (ADMIN_KEY), for scripts and tests of `AUTH_MODE=keys`. */
  adminKey?: string;
  /** Links one client may create, and reports it may send, a minute (CREATE_LINKS_PER_MINUTE...). */
  rateLimits?: { createLinksPerMinute?: number; reportsPerMinute?: number };
  /** How long a stop waits for queued events to be written before keeping the rest. @default 10000 */
  drainTimeoutMs?: number;
  /** Called when DynamoDB Local stops on its own while the runtime runs (the service cannot work without it). */
  onDatabaseExit?: () => void;
  /**
   * Stops a start that is under way (Ctrl-C during a long seed): what has started is stopped, a seed load is
   * cut short between requests, and the start rejects with the abort's reason.
   */
  signal?: AbortSignal;
}

export interface LocalRuntime {
  url: string;
  port: number;
  tableName: string;
  queueUrl: string;
  deadLetterQueueUrl: string;
  /** The imports queue, which the import worker reads. */
  importsQueueUrl: string;
  /** The webhook deliveries queue, which the webhook deliverer reads. */
  webhookDeliveriesQueueUrl: string;
  dynamoDbEndpoint: string;
  sqsEndpoint: string;
  /** What the startup seed did, when it was asked for. */
  seedReport: SeedReport | undefined;
  /** Events saved at the last stop and queued again by this start. */
  requeuedEvents: number;
  /** The limits emulation, when it is on: what it throttled and the hottest partitions. */
  dynamoDbLimits: DynamoDbLimitsProxy | undefined;
  /** How many times each function was invoked, by name (`GetUrlsIdRedirect`, `EventWriter`). */
  invocations: ReadonlyMap<string, number>;
  /** The milliseconds each function's invocations took, each rounded up as Lambda bills it, summed by name. */
  invocationBilledMs: ReadonlyMap<string, number>;
  /** The IAM check, when it is on: the roles applied, and every authorization the functions needed. */
  iam: Pick<IamRegistration, 'calls' | 'roles'> | undefined;
  /**
   * Waits until every event queued so far is stored and every click stored or deleted is counted in the
   * statistics (the queue, then the table's stream), or `timeoutMs` passes. Answers whether it got there.
   */
  settled(timeoutMs?: number): Promise<boolean>;
  /** Stops accepting requests, drains the events queue into the writer, then stops what it started. */
  stop(): Promise<void>;
}

/**
 * How long the import worker's invocation lasts here: it stores parts until 30 s before its end, then queues
 * what is left, so a short one lets a stop wait only a few seconds for the import in flight. In AWS it has
 * importsQueueSchema.workerTimeoutSeconds.
 */
const LOCAL_IMPORT_INVOCATION_MS = 40_000;

type QueueHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;
type StreamHandler = (event: ClickStreamEvent, context: Context) => Promise<ClickStreamResponse>;

const queueNameOf = (queueUrl: string) => new URL(queueUrl).pathname.split('/').at(-1) ?? queueUrl;

/** Queues again the events a previous stop could not write, then forgets the file. */
async function requeueSavedEvents(file: string, queueUrl: string): Promise<number> {
  let lines: string[];
  try {
    lines = (await readFile(file, 'utf8')).split('\n').filter((line) => line.trim() !== '');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const { SendMessageCommand, SQSClient } = await import('@aws-sdk/client-sqs');
  const sqs = new SQSClient({});
  for (const line of lines) {
    const body = JSON.stringify((parseJsonExactly(line) as { unsent_event: unknown }).unsent_event);
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
  }
  sqs.destroy();
  await rm(file);
  return lines.length;
}

/** Queues again the messages (imports, webhook deliveries) a previous stop kept, then forgets the file. */
async function requeueSavedMessages(file: string, queueUrl: string): Promise<void> {
  let lines: string[];
  try {
    lines = (await readFile(file, 'utf8')).split('\n').filter((line) => line.trim() !== '');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const { SendMessageCommand, SQSClient } = await import('@aws-sdk/client-sqs');
  const sqs = new SQSClient({});
  for (const line of lines) await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: line }));
  sqs.destroy();
  await rm(file);
}

/**
 * Keeps the messages still queued at a stop (imports, webhook deliveries; `what` names them): in `file` for the
 * next start, or in the log.
 */
async function keepUnsentMessages(bodies: string[], file: string | undefined, what: string): Promise<void> {
  if (bodies.length === 0) return;
  const { logger } = await import('../shared/platform/logger.js');
  if (file) {
    await appendFile(file, bodies.map((body) => `${body}\n`).join(''));
    logger.warn(`${bodies.length} ${what} were not finished yet; the next start goes on with them`, { file });
  } else {
    for (const body of bodies)
      logger.error(`One of the ${what} was not finished before the service stopped`, { unsent: body });
  }
}

/** Keeps queue message bodies that were not written: in `file` for the next start, or in the log. */
async function keepUnsentEvents(bodies: string[], file: string | undefined): Promise<void> {
  if (bodies.length === 0) return;
  const { logger } = await import('../shared/platform/logger.js');
  const entries = bodies.map((body) => {
    let event: unknown = body;
    try {
      event = parseJsonExactly(body);
    } catch {
      // Not JSON: kept as text; the replay skips what is not an event.
    }
    return { message: 'Event not written before the service stopped', unsent_event: event };
  });
  if (file) {
    await appendFile(file, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    logger.warn(`${bodies.length} queued event(s) were not written yet; the next start queues them again`, { file });
  } else {
    for (const entry of entries) logger.error(entry.message, { unsent_event: entry.unsent_event });
  }
}

/**
 * Starts the service on one machine: DynamoDB Local and the SQS emulator (unless endpoints are given in
 * AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL_SQS), the table and queues, the HTTP gateway over the route
 * table and the poller that feeds the event writer.
 *
 * The functions are given their configuration (the table, the queue) once both exist, before any of them
 * serves a request.
 */
/**
 * Refuses a queue that would deliver a message again while its first delivery may still run, which AWS never
 * does (the stack keeps each queue's visibility timeout above its consumer's timeout): the events queue
 * against the writer's timeout, the imports queue against the import worker's. A second delivery running at
 * once would store a click twice across a widening, or let two holders of an import part count its rows
 * differently.
 */
function refuseEarlyRedelivery({ queueOverrides, importsQueueOverrides, writerTimeoutMs }: LocalRuntimeOptions): void {
  const consumers = [
    {
      queue: 'events queue',
      consumer: 'event writer',
      visibilityMs: (queueOverrides?.visibilityTimeoutSeconds ?? eventsQueueSchema.visibilityTimeoutSeconds) * 1000,
      timeoutMs: writerTimeoutMs ?? eventsQueueSchema.writerTimeoutSeconds * 1000,
    },
    {
      queue: 'imports queue',
      consumer: 'import worker',
      visibilityMs:
        (importsQueueOverrides?.visibilityTimeoutSeconds ?? importsQueueSchema.visibilityTimeoutSeconds) * 1000,
      timeoutMs: LOCAL_IMPORT_INVOCATION_MS,
    },
  ];
  for (const { queue, consumer, visibilityMs, timeoutMs } of consumers) {
    if (visibilityMs < timeoutMs) {
      throw new Error(
        `The ${queue}'s visibility timeout (${visibilityMs} ms) is shorter than the ${consumer}'s timeout ` +
          `(${timeoutMs} ms): a message would be delivered again while its first delivery may still run`,
      );
    }
  }
}

/**
 * Every function of the service, by its name in the stack (its construct id): the routes', the event writer,
 * the click counter and the import worker, each with its handler module and the files it reads at run time.
 */
export async function serviceFunctions(): Promise<FunctionSource[]> {
  const { clickCounter, eventWriter, importWorker, routes, routeName, webhookDeliverer, webhookDispatcher } =
    await import('../shared/api/routes.js');
  return [
    ...routes.map((route) => ({ name: routeName(route), handler: route.handler, bundledFiles: route.bundledFiles })),
    { name: 'EventWriter', handler: eventWriter.handler },
    { name: 'ClickCounter', handler: clickCounter.handler },
    { name: 'ImportWorker', handler: importWorker.handler },
    { name: 'WebhookDispatcher', handler: webhookDispatcher.handler },
    { name: 'WebhookDeliverer', handler: webhookDeliverer.handler },
  ];
}

/** The runtime this process runs: its functions read their configuration from the process's environment. */
let running: string | undefined;

export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  refuseEarlyRedelivery(options);
  if (running) {
    throw new Error(
      `A local runtime (table ${running}) already runs in this process: its functions read the process's environment, so one process runs one runtime`,
    );
  }
  running = options.tableName;
  process.env.AWS_REGION ||= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ||= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ||= 'local';

  /** What this runtime's functions do is attributed to it (function-identity.ts). */
  const runtimeId = randomUUID().slice(0, 8);
  const invoked = countInvocations(runtimeId);
  let dynamoDb: DynamoDbLocal | undefined;
  let sqsEmulator: SqsEmulator | undefined;
  let limits: DynamoDbLimitsProxy | undefined;
  let iam: IamRegistration | undefined;
  let bundles: FunctionBundles | undefined;
  const stopStarted = async () => {
    running = undefined;
    invoked.stop();
    await bundles?.remove();
    await iam?.release();
    await sqsEmulator?.stop();
    await limits?.stop();
    await dynamoDb?.stop();
  };
  try {
    const [startedDb, startedSqs] = await Promise.all([
      process.env.AWS_ENDPOINT_URL_DYNAMODB ? undefined : startDynamoDbLocal({ dataDir: options.dataDir }),
      process.env.AWS_ENDPOINT_URL_SQS ? undefined : startSqsEmulator(),
    ]);
    dynamoDb = startedDb;
    sqsEmulator = startedSqs;
    if (dynamoDb) process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamoDb.endpoint;
    if (sqsEmulator) process.env.AWS_ENDPOINT_URL_SQS = sqsEmulator.endpoint;
    options.signal?.throwIfAborted();
    const databaseEndpoint = String(process.env.AWS_ENDPOINT_URL_DYNAMODB);
    const iamCheck = options.iam
      ? await (await import('./iam/iam-enforcement.js')).localIamCheck({
          dynamodb: databaseEndpoint,
          sqs: String(process.env.AWS_ENDPOINT_URL_SQS),
        })
      : undefined;
    if (iamCheck) {
      iam = await iamCheck.register(runtimeId);
      // The functions reach DynamoDB and SQS through the check (a limits emulation goes in front of it).
      process.env.AWS_ENDPOINT_URL_DYNAMODB = iamCheck.endpoints.dynamodb;
      process.env.AWS_ENDPOINT_URL_SQS = iamCheck.endpoints.sqs;
    }
    if (options.dynamoDbLimits) {
      // Everything talks to DynamoDB through the emulation; it enforces once the gateway is about to open.
      const { startDynamoDbLimitsProxy } = await import('./dynamodb-limits-proxy.js');
      limits = await startDynamoDbLimitsProxy({
        target: String(process.env.AWS_ENDPOINT_URL_DYNAMODB),
        scale: options.dynamoDbLimits.scale,
        enforcing: false,
      });
      process.env.AWS_ENDPOINT_URL_DYNAMODB = limits.endpoint;
    }

    const { provisionFailuresQueue, provisionQueues, provisionTable } = await import('./provision.js');
    const [, provisioned, provisionedImports, provisionedWebhooks, clicksNotCountedUrl, webhooksNotDispatchedUrl] =
      await Promise.all([
        provisionTable(options.tableName),
        provisionQueues(options.queueName, options.queueOverrides),
        provisionQueues(`${options.queueName}-imports`, options.importsQueueOverrides, importsQueueSchema),
        provisionQueues(`${options.queueName}-webhooks`, {}, webhookDeliveriesQueueSchema),
        provisionFailuresQueue(`${options.queueName}-clicks-not-counted`, clickStreamSchema.failuresRetentionSeconds),
        provisionFailuresQueue(
          `${options.queueName}-webhooks-not-dispatched`,
          webhookStreamSchema.failuresRetentionSeconds,
        ),
      ]);
    // An SQS client sends to the host of a queue's URL: with the IAM check, the queues are named at its address.
    const throughCheck = (queueUrl: string) =>
      iamCheck ? new URL(new URL(queueUrl).pathname, iamCheck.endpoints.sqs).href : queueUrl;
    const queues = {
      queueUrl: throughCheck(provisioned.queueUrl),
      deadLetterQueueUrl: throughCheck(provisioned.deadLetterQueueUrl),
      importsQueueUrl: throughCheck(provisionedImports.queueUrl),
      importsDeadLetterQueueUrl: throughCheck(provisionedImports.deadLetterQueueUrl),
      webhookDeliveriesQueueUrl: throughCheck(provisionedWebhooks.queueUrl),
      webhookDeliveriesDeadLetterQueueUrl: throughCheck(provisionedWebhooks.deadLetterQueueUrl),
    };
    // The functions read their configuration from the environment at their cold start, as in Lambda: the
    // process's, which is this runtime's alone (one runtime a process). The runtime's own work (the warm-up,
    // the operator key, the seed, the gateway) reads the same, given directly.
    const { useServiceConfig } = await import('../shared/platform/config.js');
    const functionEnvironment = (extra: NodeJS.ProcessEnv = {}) => {
      Object.assign(process.env, {
        ...options.functionSettings,
        TABLE_NAME: options.tableName,
        EVENTS_QUEUE_URL: queues.queueUrl,
        IMPORTS_QUEUE_URL: queues.importsQueueUrl,
        WEBHOOK_DELIVERIES_QUEUE_URL: queues.webhookDeliveriesQueueUrl,
        ...extra,
      });
      return useServiceConfig(process.env);
    };
    const config = functionEnvironment();
    if (iam && options.iam) {
      const { bindFunctionRoles, stackResources } = await import('./iam/function-roles.js');
      iam.apply(
        bindFunctionRoles(options.iam.roles, {
          [stackResources.table]: config.tableName,
          [stackResources.idempotencyTable]: config.idempotencyTableName,
          [stackResources.visitorSecretsTable]: config.visitorSecretsTableName,
          [stackResources.eventsQueue]: queueNameOf(queues.queueUrl),
          [stackResources.deadLetterQueue]: queueNameOf(queues.deadLetterQueueUrl),
          [stackResources.importsQueue]: queueNameOf(queues.importsQueueUrl),
          [stackResources.importsDeadLetterQueue]: queueNameOf(queues.importsDeadLetterQueueUrl),
          [stackResources.webhookDeliveriesQueue]: queueNameOf(queues.webhookDeliveriesQueueUrl),
          [stackResources.webhookDeliveriesDeadLetterQueue]: queueNameOf(queues.webhookDeliveriesDeadLetterQueueUrl),
        }),
      );
    }

    options.signal?.throwIfAborted();
    if (dynamoDb && options.warmUpMs)
      await (await import('./warm-up.js')).warmUpDynamoDb(options.warmUpMs, options.signal);
    options.signal?.throwIfAborted();

    // ADMIN_KEY names the one operator key of the environment: a start without it, or with another value,
    // revokes the key an earlier start registered.
    await (await import('./operator-keys.js')).holdAdminKey(options.adminKey);
    // In AWS the seed is a custom resource's function (lib/startup-seed.ts), with that function's role.
    const seed = options.seed;
    const seedReport = seed
      ? await runAsFunction({ runtime: runtimeId, name: 'StartupSeed/SeedOnDeploy' }, async () =>
          (await import('../shared/seed/load-seed.js')).seedIfEmpty({ ...seed, signal: options.signal }),
        )
      : undefined;
    options.signal?.throwIfAborted();

    const [
      { loadRoutes, startGateway },
      { startQueuePoller, takeQueuedMessages },
      { routes },
      { startStreamReader },
      { localFunction },
      { withServiceTotals },
    ] = await Promise.all([
      import('./gateway.js'),
      import('./queue-poller.js'),
      import('../shared/api/routes.js'),
      import('./stream-reader.js'),
      import('./function-instances.js'),
      import('./metrics-totals.js'),
    ]);
    const sources = await serviceFunctions();
    if (options.functions === 'bundles') {
      const { buildFunctionBundles } = await import('./function-bundles.js');
      bundles = await buildFunctionBundles(sources);
    } else if (typeof options.functions === 'object') {
      const { builtFunctionBundles } = await import('./function-bundles.js');
      bundles = builtFunctionBundles(options.functions.bundles, sources);
    }
    const functions = new Map(
      sources.map(({ name, handler }) => [
        name,
        localFunction<never, unknown>(name, bundles?.files.get(name) ?? handler, runtimeId),
      ]),
    );
    withServiceTotals(functions);
    // A warmed-up runtime (npm start) also loads every function now, as provisioned concurrency would: the
    // first requests of a load test pay no cold start. The tests' runtimes load each at its first call.
    if (options.warmUpMs) for (const fn of functions.values()) await fn.load();
    const handlerOf = <Handler>(name: string) => functions.get(name)?.handler as Handler;
    const writeEvents = handlerOf<QueueHandler>('EventWriter');
    const countClicks = handlerOf<StreamHandler>('ClickCounter');
    const goOnWithImports = handlerOf<QueueHandler>('ImportWorker');
    const deliverToWebhooks = handlerOf<QueueHandler>('WebhookDeliverer');
    const dispatchToWebhooks = handlerOf<StreamHandler>('WebhookDispatcher');
    const requeuedEvents = options.unsentEventsFile
      ? await requeueSavedEvents(options.unsentEventsFile, queues.queueUrl)
      : 0;
    const loaded = loadRoutes(routes, functions);
    // The writer reads the events queue, as its event source mapping does in AWS.
    const pollers =
      options.pollerConcurrency === 0
        ? []
        : [
            await startQueuePoller({
              queueUrl: queues.queueUrl,
              batchingWindowMs: options.batching === 'deployed' ? eventsQueueSchema.maxBatchingWindowSeconds * 1000 : 0,
              identity: { runtime: runtimeId, name: 'EventWriter' },
              handler: writeEvents,
              concurrency: options.pollerConcurrency,
              invocationTimeoutMs: options.writerTimeoutMs,
            }),
          ];
    // The import worker reads the imports queue, one import an invocation, as its event source mapping does.
    if (options.unsentImportsFile) await requeueSavedMessages(options.unsentImportsFile, queues.importsQueueUrl);
    const importPoller = await startQueuePoller({
      queueUrl: queues.importsQueueUrl,
      identity: { runtime: runtimeId, name: 'ImportWorker' },
      handler: goOnWithImports,
      batchSize: importsQueueSchema.batchSize,
      concurrency: 2,
      invocationTimeoutMs: LOCAL_IMPORT_INVOCATION_MS,
    });
    // Webhook deliveries, one attempt a message, ten an invocation, as the deliverer's event source mapping hands them.
    if (options.unsentWebhookDeliveriesFile) {
      await requeueSavedMessages(options.unsentWebhookDeliveriesFile, queues.webhookDeliveriesQueueUrl);
    }
    const deliveryPoller = await startQueuePoller({
      queueUrl: queues.webhookDeliveriesQueueUrl,
      identity: { runtime: runtimeId, name: 'WebhookDeliverer' },
      handler: deliverToWebhooks,
      batchSize: webhookDeliveriesQueueSchema.batchSize,
      // As many as Lambda runs at most (the mapping's maximum concurrency): a receiver that hangs holds one
      // invocation for up to 15 s, and the others' deliveries go on beside it. Idle, they ask no more than one.
      concurrency: webhookDeliveriesQueueSchema.maxConcurrency,
      invocationTimeoutMs: webhookDeliveriesQueueSchema.delivererTimeoutSeconds * 1000,
    });
    // The table's stream feeds the click counter (whether the events queue is read or not: what is stored is
    // counted) and the webhook dispatcher, as their event source mappings do; read once for both, since each
    // read of DynamoDB Local's stream costs its JVM in proportion to the stream.
    const streamReader = await startStreamReader({
      endpoint: databaseEndpoint,
      tableName: options.tableName,
      positionsFile: options.dataDir && path.join(options.dataDir, 'stream-positions.json'),
      consumers: [
        {
          schema: clickStreamSchema,
          handler: countClicks,
          identity: { runtime: runtimeId, name: 'ClickCounter' },
          failuresQueueUrl: clicksNotCountedUrl,
          maxBatchingWindowMs:
            options.batching === 'deployed'
              ? clickStreamSchema.maxBatchingWindowSeconds * 1000
              : IMMEDIATE_COUNT_WINDOW_MS,
          invocationTimeoutMs: clickStreamSchema.counterTimeoutSeconds * 1000,
        },
        {
          schema: webhookStreamSchema,
          handler: dispatchToWebhooks,
          identity: { runtime: runtimeId, name: 'WebhookDispatcher' },
          failuresQueueUrl: webhooksNotDispatchedUrl,
          maxBatchingWindowMs:
            options.batching === 'deployed' ? webhookStreamSchema.maxBatchingWindowSeconds * 1000 : 0,
          invocationTimeoutMs: webhookStreamSchema.dispatcherTimeoutSeconds * 1000,
        },
      ],
    });
    // A seed just loaded is counted before the first request: its statistics agree with its events from the
    // start, as they would once the deployment's custom resource had finished and a minute passed.
    if (seedReport?.seeded && seedReport.events > 0) await streamReader.drain(SEED_COUNTED_WITHIN_MS);
    limits?.enforce();
    const { LIMITS_REPORT_PATH, limitsReportAnswer } = await import('./limits-report.js');
    const { rateLimitsOf } = await import('./rate-limits.js');
    const emulation = limits;
    const { createLinksPerMinute, reportsPerMinute } = options.rateLimits ?? {};
    const gateway = await startGateway(loaded, {
      runtime: runtimeId,
      port: options.port,
      host: options.host,
      rateLimits: rateLimitsOf({ createLinksPerMinute, reportsPerMinute }),
      ...(emulation && {
        localPages: {
          [LIMITS_REPORT_PATH]: (request, query) => limitsReportAnswer(emulation.report(), request.headers, query),
        },
      }),
    });
    // The gateway's own addresses are the service's short-link hosts: a link to one of them is a loop.
    const ownHosts = [`localhost:${gateway.port}`, `127.0.0.1:${gateway.port}`];
    functionEnvironment({
      SHORT_LINK_HOSTS: [options.functionSettings?.SHORT_LINK_HOSTS ?? process.env.SHORT_LINK_HOSTS, ...ownHosts]
        .filter(Boolean)
        .join(','),
    });
    let stopping = false;
    dynamoDb?.exited.then(() => {
      if (!stopping) options.onDatabaseExit?.();
    });

    return {
      url: gateway.url,
      port: gateway.port,
      tableName: options.tableName,
      queueUrl: queues.queueUrl,
      deadLetterQueueUrl: queues.deadLetterQueueUrl,
      importsQueueUrl: queues.importsQueueUrl,
      webhookDeliveriesQueueUrl: queues.webhookDeliveriesQueueUrl,
      dynamoDbEndpoint: databaseEndpoint,
      dynamoDbLimits: limits,
      iam,
      invocations: invoked.counts,
      invocationBilledMs: invoked.billedMs,
      sqsEndpoint: String(process.env.AWS_ENDPOINT_URL_SQS),
      requeuedEvents,
      seedReport,
      async settled(timeoutMs = 30_000) {
        const deadline = Date.now() + timeoutMs;
        // Queued and in flight (a deletion's delayed sweep is neither, until its delay is over).
        const [{ SQSClient }, { queuedMessages }] = await Promise.all([
          import('@aws-sdk/client-sqs'),
          import('./sqs-local.js'),
        ]);
        const sqs = new SQSClient({});
        try {
          while ((await queuedMessages(sqs, queues.queueUrl)) > 0) {
            if (Date.now() >= deadline) return false;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        } finally {
          sqs.destroy();
        }
        return streamReader.drain(Math.max(0, deadline - Date.now()));
      },
      async stop() {
        stopping = true;
        try {
          await gateway.close();
          await Promise.all(pollers.map((poller) => poller.drain(options.drainTimeoutMs ?? 10_000)));
          await streamReader.drain(options.drainTimeoutMs ?? 10_000);
          await streamReader.stop();
        } finally {
          // Whatever happened above (a queue that is gone cannot be drained), nothing may be left running,
          // and nothing still queued may be lost: it is kept for the next start, or logged for a replay.
          await Promise.all([...pollers, importPoller, deliveryPoller].map((poller) => poller.stop()));
          await keepUnsentMessages(
            await takeQueuedMessages(queues.importsQueueUrl),
            options.unsentImportsFile,
            'imports',
          );
          await keepUnsentMessages(
            await takeQueuedMessages(queues.webhookDeliveriesQueueUrl),
            options.unsentWebhookDeliveriesFile,
            'webhook deliveries',
          );
          await keepUnsentEvents(await takeQueuedMessages(queues.queueUrl), options.unsentEventsFile);
          await stopStarted();
        }
      },
    };
  } catch (error) {
    await stopStarted();
    throw error;
  }
}
