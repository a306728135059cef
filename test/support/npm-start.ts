import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../local/ports.js';

/**
 * `npm start` and the `npm run` tools as a user runs them, for the whole-process tests (test/process/): each a
 * separate process with its own DynamoDB Local (a real JVM) and data folder, started from a terminal's point
 * of view, its output collected and waited on.
 */
export const projectRoot = path.resolve(import.meta.dirname, '../..');

/**
 * What the JVMs these tests start compile with: C1 alone. Each serves a few hundred requests at most, for which
 * the optimizing compiler's work is all cost (about a third of the 7 to 9 s of CPU a start of DynamoDB Local
 * takes with it); nothing here measures DynamoDB Local's speed, and npm start itself keeps both compilers
 * (local/dynamodb-local.ts). The JVM reads JAVA_TOOL_OPTIONS itself and says so on its stderr, which the
 * runtime keeps to itself unless the JVM fails to start.
 */
export const testJavaOptions = { JAVA_TOOL_OPTIONS: '-XX:TieredStopAtLevel=1' };

/**
 * The environment of a service started by a test: this run's shared emulators are not reused (the service
 * starts its own), its JVM compiles as testJavaOptions says, and LOG_LEVEL is WARN unless `extra` says otherwise.
 */
export function serviceEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...testJavaOptions, LOG_LEVEL: 'WARN', ...extra };
  delete env.AWS_ENDPOINT_URL_DYNAMODB;
  delete env.AWS_ENDPOINT_URL_SQS;
  delete env.TABLE_NAME;
  delete env.EVENTS_QUEUE_URL;
  return env;
}

export interface Started {
  child: ChildProcess;
  output: () => string;
  /** Settles as soon as the output holds `text` (on the chunk that brings it, not at a later poll). */
  printed: (text: string) => Promise<void>;
}

/**
 * Runs a command the way a terminal does: in a process group of its own, so that a signal can be sent to
 * the whole group, as Ctrl-C does.
 */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { cwd: projectRoot, env, detached: true });
  let output = '';
  const waiting = new Set<{ text: string; resolve: () => void }>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wait of waiting) {
      if (!output.includes(wait.text)) continue;
      waiting.delete(wait);
      wait.resolve();
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const printed = (text: string) =>
    output.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiting.add({ text, resolve }));
  return { child, output: () => output, printed };
}

/** `npm start` as `node --import tsx local/main.ts` (what the script runs), without npm in between. */
export const startService = (env: NodeJS.ProcessEnv) =>
  run(process.execPath, ['--import', 'tsx', 'local/main.ts'], env);

/** `npm run <script> -- <args>`, npm included. */
export const npmRun = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
  run('npm', ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], env);

/**
 * Waits until the service has started: it has printed its banner (its last words of a start, after the
 * gateway listens and the signal handlers are set) and it answers /health.
 */
export async function waitForStart(service: Started, url: string, timeoutMs: number): Promise<void> {
  await waitForOutput(service, 'stop:       Ctrl-C', timeoutMs);
  const health = await fetch(`${url}/health`);
  if (health.status !== 200) throw new Error(`/health answered ${health.status} after the start:\n${service.output()}`);
}

/** Waits for `text` in the output; fails at once when the process exits without it, or after `timeoutMs`. */
export async function waitForOutput(service: Started, text: string, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${service.output()}`)), timeoutMs);
  });
  const exited = exitOf(service.child).then((code) => {
    if (!service.output().includes(text)) throw new Error(`exited (${code}) without "${text}":\n${service.output()}`);
  });
  try {
    await Promise.race([service.printed(text), late, exited]);
  } finally {
    clearTimeout(timer);
  }
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** The DynamoDB Local JVMs whose command line names this data folder. */
export function javaProcessesUsing(dataDir: string): string[] {
  const listing = execFileSync('ps', ['-eo', 'pid,comm,args'], { encoding: 'utf8' });
  return listing
    .split('\n')
    .filter((line) => /^\s*\d+\s+java\s/.test(line) && line.includes('DynamoDBLocal.jar') && line.includes(dataDir));
}

/**
 * A test file's services: a data folder for each (under one temporary folder, removed after the file), and
 * every process it started killed after each test, so that a failed assertion leaves nothing running.
 */
export function serviceProcesses(name: string) {
  const dataRoot = mkdtempSync(path.join(tmpdir(), `url-shortener-${name}-`));
  const running: Started[] = [];
  afterEach(() => {
    for (const service of running.splice(0)) if (service.child.exitCode === null) service.child.kill('SIGKILL');
  });
  afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));
  return {
    dataRoot,
    /** A free port and its URL, the data folder `folder` of this file's, and npm start's environment for both. */
    async place(folder: string, extra: Record<string, string> = {}) {
      const port = await freePort();
      const dataDir = path.join(dataRoot, folder);
      const env = serviceEnvironment({ PORT: String(port), DATA_DIR: dataDir, ...extra });
      return { port, url: `http://127.0.0.1:${port}`, dataDir, env };
    },
    /** Keeps `service` to be killed after the test if it still runs. */
    started: (service: Started) => {
      running.push(service);
      return service;
    },
  };
}
