import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarios } from './scenarios.js';

/**
 * `npm run bench [-- name ...]`: runs the benchmarks (all, or those named) against a service of their own,
 * prints each result, and writes it into docs/benchmarks.md between its `<!-- bench:name -->` markers,
 * stamped with the date and the machine.
 */
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = requested.filter((name) => !(name in scenarios));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const docPath = path.resolve(benchDir, '../docs/benchmarks.md');
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

for (const name of requested.length > 0 ? requested : Object.keys(scenarios)) {
  console.log(`\n## ${name}\n`);
  const output = execFileSync(process.execPath, ['--import', 'tsx', path.join(benchDir, 'scenario.ts'), name], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    // A request's access-log line costs CPU the figures should not include (and fills the pipe).
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN' },
    maxBuffer: 256 * 2 ** 20,
  });
  const lines = JSON.parse(output.trim().split('\n').at(-1) ?? '[]') as string[];
  console.log(lines.join('\n'));
  const stamped = [`_Measured ${new Date().toISOString().slice(0, 10)} on ${machine}._`, '', ...lines].join('\n');
  const doc = readFileSync(docPath, 'utf8');
  const pattern = new RegExp(`(<!-- bench:${name} -->)[\\s\\S]*?(<!-- /bench:${name} -->)`);
  if (!pattern.test(doc)) {
    console.error(`docs/benchmarks.md has no <!-- bench:${name} --> section; result not written`);
    continue;
  }
  writeFileSync(docPath, doc.replace(pattern, `$1\n${stamped}\n$2`));
}
