import { Console } from 'node:console';
import { createHash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { format, percentile } from './support.js';

/**
 * Handler CPU per request with the network taken out: for this benchmark only, the SDK's HTTP handler is
 * replaced by an in-process fake that answers DynamoDB and SQS at once, so what is measured is the
 * function's own work (Middy, validation, SDK serialisation, signing and parsing, JSON, and the embedded-metric
 * record it writes to its log as in Lambda). Budget: redirect under 0.5 ms, a list of 100 URLs under 1 ms.
 */

const url = (id: number) => ({
  PK: { S: `URL#${id}` },
  SK: { S: 'URL' },
  GSI1PK: { S: 'URLS' },
  GSI1SK: { S: String(id).padStart(16, '0') },
  id: { N: String(id) },
  user_id: { N: '7' },
  short_code: { S: 'Ab3dE9' },
  original_url: { S: `https://example.com/articles/${id}?utm_source=bench` },
  title: { S: 'A title of moderate length' },
  is_active: { BOOL: true },
  created_at: { S: '2026-11-22T01:33:12.123' },
  updated_at: { S: '2026-11-22T01:33:12.123' },
});
const codeItem = {
  PK: { S: 'CODE#Ab3dE9' },
  SK: { S: 'CODE' },
  url_id: { N: '1' },
  user_id: { N: '7' },
  short_code: { S: 'Ab3dE9' },
  original_url: { S: 'https://example.com/articles/1' },
  is_active: { BOOL: true },
};
/**
 * A campaign at its largest: 20 redirect rules of which only the last holds for a desktop browser, each of the
 * 19 others failing on a device, browser, language, country or query condition (so the user agent is parsed
 * and every rule tried), and the last rule's date condition holding.
 */
const conditionsThatFail = [
  { type: 'device', value: 'ios' },
  { type: 'device', value: 'android' },
  { type: 'browser', value: 'firefox' },
  { type: 'language', value: 'de' },
  { type: 'country', value: 'FR' },
  { type: 'query', name: 'src', value: 'mail' },
];
const campaignCodeItem = {
  ...codeItem,
  PK: { S: 'CODE#Ru1e20' },
  short_code: { S: 'Ru1e20' },
  ...marshall({
    redirect_rules: [
      ...Array.from({ length: 19 }, (_, i) => ({
        url: `https://example.com/campaign/${i}`,
        conditions: [{ type: 'device', value: 'desktop' }, conditionsThatFail[i % conditionsThatFail.length]],
      })),
      { url: 'https://example.com/campaign/last', conditions: [{ type: 'after', value: '2020-01-01T00:00:00Z' }] },
    ],
    variants: [
      { url: 'https://example.com/a', weight: 50 },
      { url: 'https://example.com/b', weight: 50 },
    ],
  }),
};
const listOf100 = JSON.stringify({
  Items: Array.from({ length: 100 }, (_, i) => url(i + 1)),
  Count: 100,
  ScannedCount: 100,
});

/** The month's visitor secret, as the redirect reads it once per instance and month. */
const visitorSecrets = () =>
  JSON.stringify({
    Items: [
      {
        PK: { S: 'VISITOR_SECRET' },
        SK: { S: new Date().toISOString().slice(0, 7) },
        secret: { B: Buffer.alloc(32, 7).toString('base64') },
      },
    ],
    Count: 1,
    ScannedCount: 1,
  });

/** The event counter: a redirect leases its click's id in blocks (one update per block, up to 1,000 ids). */
let eventCounter = 0;

function fakeAnswer(target: string, body: string): string {
  if (target.endsWith('GetItem')) {
    return JSON.stringify({ Item: body.includes('CODE#Ru1e20') ? campaignCodeItem : codeItem });
  }
  if (target.endsWith('UpdateItem')) {
    const { ExpressionAttributeValues } = JSON.parse(body) as {
      ExpressionAttributeValues: { ':count': { N: string } };
    };
    eventCounter += Number(ExpressionAttributeValues[':count'].N);
    return JSON.stringify({ Attributes: { value: { N: String(eventCounter) } } });
  }
  if (target.endsWith('Query')) return body.includes('VISITOR_SECRET') ? visitorSecrets() : listOf100;
  if (target.endsWith('SendMessage')) {
    const { MessageBody } = JSON.parse(body) as { MessageBody: string };
    return JSON.stringify({
      MessageId: 'bench',
      MD5OfMessageBody: createHash('md5').update(MessageBody).digest('hex'),
    });
  }
  throw new Error(`the fake does not answer ${target}`);
}

const desktopChrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function proxyEvent(
  resource: string,
  path: string,
  pathParameters: Record<string, string> | null,
  userAgent = 'Mozilla/5.0 (bench)',
): APIGatewayProxyEvent {
  return {
    resource,
    path,
    httpMethod: 'GET',
    headers: { 'User-Agent': userAgent, Referer: 'https://ref.example/', 'Accept-Language': 'en-US,en;q=0.9' },
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters,
    stageVariables: null,
    requestContext: {
      requestId: 'bench',
      httpMethod: 'GET',
      resourcePath: resource,
    } as APIGatewayProxyEvent['requestContext'],
    body: null,
    isBase64Encoded: false,
  };
}

const context = { getRemainingTimeInMillis: () => 10_000, awsRequestId: 'bench' } as Context;
type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<{ statusCode: number }>;

/**
 * Runs `work` with the console writing to /dev/null, as a function's log is written in Lambda: each request's
 * embedded-metric record is serialised and written, but not onto the benchmark's output. Written at once, as
 * Lambda's runtime writes a log line: a file stream would hand each write to libuv's thread pool, and charge
 * a request that lets the event loop turn for the writes the stream had saved up while it did not.
 */
async function withLogDiscarded<T>(work: () => Promise<T>): Promise<T> {
  const fd = openSync('/dev/null', 'w');
  const discard = new Console(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        writeSync(fd, chunk);
        done();
      },
    }),
  );
  const log = console.log;
  console.log = discard.log.bind(discard);
  try {
    return await work();
  } finally {
    console.log = log;
    closeSync(fd);
  }
}

