import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { bundleBuildOptions } from '../../lib/bundling.js';
import { provisionTable } from '../../local/provision.js';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/**
 * A function bundled as the stack bundles it (lib/bundling.ts), then run as Lambda runs it: in a process of its
 * own with the credentials Lambda puts in the environment (the SDK's default chain finds them first), against
 * DynamoDB Local.
 */
describe('function bundles (esbuild, DynamoDB Local)', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'function-bundle-'));
  const bundle = path.join(outDir, 'get-user.mjs');
  beforeAll(async () => {
    await build({
      ...bundleBuildOptions,
      entryPoints: [path.join(projectRoot, 'functions/users/get-user.ts')],
      outfile: bundle,
      logLevel: 'silent',
    });
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('answers from DynamoDB with the credentials Lambda puts in the environment', async () => {
    const tableName = `bundle-${Date.now().toString(36)}`;
    await provisionTable(tableName);
    const invoke = `
      const { handler } = await import(${JSON.stringify(bundle)});
      const event = {
        resource: '/users/{id}', path: '/users/424242', httpMethod: 'GET', headers: {}, multiValueHeaders: {},
        queryStringParameters: null, multiValueQueryStringParameters: null, pathParameters: { id: '424242' },
        stageVariables: null, body: null, isBase64Encoded: false, requestContext: { requestId: 'bundle-test' },
      };
      const context = { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10000 };
      console.log(JSON.stringify(await handler(event, context)));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', invoke], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'us-east-1',
        // DynamoDB Local accepts access keys of letters and digits only.
        AWS_ACCESS_KEY_ID: 'BUNDLETEST',
        AWS_SECRET_ACCESS_KEY: 'bundletest',
        AWS_SESSION_TOKEN: 'bundletest',
        AWS_ENDPOINT_URL_DYNAMODB: process.env.AWS_ENDPOINT_URL_DYNAMODB,
        TABLE_NAME: tableName,
        LOG_LEVEL: 'ERROR',
      },
    });
    const answer = JSON.parse(output.trim().split('\n').at(-1) ?? '');
    expect(answer.statusCode).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'User not found' });
  });
});
