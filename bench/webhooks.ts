import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalRuntime } from '../local/runtime.js';
import { SqsMeter } from './cost.js';
import { type FunctionUsage, priceRedirect, prices, totalUsd } from './prices.js';
import { call, counters, format, percentile, startBenchService } from './support.js';

const CLICKS_PER_SECOND = 50;
const SECONDS = 30;
const CLICKS = CLICKS_PER_SECOND * SECONDS;
/** The deliverer's memory (the stack's default for a function). */
const DELIVERER_MB = 512;

type Totals = Record<string, number>;

/** What the run has used so far: DynamoDB's units (the limits emulation at scale 1 counts them), SQS, Lambda. */
function totals(service: LocalRuntime, sqs: SqsMeter): Totals {
  const limits = service.dynamoDbLimits?.report();
  if (!limits) throw new Error('The webhooks benchmark needs the DynamoDB limits emulation for its units');
  const billedSqs = Object.entries(sqs.counts)
    .filter(([name]) => name.startsWith('billed.') && name !== 'billed.ReceiveMessage (empty)')
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    writeUnits: limits.unitsServed.write,
    readUnits: limits.unitsServed.read,
    sqsRequests: billedSqs,
    delivererInvocations: service.invocations.get('WebhookDeliverer') ?? 0,
    delivererBilledMs: service.invocationBilledMs.get('WebhookDeliverer') ?? 0,
    dispatcherInvocations: service.invocations.get('WebhookDispatcher') ?? 0,
  };
}

const minus = (after: Totals, before: Totals): Totals =>
  Object.fromEntries(Object.entries(after).map(([name, value]) => [name, value - (before[name] ?? 0)]));

async function clickAtPace(base: string, code: string): Promise<void> {
  const startedAt = performance.now();
  const sending: Promise<unknown>[] = [];
  for (let i = 0; i < CLICKS; i++) {
    const wait = startedAt + (i * 1000) / CLICKS_PER_SECOND - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sending.push(
      fetch(`${base}/${code}`, { redirect: 'manual', headers: { 'User-Agent': `bench-visitor-${i}` } }).then((r) =>
        r.arrayBuffer(),
      ),
    );
  }
  await Promise.all(sending);
}

/** Waits until the service has done nothing for two seconds: every event stored, dispatched and delivered. */
async function quiet(service: LocalRuntime): Promise<void> {
  const invoked = () => [...service.invocations.values()].reduce((sum, count) => sum + count, 0);
  let seen = invoked();
  let calmSince = performance.now();
  while (performance.now() - calmSince < 2000) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (invoked() !== seen) {
      seen = invoked();
      calmSince = performance.now();
    }
  }
}

/**
 * A webhook on a link clicked at 50 a second for 30 s, with a receiver that fails the first attempt of every
 * other event (half of them, each then delivered by its retry 5 s later): every event delivered at least once,
 * duplicates counted, the delay from storage to delivery (the deliverer's own measure) and from the redirect's
 * answer to the first attempt's arrival; and what a delivery costs, as the click is priced (bench/prices.ts):
 * the same clicks on a link without a webhook first, so that the difference is the deliveries'.
 */
