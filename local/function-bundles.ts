import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleBuildOptions } from '../lib/bundling.js';
import type { RouteDefinition } from '../shared/api/routes.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A function to bundle: its name (construct id), its handler module, and the files it reads at run time. */
export interface FunctionSource {
  name: string;
  handler: string;
  bundledFiles?: RouteDefinition['bundledFiles'];
}

export interface FunctionBundles {
  /** The folder of the bundles: a folder per function. */
  folder: string;
  /** Each function's bundle (`<name>/index.mjs`, its files beside it), by name. */
  files: Map<string, string>;
  remove(): Promise<void>;
}

const bundleFile = (folder: string, name: string) => path.join(folder, name, 'index.mjs');

/**
 * Bundles the functions as the stack deploys them (lib/bundling.ts: the same esbuild settings NodejsFunction
 * uses, the AWS SDK inside, the run-time files copied next to each bundle), so that the local runtime can run
 * what ships instead of the TypeScript sources: each bundle has its own copy of every module, as each
 * function has its own instance in Lambda. One esbuild call for all of them (a few seconds).
 */
export async function buildFunctionBundles(functions: readonly FunctionSource[]): Promise<FunctionBundles> {
  const outdir = await mkdtemp(path.join(tmpdir(), 'function-bundles-'));
  await build({
    ...bundleBuildOptions,
    entryPoints: Object.fromEntries(functions.map((fn) => [`${fn.name}/index`, path.join(projectRoot, fn.handler)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'silent',
  });
  for (const fn of functions) {
    for (const set of fn.bundledFiles ?? []) {
      const folder = path.join(outdir, fn.name, set.folder);
      await mkdir(folder, { recursive: true });
      await Promise.all(
        set.files.map((file) => copyFile(path.join(projectRoot, set.from, file), path.join(folder, file))),
      );
    }
  }
  return {
    folder: outdir,
    files: new Map(functions.map((fn) => [fn.name, bundleFile(outdir, fn.name)])),
    remove: () => rm(outdir, { recursive: true, force: true }),
  };
}

/**
 * Bundles that buildFunctionBundles built already, in `folder` (a test runs several runtimes from one build):
 * every function must have its bundle there. Whoever built them removes them.
 */
export function builtFunctionBundles(folder: string, functions: readonly FunctionSource[]): FunctionBundles {
  const missing = functions.filter((fn) => !existsSync(bundleFile(folder, fn.name))).map((fn) => fn.name);
  if (missing.length > 0) throw new Error(`No bundle in ${folder} for ${missing.join(', ')}`);
  return {
    folder,
    files: new Map(functions.map((fn) => [fn.name, bundleFile(folder, fn.name)])),
    remove: async () => undefined,
  };
}
