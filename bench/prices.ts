/**
 * AWS list prices in us-east-1 for what a redirect with its click uses, and the arithmetic from usage to USD
 * (`npm run bench -- cost`). Written from AWS's public price pages without a network: each figure carries the
 * month it was last known to be current and the page it comes from. Check them before quoting a total.
 * Free tiers are left out: at a million redirects a month they are the whole bill of some components.
 */

export interface Price {
  /** USD for `per` of `unit`. */
  usd: number;
  per: number;
  unit: string;
  /** The month the figure was last known to be current (YYYY-MM). */
  asOf: string;
  /** The price page, as titled by AWS, and what it says. */
  source: string;
}

const GB = 2 ** 30;

export const prices = {
  cloudFrontRequest: {
    usd: 0.01,
    per: 10_000,
    unit: 'HTTPS request',
    asOf: '2025-05',
    source:
      'Amazon CloudFront pricing, on-demand, HTTPS requests, United States, Mexico and Canada (Europe the same): 0.0100 USD per 10,000',
  },
  cloudFrontFunction: {
    usd: 0.1,
    per: 1_000_000,
    unit: 'invocation',
    asOf: '2025-05',
    source: 'Amazon CloudFront pricing, CloudFront Functions: 0.10 USD per 1 million invocations',
  },
  cloudFrontTransferOut: {
    usd: 0.085,
    per: GB,
    unit: 'byte out to the internet',
    asOf: '2025-05',
    source:
      'Amazon CloudFront pricing, data transfer out to the internet, United States (first 10 TB): 0.085 USD per GB',
  },
  apiGatewayRestRequest: {
    usd: 3.5,
    per: 1_000_000,
    unit: 'REST API request',
    asOf: '2025-05',
    source: 'Amazon API Gateway pricing, REST APIs, first 333 million requests a month: 3.50 USD per million',
  },
  lambdaRequest: {
    usd: 0.2,
    per: 1_000_000,
    unit: 'invocation',
    asOf: '2025-05',
    source: 'AWS Lambda pricing, requests: 0.20 USD per 1M requests',
  },
  lambdaArmGbSecond: {
    usd: 0.0000133334,
    per: 1,
    unit: 'GB-second (arm64)',
    asOf: '2025-05',
    source: 'AWS Lambda pricing, Arm price, first 7.5 billion GB-seconds a month: 0.0000133334 USD for every GB-second',
  },
  lambdaX86GbSecond: {
    usd: 0.0000166667,
    per: 1,
    unit: 'GB-second (x86_64)',
    asOf: '2025-05',
    source: 'AWS Lambda pricing, x86 price, first 6 billion GB-seconds a month: 0.0000166667 USD for every GB-second',
  },
  lambdaFunctionUrl: {
    usd: 0,
    per: 1_000_000,
    unit: 'request through a function URL',
    asOf: '2025-05',
    source: 'AWS Lambda pricing / Lambda function URLs: no additional charge (the invocation and its duration only)',
  },
  sqsRequest: {
    usd: 0.4,
    per: 1_000_000,
    unit: 'standard queue request (each 64 KB chunk of a payload one request)',
    asOf: '2025-05',
    source: 'Amazon SQS pricing, standard queue, 1 million to 100 billion requests a month: 0.40 USD per million',
  },
  dynamoDbWriteUnit: {
    usd: 0.625,
    per: 1_000_000,
    unit: 'write request unit (on-demand)',
    asOf: '2024-11',
    source: 'Amazon DynamoDB pricing, on-demand: 0.625 USD per million write request units (2024-11 price cut)',
  },
  dynamoDbReadUnit: {
    usd: 0.125,
    per: 1_000_000,
    unit: 'read request unit (on-demand)',
    asOf: '2024-11',
    source: 'Amazon DynamoDB pricing, on-demand: 0.125 USD per million read request units (2024-11 price cut)',
  },
  dynamoDbStreamsReadByLambda: {
    usd: 0,
    per: 100_000,
    unit: 'streams read request unit made by a Lambda trigger',
    asOf: '2024-11',
    source:
      'Amazon DynamoDB pricing, change data capture: GetRecords calls made by AWS Lambda as part of a DynamoDB trigger are free (others 0.02 USD per 100,000 streams read request units)',
  },
  cloudWatchLogsIngestion: {
    usd: 0.5,
    per: GB,
    unit: 'byte ingested (Standard log class)',
    asOf: '2025-05',
    source:
      'Amazon CloudWatch pricing, Logs, collect (data ingestion), Standard: 0.50 USD per GB (Lambda logs: the first tier of vended-log pricing, the same)',
  },
  cloudWatchCustomMetric: {
    usd: 0.3,
    per: 1,
    unit: 'custom metric a month (embedded metrics: their records are billed as log ingestion above)',
    asOf: '2025-05',
    source: 'Amazon CloudWatch pricing, metrics, first 10,000 custom metrics: 0.30 USD per metric per month',
  },
} satisfies Record<string, Price>;

