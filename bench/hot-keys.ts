import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { LimitsReport } from '../local/dynamodb-limits-proxy.js';
import type { LocalRuntime } from '../local/runtime.js';
import { call, format, percentile, startBenchService } from './support.js';

/**
 * The hot-key scenarios of the viral-link issue, run against the local service with DynamoDB's
 * per-partition limits emulated (scaled down) or not. Redirects are sent open-loop at fixed rates, each with
 * a unique Referer, so every click can be found in the table afterwards: stored once, twice, or not at all.
 * The table is read directly from DynamoDB Local (around the emulation, so that measuring costs the service
 * nothing) every half second, which dates when each click became visible.
 */

export interface HotKeyScenario {
  /** Its name in `npm run bench` and in `hot-key-run.ts`. */
  key: string;
  name: string;
  /** Link groups: how many links, and how many redirects a second they share; `maxClicks` on each link. */
  groups: { label: string; links: number; perSecond: number; maxClicks?: number }[];
  durationS: number;
  /** The emulation's scale factor, so that these rates stand for the AWS rates. */
  scale: number;
  /** The AWS-terms rates the scaled ones stand for, for the report. */
  awsTerms: string;
  /** Whether the report lists the hottest partitions (the viral link's are already reported). */
  hottestPartitions?: false;
}

export const viralLink: HotKeyScenario = {
  key: 'viral-link',
  name: 'viral link',
  groups: [
    { label: 'viral link', links: 1, perSecond: 100 },
    { label: '20 other links', links: 20, perSecond: 50 },
  ],
  durationS: 30,
  scale: 100,
  awsTerms: '10,000 clicks/s on one link while 20 others take 5,000/s',
};

/**
 * The viral link with `max_clicks` (docs/decisions.md, "Link lifecycle"): how many clicks past its limit a link
 * clicked 10,000 times a second gets before it stops (the writer marks it; the hot link is read from memory for
 * up to a second).
 */
export const viralLinkLimited: HotKeyScenario = {
  key: 'viral-link-limited',
  name: 'viral link with max_clicks',
  groups: [
    { label: 'viral link, max_clicks 1,000', links: 1, perSecond: 100, maxClicks: 1000 },
    { label: '20 other links', links: 20, perSecond: 50 },
  ],
  durationS: 20,
  scale: 100,
  awsTerms: '10,000 clicks/s on one link with max_clicks 100,000 while 20 others take 5,000/s',
  hottestPartitions: false,
};

export const firehose: HotKeyScenario = {
  key: 'firehose',
  name: 'firehose',
  groups: [{ label: '2,000 links of one account', links: 2000, perSecond: 100 }],
  durationS: 30,
  scale: 500,
  awsTerms: '50,000 clicks/s spread over 2,000 links of one account',
};

interface Sent {
  group: number;
  referrer: string;
  status: number;
  answeredAt: number;
}

interface GroupResult {
  label: string;
  sent: number;
  redirected: number;
  failed: Record<string, number>;
  stored: number;
  lost: number;
  duplicated: number;
  /** The clicks the group's links' statistics count, once everything was listed. */
  counted: number;
  delayP50Ms: number;
  delayP99Ms: number;
  steadyDelayP99Ms: number;
  /** With `max_clicks`: 302s past the limit, and how long after the limit's click was listed the last 302 came. */
  limit?: { maxClicks: number; overshoot: number; lastRedirectAfterListedS: number | undefined };
}

export interface HotKeyResult {
  scenario: string;
  emulation: string;
  groups: GroupResult[];
  allListedAfterS: number | undefined;
  /** The owner's statistics' clicks, against every click stored. */
  ownerCounted: number;
  deadLettered: number;
  limits: LimitsReport | undefined;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every click in the table, by referrer: when it was first seen, and how many times it is stored. */
class ClickCensus {
  readonly seen = new Map<string, { firstSeenAt: number; copies: number }>();
  private readonly db: DynamoDBDocumentClient;

  constructor(
    endpoint: string,
    private readonly tableName: string,
  ) {
    this.db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint }));
  }

  async take(): Promise<void> {
    const copies = new Map<string, number>();
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await this.db.send(
        new ScanCommand({
          TableName: this.tableName,
          FilterExpression: 'event_type = :click',
          ExpressionAttributeValues: { ':click': 'click' },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of out.Items ?? []) {
        const details = typeof item.details === 'string' ? JSON.parse(item.details) : item.details;
        const referrer = String(details?.referrer ?? '');
        copies.set(referrer, (copies.get(referrer) ?? 0) + 1);
      }
      startKey = out.LastEvaluatedKey;
    } while (startKey);
    const now = performance.now();
    for (const [referrer, count] of copies) {
      const known = this.seen.get(referrer);
      if (known) known.copies = count;
      else this.seen.set(referrer, { firstSeenAt: now, copies: count });
    }
  }
}

