import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import type { ServiceStackProps } from './service-stack.js';

/** What `bin/app.ts` builds, read from CDK context (`-c key=value` or cdk.json); README lists every key. */
export interface DeploymentSettings {
  service: Pick<
    ServiceStackProps,
    'retainData' | 'throttlingRateLimit' | 'throttlingBurstLimit' | 'alarmEmail' | 'enableStartupSeed' | 'logRetention'
  >;
  /** Requests per client IP in 5 minutes for the WAF rule; the firewall stack exists only when set. */
  wafRateLimit?: number;
}

function flag(key: string, raw: unknown): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw === 'boolean') return raw;
  if (/^(true|1|yes|on)$/i.test(String(raw))) return true;
  if (/^(false|0|no|off)$/i.test(String(raw))) return false;
  throw new Error(`Context ${key} must be true or false, got "${String(raw)}"`);
}

function positiveInteger(key: string, raw: unknown): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(`Context ${key} must be a positive integer, got "${String(raw)}"`);
  }
  return value;
}

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
    },
    wafRateLimit: positiveInteger('wafRateLimit', context('wafRateLimit')),
  };
}