async function measure(handler: Handler, event: APIGatewayProxyEvent, expected: number) {
  for (let i = 0; i < 2000; i++) await handler(event, context);
  const samples: number[] = [];
  for (let round = 0; round < 20; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < 250; i++) {
      const response = await handler(event, context);
      if (response.statusCode !== expected) throw new Error(`got ${response.statusCode}`);
    }
    const used = process.cpuUsage(before);
    samples.push((used.user + used.system) / 1000 / 250);
  }
  return samples.sort((a, b) => a - b);
}

export async function handlerCpu(): Promise<string[]> {
  // Installed here, not at import: the other benchmarks import this module too and need the real network.
  // What Lambda sets: the functions then write an embedded-metric record per request (shared/platform/metrics.ts).
  process.env.AWS_LAMBDA_FUNCTION_NAME = 'bench';
  process.env.TABLE_NAME = 'bench';
  process.env.EVENTS_QUEUE_URL = 'https://sqs.us-east-1.amazonaws.com/000000000000/bench';
  process.env.AWS_REGION = 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID = 'bench';
  process.env.AWS_SECRET_ACCESS_KEY = 'bench';
  // Every request reads DynamoDB, as at ordinary traffic (a hot key would be answered from memory).
  process.env.HOT_KEY_READS_PER_SECOND = '100000';
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
  delete process.env.AWS_ENDPOINT_URL_SQS;
  // Only now: the metrics library decides at load whether it runs in Lambda (the variables above).
  // The SDK's HTTP handler (one class for the DynamoDB and SQS clients) answers from memory: found through a
  // client's configuration, so the benchmark needs no import of the SDK's internal packages.
  const { documentClient } = await import('../shared/store/table.js');
  const transport = Object.getPrototypeOf(documentClient.config.requestHandler) as {
    handle(request: { headers: Record<string, string>; body?: unknown }): Promise<unknown>;
  };
  transport.handle = async function fakeHandle(request) {
    const target = String(request.headers['x-amz-target'] ?? '');
    const body =
      request.body instanceof Uint8Array ? Buffer.from(request.body).toString('utf8') : String(request.body ?? '');
    const answer = fakeAnswer(target, body);
    return {
      response: {
        statusCode: 200,
        reason: 'OK',
        headers: { 'content-type': 'application/x-amz-json-1.0', 'content-length': String(Buffer.byteLength(answer)) },
        body: Readable.from([Buffer.from(answer)]),
      },
    };
  };
  const redirect = (await import('../functions/urls/redirect.js')).handler as unknown as Handler;
  const listUrls = (await import('../functions/urls/list-urls.js')).handler as unknown as Handler;
  const rows: string[] = [];
  for (const [label, handler, event, status, budget] of [
    [
      'GET /urls/{code}/redirect (1 GetItem + 1 SendMessage)',
      redirect,
      proxyEvent('/urls/{id}/redirect', '/urls/Ab3dE9/redirect', { id: 'Ab3dE9' }),
      302,
      0.5,
    ],
    [
      'GET /urls/{code}/redirect, a desktop browser (the same calls)',
      redirect,
      proxyEvent('/urls/{id}/redirect', '/urls/Ab3dE9/redirect', { id: 'Ab3dE9' }, desktopChrome),
      302,
      0.5,
    ],
    [
      'GET /urls/{code}/redirect, 20 rules tried and variants (the same calls)',
      redirect,
      proxyEvent('/urls/{id}/redirect', '/urls/Ru1e20/redirect', { id: 'Ru1e20' }, desktopChrome),
      302,
      0.5,
    ],
    ['GET /urls (100 URLs, 1 Query)', listUrls, proxyEvent('/urls', '/urls', null), 200, 1],
  ] as const) {
    const samples = await withLogDiscarded(() => measure(handler, event, status));
    const median = percentile(samples, 50);
    rows.push(
      `| ${label} | ${format(median, 3)} ms | ${format(samples[0] ?? Number.NaN, 3)} ms | ${format(percentile(samples, 95), 3)} ms | ${budget} ms | ${median < budget ? 'yes' : 'no'} |`,
    );
  }
  const met = rows.filter((row) => row.endsWith('| yes |')).length;
  return [
    // The fastest round is the handler's cost with the least interference from the machine's other work; the
    // verdict is the median's.
    `Within the budget: ${met} of ${rows.length} handlers.`,
    '',
    '| handler | CPU per request (median of 20 rounds) | fastest round | p95 round | budget | met |',
    '|---|---|---|---|---|---|',
    ...rows,
  ];
}
