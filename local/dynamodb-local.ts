import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { requireJava } from './java.js';
import { processIsAlive } from './runtime-record.js';

export interface DynamoDbLocal {
  endpoint: string;
  /** Settles when the database process has exited, whoever stopped it. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

interface DynamoDbLocalOptions {
  /** Folder for the database file; omitted means a temporary one, in memory where the system has it, removed at stop. */
  dataDir?: string;
}

/** The DynamoDB Local jar shipped inside the `amplify-dynamodb-simulator` package. */
function dynamoDbLocalHome(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

/**
 * The JVM's arguments that run Jetty's XmlConfiguration, from DynamoDB Local's own jars and with its native
 * SQLite library, on `file` with `properties`: how dynamodb-local.xml starts DynamoDB Local, and how a test reads
 * the plans DynamoDB Local's SQLite makes (test/support/dynamodb-local-query-plans.xml).
 */
export function jettyConfigurationArguments(file: string, properties: Record<string, string>): string[] {
  const home = dynamoDbLocalHome();
  return [
    `-Djava.library.path=${path.join(home, 'DynamoDBLocal_lib')}`,
    // The jar's manifest puts its libraries (Jetty's XmlConfiguration among them) on the class path, as -jar does.
    '-cp',
    path.join(home, 'DynamoDBLocal.jar'),
    'org.eclipse.jetty.xml.XmlConfiguration',
    ...Object.entries(properties).map(([name, value]) => `${name}=${value}`),
    file,
  ];
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
  if (process.platform === 'win32') return spawn('java', javaArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  return spawn('sh', ['-c', guardedJava, 'dynamodb-local', 'java', ...javaArgs], { stdio: ['pipe', 'pipe', 'pipe'] });
}

/**
 * The port the JVM listens on, once it does: dynamodb-local.xml binds a port the system picks and prints it. The
 * rest of its stdout (DynamoDB Local's banner) is read and dropped, so the pipe never fills.
 */
function listeningPort(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    const timer = setTimeout(() => fail(new Error(`it did not listen within ${timeoutMs} ms`)), timeoutMs);
    const onExit = () => fail(new Error('the process exited before it started listening'));
    const settle = () => {
      clearTimeout(timer);
      child.off('exit', onExit);
    };
    const fail = (error: Error) => {
      settle();
      reject(error);
    };
    child.once('exit', onExit);
    lines.on('line', (line) => {
      const port = /^listening on port (\d+)$/.exec(line)?.[1];
      if (port === undefined) return;
      settle();
      resolve(Number(port));
    });
  });
}

/** DynamoDB Local's one database file (`-sharedDb`), in its folder. */
const DATABASE_FILE = 'shared-local-instance.db';

/**
 * A temporary folder for a database nobody keeps: in shared memory where the system has it (Linux's /dev/shm), so
 * it writes as fast as DynamoDB Local's `-inMemory`, which cannot be given the stream index below.
 */
function temporaryDataDir(): string {
  const memory = '/dev/shm';
  const parent = existsSync(memory) ? memory : tmpdir();
  removeAbandonedDataDirs(parent);
  const dir = mkdtempSync(path.join(parent, TEMPORARY_PREFIX));
  writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  return dir;
}

const TEMPORARY_PREFIX = 'url-shortener-dynamodb-';
const OWNER_FILE = 'owner.pid';

/**
 * A temporary database is removed when its DynamoDB Local exits; one whose process was killed (kill -9) is left
 * behind, and in shared memory it holds memory until removed: the next start removes those whose owner is gone.
 */
function removeAbandonedDataDirs(parent: string): void {
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(TEMPORARY_PREFIX)) continue;
    const dir = path.join(parent, name);
    const owner = Number(readFileSafely(path.join(dir, OWNER_FILE)));
    const alive = Number.isInteger(owner) && owner > 0 && processIsAlive(owner);
    // Without an owner yet, it may be another start's, between creating the folder and naming itself.
    const createdAt = statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    const justCreated = owner === 0 && Date.now() - createdAt < 60_000;
    if (!alive && !justCreated) rmSync(dir, { recursive: true, force: true });
  }
}

