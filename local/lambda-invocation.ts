import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { type FunctionIdentity, runAsFunction } from './function-identity.js';

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
  counted?.set(identity.name, (counted.get(identity.name) ?? 0) + 1);
  return runAsFunction(identity, () => handler(event, lambdaContext(identity, timeoutMs)));
}

/** Invocations per function, of the runtimes that asked to count them (by runtime id). */
const invocations = new Map<string, Map<string, number>>();

/** Counts the invocations of `runtime`'s functions from now on; answers the live counts and how to stop. */
export function countInvocations(runtime: string): { counts: ReadonlyMap<string, number>; stop(): void } {
  const counts = new Map<string, number>();
  invocations.set(runtime, counts);
  return { counts, stop: () => invocations.delete(runtime) };
}
