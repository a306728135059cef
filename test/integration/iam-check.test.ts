import { spawn } from 'node:child_process';
import path from 'node:path';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { runAsFunction } from '../../local/iam/function-identity.js';
import type { BoundFunctionRoles } from '../../local/iam/function-roles.js';
import { localIamCheck } from '../../local/iam/iam-enforcement.js';
import { useServiceConfig } from '../../shared/platform/config.js';

/**
 * The local IAM check (local/iam/) across the runtimes of one process, as a test process serves one file's
 * service after another: its worker is started once and kept, so the next runtime's calls must be labelled and
 * checked as the first's were, and an idle worker must never hold the process open. In front of the run's
 * DynamoDB Local.
 */
describe('the local IAM check across the runtimes of one process (DynamoDB Local)', () => {
  const table = `iam-check-${process.pid}`;
  /** A role that may read the table's items and nothing else. */
  const readOnly: BoundFunctionRoles = {
    functions: { Reader: [{ Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: '*' }] },
    tables: { [table]: { partitionKey: 'PK', indexes: {} } },
  };
  const key = { PK: { S: 'a' } };

  // A refused call is logged as a warning, by the service's logger, which reads the configuration.
  beforeAll(() => useServiceConfig({ ...process.env, TABLE_NAME: table }));

  /** What the function `Reader` of `runtime` gets for a read and for a write of the table, through `endpoint`. */
  async function readAndWrite(endpoint: string, runtime: string): Promise<string[]> {
    const client = new DynamoDBClient({ endpoint });
    const outcome = (call: Promise<unknown>) =>
      call.then(
        () => 'answered',
        (error: Error) => error.name,
      );
    try {
      return await runAsFunction({ runtime, name: 'Reader' }, () =>
        Promise.all([
          outcome(client.send(new GetItemCommand({ TableName: table, Key: key }))),
          outcome(client.send(new PutItemCommand({ TableName: table, Item: key }))),
        ]),
      );
    } finally {
      client.destroy();
    }
  }

  it("checks the next runtime's calls as it checked the first's, once the first released the check", async () => {
    const check = await localIamCheck({
      dynamodb: String(process.env.AWS_ENDPOINT_URL_DYNAMODB),
      sqs: String(process.env.AWS_ENDPOINT_URL_SQS),
    });
    for (const runtime of ['first', 'next']) {
      const registration = await check.register(runtime);
      try {
        registration.apply(readOnly);
        // The read reaches DynamoDB Local (which has no such table); the write is refused as AWS refuses it.
        expect(await readAndWrite(check.endpoints.dynamodb, runtime)).toEqual([
          'ResourceNotFoundException',
          'AccessDeniedException',
        ]);
        const calls = (await registration.calls()).map(({ function: name, action, allowed }) => ({
          name,
          action,
          allowed,
        }));
        expect(calls.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
          { name: 'Reader', action: 'dynamodb:GetItem', allowed: true },
          { name: 'Reader', action: 'dynamodb:PutItem', allowed: false },
        ]);
      } finally {
        await registration.release();
      }
    }
  });

  it('lets the process end by itself once its last runtime released the check', async () => {
    const enforcement = path.resolve(import.meta.dirname, '../../local/iam/iam-enforcement.ts');
    const script = `
      const { localIamCheck } = await import(${JSON.stringify(enforcement)});
      const check = await localIamCheck({ dynamodb: process.env.AWS_ENDPOINT_URL_DYNAMODB, sqs: process.env.AWS_ENDPOINT_URL_SQS });
      await (await check.register('only')).release();
      console.log('released');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // A process the worker held open would never end: the bound only stops the wait.
    const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    try {
      expect(await ended).toBe(0);
    } finally {
      clearTimeout(timer);
    }
    expect(output.trim()).toBe('released');
  }, 60_000);
});
