import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Template } from 'aws-cdk-lib/assertions';
import type { variants } from './stack-variants.js';

/**
 * The templates of the stack variants in stack-variants.ts, synthesized once per Jest run by one process for
 * both workers (generate-templates.ts), and read here as `Template.fromJSON`. A worker that needs a variant
 * writes its wish, starts the generator unless one runs (an exclusive lock file), and waits for the variant's
 * file, which the generator renames into place whole.
 *
 * The cache lives for one Jest run only: a folder under the system's temporary folder named by the run's
 * process id (a worker's parent; this process when Jest runs in band), which the generating process removes
 * once that process has ended. Per run rather than keyed by content alone, because no list of the files a
 * synthesis reads can be proven complete (dependencies, new folders): a run synthesizes from the tree as it
 * is when it starts. The hash of the stacks' sources in the name covers what a single long-lived run (watch
 * mode) could otherwise serve stale: a change under these folders gets a new folder and new templates.
 */

type Variants = typeof variants;
export type VariantName = keyof Variants;
type StackName<N extends VariantName> =
  | (keyof ReturnType<Variants[N]['stacks']> & string)
  // The service's alarms live in a nested stack (lib/service-stack.ts), read as `serviceAlarms`.
  | `${keyof ReturnType<Variants[N]['stacks']> & string}Alarms`;

export interface NagFindings {
  errors: string[];
  warnings: string[];
}

/**
 * What `<variant>.json` holds: each stack's template, what CloudFormation's validation found in them, and
 * cdk-nag's findings where the variant runs it.
 */
export interface SynthesizedVariant {
  templates: Record<string, unknown>;
  cloudFormation: string[];
  nag?: Record<string, NagFindings>;
}

const projectRoot = path.resolve(import.meta.dirname, '../..');
const generatorScript = path.join(import.meta.dirname, 'generate-templates.ts');
const folderPrefix = 'url-shortener-infra-templates-';
/** What the stacks are built from; a change here makes a new cache folder (see above). */
const sources = ['lib', 'shared', 'functions', 'bin', 'package-lock.json', 'test/infra/stack-variants.ts'];
/** Longer than a synthesis of every variant takes on a slow, busy machine; a generator that hangs fails the tests. */
const waitLimitMs = 5 * 60_000;

export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The generator's files in the cache folder, and the folder of wishes (one empty file per variant wanted). */
export const generatorFiles = (folder: string) => ({
  /** The generator's pid, created exclusively by the worker that starts it. */
  lock: path.join(folder, 'generator.pid'),
  log: path.join(folder, 'generator.log'),
  /** Why the generator could make no variant at all. */
  failure: path.join(folder, 'generator.error'),
  wishes: path.join(folder, 'wanted'),
});

/** Where a variant's result, its failure and a worker's wish for it live in the cache folder. */
export const variantFiles = (folder: string, name: string) => ({
  result: path.join(folder, `${name}.json`),
  failure: path.join(folder, `${name}.error`),
  wish: path.join(generatorFiles(folder).wishes, name),
});

/** A Jest worker's parent is the run's process; in band (one file, `-i`) or in a worker thread, this one is. */
const runPid = () => (/jest-worker/.test(process.argv[1] ?? '') ? process.ppid : process.pid);

function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const source of sources) {
    const root = path.join(projectRoot, source);
    if (!existsSync(root)) continue;
    const files = statSync(root).isFile()
      ? [source]
      : readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(projectRoot, path.join(entry.parentPath, entry.name)))
          .sort();
    for (const file of files)
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(projectRoot, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Removes the folders of runs that have ended without their generator's clean-up (killed, crashed). */
function removeAbandonedFolders(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(name.startsWith(folderPrefix) ? name.slice(folderPrefix.length).split('-')[0] : Number.NaN);
    if (Number.isInteger(pid) && !isAlive(pid)) rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
  }
}

let folder: string | undefined;
function cacheFolder(): string {
  if (folder === undefined) {
    removeAbandonedFolders();
    folder = path.join(tmpdir(), `${folderPrefix}${runPid()}-${sourcesHash()}`);
    mkdirSync(generatorFiles(folder).wishes, { recursive: true });
  }
  return folder;
}

/** Starts the one generating process of this run's folder, unless a worker has already. */
function startGenerator(at: string): void {
  const files = generatorFiles(at);
  let lock: number;
  try {
    lock = openSync(files.lock, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  const log = openSync(files.log, 'a');
  const nodeOptions = (process.env.NODE_OPTIONS ?? '').replace('--experimental-vm-modules', '').trim();
  // Detached: it outlives this worker, to remove the folder when the run has ended.
  const child = spawn(process.execPath, ['--import', 'tsx', generatorScript, at, String(runPid())], {
    cwd: projectRoot,
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
  });
  child.unref();
  writeFileSync(lock, String(child.pid));
  closeSync(lock);
  closeSync(log);
}

function failureOf(at: string, name: string): string | undefined {
  const files = variantFiles(at, name);
  const generator = generatorFiles(at);
  if (existsSync(files.failure)) return readFileSync(files.failure, 'utf8');
  if (existsSync(generator.failure)) return readFileSync(generator.failure, 'utf8');
  const pid = Number(readFileSync(generator.lock, 'utf8'));
  // An empty file: the worker that took the lock has not started the generator yet.
  if (pid > 0 && !isAlive(pid) && !existsSync(files.result)) {
    return `The generator (pid ${pid}) ended without it:\n${readFileSync(generator.log, 'utf8')}`;
  }
  return undefined;
}

async function load(name: VariantName): Promise<SynthesizedVariant> {
  const at = cacheFolder();
  const files = variantFiles(at, name);
  if (!existsSync(files.result)) {
    writeFileSync(files.wish, '');
    startGenerator(at);
    const since = Date.now();
    while (!existsSync(files.result)) {
      const failure = failureOf(at, name);
      if (failure !== undefined) throw new Error(`Synthesizing the ${name} variant failed: ${failure}`);
      if (Date.now() - since > waitLimitMs) throw new Error(`No ${name} variant after ${waitLimitMs / 1000} s`);
      await sleep(50);
    }
  }
  return JSON.parse(readFileSync(files.result, 'utf8')) as SynthesizedVariant;
}

/** A variant's stacks' templates, by the name stack-variants.ts gives them (`service`, `firewall`). */
export async function synthesized<N extends VariantName>(name: N): Promise<Record<StackName<N>, Template>> {
  const { templates } = await load(name);
  return Object.fromEntries(
    Object.entries(templates).map(([stack, template]) => [stack, Template.fromJSON(template as object)]),
  ) as Record<StackName<N>, Template>;
}

/** What CloudFormation's validation found in a variant's templates, as "severity rule at path: description" lines. */
export async function cloudFormationFindings(name: VariantName): Promise<string[]> {
  return (await load(name)).cloudFormation;
}

/** cdk-nag's errors and warnings left unsuppressed on each of a variant's stacks, as "rule at path" lines. */
export async function unsuppressedNagFindings<N extends VariantName>(
  name: N,
): Promise<Record<StackName<N>, NagFindings>> {
  const { nag } = await load(name);
  if (!nag) throw new Error(`The ${name} variant runs without cdk-nag (stack-variants.ts)`);
  return nag as Record<StackName<N>, NagFindings>;
}