async function createLinks(service: LocalRuntime, scenario: HotKeyScenario) {
  const owner = (
    await call<{ id: number }>(service.url, 'POST', '/users', { username: 'owner', email: 'owner@example.com' })
  ).body;
  const groups: { id: number; short_code: string }[][] = [];
  for (const group of scenario.groups) {
    const links: { id: number; short_code: string }[] = [];
    for (let i = 0; i < group.links; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, group.links - i) }, (_, j) =>
          call<{ id: number; short_code: string }>(service.url, 'POST', '/urls', {
            user_id: owner.id,
            original_url: `https://target.example/${group.label.replace(/\W+/g, '-')}/${i + j}`,
            ...(group.maxClicks !== undefined && { max_clicks: group.maxClicks }),
          }),
        ),
      );
      links.push(...batch.map((created) => created.body));
    }
    groups.push(links);
  }
  return { owner, groups };
}

/** Sends every group's redirects at its rate, open-loop, for the scenario's duration. */
async function sendLoad(
  service: LocalRuntime,
  scenario: HotKeyScenario,
  links: { short_code: string }[][],
): Promise<Sent[]> {
  const sent: Sent[] = [];
  const inFlight: Promise<void>[] = [];
  const startedAt = performance.now();
  const issued = scenario.groups.map(() => 0);
  let sequence = 0;
  while (performance.now() - startedAt < scenario.durationS * 1000) {
    const elapsedS = (performance.now() - startedAt) / 1000;
    scenario.groups.forEach((group, g) => {
      const due = Math.floor(group.perSecond * elapsedS);
      for (; (issued[g] as number) < due; issued[g] = (issued[g] as number) + 1) {
        const group = links[g] as { short_code: string }[];
        const code = (group[(issued[g] as number) % group.length] as { short_code: string }).short_code;
        const referrer = `https://referrer.example/${g}/${++sequence}`;
        inFlight.push(
          fetch(`${service.url}/urls/${code}/redirect`, { redirect: 'manual', headers: { Referer: referrer } })
            .then(async (response) => {
              await response.arrayBuffer();
              sent.push({ group: g, referrer, status: response.status, answeredAt: performance.now() });
            })
            .catch(() => {
              sent.push({ group: g, referrer, status: 0, answeredAt: performance.now() });
            }),
        );
      }
    });
    await pause(5);
  }
  await Promise.all(inFlight);
  return sent;
}

/**
 * How a link with `max_clicks` stopped: its 302s past the limit, and the time from the moment its limit-th
 * click (in the order the clicks were listed) was listed to its last 302. The census looks every half second,
 * so the time is known to about that.
 */
function limitOutcome(
  maxClicks: number,
  found: { entry: Sent; seen: { firstSeenAt: number } | undefined }[],
): NonNullable<GroupResult['limit']> {
  const listed = found
    .filter((click): click is { entry: Sent; seen: { firstSeenAt: number } } => click.seen !== undefined)
    .map((click) => click.seen.firstSeenAt)
    .sort((a, b) => a - b);
  const limitListedAt = listed[maxClicks - 1];
  const lastRedirect = Math.max(...found.map(({ entry }) => entry.answeredAt));
  return {
    maxClicks,
    overshoot: Math.max(0, found.length - maxClicks),
    lastRedirectAfterListedS: limitListedAt === undefined ? undefined : (lastRedirect - limitListedAt) / 1000,
  };
}

