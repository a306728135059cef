import type { EventRecord as Event, UrlRecord as Url } from '../../shared/domain/records.js';
import { currentLayout, widenLists } from '../../shared/store/shard-layout.js';
import { httpClient, startTestService, type TestService } from '../support/service.js';

/**
 * Paging every event list, by cursor and by offset, against the whole list (DynamoDB Local, through HTTP):
 * the lists of a link, of a user, of a type and of all events, with and without the other filters, on one
 * shard, across widened shards, and across a widening in the middle of paging. Whatever the window, no 500,
 * no event twice, none missing, in id order. The filters and windows come from a seeded generator, so every
 * run checks the same cases.
 */
describe('paging event lists by cursor and by offset (DynamoDB Local, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  const users: { id: number }[] = [];
  const links: Url[] = [];
  const created: Event[] = [];
  const types = ['click', 'view', 'share'];

  /** A small deterministic generator (mulberry32), so that the cases are the same on every run. */
  function generator(seed: number) {
    let state = seed;
    return (below: number) => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
    };
  }

  type Filters = { url_id?: number; user_id?: number; event_type?: string };
  const query = (filters: Filters) =>
    Object.entries(filters)
      .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
      .join('&');
  const expected = (filters: Filters) =>
    created
      .filter(
        (event) =>
          (filters.url_id === undefined || event.url_id === filters.url_id) &&
          (filters.user_id === undefined || event.user_id === filters.user_id) &&
          (filters.event_type === undefined || event.event_type === filters.event_type),
      )
      .map((event) => event.id)
      .sort((a, b) => a - b);

  /** Every page through the Link header's cursor; `between` runs after the first page (a widening). */
  async function byCursor(filters: Filters, limit: number, between?: () => Promise<void>): Promise<number[]> {
    const seen: number[] = [];
    let next: string | undefined = `/events?${query(filters)}&limit=${limit}`;
    let pages = 0;
    while (next) {
      const page: { status: number; body: Event[]; headers: Headers } = await api.get<Event[]>(next);
      expect(page.status).toBe(200);
      seen.push(...page.body.map((event) => event.id));
      next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
      if (++pages === 1) await between?.();
    }
    return seen;
  }

  /** Every window by `skip`, `limit` at a time, until a short one. */
  async function byOffset(filters: Filters, limit: number): Promise<number[]> {
    const seen: number[] = [];
    for (let skip = 0; ; skip += limit) {
      const page = await api.get<Event[]>(`/events?${query(filters)}&skip=${skip}&limit=${limit}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.map((event) => event.id));
      if (page.body.length < limit) return seen;
    }
  }

  /** Filter sets of every list kind, some with the other filters too, drawn by `draw`. */
  function cases(draw: (below: number) => number, count: number): Filters[] {
    const all: Filters[] = [];
    for (let i = 0; i < count; i++) {
      const link = links[draw(links.length)] as Url;
      const user = users[draw(users.length)] as { id: number };
      const type = types[draw(types.length)] as string;
      const shapes: Filters[] = [
        {},
        { url_id: link.id },
        { user_id: user.id },
        { event_type: type },
        { url_id: link.id, event_type: type },
        { user_id: user.id, event_type: type },
        { url_id: link.id, user_id: link.user_id },
      ];
      all.push(shapes[i % shapes.length] as Filters);
    }
    return all;
  }

  /**
   * The cases of `seed`, each paged by cursor and by offset; the cases at once, as clients' pagings are. Each
   * list shape once a seed, with the window the seed draws for it: every seed adds windows, not shapes. A window
   * is 1 to 12 events, and at least a tenth of its list: every page of a merged list reads each of its shards
   * again, so a window of one over the whole list of 99 cost 3,500 queries (an eighth of the quick tier's
   * calls) and checks nothing ten pages of it do not; windows of one are still drawn for the smaller lists.
   */
  async function checkAll(seed: number) {
    const draw = generator(seed);
    const drawn = cases(draw, 7).map((filters) => ({
      filters,
      limit: Math.max(1 + draw(12), Math.ceil(expected(filters).length / 10)),
    }));
    await Promise.all(
      drawn.map(async ({ filters, limit }) => {
        const whole = expected(filters);
        const [cursorIds, offsetIds] = await Promise.all([byCursor(filters, limit), byOffset(filters, limit)]);
        expect({ filters, limit, ids: cursorIds }).toEqual({ filters, limit, ids: whole });
        expect({ filters, limit, ids: offsetIds }).toEqual({ filters, limit, ids: whole });
      }),
    );
  }

  beforeAll(async () => {
    // The writer is off: only the events posted here exist, so every list is known exactly.
    service = await startTestService({ pollerConcurrency: 0 });
    api = httpClient(service.url);
    for (const name of ['pager-a', 'pager-b']) {
      users.push((await api.post<{ id: number }>('/users', { username: name, email: `${name}@example.com` })).body);
    }
    for (const [i, user] of [users[0], users[0], users[1]].entries()) {
      const url = { user_id: user?.id, original_url: `https://paging.example/${i}` };
      links.push((await api.post<Url>('/urls', url)).body);
    }
    const draw = generator(7);
    const events = Array.from({ length: 90 }, (_, i) => {
      const link = links[draw(links.length)] as Url;
      // Events are made by the link's owner or by the other user.
      const user = draw(4) === 0 ? (users.find((u) => u.id !== link.user_id) as { id: number }) : { id: link.user_id };
      return { url_id: link.id, user_id: user.id, event_type: types[draw(types.length)], details: { i } };
    });
    // Ten posts at a time: the lists order by id, whatever order the posts land in.
    for (let start = 0; start < events.length; start += 10) {
      const responses = await Promise.all(events.slice(start, start + 10).map((e) => api.post<Event>('/events', e)));
      for (const response of responses) {
        expect(response.status).toBe(201);
        created.push(response.body);
      }
    }
  }, 120_000);
  afterAll(() => service.stop());

  it('pages every list on one shard, by cursor and by offset, to the whole list', async () => {
    await checkAll(1);
  }, 120_000);

  it('pages every list across widened shards', async () => {
    const names = [
      'all',
      ...types.map((type) => `type:${type}`),
      ...users.map((user) => `user:${user.id}`),
      ...links.map((link) => `url:${link.id}`),
    ];
    await widenLists(
      names.map((name) => ({ name, far: true })),
      {},
    );
    expect((await currentLayout({ fresh: true })).all).toBe(16);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // every reader's layout is at most a second old
    // New events land in the new shards; the earlier ones stay where they were written.
    for (const link of links) {
      for (const type of types) {
        const event = { url_id: link.id, user_id: link.user_id, event_type: type, details: {} };
        created.push((await api.post<Event>('/events', event)).body);
      }
    }
    await checkAll(2);
  }, 120_000);

  it('pages a list by cursor across a widening made after its first page', async () => {
    const link = links[0] as Url;
    const widenedAgain = async () => {
      // A list is widened at most once every 2 s (levers.ts): the last widening must be that old.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      await widenLists(
        [`url:${link.id}`, 'type:view', 'all'].map((name) => ({ name, far: false })),
        { [`url:${link.id}`]: 16, 'type:view': 16, all: 16 },
      );
      expect((await currentLayout({ fresh: true }))[`url:${link.id}`]).toBe(64);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      created.push(
        (await api.post<Event>('/events', { url_id: link.id, user_id: link.user_id, event_type: 'view', details: {} }))
          .body,
      );
    };
    const before = expected({ url_id: link.id, event_type: 'view' });
    const paged = await byCursor({ url_id: link.id, event_type: 'view' }, 3, widenedAgain);
    // What was listed before the widening, each once, in order; the event posted during paging comes last,
    // after every cursor position, so the cursor reaches it too.
    expect(paged).toEqual(expected({ url_id: link.id, event_type: 'view' }));
    expect(paged.slice(0, before.length)).toEqual(before);
    for (const filters of [{}, { url_id: link.id }, { event_type: 'view' }]) {
      expect(await byOffset(filters, 10)).toEqual(expected(filters));
    }
  }, 120_000);
});
