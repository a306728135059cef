import { format, startBenchService } from './support.js';

/** POST /users/bulk with a 10,000-row file: wall time and rows per second, on a cold and then a warm service. */
export async function bulkImport(): Promise<string[]> {
  const service = await startBenchService({ pollerConcurrency: 0 });
  const rows: string[] = [];
  try {
    for (const [run, label] of [
      [1, 'first file (cold JVM)'],
      [2, 'second file (warm)'],
    ] as const) {
      const lines = ['username,email'];
      for (let i = 0; i < 10_000; i++) lines.push(`r${run}user${i},r${run}user${i}@example.com`);
      const form = new FormData();
      form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'users.csv');
      const startedAt = performance.now();
      const response = await fetch(`${service.url}/users/bulk`, { method: 'POST', body: form });
      const seconds = (performance.now() - startedAt) / 1000;
      const { count } = (await response.json()) as { count: number };
      rows.push(`| ${label} | ${format(count, 0)} | ${format(seconds, 2)} s | ${format(count / seconds, 0)} |`);
    }
  } finally {
    await service.stop();
  }
  return ['| run | rows stored | time | rows/s |', '|---|---|---|---|', ...rows];
}
