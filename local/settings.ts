import { isIP } from 'node:net';
import path from 'node:path';

/**
 * The local runtime's settings (`npm start`), read from the environment and checked once, before anything
 * is started: a wrong value stops the start with one line naming the variable and what it accepts. The
 * functions' own settings are checked by shared/config.ts. README.md's configuration table lists both.
 */
export interface LocalSettings {
  port: number;
  host: string;
  /** The data folder: DynamoDB Local's files (in `dynamodb/`) and the running service's record. */
  dataDir: string;
  inMemory: boolean;
  seed: { dir: string } | undefined;
  warmUpMs: number;
  tableName: string;
  queueName: string;
}

/** A setting with a wrong value; its message is the one line `npm start` prints. */
export class SettingError extends Error {}

const wrong = (name: string, accepts: string, raw: string) =>
  new SettingError(`Configuration error: ${name} must be ${accepts}, got "${raw}"`);

function integerSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
  accepts: string,
) {
  const raw = env[name];
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!(value >= min && value <= max)) throw wrong(name, accepts, raw);
  return value;
}

// Unset means the default; set but empty is a mistake, reported like any other wrong value.

/** true/false and their usual spellings, as everywhere in the service (shared/config.ts). */
export function flagSetting(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined) return fallback;
  if (/^\s*(true|1|yes|on)\s*$/i.test(raw)) return true;
  if (/^\s*(false|0|no|off)\s*$/i.test(raw)) return false;
  throw wrong(name, 'true or false (also 1/0, yes/no, on/off)', raw);
}

function textSetting(env: NodeJS.ProcessEnv, name: string, fallback: string, pattern: RegExp, accepts: string) {
  const raw = env[name];
  if (raw === undefined) return fallback;
  if (!pattern.test(raw)) throw wrong(name, accepts, raw);
  return raw;
}

function hostSetting(env: NodeJS.ProcessEnv): string {
  const raw = env.HOST;
  if (raw === undefined) return '127.0.0.1';
  const hostname = /^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/.test(raw);
  if (isIP(raw) === 0 && !hostname) throw wrong('HOST', 'an interface address such as 127.0.0.1, 0.0.0.0 or ::', raw);
  return raw;
}

export function readLocalSettings(env: NodeJS.ProcessEnv, argv: readonly string[], projectRoot: string): LocalSettings {
  const dataDir = textSetting(env, 'DATA_DIR', '.data', /\S/, 'a folder path');
  const seedEnabled = flagSetting(env, 'ENABLE_STARTUP_SEED', false);
  const seedDir = textSetting(env, 'SEED_DIR', 'seed', /\S/, 'a folder path');
  return {
    port: integerSetting(env, 'PORT', 3000, 1, 65535, 'a port number from 1 to 65535'),
    host: hostSetting(env),
    dataDir: path.resolve(projectRoot, dataDir),
    inMemory: argv.includes('--in-memory') || flagSetting(env, 'LOCAL_IN_MEMORY', false),
    seed: seedEnabled ? { dir: path.resolve(projectRoot, seedDir) } : undefined,
    warmUpMs: integerSetting(env, 'LOCAL_WARM_UP_MS', 3000, 0, 600_000, 'a number of milliseconds (0 to 600000)'),
    tableName: textSetting(
      env,
      'TABLE_NAME',
      'url-shortener',
      /^[A-Za-z0-9_.-]{3,255}$/,
      'a DynamoDB table name (3-255 of A-Z a-z 0-9 _ . -)',
    ),
    queueName: textSetting(
      env,
      'EVENTS_QUEUE_NAME',
      'url-shortener-events',
      /^[A-Za-z0-9_-]{1,76}$/,
      'an SQS queue name (1-76 of A-Z a-z 0-9 _ -)',
    ),
  };
}
