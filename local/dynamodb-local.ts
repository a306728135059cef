import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { requireJava } from './java.js';
import { freePort, waitForPort } from './ports.js';

export interface DynamoDbLocal {
  endpoint: string;
  pid: number;
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

const running = new Set<ChildProcess>();
// A crash or an exit without stop() must not leave a JVM behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

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
  const child = spawn(
    'java',
    [
      '-XX:+UseParallelGC',
      '-Xmx512m',
      `-Djava.library.path=${path.join(home, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(home, 'DynamoDBLocal.jar'),
      ...storage,
      '-sharedDb',
      '-port',
      String(port),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => running.delete(child));
  try {
    await waitForPort(port, 30_000, () => child.exitCode === null);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`DynamoDB Local did not start: ${(error as Error).message}\n${stderr}`);
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}
