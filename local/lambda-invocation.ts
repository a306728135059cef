import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { type FunctionIdentity, runAsFunction } from './iam/function-identity.js';

/** What Lambda hands a function with its event: names, and the time left before its timeout. */
function lambdaContext(identity: FunctionIdentity, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  const functionName = `local-${identity.name.replaceAll('/', '-')}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * One invocation of a function as Lambda makes it: with its context, and everything it does attributed to it
 * (function-identity.ts), so that its calls are checked against its own role.
 */
export function invokeFunction<Event, Result>(
  identity: FunctionIdentity,
  handler: (event: Event, context: Context) => Promise<Result>,
  event: Event,
  timeoutMs: number,
): Promise<Result> {
  const counted = invocations.get(identity.runtime);
  counted?.counts.set(identity.name, (counted.counts.get(identity.name) ?? 0) + 1);
  const startedAt = performance.now();
  const invoked = runAsFunction(identity, () => handler(event, lambdaContext(identity, timeoutMs)));
  if (!counted) return invoked;
  return invoked.finally(() => {
    // Lambda bills each invocation's duration rounded up to the millisecond.
    const { billedMs } = counted;
    billedMs.set(identity.name, (billedMs.get(identity.name) ?? 0) + Math.ceil(performance.now() - startedAt));
  });
}

interface InvocationCounts {
  counts: Map<string, number>;
  billedMs: Map<string, number>;
}

/** Invocations per function, of the runtimes that asked to count them (by runtime id). */
const invocations = new Map<string, InvocationCounts>();

/**
 * Counts the invocations of `runtime`'s functions from now on, and the milliseconds they took as Lambda would
 * bill them (benchmarks price them); answers the live counts and how to stop.
 */
export function countInvocations(runtime: string): {
  counts: ReadonlyMap<string, number>;
  billedMs: ReadonlyMap<string, number>;
  stop(): void;
} {
  const counted: InvocationCounts = { counts: new Map(), billedMs: new Map() };
  invocations.set(runtime, counted);
  return { ...counted, stop: () => invocations.delete(runtime) };
}
