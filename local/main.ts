import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalRuntime } from './runtime.js';

/**
 * `npm start`: the service on this machine, with no AWS account. Settings come from the environment
 * (README.md, "Configuration"); `--in-memory` keeps nothing between runs.
 */

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function readPort(raw: string | undefined): number {
  const port = Number(raw ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number, got "${raw}"`);
    process.exit(1);
  }
  return port;
}

const inMemory = process.argv.includes('--in-memory') || /^(1|true|yes|on)$/i.test(process.env.LOCAL_IN_MEMORY ?? '');
const dataDir = inMemory ? undefined : path.resolve(projectRoot, process.env.DATA_DIR || '.data', 'dynamodb');
const startedAt = performance.now();
const seedEnabled = /^(1|true|yes|on)$/i.test(process.env.ENABLE_STARTUP_SEED ?? '');
const seedDir = path.resolve(projectRoot, process.env.SEED_DIR || 'seed');

/** One progress line, rewritten in place on a terminal. */
function showSeedProgress(kind: string, done: number, total: number) {
  const line = `  seeding ${kind}: ${done}/${total}`;
  if (process.stdout.isTTY) process.stdout.write(`\r${line.padEnd(40)}`);
  else if (done === total) console.log(line);
}

let runtime: Awaited<ReturnType<typeof startLocalRuntime>>;
try {
  runtime = await startLocalRuntime({
    port: readPort(process.env.PORT),
    host: process.env.HOST || undefined,
    dataDir,
    tableName: process.env.TABLE_NAME || 'url-shortener',
    queueName: process.env.EVENTS_QUEUE_NAME || 'url-shortener-events',
    seed: seedEnabled ? { dir: seedDir, onProgress: showSeedProgress } : undefined,
    warmUpMs: Number(process.env.LOCAL_WARM_UP_MS ?? 3000),
  });
  if (process.stdout.isTTY && runtime.seedReport?.seeded) process.stdout.write('\n');
} catch (error) {
  console.error(`Could not start the local service: ${(error as Error).message}`);
  process.exit(1);
}

const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
const shownUrl = `http://localhost:${runtime.port}`;
console.log(
  [
    '',
    `  URL shortener is running at ${shownUrl}  (started in ${seconds} s)`,
    `    try:      curl ${shownUrl}/health`,
    `    data:     ${dataDir ? path.relative(process.cwd(), dataDir) || dataDir : 'in memory (nothing is kept)'}  (DynamoDB at ${runtime.dynamoDbEndpoint})`,
    `    events:   queue at ${runtime.sqsEndpoint}`,
    ...(runtime.seedReport
      ? [
          runtime.seedReport.seeded
            ? `    seed:     loaded ${runtime.seedReport.users} users, ${runtime.seedReport.urls} URLs, ${runtime.seedReport.events} events from ${path.relative(process.cwd(), seedDir) || seedDir}`
            : '    seed:     skipped (users exist already)',
        ]
      : []),
    '    stop:     Ctrl-C',
    '',
  ].join('\n'),
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n  ${signal}: stopping (finishing requests, storing queued events)...`);
  try {
    await runtime.stop();
    console.log('  Stopped.');
    process.exit(0);
  } catch (error) {
    console.error(`  Stopped with an error: ${(error as Error).message}`);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
