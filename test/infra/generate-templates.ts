import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { generatorFiles, isAlive, type VariantName, variantFiles } from './synthesized.js';

/**
 * The one process of a Jest run that synthesizes (synthesized.ts starts it, detached, as
 * `node --import tsx test/infra/generate-templates.ts <cache folder> <run pid>`): it makes every variant of
 * stack-variants.ts, those a test is waiting for first (oldest wish first), then waits for the run's process to
 * end and removes the cache folder. It stops early when the run ends first.
 */

const [folder, runPidArgument] = process.argv.slice(2);
if (!folder || !runPidArgument) throw new Error('Usage: generate-templates.ts <cache folder> <run pid>');
const runPid = Number(runPidArgument);

/** Written whole or not at all: the readers poll for the file's name. */
function writeAtomically(file: string, text: string): void {
  const partial = `${file}.${randomUUID()}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}

const describeError = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

async function generate(at: string): Promise<void> {
  const { synthesizeVariant, variants } = await import('./stack-variants.js');
  const pending = new Set(Object.keys(variants) as VariantName[]);
  const { wishes } = generatorFiles(at);
  const next = (): VariantName | undefined => {
    const wished = readdirSync(wishes)
      .filter((name): name is VariantName => pending.has(name as VariantName))
      .sort((a, b) => statSync(path.join(wishes, a)).mtimeMs - statSync(path.join(wishes, b)).mtimeMs);
    return wished[0] ?? pending.values().next().value;
  };
  for (let name = next(); name !== undefined && isAlive(runPid); name = next()) {
    pending.delete(name);
    const files = variantFiles(at, name);
    const started = performance.now();
    try {
      writeAtomically(files.result, JSON.stringify(synthesizeVariant(variants[name])));
      console.log(`${name}: ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      writeAtomically(files.failure, describeError(error));
    }
  }
}

try {
  await generate(folder);
} catch (error) {
  // The stacks could not be loaded (a broken import): no variant can be made, and every reader is told why.
  if (existsSync(folder)) writeAtomically(generatorFiles(folder).failure, describeError(error));
}
while (isAlive(runPid)) await sleep(1000);
rmSync(folder, { recursive: true, force: true });