function readFileSafely(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The indexes DynamoDB Local's own queries on its stream records need (its SQLite table `us`, every table's
 * records for a day), which it lacks. Without them each write and each GetRecords reads every stream record of
 * every table, slower without end as the day's records pile up (docs/decisions.md, "The local runtime"):
 * - every write to a table with a stream, and every GetRecords, describes the stream first, with
 *   `SELECT MIN(SequenceNumber) FROM us WHERE StreamID = ?`;
 * - every GetRecords and GetShardIterator looks up its shard's earliest record (`WHERE ShardID = ? ... ORDER BY
 *   SequenceNumber LIMIT 1`), and every GetRecords its shard's next records (`WHERE StreamID = ? AND ShardID = ?
 *   AND SequenceNumber >= ? ... ORDER BY SequenceNumber LIMIT ?`). SequenceNumber is the table's rowid, which
 *   every index ends with: an index on ShardID alone gives DynamoDB Local's SQLite (3.8.7, inside sqlite4java)
 *   a shard's records in that order and lets it seek to an iterator's position. Through the stream's index, or
 *   one naming SequenceNumber as an earlier runtime's did, that SQLite matched the id only and read every record
 *   of the stream for each GetRecords (docs/benchmarks.md, "Measured choices in the code").
 */
const STREAM_RECORD_INDEXES = {
  us_stream_sequence: 'us (StreamID, SequenceNumber)',
  us_shard_records: 'us (ShardID)',
};

/** The index by shard an earlier runtime made, which no query needs once the one above is there. */
const FORMER_SHARD_INDEX = 'us_shard_sequence';

/**
 * Gives DynamoDB Local's stream records their indexes, right after it starts and before any other request;
 * SQLite re-prepares DynamoDB Local's statements on its own.
 */
async function indexStreamRecords(endpoint: string, dataDir: string): Promise<void> {
  // DynamoDB Local creates its schema on the first request.
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }));
  } finally {
    client.destroy();
  }
  const database = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
  try {
    database.exec('PRAGMA busy_timeout = 10000');
    database.exec(`DROP INDEX IF EXISTS ${FORMER_SHARD_INDEX}`);
    for (const [name, columns] of Object.entries(STREAM_RECORD_INDEXES)) {
      database.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${columns}`);
    }
  } finally {
    database.close();
  }
}

/**
 * Starts the official DynamoDB Local (it supports transactions) with the machine's Java, listening on loopback
 * only: it answers whoever reaches it, without credentials.
 *
 * DynamoDB Local has no option for the interface it listens on (its Jetty server takes them all), so the JVM
 * runs Jetty's XmlConfiguration, from DynamoDB Local's own jars, on dynamodb-local.xml beside this module: it
 * builds the server with DynamoDB Local's own command-line code and gives its Jetty connector the host before
 * starting it.
 *
 * The database is always a file (see indexStreamRecords): the given folder, or a temporary one.
 *
 * The JVM keeps its optimizing compiler (C1-only starts 0.5 s sooner but writes about half as fast once warm,
 * and bulk imports and load tests are bound by DynamoDB Local's CPU) and the throughput collector.
 */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  requireJava();
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? temporaryDataDir();
  mkdirSync(dataDir, { recursive: true });
  const child = spawnDatabase([
    '-XX:+UseParallelGC',
    '-Xmx512m',
    // An IPv4 socket, which ss and netstat show as 127.0.0.1 (Java's default, an IPv6 one, as ::ffff:127.0.0.1).
    '-Djava.net.preferIPv4Stack=true',
    ...jettyConfigurationArguments(launcherFile('dynamodb-local.xml'), {
      'dynamodb.host': LOOPBACK,
      'dynamodb.dbPath': dataDir,
    }),
  ]);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (temporary) exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const stopJava = () => (child.stdin ? child.stdin.destroy() : child.kill('SIGKILL'));
  // Where there is no stdin guard (Windows), an exit of this process must still take the JVM with it.
  process.once('exit', stopJava);
  exited.then(() => process.off('exit', stopJava));
  let endpoint = '';
  try {
    // A generous bound: on a loaded machine (two cores, a test run beside) the JVM has taken 30 s to listen.
    endpoint = `http://${LOOPBACK}:${await listeningPort(child, 90_000)}`;
    await indexStreamRecords(endpoint, dataDir);
  } catch (error) {
    stopJava();
    throw new Error(`DynamoDB Local did not start: ${(error as Error).message}\n${stderr}`);
  }
  return {
    endpoint,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopJava();
      await exited;
    },
  };
}
