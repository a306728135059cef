import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

/**
 * Starts one DynamoDB Local (in memory) and one SQS emulator for the whole run, and synthesizes the stack's
 * function roles once, for both access modes: every test service checks its functions' calls against them
 * (local/iam/). Endpoints and the roles' file reach the test workers through the environment; the handles stay
 * on globalThis for global-teardown.js. (Plain JavaScript: Jest loads global setup natively, outside its
 * transform, so the TypeScript runtime modules are loaded through tsx.)
 */
export default async function globalSetup() {
  const { startDynamoDbLocal } = await tsImport('../../local/dynamodb-local.ts', import.meta.url);
  const { startSqsEmulator } = await tsImport('../../local/sqs-local.ts', import.meta.url);
  const { synthesizeFunctionRoles } = await tsImport('../../local/iam/function-roles.ts', import.meta.url);
  const { testJavaOptions } = await tsImport('./npm-start.ts', import.meta.url);
  // The run's JVM compiles as the whole-process tests' do (npm-start.ts): it serves a few thousand requests of
  // each kind, too few for the optimizing compiler's work to pay back (docs/benchmarks.md, "Measured choices in
  // the code").
  Object.assign(process.env, testJavaOptions);
  const [dynamoDb, sqs, open, keys] = await Promise.all([
    startDynamoDbLocal(),
    startSqsEmulator(),
    synthesizeFunctionRoles({ authMode: 'open' }),
    synthesizeFunctionRoles({ authMode: 'keys' }),
  ]);
  const rolesFile = path.join(tmpdir(), `url-shortener-test-roles-${process.pid}.json`);
  writeFileSync(rolesFile, JSON.stringify({ open, keys }));
  process.env.TEST_FUNCTION_ROLES = rolesFile;
  process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamoDb.endpoint;
  process.env.AWS_ENDPOINT_URL_SQS = sqs.endpoint;
  process.env.AWS_REGION = 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'ERROR';
  // The files that import the functions' modules are not in Lambda either (local/embedded-metrics-environment.ts).
  process.env.AWS_EMF_ENVIRONMENT = 'Local';
  globalThis.__emulators__ = { dynamoDb, sqs, rolesFile };
}
