import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import { authModes, parseAddressList } from '../shared/platform/service-config.js';
import { choiceValue, flagValue, integerValue, parseAllowedOrigins } from '../shared/platform/setting-values.js';
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
    | 'shortLinkHosts'
    | 'authMode'
    | 'stage'
    | 'domainName'
    | 'certificateArn'
    | 'hostedZoneId'
    | 'manageApiGatewayAccount'
    | 'originSecretVersion'
  >;
  /** Requests per client IP in 5 minutes for the WAF rule; the firewall stack exists only when set. */
  wafRateLimit?: number;
  /** Link creations (POST /urls) per client address, and per access key, in any minute; a WAF rule when set. */
  createLinksPerMinute?: number;
  /** Reports (POST /reports) per client address, and per access key, in any minute; a WAF rule when set. */
  reportsPerMinute?: number;
  /** The Region the template is bound to; without it the template is environment-agnostic. */
  region?: string;
}

const textMatching = (key: string, raw: unknown, pattern: RegExp, accepts: string) =>
  optional(raw, (value) => {
    if (typeof value !== 'string' || !pattern.test(value)) {
      throw new Error(`Context ${key} must be ${accepts}, got "${String(value)}"`);
    }
    return value;
  });

/** A context value that may be absent (the stack's default then applies). */
const optional = <T>(raw: unknown, read: (value: unknown) => T): T | undefined =>
  raw === undefined || raw === '' ? undefined : read(raw);

const flag = (key: string, raw: unknown) => optional(raw, (value) => flagValue(key, value, false));
const positiveInteger = (key: string, raw: unknown) =>
  optional(raw, (value) => integerValue(key, value, 0, { min: 1, max: Number.MAX_SAFE_INTEGER }));

/** WAF's rate-based rules count no fewer than 10 requests per window; a smaller limit cannot be held there. */
const perMinuteLimit = (key: string, raw: unknown) =>
  optional(raw, (value) => {
    const limit = integerValue(key, value, 0, { min: 1, max: 2_000_000_000 });
    if (limit < 10) {
      throw new Error(`Context ${key} must be at least 10: WAF's rate-based rules count no fewer, got ${limit}`);
    }
    return limit;
  });

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
  const domain = { name: context('domainName'), certificate: context('certificateArn') };
  if ((domain.name === undefined) !== (domain.certificate === undefined)) {
    throw new Error(
      'Context domainName and certificateArn go together: CloudFront serves a domain with its certificate',
    );
  }
  if (context('hostedZoneId') !== undefined && domain.name === undefined) {
    throw new Error('Context hostedZoneId needs domainName: the alias records are for that domain');
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
      shortLinkHosts: optional(context('shortLinkHosts'), (value) => parseAddressList('shortLinkHosts', String(value))),
      authMode: optional(context('authMode'), (value) => choiceValue('authMode', value, 'open', authModes)),
      stage: textMatching(
        'stage',
        context('stage'),
        /^[a-z][a-z0-9-]{0,19}$/,
        'a-z, 0-9 and -, up to 20, a letter first',
      ),
      domainName: textMatching(
        'domainName',
        context('domainName'),
        /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
        'a lower-case domain name such as go.example.com',
      ),
      certificateArn: textMatching(
        'certificateArn',
        context('certificateArn'),
        /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[A-Za-z0-9-]+$/,
        'the ARN of an ACM certificate in us-east-1 (CloudFront takes certificates from there only)',
      ),
      hostedZoneId: textMatching(
        'hostedZoneId',
        context('hostedZoneId'),
        /^Z[A-Z0-9]{1,31}$/,
        'a Route 53 hosted zone id',
      ),
      manageApiGatewayAccount: flag('manageApiGatewayAccount', context('manageApiGatewayAccount')),
      originSecretVersion: positiveInteger('originSecretVersion', context('originSecretVersion')),
    },
    wafRateLimit: positiveInteger('wafRateLimit', context('wafRateLimit')),
    createLinksPerMinute: perMinuteLimit('createLinksPerMinute', context('createLinksPerMinute')),
    reportsPerMinute: perMinuteLimit('reportsPerMinute', context('reportsPerMinute')),
    region: textMatching('region', context('region'), /^[a-z]{2}(-[a-z]+)+-\d$/, 'a Region such as eu-west-1'),
  };
}
