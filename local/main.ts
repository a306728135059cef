import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../shared/platform/service-config.js';
import { SettingError } from '../shared/platform/setting-values.js';
import { ensurePortFree } from './ports.js';
import type { LocalRuntime } from './runtime.js';
import { claimDataFolder, type DataFolderClaim } from './runtime-record.js';
import { readLocalSettings } from './settings.js';

/**
 * `npm start`: the service on this machine, with no AWS account. Settings come from the environment
 * (README.md, "Configuration"); `--in-memory` keeps nothing between runs.
 *
 * Everything that can be checked is checked before anything starts, each failure one line: the settings,
 * the port, and that no other `npm start` uses the data folder.
 */

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const startedAt = performance.now();

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let settings: ReturnType<typeof readLocalSettings>;
let claim: DataFolderClaim;
let authMode: 'open' | 'keys';
try {
  settings = readLocalSettings(process.env, process.argv, projectRoot);
  // The functions' settings too (LOG_LEVEL, CORS_ALLOWED_ORIGINS, AUTH_MODE...), as their cold start would.
  authMode = loadConfig({ ...process.env, TABLE_NAME: settings.tableName }).authMode;
  await ensurePortFree(settings.port, settings.host);
  claim = claimDataFolder(settings.dataDir);
} catch (error) {
  if (!(error instanceof SettingError)) throw error;
  fail(error.message);
}

const relative = (folder: string) => path.relative(process.cwd(), folder) || folder;
const databaseDir = path.join(settings.dataDir, 'dynamodb');

/** One progress line per kind, rewritten in place on a terminal; in a log, a line at every tenth of each kind. */
const tenthsShown = new Map<string, number>();
function showSeedProgress(kind: string, done: number, total: number) {
  const line = `  seeding ${kind}: ${done}/${total}`;
  if (process.stdout.isTTY) {
    process.stdout.write(`\r${line.padEnd(40)}${done === total ? '\n' : ''}`);
    return;
  }
  const tenth = total === 0 ? 10 : Math.floor((done * 10) / total);
  if (tenth > (tenthsShown.get(kind) ?? 0)) {
    tenthsShown.set(kind, tenth);
    console.log(line);
  }
}

/** A stop asked for while the service is still starting ends the start: runtime.ts stops what it started. */
const startAbort = new AbortController();
let runtime: LocalRuntime | undefined;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
try {
  const { startLocalRuntime } = await import('./runtime.js');
  // The roles come from the stack itself, synthesized here without bundling (a few seconds).
  const roles = settings.enforceIam
    ? await (await import('./iam/function-roles.js')).synthesizeFunctionRoles({ authMode })
    : undefined;
  runtime = await startLocalRuntime({
    ...(roles && { iam: { roles } }),
    port: settings.port,
    host: settings.host,
    dataDir: settings.inMemory ? undefined : databaseDir,
    tableName: settings.tableName,
    queueName: settings.queueName,
    seed: settings.seed && { dir: settings.seed.dir, onProgress: showSeedProgress },
    warmUpMs: settings.warmUpMs,
    dynamoDbLimits: settings.dynamoDbLimits,
    adminKey: settings.adminKey,
    rateLimits: settings.rateLimits,
    unsentEventsFile: path.join(settings.dataDir, 'unsent-events.jsonl'),
    unsentImportsFile: path.join(settings.dataDir, 'unsent-imports.jsonl'),
    unsentWebhookDeliveriesFile: path.join(settings.dataDir, 'unsent-webhook-deliveries.jsonl'),
    onDatabaseExit: () => {
      console.error('  DynamoDB Local stopped unexpectedly; the service cannot run without it. Stopping.');
      void shutdown('DynamoDB Local exit', 1);
    },
    signal: startAbort.signal,
  });
} catch (error) {
  if (startAbort.signal.aborted) {
    // Nothing of the start is left running; a seed cut short is loaded again by the next start.
    claim.release();
    console.log('  Stopped before the start was over.');
    process.exit(0);
  }
  fail(`Could not start the local service: ${(error as Error).message}`);
}
// A stop asked for in the last moment of the start, after its last check: stop what is now running.
if (stopping) await stopRunning(runtime, 0);

