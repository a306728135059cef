import {
  gbSeconds,
  type Price,
  priceRedirect,
  prices,
  type RedirectUsage,
  totalUsd,
  usdPerMillion,
} from '../../bench/prices.js';

const GB = 2 ** 30;

/** A redirect through API Gateway with its click: the redirect itself and a hundredth of a writer's batch. */
const throughRestApi: RedirectUsage = {
  cloudFrontRequests: 1,
  cloudFrontFunctionInvocations: 1,
  apiGatewayRestRequests: 1,
  functionUrlRequests: 0,
  functions: [
    { name: 'Redirect', invocations: 1, billedMs: 10, memoryMb: 512, architecture: 'arm64' },
    { name: 'Writer', invocations: 0.01, billedMs: 2, memoryMb: 1024, architecture: 'x86_64' },
  ],
  sqsRequests: 1.2,
  dynamoDbWriteUnits: 7,
  dynamoDbReadUnits: 0.5,
  logBytes: 1024,
  transferOutBytes: 2048,
};

describe('usdPerMillion', () => {
  it('prices a quantity used by each redirect, a million times, at the price per its unit', () => {
    expect(usdPerMillion(1, prices.cloudFrontRequest)).toBeCloseTo(1, 10);
    expect(usdPerMillion(0.5, prices.apiGatewayRestRequest)).toBeCloseTo(1.75, 10);
    expect(usdPerMillion(GB / 1_000_000, prices.cloudWatchLogsIngestion)).toBeCloseTo(0.5, 10);
    expect(usdPerMillion(0, prices.dynamoDbWriteUnit)).toBe(0);
  });
});

describe('gbSeconds', () => {
  it('is the memory in GB times the billed seconds', () => {
    expect(gbSeconds({ memoryMb: 512, billedMs: 10 })).toBeCloseTo(0.005, 12);
    expect(gbSeconds({ memoryMb: 1536, billedMs: 1000 })).toBeCloseTo(1.5, 12);
  });
});

describe('priceRedirect', () => {
  it('prices each component of a redirect through API Gateway, per million redirects', () => {
    const priced = priceRedirect(throughRestApi);

    expect(priced['CloudFront requests']).toBeCloseTo(1, 10);
    expect(priced['CloudFront Functions']).toBeCloseTo(0.1, 10);
    expect(priced['API Gateway REST']).toBeCloseTo(3.5, 10);
    expect(priced['Lambda function URL']).toBe(0);
    expect(priced['Lambda requests']).toBeCloseTo(1.01 * 0.2, 10);
    // 0.005 GB-s on arm64, and 0.002 GB-s on x86_64 for the writer's hundredth of a batch.
    expect(priced['Lambda duration']).toBeCloseTo(0.005 * 13.3334 + 0.002 * 16.6667, 6);
    expect(priced['SQS requests']).toBeCloseTo(0.48, 10);
    expect(priced['DynamoDB write units']).toBeCloseTo(4.375, 10);
    expect(priced['DynamoDB read units']).toBeCloseTo(0.0625, 10);
    expect(priced['CloudWatch Logs']).toBeCloseTo((1024 / GB) * 0.5 * 1_000_000, 10);
    expect(priced['CloudFront data transfer out']).toBeCloseTo((2048 / GB) * 0.085 * 1_000_000, 10);
    expect(totalUsd(priced)).toBeCloseTo(10.458462, 5);
  });

  it('charges nothing for a function URL, so the same redirect costs 3.50 USD per million less through one', () => {
    const throughFunctionUrl = { ...throughRestApi, apiGatewayRestRequests: 0, functionUrlRequests: 1 };

    const saved = totalUsd(priceRedirect(throughRestApi)) - totalUsd(priceRedirect(throughFunctionUrl));

    expect(priceRedirect(throughFunctionUrl)['Lambda function URL']).toBe(0);
    expect(saved).toBeCloseTo(3.5, 10);
  });

  it('takes another price table, such as DynamoDB before its 2024-11 price cut', () => {
    const before2024Cut = { ...prices, dynamoDbWriteUnit: { ...prices.dynamoDbWriteUnit, usd: 1.25 } };

    expect(priceRedirect(throughRestApi, before2024Cut)['DynamoDB write units']).toBeCloseTo(8.75, 10);
  });
});

describe('prices', () => {
  it('gives every price its unit, the month it was last known current and its page', () => {
    for (const price of Object.values(prices) as Price[]) {
      expect(price.usd).toBeGreaterThanOrEqual(0);
      expect(price.per).toBeGreaterThan(0);
      expect(price.unit).not.toBe('');
      expect(price.asOf).toMatch(/^20\d\d-(0[1-9]|1[0-2])$/);
      expect(price.source).toMatch(/pricing/);
    }
  });
});
