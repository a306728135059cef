import { readdirSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordFile, runningService } from '../local/runtime-record.js';
import { readLocalSettings } from '../local/settings.js';
import { SettingError } from '../shared/platform/setting-values.js';

/**
 * `npm run reset-data`: forgets everything `npm start` stored (DynamoDB Local's files and events kept from
 * the last stop), so that the next start begins empty (and loads the seed again when it is on). Refuses while
 * a service runs on the folder. Only the runtime's own files are removed, whatever DATA_DIR points at.
 */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  const { dataDir } = readLocalSettings(process.env, [], projectRoot);
  const shown = path.relative(process.cwd(), dataDir) || dataDir;
  const service = runningService(dataDir);
  if (service) {
    throw new SettingError(`A local service (pid ${service.pid}) is running on ${shown}: stop it first (Ctrl-C).`);
  }
  for (const entry of ['dynamodb', 'unsent-events.jsonl', path.basename(recordFile(dataDir))]) {
    rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  }
  try {
    if (readdirSync(dataDir).length === 0) rmdirSync(dataDir);
  } catch {
    // The folder was not there: nothing to reset.
  }
  console.log(`  Reset ${shown}: the next npm start begins with an empty table.`);
} catch (error) {
  if (!(error instanceof SettingError)) throw error;
  console.error(error.message);
  process.exit(1);
}
