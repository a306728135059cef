import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Writes the bundled seed data set (seed/users.csv, urls.csv, events.csv) from a fixed pseudo-random
 * sequence, so running it again produces the same files byte for byte: `npm run generate-seed`.
 * About 400 users (a few sharing a username), 2,000 URLs (some inactive) and 3,400 events.
 *
 * `npm run generate-seed -- --small` writes the tests' small seed instead (test/fixtures/small-seed: a tenth of
 * each, from the same sequence), for the tests whose subject is the seeding, not the bundled files.
 */

const small = process.argv.includes('--small');
const scale = small ? 10 : 1;
const USERS = 400 / scale;
const REPEATED_USERNAMES = small ? 2 : 6;
const URLS = 2000 / scale;
const EVENTS = 3400 / scale;

/** mulberry32: a tiny, well-known deterministic generator (not for secrets). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

const random = generator(20250904);
const firstNames = [
  'ada',
  'alan',
  'grace',
  'linus',
  'margaret',
  'ken',
  'barbara',
  'donald',
  'frances',
  'john',
  'radia',
  'edsger',
  'katherine',
  'dennis',
  'hedy',
  'tim',
  'sophie',
  'guido',
  'anita',
  'bjarne',
];
const lastNames = [
  'lovelace',
  'turing',
  'hopper',
  'torvalds',
  'hamilton',
  'thompson',
  'liskov',
  'knuth',
  'allen',
  'mccarthy',
  'perlman',
  'dijkstra',
  'johnson',
  'ritchie',
  'lamarr',
  'berners-lee',
  'wilson',
  'rossum',
  'borg',
  'stroustrup',
];
const domains = [
  'example.com',
  'docs.example.org',
  'blog.example.net',
  'shop.example.com',
  'news.example.io',
  'wiki.example.org',
];
const paths = [
  'guides/getting-started',
  'articles/serverless-patterns',
  'products/42',
  'posts/2025/09/release-notes',
  'search?q=dynamodb',
  'about',
  'pricing',
  'careers/engineering',
];
const referrers = [
  'https://t.co/abc123',
  'https://www.google.com/',
  'https://news.ycombinator.com/',
  'https://www.linkedin.com/feed/',
  '',
];
const agents = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'curl/8.5.0',
];
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const start = Date.UTC(2025, 7, 1);
const seconds = (at: number) => new Date(Math.floor(at / 1000) * 1000).toISOString().slice(0, 19).replace('T', ' ');
const csvField = (value: string | number | boolean) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const csv = (header: string[], rows: (string | number | boolean)[][]) =>
  `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\n')}\n`;

const users = Array.from({ length: USERS }, (_, index) => {
  const id = index + 1;
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  return {
    id,
    username: `${first}_${last}${random.int(1, 999)}`,
    email: `${first}.${last}.${id}@example.com`,
    createdAt: start + id * 3_600_000 + random.int(0, 3_599_000),
  };
});
for (let i = 0; i < REPEATED_USERNAMES; i++) {
  const repeat = users[USERS - 1 - i * 7] as (typeof users)[number];
  repeat.username = (users[i * 11] as (typeof users)[number]).username;
}

const codes = new Set<string>();
const urls = Array.from({ length: URLS }, (_, index) => {
  const owner = random.pick(users);
  let code = '';
  while (code === '' || codes.has(code)) code = Array.from({ length: 6 }, () => random.pick([...alphabet])).join('');
  codes.add(code);
  const createdAt = owner.createdAt + random.int(60_000, 20 * 86_400_000);
  const updatedAt = random.next() < 0.3 ? createdAt + random.int(60_000, 5 * 86_400_000) : createdAt;
  return {
    id: index + 1,
    userId: owner.id,
    code,
    originalUrl: `https://${random.pick(domains)}/${random.pick(paths)}`,
    title:
      random.next() < 0.75
        ? `${random.pick(['Guide', 'Notes', 'Launch', 'Offer', 'Post', 'Report'])}, part ${random.int(1, 30)}`
        : '',
    active: random.next() >= 0.1,
    createdAt,
    updatedAt,
  };
});

const eventTypes = ['click', 'click', 'click', 'click', 'accessed', 'accessed', 'created', 'updated'] as const;
const events = Array.from({ length: EVENTS }, () => {
  const url = random.pick(urls);
  const type = random.pick(eventTypes);
  const details: Record<string, unknown> = { short_code: url.code, original_url: url.originalUrl };
  if (type === 'click') {
    const referrer = random.pick(referrers);
    const agent = random.pick(agents);
    if (referrer) details.referrer = referrer;
    details.user_agent = agent;
    details.bot = /bot|curl/i.test(agent);
  }
  return { urlId: url.id, userId: url.userId, type, details, at: url.createdAt + random.int(1000, 30 * 86_400_000) };
})
  .sort((a, b) => a.at - b.at)
  .map((event, index) => ({ ...event, id: index + 1 }));

const seedDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  small ? '../test/fixtures/small-seed' : '../seed',
);
mkdirSync(seedDir, { recursive: true });
writeFileSync(
  path.join(seedDir, 'users.csv'),
  csv(
    ['id', 'username', 'email', 'created_at'],
    users.map((u) => [u.id, u.username, u.email, seconds(u.createdAt)]),
  ),
);
writeFileSync(
  path.join(seedDir, 'urls.csv'),
  csv(
    ['id', 'user_id', 'short_code', 'original_url', 'title', 'is_active', 'created_at', 'updated_at'],
    urls.map((u) => [
      u.id,
      u.userId,
      u.code,
      u.originalUrl,
      u.title,
      u.active ? 'True' : 'False',
      seconds(u.createdAt),
      seconds(u.updatedAt),
    ]),
  ),
);
writeFileSync(
  path.join(seedDir, 'events.csv'),
  csv(
    ['id', 'url_id', 'user_id', 'event_type', 'timestamp', 'details'],
    events.map((e) => [e.id, e.urlId, e.userId, e.type, seconds(e.at), JSON.stringify(e.details)]),
  ),
);
console.log(
  `${path.relative(process.cwd(), seedDir)}/: ${users.length} users, ${urls.length} URLs, ${events.length} events`,
);
