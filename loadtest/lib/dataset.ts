import type { HttpClient, PlannedRequest } from './http-client.js';

/** A short link as the load needs it: its id for reads, its owner and its code for the redirect. */
export interface UrlRef {
  id: number;
  user_id: number;
  short_code: string;
}

/** What the virtual users read: ids and codes that exist, so that reads hit records rather than 404s. */
export interface Dataset {
  userIds: readonly number[];
  urls: readonly UrlRef[];
}

export interface DatasetSize {
  users: number;
  urls: number;
  events: number;
}

/** Requests in flight while seeding: enough to be quick, few enough not to look like the load itself. */
const SEED_CONCURRENCY = 8;
/** Pages of 100 users read to learn the ids; a larger store only needs a sample to spread reads over. */
const USER_PAGES_READ = 10;

/**
 * Learns which users and active URLs exist and creates whatever kind of record is missing (users, URLs,
 * events), so that a run against an empty store still reads real data. A store that already has data,
 * the startup seed's for example, is only read.
 */
export async function prepareDataset(
  client: HttpClient,
  size: DatasetSize,
  log: (message: string) => void,
): Promise<Dataset> {
  const [foundUserIds, foundUrls, eventsExist] = await Promise.all([
    existingUserIds(client),
    existingActiveUrls(client),
    anyEvents(client),
  ]);
  // Marks the records this run creates, so that they can be told apart from real data in the store.
  const runTag = Date.now().toString(36);
  let userIds = foundUserIds;
  if (userIds.length === 0) {
    log(`no users: creating ${size.users}`);
    userIds = await createUsers(client, size.users, runTag);
  }
  let urls = foundUrls;
  if (urls.length === 0) {
    log(`no active URLs: creating ${size.urls}`);
    urls = await createUrls(client, userIds, size.urls, runTag);
  }
  if (!eventsExist) {
    log(`no events: creating ${size.events}`);
    await createEvents(client, urls, size.events);
  }
  log(`reading from ${userIds.length} users and ${urls.length} active URLs`);
  return { userIds, urls };
}

async function existingUserIds(client: HttpClient): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= USER_PAGES_READ; page += 1) {
    const users = await requestJson<Array<{ id: number }>>(client, {
      method: 'GET',
      path: `/users?page=${page}&per_page=100`,
    });
    ids.push(...users.map((user) => user.id));
    if (users.length < 100) break;
  }
  return ids;
}

async function existingActiveUrls(client: HttpClient): Promise<UrlRef[]> {
  const urls = await requestJson<UrlRef[]>(client, { method: 'GET', path: '/urls?is_active=true&limit=1000' });
  return urls.map(({ id, user_id, short_code }) => ({ id, user_id, short_code }));
}

async function anyEvents(client: HttpClient): Promise<boolean> {
  const events = await requestJson<unknown[]>(client, { method: 'GET', path: '/events?limit=1' });
  return events.length > 0;
}

function createUsers(client: HttpClient, count: number, runTag: string): Promise<number[]> {
  return repeatConcurrently(count, async (i) => {
    const name = `loadtest-${runTag}-${i}`;
    const user = await requestJson<{ id: number }>(
      client,
      { method: 'POST', path: '/users', body: { username: name, email: `${name}@example.com` } },
      201,
    );
    return user.id;
  });
}

function createUrls(client: HttpClient, userIds: readonly number[], count: number, runTag: string): Promise<UrlRef[]> {
  return repeatConcurrently(count, async (i) => {
    const url = await requestJson<UrlRef>(
      client,
      {
        method: 'POST',
        path: '/urls',
        body: {
          user_id: userIds[i % userIds.length],
          original_url: `https://example.com/articles/${runTag}/${i}`,
          title: `Article ${i}`,
        },
      },
      201,
    );
    return { id: url.id, user_id: url.user_id, short_code: url.short_code };
  });
}

async function createEvents(client: HttpClient, urls: readonly UrlRef[], count: number): Promise<void> {
  await repeatConcurrently(count, (i) => {
    const url = urls[i % urls.length] as UrlRef;
    return requestJson(
      client,
      {
        method: 'POST',
        path: '/events',
        body: { url_id: url.id, user_id: url.user_id, event_type: 'view', details: { source: 'loadtest' } },
      },
      201,
    );
  });
}

/** Sends a seeding request and parses its JSON; any other status than the expected one stops the run. */
async function requestJson<T>(client: HttpClient, request: PlannedRequest, expectedStatus = 200): Promise<T> {
  const response = await client.send(request, { keepBody: true });
  if (response.status !== expectedStatus) {
    const answer = response.status === 0 ? response.error : `${response.status} ${response.text?.slice(0, 300)}`;
    throw new Error(`${request.method} ${request.path} while preparing data: ${answer}`);
  }
  return JSON.parse(response.text ?? '') as T;
}

/** Runs `task(0..count-1)` with at most SEED_CONCURRENCY at a time; results in index order. */
async function repeatConcurrently<T>(count: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEED_CONCURRENCY, count) }, worker));
  return results;
}
