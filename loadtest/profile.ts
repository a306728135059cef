import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { SQSClient } from '@aws-sdk/client-sqs';
import { freePort } from '../local/ports.js';
import { runningService } from '../local/runtime-record.js';
import { queuedMessages } from '../local/sqs-local.js';
import { type CpuByComponent, cpuSince, machineCpu, serviceCpu } from './lib/cpu-accounting.js';
import { prepareDataset } from './lib/dataset.js';
import { createHttpClient } from './lib/http-client.js';
import { datasetSize, type MixName, mixes, type RouteName } from './lib/mix.js';
import type { RouteSummary } from './lib/stats.js';
import { planRequest } from './lib/traffic.js';

/**
 * `npm run loadtest:profile`: where every millisecond of CPU goes, reproducibly. It starts `npm start
 * --in-memory` with the startup seed (the data the load tests read), then
 *
 * 1. sends each route of the mixes alone (`--route-requests` requests, 16 at a time, after a warm-up) and
 *    divides the CPU each part of the machine spent by the requests: the service's main thread (gateway,
 *    functions, SDK, event writer), its other threads (V8's garbage collector and compiler, the SQS
 *    emulator, gateway instances), DynamoDB Local, the load generator, and the rest of the machine (mostly
 *    the kernel's loopback networking);
 * 2. runs each mix on a fresh service at each number of virtual users (`npm run loadtest`), with the same
 *    split of the CPU per request, the latency percentiles and the machine's busy share.
 *
 * Linux only (it reads /proc). Prints markdown tables; `--json FILE` also writes the figures.
 */

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUTE_CONCURRENCY = 16;
const START_TIMEOUT_MS = 240_000;

