import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of the local service's parts, read from Linux's /proc: per process (which keeps the time of its
 * threads that have ended) and per live thread, named by the thread names Node, the JVM and the runtime give.
 * Used by `npm run loadtest:profile` to say where each millisecond of a request goes.
 */

/** Milliseconds of CPU per component name. */
export type CpuByComponent = Map<string, number>;

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** utime + stime of a /proc stat line, in ms (the name in parentheses may hold spaces). */
function cpuMsOfStat(stat: string | undefined): number {
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const tid of readdirSync(`/proc/${pid}/task`, { withFileTypes: false }) as string[]) {
    const text = readText(`/proc/${pid}/task/${tid}/children`);
    if (text) children.push(...text.trim().split(/\s+/).filter(Boolean).map(Number));
  }
  return children;
}

/** Every process under `root`, the root included. */
function processTree(root: number): number[] {
  const all: number[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    try {
      all.push(pid);
      pending.push(...childrenOf(pid));
    } catch {
      // The process ended while it was being read.
    }
  }
  return all;
}

/** What a thread of a Node process of the service is, from the name Node or the runtime gave it. */
function nodeThreadComponent(name: string, isMain: boolean, processLabel: string): string {
  if (isMain) return `${processLabel}: main thread`;
  if (name === 'V8Worker') return `${processLabel}: V8 helper threads (GC, compiler)`;
  if (name === 'libuv-worker') return `${processLabel}: libuv pool`;
  return `${processLabel}: ${name === 'WorkerThread' ? 'other worker threads' : name}`;
}

/**
 * CPU ms of every component of the service tree under `root`. A Node process's threads are told apart by
 * name; time of threads that have ended is kept as the process's "ended threads". DynamoDB Local (java)
 * counts as one component, and so does anything else by its process name.
 */
export function serviceCpu(root: number): CpuByComponent {
  const byComponent: CpuByComponent = new Map();
  const add = (name: string, ms: number) => byComponent.set(name, (byComponent.get(name) ?? 0) + ms);
  for (const pid of processTree(root)) {
    const name = readText(`/proc/${pid}/comm`)?.trim();
    const total = cpuMsOfStat(readText(`/proc/${pid}/stat`));
    if (!name) continue;
    if (name === 'java') {
      add('DynamoDB Local (Java)', total);
      continue;
    }
    if (name !== 'MainThread' && name !== 'node') {
      if (name !== 'sh') add(`${name} (process)`, total);
      continue;
    }
    let threads = 0;
    const label = pid === root ? 'service' : `service process ${pid}`;
    for (const tid of readdirSync(`/proc/${pid}/task`) as string[]) {
      const threadName = readText(`/proc/${pid}/task/${tid}/comm`)?.trim() ?? '';
      const ms = cpuMsOfStat(readText(`/proc/${pid}/task/${tid}/stat`));
      threads += ms;
      add(nodeThreadComponent(threadName, Number(tid) === pid, label), ms);
    }
    if (total > threads) add(`${label}: ended threads`, total - threads);
  }
  return byComponent;
}

/** The machine's busy and total CPU ms since boot, all cores (idle and iowait are not busy). */
export function machineCpu(): { busyMs: number; totalMs: number } {
  const line = (readText('/proc/stat') ?? '').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busyMs: ((total - idle) * 1000) / ticksPerSecond, totalMs: (total * 1000) / ticksPerSecond };
}

/** `after - before`, per component. */
export function cpuSince(before: CpuByComponent, after: CpuByComponent): CpuByComponent {
  const spent: CpuByComponent = new Map();
  for (const [name, ms] of after) spent.set(name, ms - (before.get(name) ?? 0));
  return spent;
}
