import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startDynamoDbLocal } from '../local/dynamodb-local.js';
import { runningService } from '../local/runtime-record.js';
import { readLocalSettings } from '../local/settings.js';
import { useServiceConfig } from '../shared/platform/config.js';
import { SettingError } from '../shared/platform/setting-values.js';
import { linkScope, type StatsScope, userScope } from '../shared/store/keys.js';
import { recountStats } from '../shared/store/stats-recount.js';

/**
 * `npm run recount-stats -- --url <id> | --user <id> [--from 2026-11-23T05] [--to 2026-11-23T09]`: counts a
 * link's or a user's statistics again from its stored click events, hour by hour (shared/store/stats-recount.ts),
 * by default over the last 24 complete hours. Run it for hours the click counter is done with (docs/operations.md,
 * "Statistics behind or short"). Where: a deployed table when TABLE_NAME is set and no local service runs on the
 * data folder (with the usual AWS credentials and Region); otherwise the running `npm start`, or the local data
 * folder through a DynamoDB Local started for the moment.
 */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hourOf = (at: number) => new Date(at).toISOString().slice(0, 13);

function request(): { scope: StatsScope; from: string; to: string } {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, user: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
  });
  const id = Number(values.url ?? values.user);
  if ((values.url === undefined) === (values.user === undefined) || !Number.isSafeInteger(id) || id < 1) {
    throw new SettingError('Name one link or one user: --url <id> or --user <id>');
  }
  const lastComplete = Date.now() - 3600_000;
  return {
    scope: values.url !== undefined ? linkScope(id) : userScope(id),
    from: values.from ?? hourOf(lastComplete - 23 * 3600_000),
    to: values.to ?? hourOf(lastComplete),
  };
}

async function main(): Promise<string> {
  const { scope, from, to } = request();
  const settings = readLocalSettings({ ...process.env, TABLE_NAME: undefined }, [], projectRoot);
  const service = runningService(settings.dataDir);
  const deployedTable = process.env.TABLE_NAME;
  const recount = async (where: string) => {
    const result = await recountStats(scope, from, to);
    return `${scope} from ${from} to ${to} (${where}): ${result.clicks} clicks in ${result.hours} hours counted again, ${result.replaced} statistics items replaced`;
  };
  if (deployedTable && !service) {
    useServiceConfig({ ...process.env, TABLE_NAME: deployedTable });
    return recount(`table ${deployedTable}`);
  }
  process.env.AWS_REGION ||= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ||= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ||= 'local';
  if (service?.dynamoDbEndpoint && service.tableName) {
    process.env.AWS_ENDPOINT_URL_DYNAMODB = service.dynamoDbEndpoint;
    useServiceConfig({ ...process.env, TABLE_NAME: service.tableName });
    return recount('the running service');
  }
  const database = await startDynamoDbLocal({ dataDir: path.join(settings.dataDir, 'dynamodb') });
  try {
    process.env.AWS_ENDPOINT_URL_DYNAMODB = database.endpoint;
    useServiceConfig({ ...process.env, TABLE_NAME: settings.tableName });
    return await recount('the data folder');
  } finally {
    await database.stop();
  }
}

try {
  console.log(await main());
  process.exit(0);
} catch (error) {
  if (
    !(error instanceof SettingError) &&
    !(error instanceof Error && /^(Hours are|URL not|User not)/.test(error.message))
  ) {
    throw error;
  }
  console.error(error.message);
  process.exit(1);
}