const { values: args } = parseArgs({
  options: {
    mix: { type: 'string', default: 'reference,spec' },
    vus: { type: 'string', default: '50,200,600' },
    duration: { type: 'string', default: '20' },
    'route-requests': { type: 'string', default: '2000' },
    'no-routes': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const mixNames = (args.mix ?? '').split(',').filter(Boolean) as MixName[];
for (const mix of mixNames) if (!(mix in mixes)) throw new Error(`--mix: unknown mix ${mix}`);
const vusLevels = (args.vus ?? '').split(',').filter(Boolean).map(Number);
const durationS = Number(args.duration);
const routeRequests = Number(args['route-requests']);

interface RunningService {
  url: string;
  pid: number;
  queueUrl: string;
  sqs: SQSClient;
  stop(): Promise<void>;
}

async function startService(): Promise<RunningService> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'url-shortener-profile-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts', '--in-memory'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ENABLE_STARTUP_SEED: 'true', LOG_LEVEL: 'WARN' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start:\n${output}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    exited.then(() => reject(new Error(`the service stopped while starting:\n${output}`)));
  });
  // The runtime publishes its queue's address in its data folder.
  const record = runningService(dataDir);
  if (!record?.queueUrl || !record.sqsEndpoint) throw new Error(`no runtime record in ${dataDir}`);
  // The emulator checks no signature: any region and key do.
  const sqs = new SQSClient({
    endpoint: record.sqsEndpoint,
    region: record.region ?? 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    queueUrl: record.queueUrl,
    sqs,
    async stop() {
      sqs.destroy();
      child.kill('SIGINT');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the event writer has stored what the requests queued: the events queue is empty. */
async function settle(service: RunningService): Promise<void> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const left = await queuedMessages(service.sqs, service.queueUrl);
    if (left === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Components in a fixed order: the service's parts, DynamoDB Local, anything else of the tree. */
const order = (name: string) =>
  name.includes('main thread') ? 0 : name.startsWith('service') ? 1 : name.startsWith('DynamoDB') ? 2 : 3;

interface CpuSplit {
  components: Array<{ name: string; msPerRequest: number }>;
  loadGeneratorMs: number;
  restOfMachineMs: number;
  allMs: number;
  machineBusy: number;
}

function splitCpu(
  spent: CpuByComponent,
  loadGeneratorMs: number,
  machine: { busyMs: number; totalMs: number },
  requests: number,
): CpuSplit {
  const components = [...spent]
    .filter(([, ms]) => ms >= 0.5)
    .sort((a, b) => order(a[0]) - order(b[0]) || b[1] - a[1])
    .map(([name, ms]) => ({ name, msPerRequest: ms / requests }));
  const accounted = [...spent.values()].reduce((sum, ms) => sum + ms, 0) + loadGeneratorMs;
  return {
    components,
    loadGeneratorMs: loadGeneratorMs / requests,
    restOfMachineMs: Math.max(0, machine.busyMs - accounted) / requests,
    allMs: machine.busyMs / requests,
    machineBusy: machine.busyMs / machine.totalMs,
  };
}

function measureCpu(service: RunningService) {
  const service0 = serviceCpu(service.pid);
  const machine0 = machineCpu();
  return (requests: number, loadGeneratorMs: number): CpuSplit => {
    const machine1 = machineCpu();
    return splitCpu(
      cpuSince(service0, serviceCpu(service.pid)),
      loadGeneratorMs,
      { busyMs: machine1.busyMs - machine0.busyMs, totalMs: machine1.totalMs - machine0.totalMs },
      requests,
    );
  };
}

const ms = (value: number) => (value >= 10 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(2));

/** Each route alone: CPU per request by component. */
async function profileRoutes(): Promise<Array<{ route: RouteName; cpu: CpuSplit }>> {
  const service = await startService();
  try {
    const client = createHttpClient(new URL(service.url), ROUTE_CONCURRENCY);
    const dataset = await prepareDataset(client, datasetSize, () => {});
    const routes = [...new Set(Object.values(mixes).flatMap((weights) => Object.keys(weights)))] as RouteName[];
    const results: Array<{ route: RouteName; cpu: CpuSplit }> = [];
    const sendAll = async (route: RouteName, count: number) => {
      let next = 0;
      const worker = async () => {
        while (next++ < count) {
          const outcome = await client.send(planRequest(route, dataset, Math.random));
          if (outcome.status === 0 || outcome.status >= 500) throw new Error(`${route}: ${outcome.status}`);
        }
      };
      await Promise.all(Array.from({ length: ROUTE_CONCURRENCY }, worker));
    };
    for (const route of routes) {
      await sendAll(route, Math.min(500, routeRequests));
      await settle(service);
      const measured = measureCpu(service);
      const generator0 = process.cpuUsage();
      await sendAll(route, routeRequests);
      const generator = process.cpuUsage(generator0);
      await settle(service);
      results.push({ route, cpu: measured(routeRequests, (generator.user + generator.system) / 1000) });
      console.error(`  ${route}: ${ms(results.at(-1)?.cpu.allMs ?? 0)} ms of CPU per request`);
    }
    client.close();
    return results;
  } finally {
    await service.stop();
  }
}

interface MixLevel {
  mix: MixName;
  vus: number;
  overall: RouteSummary;
  cpu: CpuSplit;
}

/** Each mix on a fresh service, at each number of virtual users in turn. */
async function profileMix(mix: MixName): Promise<MixLevel[]> {
  const service = await startService();
  const levels: MixLevel[] = [];
  const jsonPath = path.join(os.tmpdir(), `loadtest-profile-${process.pid}.json`);
  try {
    for (const vus of vusLevels) {
      console.error(`  ${mix} mix, ${vus} virtual users...`);
      const measured = measureCpu(service);
      await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'loadtest/run.ts',
          ...['--url', service.url, '--vus', String(vus), '--duration', String(durationS), '--mix', mix],
          ...['--json', jsonPath],
        ],
        { cwd: projectRoot, maxBuffer: 16 * 2 ** 20 },
      ).catch((error: { code?: number }) => {
        // Exit 1 is a missed threshold, reported in the table; anything else is a failed run.
        if (error.code !== 1) throw error;
      });
      const summary = JSON.parse(readFileSync(jsonPath, 'utf8')) as { overall: RouteSummary; runnerCpuS: number };
      await settle(service);
      levels.push({
        mix,
        vus,
        overall: summary.overall,
        cpu: measured(summary.overall.requests, summary.runnerCpuS * 1000),
      });
    }
    return levels;
  } finally {
    rmSync(jsonPath, { force: true });
    await service.stop();
  }
}

const cpuColumns = (rows: CpuSplit[]) => [
  ...new Set(rows.flatMap((row) => row.components.map((component) => component.name))),
];

function cpuCells(split: CpuSplit, names: string[]): string[] {
  return [
    ...names.map((name) => ms(split.components.find((component) => component.name === name)?.msPerRequest ?? 0)),
    ms(split.loadGeneratorMs),
    ms(split.restOfMachineMs),
    `**${ms(split.allMs)}**`,
  ];
}

const table = (header: string[], rows: string[][]) =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

const lines: string[] = [];
const figures: Record<string, unknown> = {};
if (!args['no-routes']) {
  const routes = await profileRoutes();
  figures.routes = routes;
  const names = cpuColumns(routes.map((row) => row.cpu));
  lines.push(
    `CPU per request in ms, each route alone (${routeRequests} requests, ${ROUTE_CONCURRENCY} at a time):`,
    '',
    table(
      ['route', ...names, 'load generator', 'rest of machine', 'all'],
      routes.map(({ route, cpu }) => [route, ...cpuCells(cpu, names)]),
    ),
    '',
  );
}
for (const mix of mixNames) {
  const levels = await profileMix(mix);
  figures[mix] = levels;
  const names = cpuColumns(levels.map((level) => level.cpu));
  lines.push(
    `The ${mix} mix, ${durationS} s at each number of virtual users on one fresh service; latency in ms, CPU per request in ms:`,
    '',
    table(
      [
        'users',
        'p50',
        'p95',
        'p99',
        'max',
        'failed',
        'req/s',
        'machine busy',
        ...names,
        'load generator',
        'rest of machine',
        'all',
      ],
      levels.map(({ vus, overall, cpu }) => [
        String(vus),
        ms(overall.p50Ms),
        `**${ms(overall.p95Ms)}**`,
        ms(overall.p99Ms),
        ms(overall.maxMs),
        String(overall.failed),
        overall.requestsPerSecond.toFixed(0),
        `${(cpu.machineBusy * 100).toFixed(0)} %`,
        ...cpuCells(cpu, names),
      ]),
    ),
    '',
  );
}
console.log(lines.join('\n'));
if (args.json) writeFileSync(args.json, `${JSON.stringify(figures, null, 2)}\n`);
