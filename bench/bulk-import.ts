import { spawn } from 'node:child_process';
import { format, percentile, startBenchService } from './support.js';

interface ImportAnswer {
  status?: string;
  status_url?: string;
  count?: number;
  skipped_total?: number;
}

/** Uploads a CSV to POST /users/bulk and, when it is handed to the import worker (202), follows it to its end. */
async function importFile(baseUrl: string, csv: string): Promise<{ answer: number; done: ImportAnswer }> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'users.csv');
  const response = await fetch(`${baseUrl}/users/bulk`, { method: 'POST', body: form });
  let done = (await response.json()) as ImportAnswer;
  while (done.status === 'running' && done.status_url) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    done = (await (await fetch(done.status_url)).json()) as ImportAnswer;
  }
  return { answer: response.status, done };
}

/**
 * Asks `GET /health` every 100 ms from a process of its own until stopped, and answers each answer's time: a
 * probe inside this process could not see the service's event loop held up, being held up with it.
 */
function probeHealth(baseUrl: string) {
  const script = `
    const times = [];
    let running = true;
    process.stdin.on('data', () => { running = false; });
    (async () => {
      while (running) {
        const startedAt = performance.now();
        await (await fetch(${JSON.stringify(`${baseUrl}/health`)})).arrayBuffer();
        times.push(performance.now() - startedAt);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      process.stdout.write(JSON.stringify(times));
      process.exit(0);
    })();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    async stop(): Promise<number[]> {
      child.stdin.end('stop');
      await exited;
      return JSON.parse(output) as number[];
    },
  };
}

/** The process's peak resident memory so far, in MB (the service runs in this process). */
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

/**
 * POST /users/bulk: a 4 MB file of a million tiny rows (`a,b`, none valid), with /health asked every 100 ms
 * meanwhile from another process: its answer time, the service's latency meanwhile, and how much the process's peak memory grew;
 * then a 10,000-row file, on a cold and then a warm service: wall time to the end of the import.
 */
export async function bulkImport(): Promise<string[]> {
  const service = await startBenchService({ pollerConcurrency: 0 });
  const rows: string[] = [];
  try {
    const millionRows = `username,email\n${'a,b\n'.repeat(1_000_000)}`;
    const peakBefore = peakRssMb();
    const prober = probeHealth(service.url);
    const startedAt = performance.now();
    const million = await importFile(service.url, millionRows);
    const seconds = (performance.now() - startedAt) / 1000;
    const health = (await prober.stop()).sort((a, b) => a - b);
    rows.push(
      '| file | answer | time | /health p50 / max meanwhile | peak memory growth |',
      '|---|---|---|---|---|',
      `| 1,000,000 rows \`a,b\` (4.0 MB) | ${million.answer}, ${format(million.done.skipped_total ?? 0, 0)} skipped | ${format(seconds, 2)} s | ${format(percentile(health, 50), 0)} / ${format(health.at(-1) ?? 0, 0)} ms (${health.length} asked) | ${format(peakRssMb() - peakBefore, 0)} MB |`,
      '',
    );

    rows.push('| run | answer | rows stored | time to done | rows/s |', '|---|---|---|---|---|');
    for (const [run, label] of [
      [1, 'first 10,000-row file (cold JVM)'],
      [2, 'second 10,000-row file (warm)'],
    ] as const) {
      const lines = ['username,email'];
      for (let i = 0; i < 10_000; i++) lines.push(`r${run}user${i},r${run}user${i}@example.com`);
      const startedAt = performance.now();
      const { answer, done } = await importFile(service.url, lines.join('\n'));
      const seconds = (performance.now() - startedAt) / 1000;
      rows.push(
        `| ${label} | ${answer} | ${format(done.count ?? 0, 0)} | ${format(seconds, 2)} s | ${format((done.count ?? 0) / seconds, 0)} |`,
      );
    }
  } finally {
    await service.stop();
  }
  return rows;
}
