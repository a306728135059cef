import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type DynamoDbLocal, startDynamoDbLocal } from '../../local/dynamodb-local.js';
import { testJavaOptions } from '../support/npm-start.js';

/**
 * DynamoDB Local as the runtime starts it (a JVM of its own, not the run's shared one): its database is always a
 * file, so its stream records can be indexed, and a temporary one leaves nothing behind.
 */
const temporaryParent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const temporaryDatabases = () =>
  readdirSync(temporaryParent).filter((name) => name.startsWith('url-shortener-dynamodb-'));

/**
 * The plans SQLite makes for the queries DynamoDB Local runs on its stream records: before every write to a
 * table with a stream (the stream's description), and for every GetRecords (a shard's next records).
 */
function planOfStreamDescription(file: string): string {
  return planOf(file, 'SELECT MIN(SequenceNumber) FROM us WHERE StreamID = ?', ['any']);
}
function planOfGetRecords(file: string): string {
  return planOf(
    file,
    'SELECT SequenceNumber, StreamRecord FROM us WHERE ShardID = ? AND SequenceNumber >= ? ORDER BY SequenceNumber ASC LIMIT 1',
    ['any', 0],
  );
}
function planOf(file: string, query: string, parameters: (string | number)[]): string {
  const database = new DatabaseSync(file, { readOnly: true });
  try {
    return database
      .prepare(`EXPLAIN QUERY PLAN ${query}`)
      .all(...parameters)
      .map((row) => String(row.detail))
      .join('; ');
  } finally {
    database.close();
  }
}

describe('DynamoDB Local storage (its own JVM)', () => {
  // These JVMs answer a request or two each (test/support/npm-start.ts, testJavaOptions).
  const javaOptions = process.env.JAVA_TOOL_OPTIONS;
  beforeAll(() => {
    process.env.JAVA_TOOL_OPTIONS = testJavaOptions.JAVA_TOOL_OPTIONS;
  });
  afterAll(() => {
    if (javaOptions === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = javaOptions;
  });

  it('indexes stream records by stream and by shard, so neither a write nor a GetRecords reads every record of every stream', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dynamodb-local-test-'));
    try {
      const database = await startDynamoDbLocal({ dataDir });
      await database.stop();
      const plan = planOfStreamDescription(path.join(dataDir, 'shared-local-instance.db'));
      expect(plan).toContain('us_stream_sequence');
      expect(plan).not.toMatch(/\bSCAN us\b/);
      const getRecords = planOfGetRecords(path.join(dataDir, 'shared-local-instance.db'));
      expect(getRecords).toContain('us_shard_sequence');
      expect(getRecords).not.toMatch(/\bSCAN us\b/);
      // A second start on the same folder finds the index there and keeps it.
      const again = await startDynamoDbLocal({ dataDir });
      await again.stop();
      expect(planOfStreamDescription(path.join(dataDir, 'shared-local-instance.db'))).toContain('us_stream_sequence');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('without a folder', () => {
    // One start for both tests: the folders it finds there at its start, and the one it makes.
    const abandoned = path.join(temporaryParent, 'url-shortener-dynamodb-test-abandoned');
    const living = path.join(temporaryParent, 'url-shortener-dynamodb-test-living');
    let before: Set<string>;
    let database: DynamoDbLocal;

    beforeAll(async () => {
      // A process that has ended: its pid names nobody (or, reused, someone alive: then the folder is kept).
      const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
      const owners: [string, string][] = [
        [abandoned, ended],
        [living, String(process.pid)],
      ];
      for (const [dir, owner] of owners) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, 'owner.pid'), owner);
      }
      // The folders there already (this run's shared database, another worker's) are not this start's.
      before = new Set(temporaryDatabases());
      database = await startDynamoDbLocal();
    });
    afterAll(async () => {
      await database?.stop();
      rmSync(abandoned, { recursive: true, force: true });
      rmSync(living, { recursive: true, force: true });
    });

    it("removes a temporary database whose process was killed, and keeps a living process's", () => {
      expect(existsSync(abandoned)).toBe(false);
      expect(existsSync(living)).toBe(true);
    });

    it('keeps a database without a folder in a temporary one, removed at stop', async () => {
      const ownedHere = (name: string) => {
        const owner = path.join(temporaryParent, name, 'owner.pid');
        return existsSync(owner) && readFileSync(owner, 'utf8') === String(process.pid);
      };
      const created = temporaryDatabases().filter((name) => !before.has(name) && ownedHere(name));
      expect(created).toHaveLength(1);
      const dir = path.join(temporaryParent, String(created[0]));
      expect(planOfStreamDescription(path.join(dir, 'shared-local-instance.db'))).toContain('us_stream_sequence');
      await database.stop();
      expect(existsSync(dir)).toBe(false);
    });
  });
});
