import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { connect } from 'node:net';
import { routes } from '../../shared/api/routes.js';
import type { EventRecord as Event, UrlRecord as Url, UserRecord as User } from '../../shared/domain/records.js';
import { httpClient, queueDrained, startTestService, type TestService } from '../support/service.js';

/**
 * AUTH_MODE=keys (DynamoDB Local + SQS emulator, through HTTP): every route against no key, a malformed,
 * unknown, revoked and expired key, another user's key, the user's own key and an operator key; attempts to
 * change another user's link in parallel; revocation and a user's deletion taking effect. Every route of the
 * route table is called here, so each route's `access` is held to what its function does.
 */
describe('access keys and ownership in keys mode (DynamoDB Local + SQS emulator, through HTTP)', () => {
  const adminKey = `ask_${'A1b2C3d4'.repeat(5)}`;
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let alice: User;
  let bob: User;
  let aliceLink: Url;
  let aliceWebhook: string;
  const credentials: Record<string, string | undefined> = {};

  const as = (key: string | undefined, extra: Record<string, string> = {}) => ({
    ...extra,
    ...(key === undefined
      ? {}
      : { Authorization: key.startsWith('ask_') || key.startsWith('usk_') ? `Bearer ${key}` : key }),
  });
  /** Each request sent, as `METHOD /path`: every route of the table must be among them (the last test). */
  const sent = new Set<string>();
  const call = <T = unknown>(method: string, path: string, key: string | undefined, body?: unknown) => {
    sent.add(`${method} ${path.split('?')[0]}`);
    return api.request<T>(method, path, body, { headers: as(key) });
  };
  const makeKey = async (userId: number, name: string, expiresAt?: string) =>
    (
      await call<{ id: number; key: string }>('POST', `/users/${userId}/keys`, adminKey, {
        name,
        ...(expiresAt && { expires_at: expiresAt }),
      })
    ).body;

  beforeAll(async () => {
    service = await startTestService({ functionSettings: { AUTH_MODE: 'keys' }, adminKey, pollerConcurrency: 1 });
    // The keys mode answers 401 and 403 that the open mode's document does not describe.
    api = httpClient(service.url, { checkOpenApi: false });
    alice = (await call<User>('POST', '/users', adminKey, { username: 'alice', email: 'alice@example.com' })).body;
    bob = (await call<User>('POST', '/users', adminKey, { username: 'bob', email: 'bob@example.com' })).body;
    credentials.own = (await makeKey(alice.id, 'laptop')).key;
    credentials.other = (await makeKey(bob.id, 'phone')).key;
    credentials.operator = adminKey;
    credentials.none = undefined;
    credentials.malformed = 'Bearer not-a-key';
    credentials.unknown = `usk_${'x'.repeat(43)}`;
    const revoked = await makeKey(alice.id, 'old');
    expect((await call('DELETE', `/users/${alice.id}/keys/${revoked.id}`, adminKey)).status).toBe(204);
    credentials.revoked = revoked.key;
    const soon = new Date(Date.now() + 1500).toISOString().slice(0, 23);
    credentials.expired = (await makeKey(alice.id, 'short-lived', soon)).key;
    aliceLink = (await call<Url>('POST', '/urls', credentials.own, { original_url: 'https://alice.example/' })).body;
    aliceWebhook = (await call<{ id: string }>('POST', `/users/${alice.id}/webhooks`, adminKey, { url: hookUrl })).body
      .id;
    await new Promise((resolve) => setTimeout(resolve, 1600));
  }, 60_000);
  afterAll(() => service.stop());

  it("makes a user key's link its user's, with user_id left out", () => {
    expect(aliceLink.user_id).toBe(alice.id);
  });

  const denied = ['none', 'malformed', 'unknown', 'revoked', 'expired'];

  /** What each credential gets from a route about Alice's records (`user` access). */
  const aboutAlice = (ok: number, other: number) => ({
    ...Object.fromEntries(denied.map((name) => [name, 401])),
    other,
    own: ok,
    operator: ok,
  });
  const operatorOnly = (ok: number) => ({
    ...Object.fromEntries(denied.map((name) => [name, 401])),
    other: 403,
    own: 403,
    operator: ok,
  });
  const open = (ok: number) => Object.fromEntries(Object.keys(aboutAlice(0, 0)).map((name) => [name, ok]));

  const hookUrl = 'https://hooks.example.com/in';
  const webhookOfAlice = (id = aliceWebhook) => `/users/${alice.id}/webhooks/${id}`;
  /** One webhook of Alice's to delete, made again once a delete took it (she may have only ten). */
  let spareWebhook: string | undefined;
  const webhookToDelete = async () => {
    if (!spareWebhook || (await call('GET', webhookOfAlice(spareWebhook), adminKey)).status === 404) {
      spareWebhook = (await call<{ id: string }>('POST', `/users/${alice.id}/webhooks`, adminKey, { url: hookUrl }))
        .body.id;
    }
    return webhookOfAlice(spareWebhook);
  };

  let sequence = 0;
  const freshLink = async () =>
    (await call<Url>('POST', '/urls', adminKey, { user_id: alice.id, original_url: `https://a.example/${++sequence}` }))
      .body;

  /** Each row: the route, the request to send (made anew for each credential), what each credential gets. */
  const table: [
    string,
    () => [string, string, unknown?] | Promise<[string, string, unknown?]>,
    Record<string, number>,
  ][] = [
    ['GET /health', () => ['GET', '/health'], open(200)],
    ['GET /docs/{file}', () => ['GET', '/docs/swagger-ui.css'], open(200)],
    ['GET /stats-page/{file}', () => ['GET', '/stats-page/stats-page.js'], open(200)],
    ['GET /home-page/{file}', () => ['GET', '/home-page/home-page.js'], open(200)],
    // The home page is a browser's; any other client gets the 404 of an unknown route, whatever its key.
    ['GET /', () => ['GET', '/'], open(404)],
    ['POST /reports', () => ['POST', '/reports', { short_code: aliceLink.short_code, reason: 'Spam' }], open(201)],
    ['GET /reports', () => ['GET', '/reports'], operatorOnly(200)],
    ['PUT /blocked-hosts/{host}', () => ['PUT', '/blocked-hosts/blocked.example'], operatorOnly(204)],
    [
      'DELETE /blocked-hosts/{host}',
      async () => {
        await call('PUT', '/blocked-hosts/unblocked.example', adminKey);
        return ['DELETE', '/blocked-hosts/unblocked.example'];
      },
      operatorOnly(204),
    ],
    ['GET /blocked-hosts', () => ['GET', '/blocked-hosts'], operatorOnly(200)],
    ['GET /imports/{id}', () => ['GET', '/imports/0f8fad5b-d9cb-469f-a165-70867728950e'], operatorOnly(404)],
    ['GET /openapi.json', () => ['GET', '/openapi.json'], open(200)],
    ['GET /docs', () => ['GET', '/docs'], open(200)],
    ['GET /urls/{code}/redirect', () => ['GET', `/urls/${aliceLink.short_code}/redirect`], open(302)],
    [
      'POST /urls/{code}/unlock',
      () => ['POST', `/urls/${aliceLink.short_code}/unlock`, { password: 'not needed' }],
      open(302),
    ],
    ['GET /urls/{code}/stats-page', () => ['GET', `/urls/${aliceLink.short_code}/stats-page`], open(200)],
    [
      'GET /urls/{code}/stats-page?part=link',
      () => ['GET', `/urls/${aliceLink.short_code}/stats-page?part=link`],
      aboutAlice(200, 404),
    ],
    ['GET /keys', () => ['GET', '/keys'], operatorOnly(200)],
    [
      'DELETE /keys/{key_id} of her key',
      async () => ['DELETE', `/keys/${(await makeKey(alice.id, 'to-revoke')).id}`],
      operatorOnly(204),
    ],
    ['GET /metrics/json', () => ['GET', '/metrics/json'], operatorOnly(200)],
    ['GET /users', () => ['GET', '/users'], operatorOnly(200)],
    ['GET /users/{id}', () => ['GET', `/users/${alice.id}`], aboutAlice(200, 404)],
    ['GET /users/{id}/stats', () => ['GET', `/users/${alice.id}/stats`], aboutAlice(200, 404)],
    ['GET /users/{id}/keys', () => ['GET', `/users/${alice.id}/keys`], aboutAlice(200, 404)],
    ['GET /users/{id}/tags', () => ['GET', `/users/${alice.id}/tags`], aboutAlice(200, 404)],
    ['PUT /users/{id}', () => ['PUT', `/users/${alice.id}`, { username: 'alice' }], aboutAlice(200, 404)],
    ['GET /urls/{id}', () => ['GET', `/urls/${aliceLink.id}`], aboutAlice(200, 404)],
    ['GET /urls/{id}/stats', () => ['GET', `/urls/${aliceLink.id}/stats`], aboutAlice(200, 404)],
    ['GET /urls/{id}/qr', () => ['GET', `/urls/${aliceLink.id}/qr`], aboutAlice(200, 404)],
    ['PUT /urls/{id}', () => ['PUT', `/urls/${aliceLink.id}`, { title: 'Mine' }], aboutAlice(200, 404)],
    ['GET /urls?user_id=alice', () => ['GET', `/urls?user_id=${alice.id}`], aboutAlice(200, 403)],
    ['GET /events?user_id=alice', () => ['GET', `/events?user_id=${alice.id}`], aboutAlice(200, 403)],
    [
      'POST /users',
      () => ['POST', '/users', { username: `u${++sequence}`, email: `u${sequence}@example.com` }],
      operatorOnly(201),
    ],
    [
      'POST /urls for her',
      () => ['POST', '/urls', { user_id: alice.id, original_url: `https://a.example/${++sequence}` }],
      aboutAlice(201, 403),
    ],
    ['DELETE /urls/{id}', async () => ['DELETE', `/urls/${(await freshLink()).id}`], aboutAlice(204, 404)],
    [
      // Another user's key is refused link by link, in the 207 (the links in bulk test has each result).
      'POST /urls/bulk for her',
      () => ['POST', '/urls/bulk', { links: [{ user_id: alice.id, original_url: `https://a.example/${++sequence}` }] }],
      aboutAlice(207, 207),
    ],
    [
      'POST /users/{id}/keys',
      () => ['POST', `/users/${alice.id}/keys`, { name: `k${++sequence}` }],
      aboutAlice(201, 404),
    ],
    [
      'DELETE /users/{id}/keys/{key_id}',
      async () => ['DELETE', `/users/${alice.id}/keys/${(await makeKey(alice.id, 'to-revoke')).id}`],
      aboutAlice(204, 404),
    ],
    [
      'DELETE /users/{id}',
      async () => {
        const user = (
          await call<User>('POST', '/users', adminKey, {
            username: `d${++sequence}`,
            email: `d${sequence}@example.com`,
          })
        ).body;
        return ['DELETE', `/users/${user.id}`];
      },
      operatorOnly(204),
    ],
    [
      'POST /users/{id}/webhooks',
      () => ['POST', `/users/${alice.id}/webhooks`, { url: hookUrl }],
      aboutAlice(201, 404),
    ],
    ['GET /users/{id}/webhooks', () => ['GET', `/users/${alice.id}/webhooks`], aboutAlice(200, 404)],
    ['GET /users/{id}/webhooks/{webhook_id}', () => ['GET', webhookOfAlice()], aboutAlice(200, 404)],
    [
      'PUT /users/{id}/webhooks/{webhook_id}',
      () => ['PUT', webhookOfAlice(), { event_types: ['click'] }],
      aboutAlice(200, 404),
    ],
    ['DELETE /users/{id}/webhooks/{webhook_id}', async () => ['DELETE', await webhookToDelete()], aboutAlice(204, 404)],
    [
      'POST /users/{id}/webhooks/{webhook_id}/secret',
      () => ['POST', `${webhookOfAlice()}/secret`],
      aboutAlice(200, 404),
    ],
    ['POST /users/{id}/webhooks/{webhook_id}/test', () => ['POST', `${webhookOfAlice()}/test`], aboutAlice(202, 404)],
    [
      'GET /users/{id}/webhooks/{webhook_id}/deliveries',
      () => ['GET', `${webhookOfAlice()}/deliveries`],
      aboutAlice(200, 404),
    ],
    [
      'POST /events on her link',
      () => ['POST', '/events', { url_id: aliceLink.id, user_id: alice.id, event_type: 'visit', details: {} }],
      { ...aboutAlice(201, 403) },
    ],
  ];

  it.each(table)('%s answers each credential as the contract says', async (_, request, expected) => {
    const got: Record<string, number> = {};
    for (const name of Object.keys(expected)) {
      const [method, path, body] = await request();
      const response = await call(method, path, credentials[name], body);
      got[name] = response.status;
      if (response.status === 401) {
        expect(response.body).toEqual({ detail: 'Not authenticated' });
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
      }
      if (response.status === 403) expect(response.body).toEqual({ detail: 'Not allowed' });
    }
    expect(got).toEqual(expected);
  });

  it('lets only an operator key import users', async () => {
    sent.add('POST /users/bulk');
    const upload = async (key: string | undefined) => {
      const form = new FormData();
      form.append('file', new Blob([`username,email\nbulk${++sequence},bulk${sequence}@example.com\n`]), 'u.csv');
      return (await fetch(`${service.url}/users/bulk`, { method: 'POST', body: form, headers: as(key) })).status;
    };
    expect([await upload(undefined), await upload(credentials.own), await upload(adminKey)]).toEqual([401, 403, 200]);
  });

  it("lists only a user key's own records, as if its user_id were given", async () => {
    const bobLink = (
      await call<Url>('POST', '/urls', adminKey, { user_id: bob.id, original_url: 'https://bob.example/' })
    ).body;
    const mine = (await call<Url[]>('GET', '/urls?limit=1000', credentials.own)).body;
    expect(mine.every((url) => url.user_id === alice.id)).toBe(true);
    expect(mine.map((url) => url.id)).not.toContain(bobLink.id);
    const all = (await call<Url[]>('GET', '/urls?limit=1000', adminKey)).body;
    expect(all.map((url) => url.id)).toEqual(expect.arrayContaining([aliceLink.id, bobLink.id]));
    const events = (await call<Event[]>('GET', '/events?limit=1000', credentials.own)).body;
    expect(events.every((event) => event.user_id === alice.id)).toBe(true);
  });

  it('refuses a user key creating a URL or an event for another user: 403, and an operator key must name the user', async () => {
    const forBob = await call('POST', '/urls', credentials.own, {
      user_id: bob.id,
      original_url: 'https://x.example/',
    });
    expect(forBob.status).toBe(403);
    const noUser = await call<{ detail: { loc: string[] }[] }>('POST', '/urls', adminKey, {
      original_url: 'https://x.example/',
    });
    expect(noUser.status).toBe(422);
    expect(noUser.body.detail[0]?.loc).toEqual(['body', 'user_id']);
    const asBob = await call('POST', '/events', credentials.own, {
      url_id: aliceLink.id,
      user_id: bob.id,
      event_type: 'x',
    });
    expect(asBob.status).toBe(403);
  });

  it("fails every parallel attempt of another user's key to change or delete a link, and the link stays as it was", async () => {
    const before = (await call<Url>('GET', `/urls/${aliceLink.id}`, adminKey)).body;
    const attempts = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        call('PUT', `/urls/${aliceLink.id}`, credentials.other, { is_active: false, title: 'hijacked' }),
      ),
      ...Array.from({ length: 10 }, () => call('PUT', `/urls/${aliceLink.id}`, credentials.other, { title: 'x' })),
      ...Array.from({ length: 5 }, () => call('DELETE', `/urls/${aliceLink.id}`, credentials.other)),
    ]);
    expect(attempts.map((attempt) => attempt.status)).toEqual(attempts.map(() => 404));
    const after = (await call<Url>('GET', `/urls/${aliceLink.id}`, adminKey)).body;
    expect(after).toEqual(before);
  });

  it('lets a user make, list and revoke its own keys, and shows a key only once', async () => {
    const made = await call<{ id: number; key: string; name: string }>(
      'POST',
      `/users/${alice.id}/keys`,
      credentials.own,
      {
        name: 'ci',
      },
    );
    expect(made.status).toBe(201);
    expect(Object.keys(made.body)).toEqual(['id', 'name', 'key', 'created_at', 'expires_at', 'created_by']);
    const listed = (
      await call<{ id: number; prefix: string }[]>('GET', `/users/${alice.id}/keys?per_page=100`, made.body.key)
    ).body;
    const entry = listed.find((key) => key.id === made.body.id);
    expect(entry?.prefix).toBe(made.body.key.slice(0, 8));
    expect(JSON.stringify(listed)).not.toContain(made.body.key);
    expect((await call('DELETE', `/users/${alice.id}/keys/${made.body.id}`, credentials.own)).status).toBe(204);
    expect((await call('GET', `/users/${alice.id}`, made.body.key)).status).toBe(401);
    expect((await call('DELETE', `/users/${alice.id}/keys/${made.body.id}`, credentials.own)).status).toBe(404);
  });

  it('counts a click posted by the owner under the device `api`, apart from the clicks observed by the redirect', async () => {
    const link = (await call<Url>('POST', '/urls', credentials.own, { original_url: 'https://posted.example/' })).body;
    const click = {
      url_id: link.id,
      user_id: alice.id,
      event_type: 'click',
      details: { user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' },
    };
    expect((await call('POST', '/events', credentials.own, click)).status).toBe(201);
    // Counted from the table's stream, a moment after it is stored.
    await queueDrained(service);
    const stats = (
      await call<{ devices: { name: string; clicks: number }[] }>('GET', `/urls/${link.id}/stats`, credentials.own)
    ).body;
    expect(stats.devices).toEqual([{ name: 'api', clicks: 1 }]);
  });

  it('stops a hot key within a second of its revocation', async () => {
    const hot = await makeKey(alice.id, 'hot');
    for (let i = 0; i < 30; i++) expect((await call('GET', `/users/${alice.id}`, hot.key)).status).toBe(200);
    expect((await call('DELETE', `/users/${alice.id}/keys/${hot.id}`, adminKey)).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect((await call('GET', `/users/${alice.id}`, hot.key)).status).toBe(401);
  });

  it("deletes a user's keys with the user", async () => {
    const carol = (await call<User>('POST', '/users', adminKey, { username: 'carol', email: 'carol@example.com' }))
      .body;
    const key = (await makeKey(carol.id, 'carol')).key;
    expect((await call('GET', `/users/${carol.id}`, key)).status).toBe(200);
    expect((await call('DELETE', `/users/${carol.id}`, adminKey)).status).toBe(204);
    expect((await call('GET', `/users/${carol.id}`, key)).status).toBe(401);
  });

  describe('the Authorization header', () => {
    it.each([
      ['bearer <key>', (key: string) => `bearer ${key}`],
      ['BEARER <key>', (key: string) => `BEARER ${key}`],
      ['Bearer  <key> (two spaces, a trailing one)', (key: string) => `Bearer  ${key} `],
      ['Bearer\t<key>', (key: string) => `Bearer\t${key}`],
    ])('reads %s as the key', async (_, written) => {
      const response = await api.get(`/users/${alice.id}`, { Authorization: written(credentials.own as string) });
      expect(response.status).toBe(200);
    });

    it('answers a request with two Authorization headers 401, whichever holds the key', async () => {
      // fetch folds repeated headers into one; the gateway must see two, as a raw client sends them.
      const twice = (first: string, second: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect(service.port, '127.0.0.1', () =>
            socket.write(
              `GET /users/${alice.id} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${first}\r\n` +
                `Authorization: ${second}\r\nConnection: close\r\n\r\n`,
            ),
          );
          let answer = '';
          socket.on('data', (chunk) => {
            answer += chunk;
          });
          socket.on('end', () => resolve(answer));
          socket.on('error', reject);
        });
      const own = `Bearer ${credentials.own}`;
      for (const [first, second] of [
        ['junk', own],
        [own, 'junk'],
        [own, own],
      ] as const) {
        expect((await twice(first, second)).split(' ')[1]).toBe('401');
      }
    });
  });

  describe('keys that make keys', () => {
    let dave: User;
    beforeAll(async () => {
      dave = (await call<User>('POST', '/users', adminKey, { username: 'dave', email: 'dave@example.com' })).body;
    });

    it("records which key made a key: the user key's id, or null for an operator's", async () => {
      const root = await call<{ id: number; key: string; created_by: number | null }>(
        'POST',
        `/users/${dave.id}/keys`,
        adminKey,
        { name: 'root' },
      );
      expect(root.body.created_by).toBeNull();
      const child = await call<{ id: number; created_by: number | null }>(
        'POST',
        `/users/${dave.id}/keys`,
        root.body.key,
        { name: 'child' },
      );
      expect(child.status).toBe(201);
      expect(child.body.created_by).toBe(root.body.id);
      const listed = await call<{ id: number; created_by: number | null }[]>(
        'GET',
        `/users/${dave.id}/keys?per_page=100`,
        adminKey,
      );
      expect(listed.body).toContainEqual(expect.objectContaining({ id: child.body.id, created_by: root.body.id }));
      expect(listed.body).toContainEqual(expect.objectContaining({ id: root.body.id, created_by: null }));
    });

    it('revokes every key a key made, transitively, within a second of its revocation', async () => {
      const leaked = await makeKey(dave.id, 'leaked');
      const made: { id: number; key: string }[] = [];
      let parent = leaked.key;
      for (let generation = 0; generation < 3; generation++) {
        const children = await Promise.all(
          [1, 2].map(
            async (n) =>
              (
                await call<{ id: number; key: string }>('POST', `/users/${dave.id}/keys`, parent, {
                  name: `g${generation}-${n}`,
                })
              ).body,
          ),
        );
        made.push(...children);
        parent = (children[0] as { key: string }).key;
      }
      const unrelated = await makeKey(dave.id, 'unrelated');
      for (const key of made) expect((await call('GET', `/users/${dave.id}`, key.key)).status).toBe(200);
      expect((await call('DELETE', `/users/${dave.id}/keys/${leaked.id}`, adminKey)).status).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 1050));
      const after = await Promise.all(
        made.map(async (key) => (await call('GET', `/users/${dave.id}`, key.key)).status),
      );
      expect(after).toEqual(made.map(() => 401));
      expect((await call('GET', `/users/${dave.id}`, unrelated.key)).status).toBe(200);
      const listed = await call<{ id: number }[]>('GET', `/users/${dave.id}/keys?per_page=100`, adminKey);
      const ids = listed.body.map((key) => key.id);
      for (const key of [leaked, ...made]) expect(ids).not.toContain(key.id);
    });

    it('lets no key made while its maker is being revoked outlive it, and counts each revoked key off once', async () => {
      const frank = (await call<User>('POST', '/users', adminKey, { username: 'frank', email: 'frank@example.com' }))
        .body;
      const leaked = await makeKey(frank.id, 'leaked');
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const makeWith = (key: string, name: string) =>
        call<{ id: number; key: string }>('POST', `/users/${frank.id}/keys`, key, { name });
      // Keys asked for every 10 ms, each made key asking for one more at once, while two revocations of the
      // leaked key run from the 100th ms: some are made before, some during, some refused after.
      const made: { id: number; key: string }[] = [];
      const asking = Array.from({ length: 25 }, async (_, i) => {
        await wait(i * 10);
        const child = await makeWith(leaked.key, `c${i}`);
        expect([201, 401]).toContain(child.status);
        if (child.status !== 201) return;
        made.push(child.body);
        const grandchild = await makeWith(child.body.key, `g${i}`);
        expect([201, 401]).toContain(grandchild.status);
        if (grandchild.status === 201) made.push(grandchild.body);
      });
      const revocations = (async () => {
        await wait(100);
        return Promise.all(
          [1, 2].map(async () => (await call('DELETE', `/users/${frank.id}/keys/${leaked.id}`, adminKey)).status),
        );
      })();
      await Promise.all(asking);
      const revoked = await revocations;
      expect(revoked).toContain(204);
      expect(revoked.filter((status) => status !== 204 && status !== 404)).toEqual([]);
      expect(made.length).toBeGreaterThan(0);
      await wait(1050);
      const after = await Promise.all(
        made.map(async (key) => (await call('GET', `/users/${frank.id}`, key.key)).status),
      );
      expect(after).toEqual(made.map(() => 401));
      expect((await call<unknown[]>('GET', `/users/${frank.id}/keys?per_page=100`, adminKey)).body).toEqual([]);
      // Nothing left, and nothing counted twice or forgotten: the user takes exactly 100 keys again.
      const again = await Promise.all(
        Array.from({ length: 101 }, (_, i) => makeWith(adminKey, `k${i}`).then((response) => response.status)),
      );
      expect(again.filter((status) => status === 201)).toHaveLength(100);
      expect(again.filter((status) => status === 422)).toHaveLength(1);
    });
  });

  it('holds a user to 100 active keys under 130 parallel requests, lists them by page, and frees a place on revocation', async () => {
    const erin = (await call<User>('POST', '/users', adminKey, { username: 'erin', email: 'erin@example.com' })).body;
    const attempts = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        call<{ id: number; detail?: string }>('POST', `/users/${erin.id}/keys`, adminKey, { name: `k${i}` }),
      ),
    );
    const statuses = attempts.map((attempt) => attempt.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(100);
    const refused = attempts.filter((attempt) => attempt.status !== 201);
    expect(refused.map((attempt) => [attempt.status, attempt.body])).toEqual(
      refused.map(() => [422, { detail: 'Too many keys' }]),
    );
    const first = await call<{ id: number }[]>('GET', `/users/${erin.id}/keys?page=1&per_page=40`, adminKey);
    const third = await call<{ id: number }[]>('GET', `/users/${erin.id}/keys?page=3&per_page=40`, adminKey);
    expect(first.body).toHaveLength(40);
    expect(third.body).toHaveLength(20);
    const everyId = (await call<{ id: number }[]>('GET', `/users/${erin.id}/keys?per_page=100`, adminKey)).body.map(
      (key) => key.id,
    );
    expect(everyId).toEqual([...everyId].sort((a, b) => a - b));
    expect(new Set(everyId).size).toBe(100);
    expect((await call('GET', `/users/${erin.id}/keys?per_page=101`, adminKey)).status).toBe(422);
    const revoked = everyId[0] as number;
    expect((await call('DELETE', `/users/${erin.id}/keys/${revoked}`, adminKey)).status).toBe(204);
    expect((await call('POST', `/users/${erin.id}/keys`, adminKey, { name: 'again' })).status).toBe(201);
    expect((await call('POST', `/users/${erin.id}/keys`, adminKey, { name: 'one too many' })).status).toBe(422);
  });

  it('lists the operator keys to an operator, never a key or its prefix, and lets an operator revoke any key', async () => {
    const listed = await call<Record<string, unknown>[]>('GET', '/keys', adminKey);
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThanOrEqual(1);
    for (const key of listed.body) {
      expect(Object.keys(key)).toEqual(['id', 'name', 'created_at', 'expires_at', 'created_by']);
    }
    expect(JSON.stringify(listed.body)).not.toContain(adminKey);
    const userKey = await makeKey(alice.id, 'revoked-by-operator');
    expect((await call('DELETE', `/keys/${userKey.id}`, adminKey)).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect((await call('GET', `/users/${alice.id}`, userKey.key)).status).toBe(401);
    expect((await call('DELETE', `/keys/${userKey.id}`, adminKey)).status).toBe(404);
    expect((await call('DELETE', '/keys/999999', adminKey)).status).toBe(404);
  });

  it('describes the keys mode in GET /openapi.json: a bearer scheme, and the security of each operation', async () => {
    const document = (
      await call<{
        components: { securitySchemes?: Record<string, { scheme: string }> };
        paths: Record<string, Record<string, { security?: unknown[] }>>;
      }>('GET', '/openapi.json', undefined)
    ).body;
    expect(document.components.securitySchemes?.bearer?.scheme).toBe('bearer');
    expect(document.paths['/users']?.post?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/health']?.get?.security).toBeUndefined();
    expect(document.paths['/urls/{id}/redirect']?.get?.security).toBeUndefined();
  });

  // The last two start services of their own, with settings the first does not have (rate limits, another
  // operator key); each runs in a process of its own, beside the first.
  it('counts a key as one client however its Authorization header is written, from any address', async () => {
    const limitedAdminKey = `ask_${'R4t3L1m1'.repeat(5)}`;
    const limited = await startTestService({
      functionSettings: { AUTH_MODE: 'keys' },
      adminKey: limitedAdminKey,
      rateLimits: { createLinksPerMinute: 3, reportsPerMinute: 2 },
    });
    try {
      const admin = httpClient(limited.url, { checkOpenApi: false });
      const operator = { Authorization: `Bearer ${limitedAdminKey}` };
      const user = (
        await admin.request<{ id: number }>(
          'POST',
          '/users',
          { username: 'rk', email: 'rk@example.com' },
          {
            headers: operator,
          },
        )
      ).body;
      const key = (
        await admin.request<{ key: string }>('POST', `/users/${user.id}/keys`, { name: 'k' }, { headers: operator })
      ).body.key;
      // Each request from another loopback address, so that only the key's budget can refuse it.
      const createFrom = (address: string, authorization: string) =>
        new Promise<number>((resolve, reject) => {
          request(
            `${limited.url}/urls`,
            {
              method: 'POST',
              localAddress: address,
              headers: { Authorization: authorization, 'Content-Type': 'application/json' },
            },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          )
            .on('error', reject)
            .end(JSON.stringify({ original_url: `https://rk.example/${address}` }));
        });
      const spellings = [`Bearer ${key}`, `bearer ${key}`, `BEARER  ${key} `, `Bearer\t${key}`];
      const statuses: number[] = [];
      for (const [i, spelling] of spellings.entries()) statuses.push(await createFrom(`127.0.4.${i + 1}`, spelling));
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await limited.stop();
    }
  }, 60_000);

  it('holds ADMIN_KEY as the one operator key of the environment: a restart with another, or none, revokes the earlier', async () => {
    const table = `t-${randomUUID().slice(0, 8)}`;
    const first = `ask_${'F1r2S3t4'.repeat(5)}`;
    const second = `ask_${'S5e6C7o8'.repeat(5)}`;
    const statusWith = async (key: string, run: TestService) =>
      (await httpClient(run.url, { checkOpenApi: false }).get('/users', { Authorization: `Bearer ${key}` })).status;
    const start = (adminKey?: string) =>
      startTestService({
        functionSettings: { AUTH_MODE: 'keys' },
        tableName: table,
        queueName: table,
        ...(adminKey && { adminKey }),
      });
    let run = await start(first);
    expect(await statusWith(first, run)).toBe(200);
    await run.stop();
    run = await start(second);
    expect(await statusWith(first, run)).toBe(401);
    expect(await statusWith(second, run)).toBe(200);
    await run.stop();
    run = await start();
    try {
      expect(await statusWith(second, run)).toBe(401);
    } finally {
      await run.stop();
    }
  }, 120_000);
  it('has called every route of the route table (its access is what the rows above expect)', () => {
    const pattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const uncalled = routes
      .filter(
        (route) =>
          ![...sent].some((request) => {
            const [method, path = ''] = request.split(' ');
            return method === route.method && pattern(route.path).test(path);
          }),
      )
      .map((route) => `${route.method} ${route.path}`);
    expect(uncalled).toEqual([]);
  });
});