export async function runHotKeyScenario(scenario: HotKeyScenario, emulate: boolean): Promise<HotKeyResult> {
  const service = await startBenchService({
    ...(emulate && { dynamoDbLimits: { scale: scenario.scale } }),
  });
  const limits = service.dynamoDbLimits;
  try {
    limits?.suspend();
    const { owner, groups: links } = await createLinks(service, scenario);
    const census = new ClickCensus(service.dynamoDbEndpoint, service.tableName);
    // Let the links' created events reach the table before the load, then measure only the load.
    await pause(2000);
    limits?.reset();
    limits?.enforce();

    let censusRunning = true;
    const censusLoop = (async () => {
      while (censusRunning) {
        await census.take();
        await pause(500);
      }
    })();
    const loadStartedAt = performance.now();
    // The partitions' demand is reported for the steady part of the load: after its first third.
    const steadyTimer = setTimeout(() => limits?.restartReport(), (scenario.durationS * 1000) / 3);
    const sent = await sendLoad(service, scenario, links);
    const loadEndedAt = performance.now();
    clearTimeout(steadyTimer);

    const redirected = sent.filter((entry) => entry.status === 302);
    let allListedAfterS: number | undefined;
    while (performance.now() - loadEndedAt < 60_000) {
      await pause(500);
      if (redirected.every((entry) => census.seen.has(entry.referrer))) {
        allListedAfterS = (performance.now() - loadEndedAt) / 1000;
        break;
      }
    }
    censusRunning = false;
    await censusLoop;
    await census.take();
    // The statistics, read once everything is stored (around the emulation: measuring costs the service
    // nothing), to compare with what was stored.
    limits?.suspend();
    const clicksOf = async (path: string) =>
      (await call<{ totals: { clicks: number } }>(service.url, 'GET', path)).body.totals.clicks;
    const counted: number[] = [];
    for (const group of links) {
      let sum = 0;
      for (const link of group) sum += await clicksOf(`/urls/${link.id}/stats`);
      counted.push(sum);
    }
    const ownerCounted = await clicksOf(`/users/${owner.id}/stats`);

    const sqs = new SQSClient({});
    const dead = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: service.deadLetterQueueUrl,
        AttributeNames: ['ApproximateNumberOfMessages'],
      }),
    );
    // The steady state: clicks answered after the first third of the load.
    const steadyFrom = loadStartedAt + (loadEndedAt - loadStartedAt) / 3;
    const groups = scenario.groups.map((group, g): GroupResult => {
      const mine = sent.filter((entry) => entry.group === g);
      const ok = mine.filter((entry) => entry.status === 302);
      const failed: Record<string, number> = {};
      for (const entry of mine.filter((candidate) => candidate.status !== 302)) {
        failed[String(entry.status || 'no answer')] = (failed[String(entry.status || 'no answer')] ?? 0) + 1;
      }
      const found = ok.map((entry) => ({ entry, seen: census.seen.get(entry.referrer) }));
      const delays = found
        .filter(({ seen }) => seen)
        .map(({ entry, seen }) => Math.max(0, (seen?.firstSeenAt ?? 0) - entry.answeredAt));
      const steadyDelays = found
        .filter(({ entry, seen }) => seen && entry.answeredAt >= steadyFrom)
        .map(({ entry, seen }) => Math.max(0, (seen?.firstSeenAt ?? 0) - entry.answeredAt));
      delays.sort((a, b) => a - b);
      steadyDelays.sort((a, b) => a - b);
      return {
        label: group.label,
        sent: mine.length,
        redirected: ok.length,
        failed,
        stored: found.filter(({ seen }) => seen).length,
        lost: found.filter(({ seen }) => !seen).length,
        duplicated: found.reduce((sum, { seen }) => sum + Math.max(0, (seen?.copies ?? 1) - 1), 0),
        counted: counted[g] ?? 0,
        delayP50Ms: percentile(delays, 50),
        delayP99Ms: percentile(delays, 99),
        steadyDelayP99Ms: percentile(steadyDelays, 99),
        ...(group.maxClicks !== undefined && { limit: limitOutcome(group.maxClicks, found) }),
      };
    });
    return {
      scenario: scenario.name,
      emulation: emulate ? `on, scaled 1/${scenario.scale}` : 'off',
      groups,
      allListedAfterS,
      ownerCounted,
      deadLettered: Number(dead.Attributes?.ApproximateNumberOfMessages ?? 0),
      limits: limits?.report(),
    };
  } finally {
    await service.stop();
  }
}

