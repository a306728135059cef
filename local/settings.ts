import { isIP } from 'node:net';
import path from 'node:path';
import { choiceValue, flagValue, integerValue, settingError } from '../shared/platform/setting-values.js';

/**
 * The local runtime's settings (`npm start`), read from the environment and checked once, before anything
 * is started: a wrong value stops the start with one line naming the variable and what it accepts. The
 * functions' own settings are checked by shared/platform/config.ts. README.md's configuration table lists both.
 * Unset means the default; set but empty is a mistake, reported like any other wrong value.
 */
interface LocalSettings {
  port: number;
  host: string;
  /** The data folder: DynamoDB Local's files (in `dynamodb/`) and the running service's record. */
  dataDir: string;
  inMemory: boolean;
  seed: { dir: string } | undefined;
  warmUpMs: number;
  tableName: string;
  queueName: string;
  /** The emulation of DynamoDB's per-partition limits, scaled down by this factor; off when undefined. */
  dynamoDbLimits: { scale: number } | undefined;
  /** An operator key registered at start (ADMIN_KEY), for scripts and tests of `AUTH_MODE=keys`. */
  adminKey: string | undefined;
  /** Links one client may create a minute, and reports it may send (unset: no limit, the spec's behaviour). */
  rateLimits: { createLinksPerMinute?: number; reportsPerMinute?: number };
  /** Check every call a function makes against its role in the synthesized stack (LOCAL_IAM=enforce). */
  enforceIam: boolean;
}

/** A rate limit per client and minute; unset is none. */
const perMinute = (env: NodeJS.ProcessEnv, name: string): number | undefined =>
  env[name] === undefined ? undefined : integerValue(name, env[name], 0, { min: 1, max: 100_000 });

function text(env: NodeJS.ProcessEnv, name: string, fallback: string, pattern: RegExp, accepts: string): string {
  const raw = env[name];
  if (raw === undefined) return fallback;
  if (!pattern.test(raw)) throw settingError(name, accepts, raw);
  return raw;
}

const hostname =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

function host(env: NodeJS.ProcessEnv): string {
  const raw = env.HOST;
  if (raw === undefined) return '127.0.0.1';
  if (isIP(raw) === 0 && !hostname.test(raw)) {
    throw settingError('HOST', 'an interface address such as 127.0.0.1, 0.0.0.0 or ::', raw);
  }
  return raw;
}

/** `off` (the default), or a scale factor: `100` emulates DynamoDB's limits divided by 100. */
function limitsEmulation(env: NodeJS.ProcessEnv): { scale: number } | undefined {
  const raw = env.LOCAL_DYNAMODB_LIMITS;
  if (raw === undefined || /^\s*(off|false|no|0)\s*$/i.test(raw)) return undefined;
  const scale = /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(scale >= 1 && scale <= 100_000)) {
    throw settingError(
      'LOCAL_DYNAMODB_LIMITS',
      'off, or a scale factor from 1 to 100000 (100: the limits divided by 100)',
      raw,
    );
  }
  return { scale };
}

export function readLocalSettings(env: NodeJS.ProcessEnv, argv: readonly string[], projectRoot: string): LocalSettings {
  const folder = (name: string, fallback: string) =>
    path.resolve(projectRoot, text(env, name, fallback, /\S/, 'a folder path'));
  return {
    port: integerValue('PORT', env.PORT, 3000, { min: 1, max: 65535 }),
    host: host(env),
    dataDir: folder('DATA_DIR', '.data'),
    inMemory: argv.includes('--in-memory') || flagValue('LOCAL_IN_MEMORY', env.LOCAL_IN_MEMORY, false),
    seed: flagValue('ENABLE_STARTUP_SEED', env.ENABLE_STARTUP_SEED, false)
      ? { dir: folder('SEED_DIR', 'seed') }
      : undefined,
    warmUpMs: integerValue('LOCAL_WARM_UP_MS', env.LOCAL_WARM_UP_MS, 3000, { min: 0, max: 600_000 }),
    tableName: text(
      env,
      'TABLE_NAME',
      'url-shortener',
      /^[A-Za-z0-9_.-]{3,255}$/,
      'a table name: 3-255 of A-Z a-z 0-9 _ . -',
    ),
    dynamoDbLimits: limitsEmulation(env),
    enforceIam: choiceValue('LOCAL_IAM', env.LOCAL_IAM, 'off', ['off', 'enforce'] as const) === 'enforce',
    rateLimits: {
      createLinksPerMinute: perMinute(env, 'CREATE_LINKS_PER_MINUTE'),
      reportsPerMinute: perMinute(env, 'REPORTS_PER_MINUTE'),
    },
    adminKey:
      env.ADMIN_KEY === undefined
        ? undefined
        : text(env, 'ADMIN_KEY', '', /^ask_[A-Za-z0-9_-]{28,}$/, 'ask_ and at least 28 more of A-Z a-z 0-9 _ -'),
    queueName: text(
      env,
      'EVENTS_QUEUE_NAME',
      'url-shortener-events',
      /^[A-Za-z0-9_-]{1,76}$/,
      'a queue name: 1-76 of A-Z a-z 0-9 _ -',
    ),
  };
}
