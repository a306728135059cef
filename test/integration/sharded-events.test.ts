import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { EventRecord as Event, UrlRecord as Url } from '../../shared/domain/records.js';
import { recentDeletions } from '../../shared/store/deletion-copies.js';
import { widenLists } from '../../shared/store/shard-layout.js';
import { documentClient, tableName } from '../../shared/store/table.js';
import { httpClient, startTestService, type TestService } from '../support/service.js';

/**
 * Event lists spread over several shards (DynamoDB Local, through HTTP): merged by id into one list, windows
 * and cursors that agree with it, one copy of an event stored twice, and nothing of a deleted URL listed.
 */
describe('sharded event lists (DynamoDB Local, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };
  let link: Url;
  const created: Event[] = [];

  const ids = async (query: string) => (await api.get<Event[]>(`/events?${query}`)).body.map((event) => event.id);
  /** Every page of a list through its Link header's cursor. */
  async function follow(path: string): Promise<number[]> {
    const seen: number[] = [];
    let next: string | undefined = path;
    while (next) {
      const page: { body: Event[]; headers: Headers } = await api.get<Event[]>(next);
      seen.push(...page.body.map((event) => event.id));
      next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
    }
    return seen;
  }

  beforeAll(async () => {
    // The writer is off: only explicit events exist here, so lists are exact.
    service = await startTestService({ pollerConcurrency: 0 });
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'sharded', email: 'sharded@example.com' })).body;
    link = (await api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://sharded.example/' })).body;
    // Give this URL's, this user's, a type's and the whole list 16 shards, as a burst of throttling would.
    const names = [`url:${link.id}`, `user:${owner.id}`, 'type:view', 'all'];
    await widenLists(
      names.map((name) => ({ name, far: true })),
      {},
    );
    // Writers and readers keep the layout for up to a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (let i = 0; i < 60; i++) {
      const response = await api.post<Event>('/events', {
        url_id: link.id,
        user_id: owner.id,
        event_type: i % 3 === 0 ? 'view' : 'share',
        details: { i },
      });
      created.push(response.body);
    }
  }, 60_000);
  afterAll(() => service.stop());

  it('spreads one list over several partitions', async () => {
    const out = await documentClient.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'url_id = :id',
        ExpressionAttributeValues: { ':id': link.id },
      }),
    );
    const partitions = new Set(
      (out.Items ?? []).map((item) => String(item.PK)).filter((pk) => pk.includes('#EVENTS#')),
    );
    expect(partitions.size).toBeGreaterThan(4);
  });

  it('merges the shards of each list into one list ordered by id', async () => {
    const expected = created.map((event) => event.id).sort((a, b) => a - b);
    expect(await ids(`url_id=${link.id}&limit=1000`)).toEqual(expected);
    expect(await ids(`user_id=${owner.id}&limit=1000`)).toEqual(expected);
    expect(await ids('limit=1000')).toEqual(expect.arrayContaining(expected));
    const views = created.filter((event) => event.event_type === 'view').map((event) => event.id);
    expect(await ids('event_type=view&limit=1000')).toEqual(views.sort((a, b) => a - b));
    expect(await ids(`url_id=${link.id}&user_id=${owner.id}&event_type=view&limit=1000`)).toEqual(views);
  });

  it('answers every window of a list as the same slice of it, and its cursors walk the same list', async () => {
    const full = await ids(`url_id=${link.id}&limit=1000`);
    for (const [skip, limit] of [
      [0, 1],
      [7, 5],
      [30, 30],
      [55, 10],
      [60, 10],
    ] as const) {
      expect(await ids(`url_id=${link.id}&skip=${skip}&limit=${limit}`)).toEqual(full.slice(skip, skip + limit));
    }
    expect(await follow(`/events?url_id=${link.id}&limit=7`)).toEqual(full);
    expect(await follow('/events?event_type=share&limit=9')).toEqual(
      created
        .filter((event) => event.event_type === 'share')
        .map((event) => event.id)
        .sort((a, b) => a - b),
    );
  });

  it('lists an event stored under two shards once (a redelivery across a widening)', async () => {
    const first = created[0] as Event;
    const out = await documentClient.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'id = :id AND url_id = :url',
        ExpressionAttributeValues: { ':id': first.id, ':url': link.id },
      }),
    );
    const item = out.Items?.[0] as Record<string, unknown>;
    const shard = Number(String(item.PK).split('#').at(-1));
    await documentClient.send(
      new PutCommand({ TableName: tableName(), Item: { ...item, PK: `URL#${link.id}#EVENTS#${(shard + 1) % 16}` } }),
    );
    const listed = await ids(`url_id=${link.id}&limit=1000`);
    expect(listed.filter((id) => id === first.id)).toHaveLength(1);
    expect(listed).toHaveLength(created.length);
  });

  it('never lists an event of a deleted URL, even one written after the deletion swept', async () => {
    const doomed = (await api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://doomed.example/' })).body;
    const event = (await api.post<Event>('/events', { url_id: doomed.id, user_id: owner.id, event_type: 'late' })).body;
    const out = await documentClient.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'id = :id',
        ExpressionAttributeValues: { ':id': event.id },
      }),
    );
    const item = out.Items?.[0] as Record<string, unknown>;
    expect((await api.delete(`/urls/${doomed.id}`)).status).toBe(204);
    // What a writer that checked the URL just before the delete could still write after the sweep.
    await documentClient.send(new PutCommand({ TableName: tableName(), Item: item }));
    for (const query of [`url_id=${doomed.id}`, `user_id=${owner.id}&limit=1000`, 'event_type=late', 'limit=1000']) {
      expect(await ids(query)).not.toContain(event.id);
    }
  });

  it('shows every read of the recent deletions a deletion answered before it, read after read', async () => {
    const gone = (await api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://gone.example/' })).body;
    expect((await api.delete(`/urls/${gone.id}`)).status).toBe(204);
    // Each read takes one of the copies at random: 24 reads all but surely meet every one of the 8.
    const reads = await Promise.all(Array.from({ length: 24 }, () => recentDeletions()));
    for (const deletions of reads) expect(deletions.urls.has(gone.id)).toBe(true);
  });

  it('keeps a page full when it would have held an event of a deleted URL: its place goes to the next event', async () => {
    const kept = (await api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://kept.example/' })).body;
    const doomed = (await api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://doomed2.example/' })).body;
    const post = (url: Url) =>
      api.post<Event>('/events', { url_id: url.id, user_id: owner.id, event_type: 'window' }).then((r) => r.body);
    const first = await post(kept);
    const late = await post(doomed);
    const third = await post(kept);
    const out = await documentClient.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'id = :id',
        ExpressionAttributeValues: { ':id': late.id },
      }),
    );
    expect((await api.delete(`/urls/${doomed.id}`)).status).toBe(204);
    await documentClient.send(
      new PutCommand({ TableName: tableName(), Item: out.Items?.[0] as Record<string, unknown> }),
    );
    expect(await ids('event_type=window&limit=2')).toEqual([first.id, third.id]);
    expect(await ids(`user_id=${owner.id}&event_type=window&limit=2`)).toEqual([first.id, third.id]);
  });
});
