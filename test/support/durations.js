import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes durations.json (what sequencer.js orders a run by when Jest has no durations of its own) from the
 * output of `npm run test:jest -- --json --outputFile=<file>`: each test file's seconds, slowest first.
 */
const [results] = process.argv.slice(2);
if (!results) {
  console.error('Usage: node test/support/durations.js <jest --json output>');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '../..');
const { testResults } = JSON.parse(readFileSync(results, 'utf8'));
const durations = testResults
  .map((result) => [
    path.relative(root, result.name).split(path.sep).join('/'),
    Math.round((result.endTime - result.startTime) / 100) / 10,
  ])
  .sort(([, a], [, b]) => b - a);
writeFileSync(
  new URL('./durations.json', import.meta.url),
  `${JSON.stringify(Object.fromEntries(durations), null, 2)}\n`,
);
console.log(`durations.json: ${durations.length} files`);
