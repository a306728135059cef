import { scenarios } from './scenarios.js';

/**
 * Runs one benchmark in this process and prints its markdown lines as JSON on the last line. Each
 * benchmark gets a process of its own because the functions read their configuration once per process.
 */
const name = process.argv[2];
if (name) {
  const run = scenarios[name];
  if (!run) throw new Error(`unknown benchmark ${name}`);
  const lines = await run();
  console.log(JSON.stringify(lines));
}
