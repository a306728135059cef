import { defaultMetricsNamespace } from './metric-names.js';

/**
 * The functions' configuration, read from the environment and checked once, when the module is first
 * imported: a bad setup fails the cold start with a clear message rather than a request halfway through.
 * Every variable the functions read is here; README.md's configuration table documents each.
 */
export interface ServiceConfig {
  /** DynamoDB table holding every record. */
  tableName: string;
  /** SQS queue of automatic events; only the routes that emit events need it. */
  eventsQueueUrl: string | undefined;
  /** Name used in logs and as the metrics' service dimension. */
  serviceName: string;
  /** CloudWatch namespace of the embedded metrics. */
  metricsNamespace: string;
  /** Whether to write CloudWatch embedded-metric records to stdout (on in Lambda, off locally). */
  emitEmbeddedMetrics: boolean;
  /** How many short codes POST /urls tries before answering 503. */
  shortCodeAttempts: number;
  logLevel: string;
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(`Configuration error: ${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

function flag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw new Error(`Configuration error: ${name} must be true or false, got "${raw}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv): ServiceConfig {
  const tableName = env.TABLE_NAME;
  if (!tableName) throw new Error('Configuration error: TABLE_NAME is not set');
  return {
    tableName,
    eventsQueueUrl: env.EVENTS_QUEUE_URL || undefined,
    serviceName: env.SERVICE_NAME || 'url-shortener',
    metricsNamespace: env.METRICS_NAMESPACE || defaultMetricsNamespace,
    emitEmbeddedMetrics: flag(
      'EMIT_EMBEDDED_METRICS',
      env.EMIT_EMBEDDED_METRICS,
      Boolean(env.AWS_LAMBDA_FUNCTION_NAME),
    ),
    shortCodeAttempts: positiveInteger('SHORT_CODE_ATTEMPTS', env.SHORT_CODE_ATTEMPTS, 5),
    logLevel: env.LOG_LEVEL || 'INFO',
  };
}

export const config: ServiceConfig = loadConfig(process.env);
