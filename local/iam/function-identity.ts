import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';

/**
 * Which function the local runtime is running at a moment: one process serves every function, so what a
 * handler calls is attributed by async context, the way Lambda would attribute it to the function's role.
 * Everything a handler starts (its awaits, its timers) carries its name; the runtime's own calls carry none.
 */
export interface FunctionIdentity {
  /** The local runtime it runs in (a test process may run several, each on tables of its own). */
  runtime: string;
  /** Its construct path in the stack: `GetUrlsIdRedirect` (a route's `routeName`), `EventWriter`. */
  name: string;
}

const running = new AsyncLocalStorage<FunctionIdentity>();

/** Runs `work` as the function `identity`. */
export function runAsFunction<T>(identity: FunctionIdentity, work: () => T): T {
  return running.run(identity, work);
}

/** The header that tells the local IAM check which function sent a request (`<runtime> <name>`); it is removed there. */
export const FUNCTION_HEADER = 'x-local-function';

export function parseFunctionHeader(value: string): FunctionIdentity | undefined {
  const [runtime, name] = value.split(' ');
  return runtime && name ? { runtime, name } : undefined;
}

/**
 * Marks every HTTP request made while a function runs with that function's name (Node's documented
 * `http.client.request.created` channel fires before the request's headers are sent), so the local IAM check
 * knows whose role to apply. Answers the function that stops it.
 */
export function labelOutgoingRequests(): () => void {
  const channel = 'http.client.request.created';
  const label = (message: unknown) => {
    const identity = running.getStore();
    if (identity) {
      (message as { request: ClientRequest }).request.setHeader(
        FUNCTION_HEADER,
        `${identity.runtime} ${identity.name}`,
      );
    }
  };
  diagnostics.subscribe(channel, label);
  return () => diagnostics.unsubscribe(channel, label);
}
