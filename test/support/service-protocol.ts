import type { FaultInjection } from '../../local/dynamodb-limits-proxy.js';
import type { LocalRuntime, LocalRuntimeOptions } from '../../local/runtime.js';

/**
 * What a test's service process (service-host.ts) and the test (service.ts) say to each other over the fork's
 * IPC channel.
 */

/** A test service's options: the local runtime's that can travel as JSON (the roles come from the run's file). */
export type TestServiceOptions = Omit<LocalRuntimeOptions, 'iam' | 'signal' | 'onDatabaseExit' | 'seed'> & {
  seed?: { dir: string };
  /**
   * Modules of the project replaced by test doubles in the service's process, to inject a fault no real run
   * produces on demand: `{ 'shared/links/short-code.ts': 'test/support/doubles/short-code.ts' }`.
   */
  doubles?: Record<string, string>;
};

type Ask<Op extends string, Args = object> = { id: number; op: Op } & Args;

export type HostRequest =
  | Ask<'start', { options: TestServiceOptions }>
  | Ask<'settled', { timeoutMs?: number }>
  | Ask<'invocations'>
  | Ask<'iam-calls'>
  | Ask<'iam-roles'>
  | Ask<'limits-report'>
  | Ask<'inject-faults', { faults: FaultInjection | undefined }>
  | Ask<'suspend-limits'>
  | Ask<'enforce-limits'>
  | Ask<'mark-output', { marker: string }>
  | Ask<'feed-double', { name: string; values: unknown[] }>
  | Ask<'stop'>;

export type HostReply = { type: 'reply'; id: number; result?: unknown; error?: string };

/** What the started runtime tells the test about itself. */
export type StartedService = Pick<
  LocalRuntime,
  | 'url'
  | 'port'
  | 'tableName'
  | 'queueUrl'
  | 'deadLetterQueueUrl'
  | 'importsQueueUrl'
  | 'webhookDeliveriesQueueUrl'
  | 'dynamoDbEndpoint'
  | 'sqsEndpoint'
  | 'seedReport'
  | 'requeuedEvents'
> & { limitsEmulated: boolean };

/** The process is listening for requests (its first message). */
export type HostReady = { type: 'ready' };
