import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** The floor every function stands on: the DynamoDB document client alone, made as the store makes it. */
const CLIENT_ONLY = `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
`;

/** Budgets: the bundle's size, and what the function's own code adds to the client's import time. */
const BUDGET = { kilobytes: 700, aboveClientMs: 80 };

/**
 * Each function bundled as the stack bundles it (ESM, minified, AWS SDK inside), its size, and the median
 * time to import it on this machine's Node 24, beside the same for the DynamoDB client alone, bundled the same
 * way: what a function's own code adds to a cold start is the difference (docs/decisions.md, "The cold-start
 * budget").
 */
export async function bundles(): Promise<string[]> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bundles-'));
  const rows: string[] = [];
  let within = 0;
  const medianImport = async (entryPoint: string, outfile: string) => {
    await build({ ...bundleBuildOptions, entryPoints: [entryPoint], outfile, logLevel: 'silent' });
    const times = Array.from({ length: IMPORTS_PER_BUNDLE }, () => importTime(outfile)).sort((a, b) => a - b);
    return { kilobytes: statSync(outfile).size / 1024, median: percentile(times, 50) };
  };
  let client = { kilobytes: 0, median: 0 };
  try {
    // Resolved from the project's node_modules, as a function's own imports are.
    const clientEntry = path.join(projectRoot, 'bench', `.client-only-${process.pid}.ts`);
    writeFileSync(clientEntry, CLIENT_ONLY);
    try {
      client = await medianImport(clientEntry, path.join(outDir, 'client-only.mjs'));
    } finally {
      rmSync(clientEntry, { force: true });
    }
    const entries = [
      ...routes.map((route) => ({ label: `${route.method} ${route.path}`, handler: route.handler })),
      { label: 'event writer', handler: eventWriter.handler },
    ];
    for (const [index, entry] of entries.entries()) {
      const { kilobytes, median } = await medianImport(
        path.join(projectRoot, entry.handler),
        path.join(outDir, `fn-${index}.mjs`),
      );
      const above = median - client.median;
      const inBudget = kilobytes < BUDGET.kilobytes && above < BUDGET.aboveClientMs;
      if (inBudget) within += 1;
      rows.push(
        `${entry.label} | ${format(kilobytes, 0)} KB | ${format(median, 1)} ms (${above >= 0 ? '+' : ''}${format(above, 1)}) | ${inBudget ? 'yes' : 'no'}`,
      );
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return [
    `The DynamoDB document client alone, bundled the same way: ${format(client.kilobytes, 0)} KB, imported in ${format(client.median, 1)} ms (median of ${IMPORTS_PER_BUNDLE}).`,
    '',
    `Within the budget (${BUDGET.kilobytes} KB, and at most ${BUDGET.aboveClientMs} ms above the client's import): ${within} of ${rows.length} functions.`,
    '',
    // Three functions a line, so the sheet stays a page: every function's figures are still there.
    ...sideBySide(['function', 'bundle', 'import (median of 9; + above the client)', 'within'], rows, 3),
  ];
}
