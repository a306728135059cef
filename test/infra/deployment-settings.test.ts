import { App } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { deploymentSettings } from '../../lib/deployment-settings.js';

const settingsFrom = (context: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) =>
  deploymentSettings(new App({ context }).node, env);

describe('deployment settings from CDK context', () => {
  it('leaves every setting to the stack defaults when nothing is given', () => {
    expect(settingsFrom({})).toEqual({
      service: {
        retainData: undefined,
        throttlingRateLimit: undefined,
        throttlingBurstLimit: undefined,
        alarmEmail: undefined,
        enableStartupSeed: undefined,
        logRetention: undefined,
      },
      wafRateLimit: undefined,
    });
  });

  it('reads -c strings as the CLI passes them', () => {
    expect(
      settingsFrom({
        retainData: 'false',
        throttlingRateLimit: '50',
        throttlingBurstLimit: '100',
        alarmEmail: 'oncall@example.com',
        ENABLE_STARTUP_SEED: 'true',
        logRetentionDays: '14',
        wafRateLimit: '2000',
      }),
    ).toEqual({
      service: {
        retainData: false,
        throttlingRateLimit: 50,
        throttlingBurstLimit: 100,
        alarmEmail: 'oncall@example.com',
        enableStartupSeed: true,
        logRetention: RetentionDays.TWO_WEEKS,
      },
      wafRateLimit: 2000,
    });
  });

  it('reads a domain with its certificate, a stage and a Region, and refuses what does not fit', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-0000-4000-8000-000000000000';
    const settings = settingsFrom({
      domainName: 'go.example.com',
      certificateArn,
      stage: 'staging',
      region: 'eu-west-1',
    });
    expect(settings.service).toMatchObject({ domainName: 'go.example.com', certificateArn, stage: 'staging' });
    expect(settings.region).toBe('eu-west-1');
    expect(() => settingsFrom({ domainName: 'go.example.com' })).toThrow('domainName and certificateArn go together');
    expect(() =>
      settingsFrom({ domainName: 'go.example.com', certificateArn: certificateArn.replace('us-east-1', 'eu-west-1') }),
    ).toThrow('certificateArn must be the ARN of an ACM certificate in us-east-1');
    expect(() => settingsFrom({ stage: 'Staging!' })).toThrow('Context stage must be');
    expect(() => settingsFrom({ hostedZoneId: 'Z123' })).toThrow('hostedZoneId needs domainName');
  });

  it('reads the access mode: open or keys, and nothing else', () => {
    expect(settingsFrom({ authMode: 'keys' }).service.authMode).toBe('keys');
    expect(settingsFrom({ authMode: 'OPEN' }).service.authMode).toBe('open');
    expect(() => settingsFrom({ authMode: 'tokens' })).toThrow('authMode must be one of open, keys');
  });

  it('reads typed values from cdk.json', () => {
    const settings = settingsFrom({ retainData: true, throttlingRateLimit: 10, ENABLE_STARTUP_SEED: false });
    expect(settings.service).toMatchObject({ retainData: true, throttlingRateLimit: 10, enableStartupSeed: false });
  });

  it('takes ENABLE_STARTUP_SEED from the environment too, context first', () => {
    expect(settingsFrom({}, { ENABLE_STARTUP_SEED: 'true' }).service.enableStartupSeed).toBe(true);
    expect(settingsFrom({ ENABLE_STARTUP_SEED: 'no' }, { ENABLE_STARTUP_SEED: 'true' }).service.enableStartupSeed).toBe(
      false,
    );
  });

  it.each([
    [{ retainData: 'maybe' }, /retainData must be true or false/],
    [{ throttlingRateLimit: '0' }, /throttlingRateLimit must be a whole number from 1/],
    [{ wafRateLimit: 'lots' }, /wafRateLimit must be a whole number from 1/],
    [{ createLinksPerMinute: '3' }, /createLinksPerMinute must be at least 10: WAF's rate-based rules/],
    [{ reportsPerMinute: 'few' }, /reportsPerMinute must be a whole number from 1/],
    [{ shortLinkHosts: 'old.example,not a host' }, /shortLinkHosts must be host\[:port\] addresses/],
    [{ logRetentionDays: '10' }, /logRetentionDays must be one of CloudWatch's periods/],
    [{ alarmEmail: 'nobody' }, /alarmEmail must be an e-mail address/],
  ])('refuses %j, naming the key', (context, message) => {
    expect(() => settingsFrom(context)).toThrow(message);
  });
});
