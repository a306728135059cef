import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { warmUpDynamoDb } from '../../local/warm-up.js';

/** The local runtime's tools as a person runs them (DynamoDB Local; the scripts through Node). */
describe('local tools (DynamoDB Local, scripts run as npm runs them)', () => {
  const root = path.resolve(import.meta.dirname, '../..');

  it('leaves no scratch table after a warm-up, and drops those an earlier one left', async () => {
    const client = new DynamoDBClient({});
    const leftover = `warm-up-leftover${Date.now().toString(36)}`;
    await client.send(
      new CreateTableCommand({
        TableName: `${leftover}-visitor-secrets`,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
      }),
    );
    await warmUpDynamoDb(200);
    const names = (await client.send(new ListTablesCommand({}))).TableNames ?? [];
    expect(names.filter((name) => name.startsWith('warm-up-'))).toEqual([]);
    client.destroy();
  }, 30_000);

  it('says plainly when the log to replay does not exist, and how to get one', async () => {
    const run = promisify(execFile);
    const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/replay-events.ts', 'no-such.log'], {
      cwd: root,
    }).catch((error: { code: number; stderr: string; stdout: string }) => error);
    expect((failure as { code: number }).code).toBe(1);
    const output = `${(failure as { stderr: string }).stderr}`;
    expect(output).toContain('No such file: no-such.log');
    expect(output).toContain('npm start 2>&1 | tee service.log');
    expect(output).not.toMatch(/at .*\(.*:\d+:\d+\)/);
  }, 30_000);
});