/** The address to show: loopback and the wildcard addresses are reached as localhost. */
function shownHost(host: string): string {
  if (['127.0.0.1', '0.0.0.0', '::', 'localhost'].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

const shownUrl = `http://${shownHost(settings.host)}:${runtime.port}`;
claim.publish({
  url: shownUrl,
  dynamoDbEndpoint: runtime.dynamoDbEndpoint,
  sqsEndpoint: runtime.sqsEndpoint,
  queueUrl: runtime.queueUrl,
  deadLetterQueueUrl: runtime.deadLetterQueueUrl,
  tableName: runtime.tableName,
  region: process.env.AWS_REGION,
});

const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
const seedLine = runtime.seedReport
  ? runtime.seedReport.seeded
    ? `loaded ${runtime.seedReport.users} users, ${runtime.seedReport.urls} URLs, ${runtime.seedReport.events} events from ${relative(settings.seed?.dir ?? '')}`
    : 'skipped (users exist already)'
  : undefined;
console.log(
  [
    '',
    `  URL shortener is running at ${shownUrl}  (started in ${seconds} s)`,
    `    try:        curl ${shownUrl}/health      API reference: ${shownUrl}/docs`,
    `    data:       ${settings.inMemory ? 'in memory (nothing is kept)' : relative(databaseDir)}  (DynamoDB Local at ${runtime.dynamoDbEndpoint}, table ${runtime.tableName})`,
    ...(runtime.dynamoDbLimits
      ? [
          `    limits:     DynamoDB's per-partition limits and transaction conflicts emulated, scaled 1/${settings.dynamoDbLimits?.scale} (report: ${shownUrl}/_local/limits)`,
        ]
      : []),
    ...(settings.enforceIam
      ? ["    IAM:        LOCAL_IAM=enforce: each function's calls are checked against its role in the stack"]
      : []),
    ...(authMode === 'keys'
      ? [
          '    access:     AUTH_MODE=keys: every route but the redirects, /health and /docs needs Authorization: Bearer <key>',
          settings.adminKey
            ? '    first key:  the operator key given in ADMIN_KEY is registered'
            : '    first key:  npm run create-admin-key (prints an operator key), or start with ADMIN_KEY=ask_...',
        ]
      : []),
    `    events:     ${runtime.queueUrl}`,
    `    dead letters: ${runtime.deadLetterQueueUrl}`,
    ...(runtime.requeuedEvents > 0
      ? [`    requeued:   ${runtime.requeuedEvents} event(s) the last stop could not write`]
      : []),
    ...(seedLine ? [`    seed:       ${seedLine}`] : []),
    `    look:       npm run db-admin (a table browser)     reset: npm run reset-data (when stopped)`,
    '    stop:       Ctrl-C',
    '',
  ].join('\n'),
);

/**
 * Stops in order: no new requests, queued events written into the table, then the emulators. A terminal's
 * Ctrl-C signals every process of the group (npm, this process) at once, so a second signal during the stop
 * is expected and ignored; DynamoDB Local ignores them all and is stopped last, by this process. During the
 * start, the start is ended instead (above).
 */
async function shutdown(reason: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  if (runtime) {
    console.log(`\n  ${reason}: stopping (finishing requests, writing queued events)...`);
    await stopRunning(runtime, exitCode);
  } else {
    console.log(`\n  ${reason}: stopping the start...`);
    startAbort.abort(new Error(`stopped by ${reason}`));
  }
}

async function stopRunning(running: LocalRuntime, exitCode: number) {
  try {
    await running.stop();
    claim.release();
    console.log('  Stopped.');
    process.exit(exitCode);
  } catch (error) {
    console.error(`  Stopped with an error: ${(error as Error).message}`);
    process.exit(1);
  }
}
