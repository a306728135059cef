import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

const LOOPBACK = '127.0.0.1';

const launcherFile = (name: string) => fileURLToPath(new URL(name, import.meta.url));

function spawnDatabase(javaArgs: string[]): ChildProcess {
  // Windows has neither process groups nor sh: there the JVM runs directly and the runtime kills it.
  if (process.platform === 'win32') return spawn('java', javaArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  return spawn('sh', ['-c', guardedJava, 'dynamodb-local', 'java', ...javaArgs], { stdio: ['pipe', 'ignore', 'pipe'] });
}

/**
 * Starts the official DynamoDB Local (it supports transactions) with the machine's Java, listening on loopback
 * only: it answers whoever reaches it, without credentials.
 *
 * DynamoDB Local has no option for the interface it listens on (its Jetty server takes them all), so the JVM
 * runs Jetty's XmlConfiguration, from DynamoDB Local's own jars, on the launcher files beside this module:
 * dynamodb-local-in-memory.xml or dynamodb-local-on-disk.xml gives the storage options, then dynamodb-local.xml
 * builds the server with DynamoDB Local's own command-line code and gives its Jetty connector the host before
 * starting it.
 *
 * The JVM keeps its optimizing compiler (C1-only starts 0.5 s sooner but writes about half as fast once warm,
 * and bulk imports and load tests are bound by DynamoDB Local's CPU) and the throughput collector.
 */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  requireJava();
  const home = dynamoDbLocalHome();
  const port = options.port ?? (await freePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = spawnDatabase([
    '-XX:+UseParallelGC',
    '-Xmx512m',
    // An IPv4 socket, which ss and netstat show as 127.0.0.1 (Java's default, an IPv6 one, as ::ffff:127.0.0.1).
    '-Djava.net.preferIPv4Stack=true',
    `-Djava.library.path=${path.join(home, 'DynamoDBLocal_lib')}`,
    // The jar's manifest puts its libraries (Jetty's XmlConfiguration among them) on the class path, as -jar does.
    '-cp',
    path.join(home, 'DynamoDBLocal.jar'),
    'org.eclipse.jetty.xml.XmlConfiguration',
    `dynamodb.port=${port}`,
    `dynamodb.host=${LOOPBACK}`,
    ...(options.dataDir
      ? [`dynamodb.dbPath=${options.dataDir}`, launcherFile('dynamodb-local-on-disk.xml')]
      : [launcherFile('dynamodb-local-in-memory.xml')]),
    launcherFile('dynamodb-local.xml'),
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
    endpoint: `http://${LOOPBACK}:${port}`,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopJava();
      await exited;
    },
  };
}
