import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { requireJava } from './java.js';
import { freePort, waitForPort } from './ports.js';

export interface DynamoDbLocal {
  endpoint: string;
  /** Settles when the database process has exited, whoever stopped it. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

export interface DynamoDbLocalOptions {
  /** Folder for the database file; omitted means in memory. */
  dataDir?: string;
  port?: number;
}

/** The DynamoDB Local jar shipped inside the `amplify-dynamodb-simulator` package. */
export function dynamoDbLocalHome(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

/**
 * DynamoDB Local runs under a small shell that ignores SIGINT, SIGTERM and SIGHUP (the JVM leaves a signal
 * alone when it was ignored at start): a terminal's Ctrl-C reaches the whole process group, and the database
 * must outlive the runtime's shutdown, which still writes queued events into it. The runtime stops it by
 * closing the shell's stdin, and so does the kernel when the runtime dies in any way (even kill -9), so no
 * JVM is ever left behind.
 */
const guardedJava = [
  "trap '' INT TERM HUP",
  'exec 3<&0',
  '"$@" <&- &',
  'java=$!',
  '( cat <&3 >/dev/null; kill -KILL "$java" 2>/dev/null ) &',
  'wait "$java"',
].join('\n');

function spawnDatabase(javaArgs: string[]): ChildProcess {
  // Windows has neither process groups nor sh: there the JVM runs directly and the runtime kills it.
  if (process.platform === 'win32') return spawn('java', javaArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  return spawn('sh', ['-c', guardedJava, 'dynamodb-local', 'java', ...javaArgs], { stdio: ['pipe', 'ignore', 'pipe'] });
}

/**
 * Starts the official DynamoDB Local (it supports transactions) with the machine's Java. The JVM keeps its
 * optimizing compiler (C1-only starts 0.5 s sooner but writes about half as fast once warm, and bulk imports
 * and load tests are bound by DynamoDB Local's CPU) and the throughput collector.
 */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  requireJava();
  const home = dynamoDbLocalHome();
  const port = options.port ?? (await freePort());
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = spawnDatabase([
    '-XX:+UseParallelGC',
    '-Xmx512m',
    `-Djava.library.path=${path.join(home, 'DynamoDBLocal_lib')}`,
    '-jar',
    path.join(home, 'DynamoDBLocal.jar'),
    ...storage,
    '-sharedDb',
    '-port',
    String(port),
  ]);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopJava = () => (child.stdin ? child.stdin.destroy() : child.kill('SIGKILL'));
  // Where there is no stdin guard (Windows), an exit of this process must still take the JVM with it.
  process.once('exit', stopJava);
  exited.then(() => process.off('exit', stopJava));
  try {
    await waitForPort(port, 30_000, () => child.exitCode === null);
  } catch (error) {
    stopJava();
    throw new Error(`DynamoDB Local did not start: ${(error as Error).message}\n${stderr}`);
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopJava();
      await exited;
    },
  };
}
