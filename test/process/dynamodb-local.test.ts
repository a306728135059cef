import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type DynamoDbLocal, jettyConfigurationArguments, startDynamoDbLocal } from '../../local/dynamodb-local.js';
import { testJavaOptions } from '../support/npm-start.js';

/**
 * DynamoDB Local as the runtime starts it (a JVM of its own, not the run's shared one): its database is always a
 * file, so its stream records can be indexed, and a temporary one leaves nothing behind.
 */
const temporaryParent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const temporaryDatabases = () =>
  readdirSync(temporaryParent).filter((name) => name.startsWith('url-shortener-dynamodb-'));

/**
 * The plans DynamoDB Local's own SQLite makes for its queries on its stream records: the stream's first record,
 * before every write to a table with a stream and in every GetRecords; a shard's earliest record, in every
 * GetRecords and GetShardIterator; a shard's next records, in every GetRecords
 * (test/support/dynamodb-local-query-plans.xml). Node's SQLite is newer and plans otherwise.
 */
function streamRecordPlans(file: string): { streamDescription: string; earliestOfShard: string; getRecords: string } {
  const plans = path.join(import.meta.dirname, '../support/dynamodb-local-query-plans.xml');
  const run = spawnSync('java', jettyConfigurationArguments(plans, { database: file }), { encoding: 'utf8' });
  const [streamDescription = '', earliestOfShard = '', getRecords = ''] = run.stdout.trim().split('\n');
  if (run.status !== 0 || !getRecords) throw new Error(`No plans from DynamoDB Local's SQLite: ${run.stderr}`);
  return { streamDescription, earliestOfShard, getRecords };
}

/** What the runtime must have given DynamoDB Local's database: neither query reads every stream record. */
function expectStreamRecordsIndexed(file: string): void {
  const plans = streamRecordPlans(file);
  expect(plans.streamDescription).toContain('USING COVERING INDEX us_stream_sequence (StreamID=?)');
  // In the index's order: no sort of the shard's records after it.
  expect(plans.earliestOfShard).toContain('USING INDEX us_shard_records (ShardID=?); more steps: false');
  // From the iterator's position (the sequence number is the rowid), not through every record of the shard.
  expect(plans.getRecords).toContain('USING INDEX us_shard_records (ShardID=? AND rowid>?)');
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

  it('indexes stream records so that neither a write nor a GetRecords reads every record of every stream, in a database of an older runtime too', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dynamodb-local-test-'));
    const file = path.join(dataDir, 'shared-local-instance.db');
    try {
      const database = await startDynamoDbLocal({ dataDir });
      await database.stop();
      expectStreamRecordsIndexed(file);
      // As an earlier runtime left it: an index by shard that names the sequence number, which SQLite cannot seek in.
      const older = new DatabaseSync(file);
      older.exec('DROP INDEX us_shard_records; CREATE INDEX us_shard_sequence ON us (ShardID, SequenceNumber)');
      older.close();
      expect(streamRecordPlans(file).getRecords).not.toContain('rowid>?');
      const again = await startDynamoDbLocal({ dataDir });
      await again.stop();
      expectStreamRecordsIndexed(file);
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
      expectStreamRecordsIndexed(path.join(dir, 'shared-local-instance.db'));
      await database.stop();
      expect(existsSync(dir)).toBe(false);
    });
  });
});
