import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FunctionRoles } from '../../local/iam/function-roles.js';
import { type LocalRuntime, type LocalRuntimeOptions, startLocalRuntime } from '../../local/runtime.js';
import { testDouble } from './doubles/test-doubles.js';
import type { HostReply, HostRequest, HostStarted, TestServiceOptions } from './service-protocol.js';

/**
 * A test's service, in a process of its own as `npm start` runs it (test/support/service.ts forks it): Node's
 * own module loader, so each function gets its own module instance (local/function-instances.ts), and the
 * process's environment is this runtime's alone. It talks to the test over the fork's IPC channel: what the
 * test asks of the runtime (has it settled, what did its functions call, fault injection) and the stop. When
 * the test's process goes away, the channel closes and this process stops its runtime and exits.
 */

const send = (message: HostStarted | HostReply | { type: 'failed'; error: string }) =>
  new Promise<void>((resolve) => process.send?.(message, () => resolve()));

const options = JSON.parse(process.env.TEST_SERVICE_OPTIONS ?? '{}') as TestServiceOptions;

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

let runtime: LocalRuntime;
try {
  if (options.doubles) useDoubles(options.doubles);
  const authMode = options.functionSettings?.AUTH_MODE === 'keys' ? 'keys' : 'open';
  const { doubles: _, ...runtimeOptions } = options;
  runtime = await startLocalRuntime({
    ...runtimeOptions,
    iam: { roles: functionRoles(authMode) },
  } as LocalRuntimeOptions);
} catch (error) {
  await send({ type: 'failed', error: (error as Error).stack ?? String(error) });
  process.exit(1);
}

let stopping: Promise<void> | undefined;
const stop = () => {
  stopping ??= runtime.stop();
  return stopping;
};

async function answer(request: HostRequest): Promise<unknown> {
  const limits = runtime.dynamoDbLimits;
  switch (request.op) {
    case 'settled':
      return runtime.settled(request.timeoutMs);
    case 'invocations':
      return Object.fromEntries(runtime.invocations);
    case 'iam-calls':
      return (await runtime.iam?.calls()) ?? [];
    case 'iam-roles':
      return runtime.iam?.roles() ?? null;
    case 'limits-report':
      return limits?.report() ?? null;
    case 'inject-faults':
      limits?.injectFaults(request.faults);
      return null;
    case 'suspend-limits':
      limits?.suspend();
      return null;
    case 'enforce-limits':
      limits?.enforce();
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

await send({
  type: 'started',
  service: {
    url: runtime.url,
    port: runtime.port,
    tableName: runtime.tableName,
    queueUrl: runtime.queueUrl,
    deadLetterQueueUrl: runtime.deadLetterQueueUrl,
    importsQueueUrl: runtime.importsQueueUrl,
    dynamoDbEndpoint: runtime.dynamoDbEndpoint,
    sqsEndpoint: runtime.sqsEndpoint,
    seedReport: runtime.seedReport,
    requeuedEvents: runtime.requeuedEvents,
    limitsEmulated: runtime.dynamoDbLimits !== undefined,
  },
});
