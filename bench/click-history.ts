import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { LocalRuntime } from '../local/runtime.js';

/**
 * Days of clicks on a link, queued as the redirect queues them (with their past times and visitor tags),
 * for the statistics benchmark and the docs' pictures: a daily rhythm, one busy day, a few bots, a range of
 * browsers, referrers and countries, and visitors who come back. Deterministic, so that pictures and
 * numbers come out the same every time.
 */

const DAY_MS = 24 * 3600 * 1000;

function random(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const agents: [string, number][] = [
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', 5],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    4,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    2,
  ],
  [
    'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    3,
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 1],
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 0.4],
  ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 0.3],
];
const referrers: [string | undefined, number][] = [
  [undefined, 4],
  ['https://www.google.com/', 3],
  ['https://news.ycombinator.com/item?id=1', 2],
  ['https://www.linkedin.com/feed/', 1.5],
  ['https://t.co/abc', 1],
  ['https://www.reddit.com/r/programming/', 1],
];
const countries: [string, number][] = [
  ['US', 5],
  ['DE', 2],
  ['GB', 1.5],
  ['FR', 1],
  ['IN', 1],
  ['BR', 0.6],
  ['JP', 0.5],
];

export interface HistoryLink {
  id: number;
  user_id: number;
  short_code: string;
  original_url: string;
}

/**
 * Queues `days` days of clicks on `link`, up to now, about `perDay` a day (three times that on the busiest
 * day), with event ids from `firstId` on. Answers how many were queued and the first day.
 */
export async function queueClickHistory(
  service: Pick<LocalRuntime, 'queueUrl'>,
  link: HistoryLink,
  options: { days: number; perDay: number; firstId: number; seed?: number },
): Promise<{ clicks: number; firstDay: string }> {
  const next = random(options.seed ?? 7);
  const pick = <T>(choices: [T, number][]): T => {
    let roll = next() * choices.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [choice, weight] of choices) {
      roll -= weight;
      if (roll < 0) return choice;
    }
    return (choices.at(-1) as [T, number])[0];
  };
  const messages: string[] = [];
  const start = Math.floor(Date.now() / DAY_MS) * DAY_MS - (options.days - 1) * DAY_MS;
  for (let day = 0; day < options.days; day++) {
    const busy = (day === Math.floor(options.days * 0.7) ? 3 : 0.5 + day / options.days) * (options.perDay / 100);
    for (let hour = 0; hour < 24; hour++) {
      const at = start + day * DAY_MS + hour * 3600_000;
      if (at > Date.now()) break;
      const clicks = Math.round(busy * (4 + 3 * Math.sin(((hour - 8) / 24) * 2 * Math.PI) + next()));
      for (let i = 0; i < clicks; i++) {
        const agent = pick(agents);
        const bot = /bot/i.test(agent);
        const referrer = pick(referrers);
        messages.push(
          JSON.stringify({
            event_id: options.firstId + messages.length,
            url_id: link.id,
            user_id: link.user_id,
            owner_id: link.user_id,
            event_type: 'click',
            timestamp: new Date(at + Math.floor(next() * 3600_000)).toISOString().slice(0, 23),
            details: {
              short_code: link.short_code,
              original_url: link.original_url,
              ...(referrer && { referrer }),
              user_agent: agent,
              country: pick(countries),
              bot,
            },
            // Visitors come back: about two clicks each a day (tags differ from day to day, as their secret does).
            ...(!bot && { visitor: day * 1_000_003 + Math.floor(next() * busy * 50) }),
          }),
        );
      }
    }
  }
  const sqs = new SQSClient({});
  try {
    for (let i = 0; i < messages.length; i += 10) {
      const entries = messages.slice(i, i + 10).map((body, j) => ({ Id: String(j), MessageBody: body }));
      await sqs.send(new SendMessageBatchCommand({ QueueUrl: service.queueUrl, Entries: entries }));
    }
  } finally {
    sqs.destroy();
  }
  return { clicks: messages.length, firstDay: new Date(start).toISOString().slice(0, 10) };
}

/** Waits until the link's statistics from `firstDay` count `clicks`. */
export async function statsCounted(base: string, urlId: number, firstDay: string, clicks: number): Promise<void> {
  for (;;) {
    const answer = await fetch(`${base}/urls/${urlId}/stats?from=${firstDay}`);
    const stats = (await answer.json()) as { totals?: { clicks: number } };
    if ((stats.totals?.clicks ?? 0) >= clicks) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