/** Markdown lines for the results of one scenario, both ways. */
export function formatHotKeyResults(scenario: HotKeyScenario, results: HotKeyResult[]): string[] {
  const lines = [
    `${scenario.name}: ${scenario.groups.map((group) => `${group.label} at ${group.perSecond} redirects/s`).join(', ')}, for ${scenario.durationS} s. With the emulation on, scaled 1/${scenario.scale}, this stands for ${scenario.awsTerms} in AWS.`,
    '',
    "| emulation | link group | 302s | other answers | clicks stored | lost | duplicated | counted in the links' statistics | delay to listing p50 / p99 (steady p99) |",
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const result of results) {
    for (const group of result.groups) {
      const failed = Object.entries(group.failed)
        .map(([status, count]) => `${count} × ${status}`)
        .join(', ');
      lines.push(
        `| ${result.emulation} | ${group.label} | ${format(group.redirected, 0)} / ${format(group.sent, 0)} | ${failed || 'none'} | ${format(group.stored, 0)} | ${group.lost} | ${group.duplicated} | ${format(group.counted, 0)} | ${format(group.delayP50Ms / 1000, 2)} s / ${format(group.delayP99Ms / 1000, 2)} s (${format(group.steadyDelayP99Ms / 1000, 2)} s) |`,
      );
    }
  }
  lines.push(
    '',
    "| emulation | every click listed after the load ended | the owner's statistics count | dead-lettered | throttled requests | transaction conflicts | write units per click |",
  );
  lines.push('|---|---|---|---|---|---|---|');
  for (const result of results) {
    const throttled = Object.entries(result.limits?.throttled ?? {})
      .map(([operation, count]) => `${operation} ${count}`)
      .join(', ');
    const conflicts = result.limits
      ? result.limits.conflicts.transactionsCancelled + result.limits.conflicts.writesRejected
      : 0;
    const stored = result.groups.reduce((sum, group) => sum + group.stored, 0);
    // Every write unit of the run (events, their index entries, the statistics, leases), per click stored: the
    // emulation counts units by item size, unscaled (the scale divides the limits).
    const unitsPerClick = result.limits ? format(result.limits.unitsServed.write / Math.max(1, stored), 1) : 'n/a';
    lines.push(
      `| ${result.emulation} | ${result.allListedAfterS === undefined ? 'not within 60 s' : `${format(result.allListedAfterS, 1)} s`} | ${format(result.ownerCounted, 0)} of ${format(stored, 0)} clicks stored | ${result.deadLettered} | ${throttled || (result.limits ? 'none' : 'n/a')} | ${result.limits ? conflicts : 'n/a'} | ${unitsPerClick} |`,
    );
  }
  const limited = results.flatMap((result) =>
    result.groups.flatMap((group) => (group.limit ? [{ emulation: result.emulation, group, limit: group.limit }] : [])),
  );
  if (limited.length > 0) {
    lines.push(
      '',
      '| emulation | link | max_clicks | 302s past the limit | last 302 after the limit-th click was listed (±0.5 s) | answered 410 |',
      '|---|---|---|---|---|---|',
      ...limited.map(
        ({ emulation, group, limit }) =>
          `| ${emulation} | ${group.label} | ${format(limit.maxClicks, 0)} | ${format(limit.overshoot, 0)} | ${limit.lastRedirectAfterListedS === undefined ? 'limit not reached' : `${format(limit.lastRedirectAfterListedS, 2)} s`} | ${format(group.failed['410'] ?? 0, 0)} |`,
      ),
    );
  }
  const emulated = results.find((result) => result.limits);
  if (emulated?.limits && scenario.hottestPartitions !== false) {
    const { limits } = emulated;
    lines.push(
      '',
      `Hottest partition key values with the emulation on, once the load is steady (its last two thirds and the drain after), in AWS terms (the emulated units × ${limits.scale}) against their limit. "Asked" counts every attempt, retries of throttled writes included:`,
      '',
      '| partition key value | kind | peak asked / s | peak served / s | limit / s | throttled |',
      '|---|---|---|---|---|---|',
      ...limits.hottest.slice(0, 4).map((partition) => {
        const limit = partition.kind === 'read' ? 3000 : 1000;
        return `| \`${partition.partition.replace(/^[^/|]*/, '')}\` | ${partition.kind} | ${format(partition.peakAskedPerSecond * limits.scale, 0)} | ${format(partition.peakServedPerSecond * limits.scale, 0)} | ${format(limit, 0)} | ${partition.throttled} |`;
      }),
    );
  }
  return lines;
}

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Runs one scenario both ways, each in a process of its own (the functions read their endpoint once per
 * process): emulation off, then on.
 */
export function hotKeyBenchmark(scenario: HotKeyScenario): () => Promise<string[]> {
  return async () => {
    const results = [false, true].map((emulate) => {
      const output = execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(benchDir, 'hot-key-run.ts'), scenario.key, emulate ? 'on' : 'off'],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
          env: { ...process.env, LOG_LEVEL: 'ERROR' },
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as HotKeyResult;
    });
    return formatHotKeyResults(scenario, results);
  };
}
