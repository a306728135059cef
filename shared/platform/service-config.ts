import { normalizeAddress } from './hosts.js';
import { defaultMetricsNamespace } from './metric-names.js';
import {
  choiceValue,
  flagValue,
  integerValue,
  parseAllowedOrigins,
  SettingError,
  settingError,
} from './setting-values.js';

/** The visitor secrets' table (shared/store/table-schema.ts), named after the main table unless configured. */
export const defaultVisitorSecretsTableName = (tableName: string) => `${tableName}-visitor-secrets`;
/** The idempotency records' table (shared/store/table-schema.ts), named after the main table unless configured. */
export const defaultIdempotencyTableName = (tableName: string) => `${tableName}-idempotency`;

/**
 * What the functions' configuration is and how it is read from the environment; `config.ts` reads it once,
 * at import. Every variable the functions read is here; README.md's configuration table documents each.
 */
export interface ServiceConfig {
  /** DynamoDB table holding every record. */
  tableName: string;
  /** Where the daily visitor secrets are kept: a table of their own, without backups. */
  visitorSecretsTableName: string;
  /** Where the answers of requests sent with an Idempotency-Key are kept for 24 hours: a table of their own. */
  idempotencyTableName: string;
  /** SQS queue of automatic events; only the routes that emit events need it. */
  eventsQueueUrl: string | undefined;
  /** SQS queue of bulk imports that go on after their request (POST /users/bulk and the import worker). */
  importsQueueUrl: string | undefined;
  /**
   * How long POST /users/bulk stores rows before it answers 202 and leaves the rest to the import worker
   * (IMPORT_ANSWER_WITHIN_MS, 0-20000; 0 hands every import to the worker once its file is read).
   */
  importAnswerWithinMs: number;
  /** Name used in logs and as the metrics' service dimension. */
  serviceName: string;
  /** CloudWatch namespace of the embedded metrics. */
  metricsNamespace: string;
  /** Whether to write CloudWatch embedded-metric records to stdout (on in Lambda, off locally). */
  emitEmbeddedMetrics: boolean;
  /** How many short codes POST /urls tries before answering 503. */
  shortCodeAttempts: number;
  logLevel: LogLevel;
  /**
   * Reads per second of one key by one instance above which the key is served from memory for at most a
   * second (store/hot-key-cache.ts).
   */
  hotKeyReadsPerSecond: number;
  /**
   * `open` (the specification's: no credentials) or `keys` (access keys and ownership: docs/decisions.md,
   * "Access keys and ownership").
   */
  authMode: AuthMode;
  /**
   * The secret CloudFront sends in X-Origin-Verify (its ARN in Secrets Manager): when set, the functions answer
   * only requests that carry it (the stack sets it; locally there is no CloudFront, and it is unset).
   */
  originSecretArn: string | undefined;
  /**
   * The short links' base (`https://go.example.com`): URL records' `short_url` and the statistics page use it.
   * Unset: the address the request came to (the CloudFront domain in AWS, the gateway's locally).
   */
  publicBaseUrl: string | undefined;
  /**
   * The service's own short-link addresses (`host[:port]`, normalized): a link to one of them is refused (a
   * loop). The address a request came to, and PUBLIC_BASE_URL's, are always among them.
   */
  shortLinkHosts: readonly string[];
  /** SQS queue of webhook deliveries: the dispatcher, the deliverer (its retries) and the test ping send to it. */
  webhookDeliveriesQueueUrl: string | undefined;
  /**
   * Webhook targets allowed though not public (`host[:port]`, normalized; without a port, every port): for
   * local development and tests (WEBHOOK_ALLOWED_HOSTS). The service's own addresses are never allowed.
   */
  webhookAllowedHosts: readonly string[];
  /** Origins a browser page may call the API from: `*` (any, the default: the API has no credentials) or a list. */
  corsAllowedOrigins: '*' | readonly string[];
}

export const authModes = ['open', 'keys'] as const;
export type AuthMode = (typeof authModes)[number];

const logLevels = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'] as const;
type LogLevel = (typeof logLevels)[number];

/** Comma-separated `host[:port]` addresses, normalized (shared/platform/hosts.ts); unset is none. */
export function parseAddressList(name: string, raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((entry) => {
    const address = normalizeAddress(entry);
    if (!address) throw settingError(name, 'host[:port] addresses separated by commas', raw);
    return address;
  });
}

/** An http(s) origin with no path, query or trailing slash; unset keeps none. */
function baseUrlValue(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const parsed = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!parsed || !/^https?:$/.test(parsed.protocol) || raw.replace(/\/$/, '') !== parsed.origin) {
    throw settingError(name, 'an http(s) address with no path, such as https://go.example.com', raw);
  }
  return parsed.origin;
}

export function loadConfig(env: NodeJS.ProcessEnv): ServiceConfig {
  const tableName = env.TABLE_NAME;
  if (!tableName) throw new SettingError('Configuration error: TABLE_NAME is not set');
  return {
    tableName,
    visitorSecretsTableName: env.VISITOR_SECRETS_TABLE || defaultVisitorSecretsTableName(tableName),
    idempotencyTableName: env.IDEMPOTENCY_TABLE || defaultIdempotencyTableName(tableName),
    eventsQueueUrl: env.EVENTS_QUEUE_URL || undefined,
    importsQueueUrl: env.IMPORTS_QUEUE_URL || undefined,
    importAnswerWithinMs: integerValue('IMPORT_ANSWER_WITHIN_MS', env.IMPORT_ANSWER_WITHIN_MS, 10_000, {
      min: 0,
      max: 20_000,
    }),
    serviceName: env.SERVICE_NAME || 'url-shortener',
    metricsNamespace: env.METRICS_NAMESPACE || defaultMetricsNamespace,
    emitEmbeddedMetrics: flagValue(
      'EMIT_EMBEDDED_METRICS',
      env.EMIT_EMBEDDED_METRICS,
      Boolean(env.AWS_LAMBDA_FUNCTION_NAME),
    ),
    shortCodeAttempts: integerValue('SHORT_CODE_ATTEMPTS', env.SHORT_CODE_ATTEMPTS, 5, { min: 1, max: 100 }),
    logLevel: choiceValue('LOG_LEVEL', env.LOG_LEVEL, 'INFO', logLevels),
    hotKeyReadsPerSecond: integerValue('HOT_KEY_READS_PER_SECOND', env.HOT_KEY_READS_PER_SECOND, 10, {
      min: 1,
      max: 100_000,
    }),
    authMode: choiceValue('AUTH_MODE', env.AUTH_MODE, 'open', authModes),
    originSecretArn: env.ORIGIN_SECRET_ARN || undefined,
    publicBaseUrl: baseUrlValue('PUBLIC_BASE_URL', env.PUBLIC_BASE_URL),
    shortLinkHosts: parseAddressList('SHORT_LINK_HOSTS', env.SHORT_LINK_HOSTS),
    corsAllowedOrigins: parseAllowedOrigins('CORS_ALLOWED_ORIGINS', env.CORS_ALLOWED_ORIGINS),
    webhookDeliveriesQueueUrl: env.WEBHOOK_DELIVERIES_QUEUE_URL || undefined,
    webhookAllowedHosts: parseAddressList('WEBHOOK_ALLOWED_HOSTS', env.WEBHOOK_ALLOWED_HOSTS),
  };
}
