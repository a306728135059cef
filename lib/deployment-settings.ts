import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import { parseAllowedOrigins } from '../shared/http/cors.js';
import { authModes } from '../shared/service-config.js';
import { choiceValue, flagValue, integerValue } from '../shared/setting-values.js';
import type { ServiceStackProps } from './service-stack.js';

/** What `bin/app.ts` builds, read from CDK context (`-c key=value` or cdk.json); README lists every key. */
export interface DeploymentSettings {
  service: Pick<
    ServiceStackProps,
    | 'retainData'
    | 'throttlingRateLimit'
    | 'throttlingBurstLimit'
    | 'alarmEmail'
    | 'enableStartupSeed'
    | 'logRetention'
    | 'corsAllowedOrigins'
    | 'authMode'
  >;
  /** Requests per client IP in 5 minutes for the WAF rule; the firewall stack exists only when set. */
  wafRateLimit?: number;
}

/** A context value that may be absent (the stack's default then applies). */
const optional = <T>(raw: unknown, read: (value: unknown) => T): T | undefined =>
  raw === undefined || raw === '' ? undefined : read(raw);

const flag = (key: string, raw: unknown) => optional(raw, (value) => flagValue(key, value, false));
const positiveInteger = (key: string, raw: unknown) =>
  optional(raw, (value) => integerValue(key, value, 0, { min: 1, max: Number.MAX_SAFE_INTEGER }));

function retention(raw: unknown): RetentionDays | undefined {
  const days = positiveInteger('logRetentionDays', raw);
  if (days === undefined) return undefined;
  const allowed = Object.values(RetentionDays).filter((value): value is number => typeof value === 'number');
  if (!allowed.includes(days)) {
    throw new Error(
      `Context logRetentionDays must be one of CloudWatch's periods (${allowed.join(', ')}), got ${days}`,
    );
  }
  return days as RetentionDays;
}

/**
 * Reads and checks the deployment's settings once, so that a typo fails the synth with the key's name.
 * ENABLE_STARTUP_SEED may also come from the environment, as it does for the local runtime.
 */
export function deploymentSettings(node: Node, env: NodeJS.ProcessEnv = process.env): DeploymentSettings {
  const context = (key: string): unknown => node.tryGetContext(key);
  const alarmEmail = context('alarmEmail');
  if (alarmEmail !== undefined && (typeof alarmEmail !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(alarmEmail))) {
    throw new Error(`Context alarmEmail must be an e-mail address, got "${String(alarmEmail)}"`);
  }
  return {
    service: {
      retainData: flag('retainData', context('retainData')),
      throttlingRateLimit: positiveInteger('throttlingRateLimit', context('throttlingRateLimit')),
      throttlingBurstLimit: positiveInteger('throttlingBurstLimit', context('throttlingBurstLimit')),
      alarmEmail,
      enableStartupSeed: flag('ENABLE_STARTUP_SEED', context('ENABLE_STARTUP_SEED') ?? env.ENABLE_STARTUP_SEED),
      logRetention: retention(context('logRetentionDays')),
      corsAllowedOrigins: optional(context('corsAllowedOrigins'), (value) =>
        parseAllowedOrigins('corsAllowedOrigins', String(value)),
      ),
      authMode: optional(context('authMode'), (value) => choiceValue('authMode', value, 'open', authModes)),
    },
    wafRateLimit: positiveInteger('wafRateLimit', context('wafRateLimit')),
  };
}
