import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDynamoDbLocal } from '../local/dynamodb-local.js';
import { createOperatorKey } from '../local/operator-keys.js';
import { provisionTable } from '../local/provision.js';
import { runningService } from '../local/runtime-record.js';
import { readLocalSettings } from '../local/settings.js';
import { useServiceConfig } from '../shared/platform/config.js';
import { SettingError } from '../shared/platform/setting-values.js';

/**
 * `npm run create-admin-key [-- name]`: makes an operator key and prints it, the only time it is shown (only
 * its hash is stored). Where: a deployed table when TABLE_NAME is set and no local service runs on the data
 * folder (with the usual AWS credentials and Region); otherwise the local data folder (DATA_DIR), through the
 * running `npm start`, or through a DynamoDB Local started for the moment when none runs.
 */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv.slice(2).find((arg) => !arg.startsWith('-')) ?? 'operator';

async function main(): Promise<{ key: string; where: string }> {
  const settings = readLocalSettings({ ...process.env, TABLE_NAME: undefined }, [], projectRoot);
  const service = runningService(settings.dataDir);
  const deployedTable = process.env.TABLE_NAME;
  if (deployedTable && !service) {
    useServiceConfig({ ...process.env, TABLE_NAME: deployedTable });
    return { key: await createOperatorKey(name), where: `table ${deployedTable}` };
  }
  process.env.AWS_REGION ||= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ||= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ||= 'local';
  const shown = path.relative(process.cwd(), settings.dataDir) || settings.dataDir;
  if (service?.dynamoDbEndpoint && service.tableName) {
    process.env.AWS_ENDPOINT_URL_DYNAMODB = service.dynamoDbEndpoint;
    useServiceConfig({ ...process.env, TABLE_NAME: service.tableName });
    return { key: await createOperatorKey(name), where: `the running service on ${shown}` };
  }
  const database = await startDynamoDbLocal({ dataDir: path.join(settings.dataDir, 'dynamodb') });
  try {
    process.env.AWS_ENDPOINT_URL_DYNAMODB = database.endpoint;
    await provisionTable(settings.tableName);
    useServiceConfig({ ...process.env, TABLE_NAME: settings.tableName });
    return { key: await createOperatorKey(name), where: `the data folder ${shown}` };
  } finally {
    await database.stop();
  }
}

try {
  const { key, where } = await main();
  console.log(`  Operator key "${name}", stored (as a hash) in ${where}. It is shown this once:\n\n  ${key}\n`);
  console.log('  Send it as: Authorization: Bearer <key>   (the service must run with AUTH_MODE=keys to ask for it)');
  process.exit(0);
} catch (error) {
  if (!(error instanceof SettingError)) throw error;
  console.error(error.message);
  process.exit(1);
}
