import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { bundleBuildOptions } from '../../lib/bundling.js';
import { provisionTable } from '../../local/provision.js';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/**
 * A function bundled as the stack bundles it (lib/bundling.ts), then run as Lambda runs it: credentials from
 * the environment only, against DynamoDB Local. The SDK's default credential chain is left out of the bundle.
 */
describe('function bundles (esbuild, DynamoDB Local)', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'function-bundle-'));
  const bundle = path.join(outDir, 'get-user.mjs');
  let inputs: Metafile['inputs'];

  beforeAll(async () => {
    const result = await build({
      ...bundleBuildOptions,
      entryPoints: [path.join(projectRoot, 'functions/users/get-user.ts')],
      outfile: bundle,
      metafile: true,
      logLevel: 'silent',
    });
    inputs = result.metafile.inputs;
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  const packagesIn = () =>
    new Set(Object.keys(inputs).flatMap((file) => /node_modules\/(@aws-sdk\/[^/]+)/.exec(file)?.[1] ?? []));

  it("bundles the environment's credentials in place of the SDK's default chain (SSO, profiles, STS, metadata)", () => {
    const packages = packagesIn();
    expect(packages).toContain('@aws-sdk/credential-provider-env');
    for (const left of [
      '@aws-sdk/credential-provider-node',
      '@aws-sdk/credential-provider-ini',
      '@aws-sdk/credential-provider-sso',
      '@aws-sdk/credential-provider-web-identity',
      '@aws-sdk/nested-clients',
    ])
      expect(packages).not.toContain(left);
  });

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
