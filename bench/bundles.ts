import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleBuildOptions } from '../lib/bundling.js';
import { eventWriter, routes } from '../shared/api/routes.js';
import { format, percentile, sideBySide } from './support.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMPORTS_PER_BUNDLE = 9;

/** Milliseconds to import a bundle in a fresh Node process: the module-initialisation part of a cold start. */
function importTime(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, TABLE_NAME: 'bench', EVENTS_QUEUE_URL: 'http://127.0.0.1:1/queue', AWS_REGION: 'us-east-1' },
    encoding: 'utf8',
  });
  return Number(output.trim());
}

/**
 * Each function bundled as the stack bundles it (ESM, minified, AWS SDK inside), its size, and the median
 * time to import it on this machine's Node 24. Budget: under 700 KB and 80 ms.
 */
export async function bundles(): Promise<string[]> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bundles-'));
  const rows: string[] = [];
  let within = 0;
  try {
    const entries = [
      ...routes.map((route) => ({ label: `${route.method} ${route.path}`, handler: route.handler })),
      { label: 'event writer', handler: eventWriter.handler },
    ];
    for (const [index, entry] of entries.entries()) {
      const outfile = path.join(outDir, `fn-${index}.mjs`);
      await build({
        ...bundleBuildOptions,
        entryPoints: [path.join(projectRoot, entry.handler)],
        outfile,
        logLevel: 'silent',
      });
      const kilobytes = statSync(outfile).size / 1024;
      const times = Array.from({ length: IMPORTS_PER_BUNDLE }, () => importTime(outfile)).sort((a, b) => a - b);
      const median = percentile(times, 50);
      const inBudget = kilobytes < 700 && median < 80;
      if (inBudget) within += 1;
      rows.push(`${entry.label} | ${format(kilobytes, 0)} KB | ${format(median, 1)} ms | ${inBudget ? 'yes' : 'no'}`);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return [
    `Within the budget (700 KB, 80 ms): ${within} of ${rows.length} functions.`,
    '',
    // Three functions a line, so the sheet stays a page: every function's figures are still there.
    ...sideBySide(['function', 'bundle', 'import (median of 9)', 'within'], rows, 3),
  ];
}
