import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { logger } from '../../shared/platform/logger.js';
import { labelOutgoingRequests } from './function-identity.js';
import type { BoundFunctionRoles } from './function-roles.js';

/**
 * AWS's permissions, enforced locally: proxies in front of DynamoDB Local and the SQS emulator check every call
 * a function makes against that function's role as the stack synthesizes it (function-roles.ts), and answer a
 * call the role does not allow as AWS does, with `AccessDeniedException` (checking-proxies.ts, in a worker
 * thread). Calls made outside any function (the runtime provisioning its table, a test reading it) pass
 * unchecked.
 *
 * One check serves the whole process, whose AWS clients are made once: each local runtime registers and
 * applies its roles (bound to its own tables and queues); the proxies keep their ports for as long as the
 * process lives, and run while a runtime is registered.
 */

export interface CheckedCall {
  function: string;
  action: string;
  resource: string;
  allowed: boolean;
  /** The statements of the function's role that allowed it, by position. */
  allowedBy: number[];
  /** How many times this call was checked. */
  count: number;
}

export interface IamRegistration {
  /** From now on checks this runtime's functions against `roles` (bound to its tables and queues). */
  apply(roles: BoundFunctionRoles): void;
  /** The roles its functions are checked against, once applied. */
  roles(): BoundFunctionRoles | undefined;
  /** Every distinct authorization checked for this runtime's functions (until its release, then those). */
  calls(): Promise<CheckedCall[]>;
  release(): Promise<void>;
}

interface IamCheck {
  /** Where the functions reach DynamoDB and SQS through the check. */
  endpoints: { dynamodb: string; sqs: string };
  /** Keeps the check running for `runtime` until released. */
  register(runtime: string): Promise<IamRegistration>;
}

/** What the proxies' worker is started with, and the messages between it and this thread. */
export interface CheckingProxiesData {
  upstream: { dynamodb: string; sqs: string };
  ports: { dynamodb: number; sqs: number };
}
export type ToProxies =
  | { type: 'apply'; runtime: string; roles: BoundFunctionRoles }
  | { type: 'release'; runtime: string }
  | { type: 'calls'; runtime: string; id: number };
export type FromProxies =
  | { type: 'listening'; ports: { dynamodb: number; sqs: number } }
  | { type: 'denied'; function: string; action: string; resource: string }
  | { type: 'calls'; id: number; calls: CheckedCall[] };

interface Running {
  worker: Worker;
  /** Stops labelling the process's requests; undefined while no runtime uses the check. */
  stopLabelling: (() => void) | undefined;
  answers: Map<number, (calls: CheckedCall[]) => void>;
}

interface SharedCheck {
  data: CheckingProxiesData;
  registered: Set<string>;
  running: Promise<Running> | undefined;
  asked: number;
}

/**
 * The process's one check: its ports are kept for the process's clients, and its worker for the process's next
 * runtime (a test process's next service, a benchmark's next round): started once, it never holds the process
 * open while no runtime uses it.
 */
let shared: SharedCheck | undefined;

async function startProxies(data: CheckingProxiesData): Promise<Running> {
  // The worker loads the TypeScript through tsx, as `npm start` and the tests load it here.
  const worker = new Worker(new URL('./checking-proxies.ts', import.meta.url), {
    workerData: data,
    execArgv: ['--import', 'tsx'],
  });
  const answers = new Map<number, (calls: CheckedCall[]) => void>();
  worker.on('message', (message: FromProxies) => {
    if (message.type === 'denied') {
      const { type: _, ...call } = message;
      logger.warn('Denied by the local IAM check (the stack does not grant it)', call);
    } else if (message.type === 'calls') {
      answers.get(message.id)?.(message.calls);
      answers.delete(message.id);
    }
  });
  const [first] = await Promise.race([
    once(worker, 'message'),
    once(worker, 'error').then(([error]) => Promise.reject(error)),
  ]);
  if ((first as FromProxies).type !== 'listening') throw new Error('The local IAM check did not start');
  // The ports the proxies bound (picked by the system at the first start): every later start binds them again.
  data.ports = (first as Extract<FromProxies, { type: 'listening' }>).ports;
  return { worker, answers, stopLabelling: labelOutgoingRequests() };
}

/** The check's worker, started again by the next runtime should it end (it does only when it fails). */
function startWorker(state: SharedCheck): Promise<Running> {
  const running = startProxies(state.data);
  running.then(
    ({ worker }) =>
      worker.once('exit', () => {
        if (state.running === running) state.running = undefined;
      }),
    () => undefined,
  );
  return running;
}

/** The worker of a check no runtime uses any more: kept for the next, without holding the process open. */
function idle(running: Running): void {
  running.stopLabelling?.();
  running.stopLabelling = undefined;
  running.worker.unref();
}

/** The kept worker in use again. */
function inUse(running: Running): void {
  running.worker.ref();
  running.stopLabelling ??= labelOutgoingRequests();
}

/**
 * The process's IAM check in front of `upstream` (the DynamoDB and SQS stand-ins the functions would otherwise
 * reach), made on first use. A second runtime of the process finds it already in front: the same check.
 */
export async function localIamCheck(upstream: { dynamodb: string; sqs: string }): Promise<IamCheck> {
  if (!shared) {
    // Started at once, on ports the system picks as the proxies bind them: a port picked beforehand could be
    // taken meanwhile (by an outgoing connection's end, as a busy test run showed), and the endpoints must be
    // known before any function starts.
    const first: SharedCheck = {
      data: { upstream, ports: { dynamodb: 0, sqs: 0 } },
      registered: new Set(),
      running: undefined,
      asked: 0,
    };
    first.running = startWorker(first);
    shared = first;
    try {
      await first.running;
    } catch (error) {
      shared = undefined;
      throw error;
    }
  }
  const state = shared;
  const endpoints = {
    dynamodb: `http://127.0.0.1:${state.data.ports.dynamodb}`,
    sqs: `http://127.0.0.1:${state.data.ports.sqs}`,
  };
  const fronted = JSON.stringify(upstream);
  if (fronted !== JSON.stringify(endpoints) && fronted !== JSON.stringify(state.data.upstream)) {
    throw new Error('The local IAM check fronts one DynamoDB and one SQS per process');
  }
  return {
    endpoints,
    async register(runtime) {
      state.registered.add(runtime);
      state.running ??= startWorker(state);
      let running: Running;
      try {
        running = await state.running;
      } catch (error) {
        state.registered.delete(runtime);
        state.running = undefined;
        throw error;
      }
      inUse(running);
      let applied: BoundFunctionRoles | undefined;
      let final: CheckedCall[] | undefined;
      const ask = () =>
        new Promise<CheckedCall[]>((resolve) => {
          state.asked += 1;
          running.answers.set(state.asked, resolve);
          running.worker.postMessage({ type: 'calls', runtime, id: state.asked } satisfies ToProxies);
        });
      return {
        apply(roles) {
          applied = roles;
          running.worker.postMessage({ type: 'apply', runtime, roles } satisfies ToProxies);
        },
        roles: () => applied,
        calls: () => (final ? Promise.resolve(final) : ask()),
        async release() {
          final = await ask();
          running.worker.postMessage({ type: 'release', runtime } satisfies ToProxies);
          state.registered.delete(runtime);
          if (state.registered.size === 0) idle(running);
        },
      };
    },
  };
}
