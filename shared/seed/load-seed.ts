import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { type EventRecord, NO_CAMPAIGN, NO_LIFECYCLE, type UrlRecord, type UserRecord } from '../domain/records.js';
import { parseJsonExactly } from '../platform/json.js';
import { putItems } from '../store/bulk-writes.js';
import { eventItem, placed } from '../store/event-items.js';
import { raiseIdFloor } from '../store/ids.js';
import { keys } from '../store/keys.js';
import type { Item } from '../store/table.js';
import { shortCodeItem, urlItem } from '../store/urls.js';
import { anyUserExists, userItem } from '../store/users.js';

export interface SeedReport {
  seeded: boolean;
  users: number;
  urls: number;
  events: number;
}

type SeedKind = 'users' | 'urls' | 'events';
export type SeedProgress = (kind: SeedKind, done: number, total: number) => void;

/** `2025-09-04 16:26:21` (the seed files' form) as the contract's `2025-09-04T16:26:21.000`. */
function seedTimestamp(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d{1,3})?$/.exec(value.trim());
  if (!match) throw new Error(`seed timestamp "${value}" is not like 2025-09-04 16:26:21`);
  return `${match[1]}T${match[2]}${(match[3] ?? '.').padEnd(4, '0')}`;
}

function positiveInteger(value: string, what: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1) throw new Error(`seed ${what} "${value}" is not a positive integer`);
  return number;
}

async function readRows(dir: string, file: string): Promise<Record<string, string>[]> {
  const text = await readFile(path.join(dir, file), 'utf8');
  return parse(text, {
    bom: true,
    columns: (header: string[]) => header.map((name) => name.trim()),
    skip_empty_lines: true,
  });
}

/** The three seed files, read and checked before anything is written. */
async function readSeed(dir: string) {
  const [userRows, urlRows, eventRows] = await Promise.all([
    readRows(dir, 'users.csv'),
    readRows(dir, 'urls.csv'),
    readRows(dir, 'events.csv'),
  ]);
  const users: UserRecord[] = userRows.map((row) => ({
    id: positiveInteger(row.id ?? '', 'user id'),
    username: String(row.username).trim(),
    email: String(row.email).trim().toLowerCase(),
    created_at: seedTimestamp(String(row.created_at)),
  }));
  const urls: UrlRecord[] = urlRows.map((row) => ({
    id: positiveInteger(row.id ?? '', 'url id'),
    user_id: positiveInteger(row.user_id ?? '', 'url user_id'),
    short_code: String(row.short_code),
    original_url: String(row.original_url),
    title: row.title ? String(row.title) : null,
    is_active: /^true$/i.test(String(row.is_active)),
    created_at: seedTimestamp(String(row.created_at)),
    updated_at: seedTimestamp(String(row.updated_at)),
    ...NO_LIFECYCLE,
    ...NO_CAMPAIGN,
  }));
  const events: EventRecord[] = eventRows.map((row) => ({
    id: positiveInteger(row.id ?? '', 'event id'),
    url_id: positiveInteger(row.url_id ?? '', 'event url_id'),
    user_id: positiveInteger(row.user_id ?? '', 'event user_id'),
    event_type: String(row.event_type),
    timestamp: seedTimestamp(String(row.timestamp)),
    details: parseJsonExactly(String(row.details || '{}')) as Record<string, unknown>,
  }));
  return { users, urls, events };
}

/**
 * Writes the items of `count` records of one kind, reporting progress in records: while loading, never the
 * total (items of a record may still be in flight), then the total exactly once when every item is stored.
 * An abort stops it after the requests in flight.
 */
async function loadRecords(
  kind: SeedKind,
  count: number,
  items: Item[],
  progress: SeedProgress,
  signal: AbortSignal | undefined,
): Promise<void> {
  const itemsPerRecord = count === 0 ? 1 : items.length / count;
  await putItems(items, (done) => {
    signal?.throwIfAborted();
    progress(kind, Math.min(count - 1, Math.floor(done / itemsPerRecord)), count);
  });
  progress(kind, count, count);
}

/**
 * The items of the seeded users: each user, and the guards of its email and username. The first user with a
 * given username, or email (compared lower-cased), holds its guard; later ones are stored without, as a CSV
 * with an id column is imported (the bundled seed repeats a few usernames; a seed of one's own may repeat an
 * email, which would otherwise write one guard twice in a batch and stop the start).
 */
export function seededUserItems(users: UserRecord[]): Item[] {
  const guarded = new Set<string>();
  const firstToHold = (key: { PK: string }) => {
    if (guarded.has(key.PK)) return false;
    guarded.add(key.PK);
    return true;
  };
  return users.flatMap((user): Item[] => {
    const usernameKey = keys.usernameGuard(user.username);
    const emailKey = keys.emailGuard(user.email);
    const guardUsername = firstToHold(usernameKey);
    const guardEmail = firstToHold(emailKey);
    return [
      userItem(user, guardUsername, guardEmail),
      ...(guardEmail ? [{ ...emailKey, user_id: user.id }] : []),
      ...(guardUsername ? [{ ...usernameKey, user_id: user.id }] : []),
    ];
  });
}

/**
 * Loads `users.csv`, `urls.csv` and `events.csv` from `dir`, keeping their ids and timestamps, unless a
 * user exists already. Users go last: a load cut short leaves no user behind, so the next start loads
 * everything again (every write is a plain put, so repeating one is harmless). The id counters are raised
 * above the largest seeded ids before that. A username or email several users share is guarded by the first
 * of them (seededUserItems). `signal` stops a load midway (Ctrl-C during a start): it rejects with the
 * abort's reason, and the next start loads again.
 */
export async function seedIfEmpty(options: {
  dir: string;
  onProgress?: SeedProgress;
  signal?: AbortSignal;
}): Promise<SeedReport> {
  if (await anyUserExists()) return { seeded: false, users: 0, urls: 0, events: 0 };
  const { users, urls, events } = await readSeed(options.dir);
  const progress = options.onProgress ?? (() => undefined);

  const urlItems = urls.flatMap((url): Item[] => [
    urlItem(url),
    shortCodeItem(url),
    { ...keys.userUrlLink(url.user_id, url.id), url_id: url.id },
  ]);
  await loadRecords('urls', urls.length, urlItems, progress, options.signal);
  // A fresh table has one shard per event list; the owner of each event's URL is in urls.csv.
  const owners = new Map(urls.map((url) => [url.id, url.user_id]));
  const owned = events.map((event) => ({ ...event, owner_id: owners.get(event.url_id) ?? event.user_id }));
  const eventItems = owned.map((event) => eventItem(placed(event, {})));
  // Their clicks are counted in the statistics from the table's stream, as every stored click is.
  await loadRecords('events', events.length, eventItems, progress, options.signal);

  const userItems = seededUserItems(users);
  // The id counters go up before the users are written: once a user exists the seed is never loaded again,
  // so a start stopped between the two must not leave counters that hand out seeded ids.
  const maxId = (records: { id: number }[]) => records.reduce((max, record) => Math.max(max, record.id), 0);
  await Promise.all([
    raiseIdFloor('user', maxId(users)),
    raiseIdFloor('url', maxId(urls)),
    raiseIdFloor('event', maxId(events)),
  ]);
  options.signal?.throwIfAborted();
  // Not stopped midway: users that exist mean "seeded" to every later start, so they are written whole.
  await loadRecords('users', users.length, userItems, progress, undefined);
  return { seeded: true, users: users.length, urls: urls.length, events: events.length };
}