export async function webhooksBenchmark(): Promise<string[]> {
  const arrivals = new Map<string, { first: number; attempts: number; delivered: number; clickedAt: number }>();
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const seen = arrivals.get(id) ?? { first: Date.now(), attempts: 0, delivered: 0, clickedAt: 0 };
      seen.attempts += 1;
      // Half the events fail their first attempt (those of an even id).
      const fails = seen.attempts === 1 && Number(id.slice('evt_'.length)) % 2 === 0;
      if (!fails) seen.delivered += 1;
      arrivals.set(id, seen);
      response.statusCode = fails ? 503 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const sqs = new SqsMeter();
  const service = await startBenchService({
    dynamoDbLimits: { scale: 1 },
    batching: 'deployed',
    functionSettings: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
  });
  try {
    const base = service.url;
    const user = (await call<{ id: number }>(base, 'POST', '/users', { username: 'hooked', email: 'h@example.com' }))
      .body;
    const link = async (path: string) =>
      (
        await call<{ id: number; short_code: string }>(base, 'POST', '/urls', {
          user_id: user.id,
          original_url: `https://example.com/${path}`,
        })
      ).body;
    const plain = await link('plain');
    const hooked = await link('hooked');
    await quiet(service);

    // The clicks alone: what the webhook's run then costs beyond them is the deliveries'.
    const before = totals(service, sqs);
    await clickAtPace(base, plain.short_code);
    await quiet(service);
    const baseline = minus(totals(service, sqs), before);

    const port = (receiver.address() as AddressInfo).port;
    const made = await call(base, 'POST', `/users/${user.id}/webhooks`, {
      url: `http://127.0.0.1:${port}/hooks`,
      event_types: ['click'],
      url_ids: [hooked.id],
    });
    if (made.status !== 201) throw new Error(`POST /users/{id}/webhooks: ${JSON.stringify(made)}`);
    const start = totals(service, sqs);
    const clickedFrom = Date.now();
    await clickAtPace(base, hooked.short_code);
    const clickedUntil = Date.now();
    const deadline = Date.now() + 60_000;
    while ([...arrivals.values()].filter((seen) => seen.delivered > 0).length < CLICKS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await quiet(service);
    const run = minus(minus(totals(service, sqs), start), baseline);

    const delivered = [...arrivals.values()].filter((seen) => seen.delivered > 0).length;
    const duplicates = [...arrivals.values()].reduce((sum, seen) => sum + Math.max(0, seen.delivered - 1), 0);
    const attempts = [...arrivals.values()].reduce((sum, seen) => sum + seen.attempts, 0);
    const metrics = (await counters(base)) as unknown as Record<string, { recent?: { p50: number; p99: number } }>;
    const stored = metrics.webhook_delivery_latency_ms?.recent ?? { p50: Number.NaN, p99: Number.NaN };
    // The first attempt's arrival after the click, by the click's place in the run (its events are in order).
    const firstArrivals = [...arrivals.values()].map((seen) => seen.first).sort((a, b) => a - b);
    const spacing = (clickedUntil - clickedFrom) / CLICKS;
    const fromClick = firstArrivals.map((at, i) => at - (clickedFrom + i * spacing)).sort((a, b) => a - b);
    const per = (value: number) => value / Math.max(1, attempts);
    const deliverer: FunctionUsage = {
      name: 'WebhookDeliverer',
      invocations: per(run.delivererInvocations ?? 0),
      billedMs: per(run.delivererBilledMs ?? 0),
      memoryMb: DELIVERER_MB,
      architecture: 'arm64',
    };
    const usd = priceRedirect({
      cloudFrontRequests: 0,
      cloudFrontFunctionInvocations: 0,
      apiGatewayRestRequests: 0,
      functionUrlRequests: 0,
      functions: [deliverer],
      sqsRequests: per(run.sqsRequests ?? 0),
      dynamoDbWriteUnits: per(run.writeUnits ?? 0),
      dynamoDbReadUnits: per(run.readUnits ?? 0),
      logBytes: 0,
      transferOutBytes: 0,
    });
    const dispatcherPerClick = (baseline.dispatcherInvocations ?? 0) / CLICKS;
    return [
      '| measure | value |',
      '|---|---|',
      `| clicks (one webhook on their link): every event delivered at least once / attempts / duplicates | ${format(CLICKS, 0)} at ${CLICKS_PER_SECOND}/s: ${delivered === CLICKS ? 'yes' : `no, ${CLICKS - delivered} not`} / ${format(attempts, 0)} / ${format(duplicates, 0)} |`,
      `| stored → delivered, p50 / p99 (the deliverer's measure over its last 1,000 deliveries, half of them retries due 5 s after a first attempt failed) | ${format(stored.p50, 0)} / ${format(stored.p99, 0)} ms |`,
      `| redirect → first attempt arrives, p50 / p99 | ${format(percentile(fromClick, 50), 0)} / ${format(percentile(fromClick, 99), 0)} ms |`,
      `| per attempt: DynamoDB write / read units, billed SQS requests (this run's less the plain link's: ±0.2 units of noise), deliverer invocations, billed ms (${DELIVERER_MB} MB) | ${format(per(run.writeUnits ?? 0), 2)} / ${format(per(run.readUnits ?? 0), 2)}, ${format(per(run.sqsRequests ?? 0), 2)}, ${format(deliverer.invocations, 3)}, ${format(deliverer.billedMs, 1)} |`,
      `| **USD per million delivery attempts** (Lambda, SQS, DynamoDB; logs and transfer out not included) | **${format(totalUsd(usd), 2)}** |`,
      `| every click, webhooks or not: dispatcher invocations per click (each one \`Query\` of the owner's webhooks, 1 read unit) | ${format(dispatcherPerClick, 3)} (${format(dispatcherPerClick * (prices.lambdaRequest.usd + prices.dynamoDbReadUnit.usd), 3)} USD per million clicks, duration aside) |`,
    ];
  } finally {
    await service.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
