import { readFileSync } from 'node:fs';
import { type LoadFnOutput, type ResolveFnOutput, registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

/**
 * Each function its own module instance, as each Lambda function runs in a process of its own: its
 * configuration, its caches (hot keys, blocked hosts, leases of ids and clicks), its metrics and its AWS clients
 * are its own, never another function's. One process serves every function here, so the runtime imports each
 * function's handler under a URL that names the function (`?function=<name>`), and the resolve hook below hands
 * that name on to every module of the project the handler imports, directly or not: Node then keeps one
 * instance of each of those modules per function. Packages (`node_modules`) are shared: they hold no state of
 * the service's.
 *
 * The hook belongs to Node's own module loader (`module.registerHooks`), which `npm start`, the test services
 * and the benchmarks run under; Jest's module registry ignores it, so a runtime is never started inside a Jest
 * test file (test/support/service.ts starts each in a process of its own).
 */

const INSTANCE_PARAMETER = 'function';
const projectRoot = new URL('../', import.meta.url).href;
const packages = new URL('node_modules/', projectRoot).href;

const isProjectModule = (url: string) => url.startsWith(projectRoot) && !url.startsWith(packages);

/** The function whose instance a module URL belongs to, if any. */
function instanceOf(url: string | undefined): string | null {
  if (!url?.startsWith(projectRoot)) return null;
  const query = url.indexOf('?');
  return query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get(INSTANCE_PARAMETER);
}

let installed = false;

const withoutQuery = (url: string) => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/**
 * What the first instance of a module resolved and loaded, for the instances after it. Every function imports
 * the same files, and the loader's chain (TypeScript's transform, the lookups in packages) would otherwise do
 * the same work again for each (docs/benchmarks.md, "Measured choices in the code"). Only the instance in the URL
 * differs.
 */
const resolvedOnce = new Map<string, Pick<ResolveFnOutput, 'url' | 'format'>>();
const loadedOnce = new Map<string, Pick<LoadFnOutput, 'format' | 'source'>>();

/**
 * The bundles (what ships) this process imports. Each is plain JavaScript that Lambda's Node runs as it is, so
 * it is read as it is, past the TypeScript loader the process runs under: tsx's look at each 500 kB bundle is
 * costly (docs/benchmarks.md, "Measured choices in the code") and nothing Lambda does.
 */
const bundles = new Set<string>();

function keepFunctionInstancesApart(): void {
  if (installed) return;
  installed = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const instance = instanceOf(context.parentURL);
      if (instance === null) return nextResolve(specifier, context);
      const key = `${withoutQuery(context.parentURL ?? '')}\0${specifier}`;
      let known = resolvedOnce.get(key);
      if (!known) {
        const resolved = nextResolve(specifier, context);
        if (instanceOf(resolved.url) !== null) return resolved;
        known = { url: resolved.url, format: resolved.format };
        resolvedOnce.set(key, known);
      }
      // A package is shared by every instance (it holds no state of the service's).
      if (!isProjectModule(known.url)) return { ...known, shortCircuit: true };
      const url = new URL(known.url);
      url.searchParams.set(INSTANCE_PARAMETER, instance);
      return { url: url.href, format: known.format, shortCircuit: true };
    },
    load(url, context, nextLoad) {
      if (bundles.has(url)) return { format: 'module', source: readFileSync(new URL(url)), shortCircuit: true };
      if (instanceOf(url) === null || !isProjectModule(url)) return nextLoad(url, context);
      const file = withoutQuery(url);
      const known = loadedOnce.get(file);
      if (known) return { ...known, shortCircuit: true };
      const loaded = nextLoad(url, context);
      if (loaded.format === 'module' && loaded.source !== undefined && loaded.source !== null) {
        loadedOnce.set(file, { format: loaded.format, source: loaded.source });
      }
      return loaded;
    },
  });
}

/** A function's handler from its module file, in the function's own instance of every module it imports. */
async function importFunctionHandler<T>(file: string, functionName: string): Promise<T> {
  keepFunctionInstancesApart();
  const url = pathToFileURL(file);
  // A bundle (what ships) already holds its own copy of every module.
  if (isProjectModule(url.href)) url.searchParams.set(INSTANCE_PARAMETER, functionName);
  else bundles.add(url.href);
  const module = (await import(url.href)) as { handler?: T };
  if (typeof module.handler !== 'function') throw new Error(`${file} does not export a handler`);
  return module.handler;
}

type MetricsModule = typeof import('../shared/platform/metrics.js');
export type MetricsSnapshot = ReturnType<MetricsModule['metricsSnapshot']>;
const metricsModule = fileURLToPath(new URL('shared/platform/metrics.ts', projectRoot));

export interface LocalFunction<Event, Result> {
  /** Its construct path in the stack (`GetUrlsIdRedirect`, `EventWriter`). */
  name: string;
  /** Calls the handler; the first call loads the function's modules, as Lambda's cold start does. */
  handler: (event: Event, context: Context) => Promise<Result>;
  /** Loads the function's modules now (its cold start ahead of its first call), once. */
  load(): Promise<unknown>;
  /**
   * The function's own counters once it has started (GET /metrics/json of this instance); a bundle keeps its
   * own out of reach, and answers undefined.
   */
  metrics(): MetricsSnapshot | undefined;
}

/**
 * A function of the local runtime `runtime`, from its TypeScript source (`file` relative to the project) or from
 * its bundle (an absolute path outside the project), loaded at its first invocation. A later runtime of the same
 * process (a benchmark's next round) gets instances of its own, which read its configuration.
 */
export function localFunction<Event, Result>(
  name: string,
  file: string,
  runtime: string,
): LocalFunction<Event, Result> {
  const instance = `${runtime}/${name}`;
  const absolute = path.isAbsolute(file) ? file : fileURLToPath(new URL(file, projectRoot));
  type Handler = (event: Event, context: Context) => Promise<Result>;
  let loading: Promise<Handler> | undefined;
  let metrics: MetricsModule | undefined;
  const load = () => {
    loading ??= importFunctionHandler<Handler>(absolute, instance).then(async (handler) => {
      if (isProjectModule(pathToFileURL(absolute).href)) {
        const url = pathToFileURL(metricsModule);
        url.searchParams.set(INSTANCE_PARAMETER, instance);
        metrics = (await import(url.href)) as MetricsModule;
      }
      return handler;
    });
    return loading;
  };
  return {
    name,
    handler: async (event, context) => (await load())(event, context),
    load,
    metrics: () => metrics?.metricsSnapshot(),
  };
}
