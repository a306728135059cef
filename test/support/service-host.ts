import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FunctionRoles } from '../../local/iam/function-roles.js';
import { type LocalRuntime, type LocalRuntimeOptions, startLocalRuntime } from '../../local/runtime.js';
import { testDouble } from './doubles/test-doubles.js';
import type { HostReady, HostReply, HostRequest, StartedService, TestServiceOptions } from './service-protocol.js';

/**
 * A test's service, in a process of its own as `npm start` runs it (test/support/service.ts forks it): Node's
 * own module loader, so each function gets its own module instance (local/function-instances.ts), and the
 * process's environment is this runtime's alone. It talks to the test over the fork's IPC channel: the start of
 * a runtime, what the test asks of it (has it settled, what did its functions call, fault injection) and its
 * stop. After a stop the process can start the next file's runtime, one at a time, as `npm start`'s process
 * never does: a runtime's functions get instances of their own (local/function-instances.ts), and the
 * environment is given back as it was before the start, so the next runtime reads nothing of this one's. When
 * the test's process goes away, the channel closes and this process stops its runtime and exits.
 */

const send = (message: HostReady | HostReply) =>
  new Promise<void>((resolve) => process.send?.(message, () => resolve()));

const doubles = JSON.parse(process.env.TEST_SERVICE_DOUBLES ?? 'null') as TestServiceOptions['doubles'] | null;

function functionRoles(authMode: 'open' | 'keys'): FunctionRoles {
  const file = process.env.TEST_FUNCTION_ROLES;
  if (!file) throw new Error('TEST_FUNCTION_ROLES is not set: run the tests through Jest (global-setup.js)');
  return (JSON.parse(readFileSync(file, 'utf8')) as Record<'open' | 'keys', FunctionRoles>)[authMode];
}

/**
 * Puts each test double in place of its module for every importer but the double itself (which wraps the
 * original), keeping the importer's function instance (the URL's query).
 */
function useDoubles(doubles: Record<string, string>): void {
  const projectRoot = path.resolve(import.meta.dirname, '../..');
  const byOriginal = new Map(
    Object.entries(doubles).map(([original, double]) => [
      pathToFileURL(path.join(projectRoot, original)).href,
      pathToFileURL(path.join(projectRoot, double)).href,
    ]),
  );
  const withoutQuery = (url: string) => url.split('?')[0] ?? url;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      const double = byOriginal.get(withoutQuery(resolved.url));
      if (!double || withoutQuery(context.parentURL ?? '') === double) return resolved;
      return { ...resolved, url: double + resolved.url.slice(withoutQuery(resolved.url).length) };
    },
  });
}

if (doubles) useDoubles(doubles);

interface Running {
  runtime: LocalRuntime;
  stopping?: Promise<void>;
  /** The process's environment before the runtime's start, given back at its stop. */
  environment: NodeJS.ProcessEnv;
}
let running: Running | undefined;

async function start(options: TestServiceOptions): Promise<StartedService> {
  if (running) throw new Error('This process already runs a test service: one at a time');
  const environment = { ...process.env };
  const authMode = options.functionSettings?.AUTH_MODE === 'keys' ? 'keys' : 'open';
  const { doubles: _, ...runtimeOptions } = options;
  try {
    const runtime = await startLocalRuntime({
      ...runtimeOptions,
      iam: { roles: functionRoles(authMode) },
    } as LocalRuntimeOptions);
    running = { runtime, environment };
    return {
      url: runtime.url,
      port: runtime.port,
      tableName: runtime.tableName,
      queueUrl: runtime.queueUrl,
      deadLetterQueueUrl: runtime.deadLetterQueueUrl,
      importsQueueUrl: runtime.importsQueueUrl,
      webhookDeliveriesQueueUrl: runtime.webhookDeliveriesQueueUrl,
      dynamoDbEndpoint: runtime.dynamoDbEndpoint,
      sqsEndpoint: runtime.sqsEndpoint,
      seedReport: runtime.seedReport,
      requeuedEvents: runtime.requeuedEvents,
      limitsEmulated: runtime.dynamoDbLimits !== undefined,
    };
  } catch (error) {
    restore(environment);
    throw error;
  }
}

function restore(environment: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
}

async function stop(): Promise<void> {
  if (!running) return;
  const stopped = running;
  stopped.stopping ??= stopped.runtime.stop();
  await stopped.stopping;
  // A second stop (the channel's close) may resume after the next runtime started: it leaves that one alone.
  if (running === stopped) {
    running = undefined;
    restore(stopped.environment);
  }
}

function current(): LocalRuntime {
  if (!running) throw new Error('No test service runs in this process');
  return running.runtime;
}

async function answer(request: HostRequest): Promise<unknown> {
  switch (request.op) {
    case 'start':
      return start(request.options);
    case 'settled':
      return current().settled(request.timeoutMs);
    case 'invocations':
      return Object.fromEntries(current().invocations);
    case 'iam-calls':
      return (await current().iam?.calls()) ?? [];
    case 'iam-roles':
      return current().iam?.roles() ?? null;
    case 'limits-report':
      return current().dynamoDbLimits?.report() ?? null;
    case 'inject-faults':
      current().dynamoDbLimits?.injectFaults(request.faults);
      return null;
    case 'suspend-limits':
      current().dynamoDbLimits?.suspend();
      return null;
    case 'enforce-limits':
      current().dynamoDbLimits?.enforce();
      return null;
    case 'mark-output':
      // Written to stdout before the answer: the test reads every line printed before it.
      await new Promise<void>((resolve) => process.stdout.write(`${request.marker}\n`, () => resolve()));
      return null;
    case 'feed-double': {
      const fed = testDouble(request.name);
      fed.push(...request.values);
      return fed.length;
    }
    case 'stop':
      await stop();
      return null;
  }
}

process.on('message', (request: HostRequest) => {
  answer(request).then(
    (result) => send({ type: 'reply', id: request.id, result }),
    (error: Error) => send({ type: 'reply', id: request.id, error: error.stack ?? String(error) }),
  );
});
// The test's process is gone (or let go of this one): nothing is left running.
process.on('disconnect', () => {
  stop().finally(() => process.exit(0));
});

await send({ type: 'ready' });