export type PriceTable = typeof prices;

/** What `/<code>` reaches behind CloudFront. */
export type Origin = 'rest-api' | 'function-url';

export const originNames: Record<Origin, string> = {
  'rest-api': 'API Gateway REST',
  'function-url': 'a Lambda function URL',
};

/** One function's share of a redirect: its invocations and the milliseconds billed for them, per redirect. */
export interface FunctionUsage {
  name: string;
  invocations: number;
  billedMs: number;
  memoryMb: number;
  architecture: 'arm64' | 'x86_64';
}

/** What one redirect with its click uses, on average (a run's totals divided by its redirects). */
export interface RedirectUsage {
  cloudFrontRequests: number;
  cloudFrontFunctionInvocations: number;
  apiGatewayRestRequests: number;
  functionUrlRequests: number;
  functions: FunctionUsage[];
  /** Billed SQS requests: each call, one per 64 KB chunk of its payload. */
  sqsRequests: number;
  dynamoDbWriteUnits: number;
  dynamoDbReadUnits: number;
  logBytes: number;
  transferOutBytes: number;
}

export type Component =
  | 'CloudFront requests'
  | 'CloudFront Functions'
  | 'CloudFront data transfer out'
  | 'API Gateway REST'
  | 'Lambda function URL'
  | 'Lambda requests'
  | 'Lambda duration'
  | 'SQS requests'
  | 'DynamoDB write units'
  | 'DynamoDB read units'
  | 'CloudWatch Logs';

/** USD per million redirects of using `quantity` of what `price` is for in each redirect. */
export const usdPerMillion = (quantity: number, price: Price): number => (quantity * price.usd * 1_000_000) / price.per;

/** GB-seconds of one function's share of a redirect. */
export const gbSeconds = (usage: Pick<FunctionUsage, 'memoryMb' | 'billedMs'>): number =>
  (usage.memoryMb / 1024) * (usage.billedMs / 1000);

/** USD per million redirects, by component. */
export function priceRedirect(usage: RedirectUsage, table: PriceTable = prices): Record<Component, number> {
  const duration = usage.functions.reduce(
    (sum, used) =>
      sum +
      usdPerMillion(gbSeconds(used), used.architecture === 'arm64' ? table.lambdaArmGbSecond : table.lambdaX86GbSecond),
    0,
  );
  const invocations = usage.functions.reduce((sum, used) => sum + used.invocations, 0);
  return {
    'CloudFront requests': usdPerMillion(usage.cloudFrontRequests, table.cloudFrontRequest),
    'CloudFront Functions': usdPerMillion(usage.cloudFrontFunctionInvocations, table.cloudFrontFunction),
    'API Gateway REST': usdPerMillion(usage.apiGatewayRestRequests, table.apiGatewayRestRequest),
    'Lambda function URL': usdPerMillion(usage.functionUrlRequests, table.lambdaFunctionUrl),
    'Lambda requests': usdPerMillion(invocations, table.lambdaRequest),
    'Lambda duration': duration,
    'SQS requests': usdPerMillion(usage.sqsRequests, table.sqsRequest),
    'DynamoDB write units': usdPerMillion(usage.dynamoDbWriteUnits, table.dynamoDbWriteUnit),
    'DynamoDB read units': usdPerMillion(usage.dynamoDbReadUnits, table.dynamoDbReadUnit),
    'CloudWatch Logs': usdPerMillion(usage.logBytes, table.cloudWatchLogsIngestion),
    'CloudFront data transfer out': usdPerMillion(usage.transferOutBytes, table.cloudFrontTransferOut),
  };
}

export const totalUsd = (components: Record<Component, number>): number =>
  Object.values(components).reduce((sum, usd) => sum + usd, 0);
