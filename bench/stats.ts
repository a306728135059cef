import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { queueClickHistory, statsCounted } from './click-history.js';
import { call, dynamoDbCalls, format, percentile, startBenchService } from './support.js';

const CALLS = 300;
const FRESHNESS_CLICKS = 300;

/**
 * What a statistics call costs: its latency at ordinary load (one call at a time) for a link with 30 days of
 * clicks, daily and hourly, and a user's; its DynamoDB calls and read units (the items it reads, measured
 * with DynamoDB Local's consumed capacity); and how soon a click is counted after its redirect, against how
 * soon it is listed.
 */
export async function statsBenchmark(): Promise<string[]> {
  // Every call reads the table: the hot-key cache would answer repeated calls from memory.
  process.env.HOT_KEY_READS_PER_SECOND = '100000';
  const service = await startBenchService();
  const base = service.url;
  try {
    const owner = (await call<{ id: number }>(base, 'POST', '/users', { username: 'stats', email: 's@example.com' }))
      .body;
    type Link = { id: number; user_id: number; short_code: string; original_url: string };
    const links: Link[] = [];
    for (let i = 0; i < 5; i++) {
      links.push(
        (await call<Link>(base, 'POST', '/urls', { user_id: owner.id, original_url: `https://example.com/${i}` })).body,
      );
    }
    let total = 0;
    let busiest = 0;
    let firstDay = '';
    for (const [i, link] of links.entries()) {
      const history = await queueClickHistory(service, link, {
        days: 30,
        perDay: i === 0 ? 2000 : 200,
        firstId: 9_000_000_000 + i * 1_000_000,
        seed: i + 1,
      });
      await statsCounted(base, link.id, history.firstDay, history.clicks);
      total += history.clicks;
      if (i === 0) busiest = history.clicks;
      firstDay = history.firstDay;
    }
    const link = links[0] as Link;

    const rows: string[] = [];
    async function measure(label: string, path: string) {
      const latencies: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const startedAt = performance.now();
        const answer = await call(base, 'GET', path);
        latencies.push(performance.now() - startedAt);
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
      }
      latencies.sort((a, b) => a - b);
      const before = await dynamoDbCalls(base);
      await call(base, 'GET', path);
      const after = await dynamoDbCalls(base);
      const calls = [...after]
        .map(([operation, count]) => [operation, count - (before.get(operation) ?? 0)] as const)
        .filter(([, delta]) => delta > 0);
      rows.push(
        `| ${label} | ${format(percentile(latencies, 50), 1)} ms | ${format(percentile(latencies, 95), 1)} ms | ${format(percentile(latencies, 99), 1)} ms | ${calls.reduce((sum, [, n]) => sum + n, 0)} (${calls.map(([operation, n]) => `${operation} ×${n}`).join(', ')}) |`,
      );
    }
    await measure(`link, 30 days by day (${format(busiest, 0)}-click link)`, `/urls/${link.id}/stats?from=${firstDay}`);
    await measure('link, 7 days by hour (168 intervals)', `/urls/${link.id}/stats?interval=hour`);
    await measure(
      `user of 5 links, 30 days by day (${format(total, 0)} clicks)`,
      `/users/${owner.id}/stats?from=${firstDay}`,
    );

    // The read units of the 30-day daily call: its query of the link's hours, as DynamoDB Local counts them.
    const { documentClient, tableName } = await import('../shared/store/table.js');
    const { accessPatterns } = await import('../shared/store/keys.js');
    let readUnits = 0;
    let items = 0;
    const now = new Date().toISOString().slice(0, 13);
    const out = await documentClient.send(
      new QueryCommand({
        ...accessPatterns.statsRange(`URL#${link.id}`, `${firstDay}T00`, now),
        TableName: tableName(),
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    readUnits += out.ConsumedCapacity?.CapacityUnits ?? 0;
    items += out.Count ?? 0;

    // Freshness: from a redirect's answer until its click is counted, and until it is listed.
    const fresh = links[1] as Link;
    const counted: number[] = [];
    const listed: number[] = [];
    const clicksNow = async () =>
      (await call<{ totals: { clicks: number } }>(base, 'GET', `/urls/${fresh.id}/stats?from=${firstDay}`)).body.totals
        .clicks;
    // History clicks have ids above 9,000,000,000; new ones come from the service's counter, so the n-th new
    // click is the n-th event of the link's list (ordered by id): one cheap read tells whether it is listed.
    let known = await clicksNow();
    for (let i = 0; i < FRESHNESS_CLICKS; i++) {
      await call(base, 'GET', `/urls/${fresh.short_code}/redirect`);
      const answeredAt = performance.now();
      let listedAt: number | undefined;
      let countedAt: number | undefined;
      while (listedAt === undefined || countedAt === undefined) {
        await Promise.all([
          countedAt === undefined &&
            clicksNow().then((clicks) => {
              if (clicks > known) countedAt = performance.now();
            }),
          listedAt === undefined &&
            call<{ id: number }[]>(base, 'GET', `/events?url_id=${fresh.id}&event_type=click&skip=${i}&limit=1`).then(
              (page) => {
                if ((page.body[0]?.id ?? Number.POSITIVE_INFINITY) < 9_000_000_000) listedAt = performance.now();
              },
            ),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      known += 1;
      counted.push(countedAt - answeredAt);
      listed.push(listedAt - answeredAt);
    }
    counted.sort((a, b) => a - b);
    listed.sort((a, b) => a - b);

    return [
      `${CALLS} calls of each, one at a time, after 30 days of clicks were stored (five links, one with ten times the others' clicks).`,
      '',
      '| statistics call | p50 | p95 | p99 | DynamoDB calls |',
      '|---|---|---|---|---|',
      ...rows,
      '',
      `The 30-day daily call of the busiest link reads ${items} items: ${format(readUnits, 1)} read units (strongly consistent).`,
      '',
      "| from a redirect's answer until its click is | p50 | p99 |",
      '|---|---|---|',
      `| listed by GET /events (${FRESHNESS_CLICKS} clicks) | ${format(percentile(listed, 50), 1)} ms | ${format(percentile(listed, 99), 1)} ms |`,
      `| counted by GET /urls/{id}/stats | ${format(percentile(counted, 50), 1)} ms | ${format(percentile(counted, 99), 1)} ms |`,
    ];
  } finally {
    await service.stop();
  }
}
