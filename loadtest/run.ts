import { writeFile } from 'node:fs/promises';
import { parseRunArgs, type RunOptions, UsageError, usage } from './lib/args.js';
import { prepareDataset } from './lib/dataset.js';
import { createHttpClient, type HttpClient } from './lib/http-client.js';
import { datasetSize, thinkTimeMs, thresholds } from './lib/mix.js';
import { formatSummaryTable, formatVerdicts } from './lib/report.js';
import { formatPercent, judgeThresholds, Recorder } from './lib/stats.js';
import { runVirtualUsers } from './lib/virtual-users.js';

/**
 * `npm run loadtest -- --vus 200 --duration 30`: the k6 mix (loadtest/k6/) from Node, for the local
 * runtime where k6 is not at hand. Prints per-route latency percentiles, throughput and failures, and
 * exits non-zero when the spec's thresholds are missed.
 */

const PROGRESS_EVERY_MS = 5000;

function readOptions(): RunOptions {
  try {
    const parsed = parseRunArgs(process.argv.slice(2), thinkTimeMs);
    if (parsed.kind === 'run') return parsed.options;
    console.log(usage(thinkTimeMs));
    process.exit(0);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${usage(thinkTimeMs)}`);
    process.exit(2);
  }
}

/** Fails fast, with the reason, when nothing answers at the base URL. */
async function checkReachable(client: HttpClient, baseUrl: URL): Promise<void> {
  const health = await client.send({ method: 'GET', path: '/health' });
  if (health.status !== 200) {
    const reason = health.status === 0 ? health.error : `status ${health.status}`;
    throw new Error(`GET ${baseUrl.origin}/health did not answer 200 (${reason}); is the service running?`);
  }
}

/** A line on stderr now and then, so that a long run shows it is alive without mixing into the report. */
function reportProgress(recorder: Recorder): () => void {
  const startedAt = performance.now();
  const timer = setInterval(() => {
    const seconds = (performance.now() - startedAt) / 1000;
    const { requests, failed } = recorder;
    console.error(
      `  ${seconds.toFixed(0).padStart(4)} s  ${requests} requests  ${(requests / seconds).toFixed(1)} req/s  ${failed} failed`,
    );
  }, PROGRESS_EVERY_MS);
  return () => clearInterval(timer);
}

/** The runner shares the machine with the service: its own CPU time says how much it took from it. */
const cpuSeconds = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1e6;

/** Prints the table and the verdicts (and writes the JSON when asked); true when the thresholds are met. */
async function report(options: RunOptions, recorder: Recorder, elapsedS: number, runnerCpuS: number): Promise<boolean> {
  const { routes, overall } = recorder.summarize(elapsedS);
  const verdicts = judgeThresholds(overall, thresholds);
  const passed = verdicts.every((verdict) => verdict.passed);
  console.log(`\n${formatSummaryTable(routes, overall)}\n`);
  console.log(
    `  ${overall.requests} requests in ${elapsedS.toFixed(1)} s; the runner used ${runnerCpuS.toFixed(1)} s of CPU` +
      ` (${formatPercent(runnerCpuS / elapsedS)} of one core)`,
  );
  console.log(`${formatVerdicts(verdicts)}\n`);
  if (options.jsonPath) {
    const summary = {
      options: { ...options, baseUrl: options.baseUrl.href },
      elapsedS,
      runnerCpuS,
      overall,
      routes,
      verdicts,
      passed,
    };
    await writeFile(options.jsonPath, `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`  summary written to ${options.jsonPath}`);
  }
  return passed;
}

async function main(): Promise<boolean> {
  const options = readOptions();
  const client = createHttpClient(options.baseUrl, options.vus);
  try {
    await checkReachable(client, options.baseUrl);
    const dataset = await prepareDataset(client, datasetSize, (message) => console.log(`  data: ${message}`));
    console.log(
      `\n  ${options.vus} virtual users (${options.mix} mix) for ${options.durationS} s against ${options.baseUrl.origin}` +
        ` (think ${options.thinkMinMs}-${options.thinkMaxMs} ms)`,
    );
    const recorder = new Recorder();
    const stopProgress = reportProgress(recorder);
    const cpuBefore = process.cpuUsage();
    const elapsedS = await runVirtualUsers(options, client, dataset, recorder);
    const runnerCpuS = cpuSeconds(process.cpuUsage(cpuBefore));
    stopProgress();
    return await report(options, recorder, elapsedS, runnerCpuS);
  } finally {
    client.close();
  }
}

try {
  process.exitCode = (await main()) ? 0 : 1;
} catch (error) {
  console.error(`load test stopped: ${(error as Error).message}`);
  process.exitCode = 1;
}
