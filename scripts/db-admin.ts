import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runningService } from '../local/runtime-record.js';
import { readLocalSettings } from '../local/settings.js';
import { integerValue, SettingError } from '../shared/platform/setting-values.js';

/**
 * `npm run db-admin`: a table browser (the npm package dynamodb-admin) on the DynamoDB Local of the running
 * `npm start`, found through its data folder, so there is nothing to configure. DB_ADMIN_PORT (default 8001)
 * moves it. It only reads what the service stores; changing items by hand can break the service's rules.
 */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  const { dataDir } = readLocalSettings(process.env, [], projectRoot);
  const port = integerValue('DB_ADMIN_PORT', process.env.DB_ADMIN_PORT, 8001, { min: 1, max: 65535 });
  const service = runningService(dataDir);
  if (!service?.dynamoDbEndpoint) {
    throw new SettingError(
      `No local service is running on ${path.relative(process.cwd(), dataDir) || dataDir}: start it with npm start, then run npm run db-admin.`,
    );
  }
  const cli = createRequire(import.meta.url).resolve('dynamodb-admin/dist/dynamodb-admin.js');
  console.log(`  Table browser for ${service.tableName} at http://localhost:${port}  (Ctrl-C stops it)`);
  const child = spawn(
    process.execPath,
    [cli, '--dynamo-endpoint', service.dynamoDbEndpoint, '--host', '127.0.0.1', '--port', String(port)],
    { stdio: 'inherit', env: { ...process.env, AWS_REGION: service.region ?? 'us-east-1' } },
  );
  child.on('exit', (code) => process.exit(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
} catch (error) {
  if (!(error instanceof SettingError)) throw error;
  console.error(error.message);
  process.exit(1);
}
