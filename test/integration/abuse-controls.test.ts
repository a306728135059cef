import type { EventRecord as Event, UrlRecord as Url } from '../../shared/domain/records.js';
import { eventually, httpClient, queueDrained, startTestService, type TestService } from '../support/service.js';

/**
 * Abuse controls (DynamoDB Local + SQS emulator, through HTTP): no link to the service's own short links,
 * blocked hosts (new links refused, existing ones disabled and restored within 10 s), reports, and the
 * gateway's rate limits.
 */
describe('abuse controls (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };
  const create = (original_url: string) => api.post<Url>('/urls', { user_id: owner.id, original_url });
  const createWithExpiredUrl = (expired_url: string) =>
    api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://fine.example/', expired_url });
  const refusal = (response: { status: number; body: unknown }) => ({
    status: response.status,
    msg: (response.body as { detail: { loc: string[]; msg: string }[] }).detail?.[0]?.msg,
  });
  const refusalAt = (response: { status: number; body: unknown }) => ({
    ...refusal(response),
    loc: (response.body as { detail: { loc: string[] }[] }).detail?.[0]?.loc,
  });
  const listed = async () => (await api.get<{ host: string }[]>('/blocked-hosts')).body.map((entry) => entry.host);

  beforeAll(async () => {
    service = await startTestService();
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'abuse', email: 'abuse@example.com' })).body;
  });
  afterAll(() => service.stop());

  it("refuses a link to the service's own short links, however its address is spelled", async () => {
    const own = "Links to this service's own short links are not allowed";
    for (const link of [
      `http://localhost:${service.port}/abcdef`,
      `http://LOCALHOST:${service.port}/abcdef`,
      `http://localhost.:${service.port}/abcdef`,
      `http://127.0.0.1:${service.port}/urls/abcdef/redirect`,
      `HTTP://LocalHost.:${service.port}/x?y=1`,
    ]) {
      expect({ link, ...refusal(await create(link)) }).toEqual({ link, status: 422, msg: own });
    }
    expect((await create(`http://localhost:${service.port === 1 ? 2 : 1}/elsewhere`)).status).toBe(201);
  });

  it('blocks a host and its subdomains on whole labels, compared after IDNA, case and trailing dot aside', async () => {
    const blocked = 'Links to this host are not allowed';
    expect((await api.put('/blocked-hosts/Bad.Example.', undefined)).status).toBe(204);
    expect((await api.put('/blocked-hosts/b%C3%BCcher.example', undefined)).status).toBe(204);
    const listed = (await api.get<{ host: string }[]>('/blocked-hosts')).body.map((entry) => entry.host);
    expect(listed).toEqual(expect.arrayContaining(['bad.example', 'xn--bcher-kva.example']));
    for (const link of [
      'https://bad.example/login',
      'https://WWW.BAD.EXAMPLE./x',
      'https://a.b.bad.example/',
      'https://xn--bcher-kva.example/',
      'https://bücher.example/',
    ]) {
      expect({ link, ...refusal(await create(link)) }).toEqual({ link, status: 422, msg: blocked });
    }
    for (const link of ['https://notbad.example/', 'https://bad.example.org/', 'https://bucher.example/']) {
      expect({ link, status: (await create(link)).status }).toEqual({ link, status: 201 });
    }
    expect((await api.delete('/blocked-hosts/never-blocked.example')).status).toBe(404);
    expect((await api.put('/blocked-hosts/not a host', undefined)).status).toBe(422);
  });

  it("refuses a loop through any loopback spelling with the gateway's port, at original_url and expired_url", async () => {
    const own = "Links to this service's own short links are not allowed";
    const spellings = ['0.0.0.0', '0', '[::ffff:127.0.0.1]', 'sub.localhost', '127.0.0.2', '[::1]', '[::]', '0x7f.1'];
    for (const host of [...spellings, '[::ffff:0.0.0.0]', 'localhost..', '127.1..']) {
      const link = `http://${host}:${service.port}/abcdef`;
      expect({ link, ...refusalAt(await create(link)) }).toEqual({
        link,
        status: 422,
        msg: own,
        loc: ['body', 'original_url'],
      });
      expect({ link, ...refusalAt(await createWithExpiredUrl(link)) }).toEqual({
        link,
        status: 422,
        msg: own,
        loc: ['body', 'expired_url'],
      });
    }
    // Every target refused at once, each at its place.
    const loop = `http://127.0.0.1:${service.port}/abcdef`;
    const all = await api.post<{ detail: { loc: unknown[]; msg: string }[] }>('/urls', {
      user_id: owner.id,
      original_url: loop,
      expired_url: loop,
      redirect_rules: [{ url: loop, conditions: [{ type: 'device', value: 'ios' }] }],
      variants: [
        { url: 'https://elsewhere.example/', weight: 50 },
        { url: loop, weight: 50 },
      ],
    });
    expect(all.status).toBe(422);
    expect(all.body.detail.map((issue) => [issue.loc, issue.msg])).toEqual([
      [['body', 'original_url'], own],
      [['body', 'expired_url'], own],
      [['body', 'redirect_rules', 0, 'url'], own],
      [['body', 'variants', 1, 'url'], own],
    ]);
    // Another port of this machine is another service.
    const elsewhere = service.port === 1 ? 2 : 1;
    for (const host of ['127.0.0.2', '[::1]', 'sub.localhost']) {
      const link = `http://${host}:${elsewhere}/`;
      expect({ link, status: (await create(link)).status }).toEqual({ link, status: 201 });
    }
  });

  it('blocks an IPv4 address under its IPv6 spellings too, at original_url and expired_url', async () => {
    const blocked = 'Links to this host are not allowed';
    expect((await api.put('/blocked-hosts/10.0.0.1', undefined)).status).toBe(204);
    expect((await api.put('/blocked-hosts/127.0.0.1', undefined)).status).toBe(204);
    const links = [
      'http://[::ffff:a00:1]/',
      'http://[::ffff:10.0.0.1]:8080/',
      'http://[::10.0.0.1]/',
      'http://[64:ff9b::10.0.0.1]/',
      'http://[2002:a00:1::]/',
      'http://0xa.1/',
      'http://167772161/',
      // The security pass's case, on a port that is not the gateway's (with its port, it is a loop).
      `http://[::ffff:127.0.0.1]:${service.port === 4150 ? 4151 : 4150}/`,
    ];
    for (const link of links) {
      expect({ link, ...refusalAt(await create(link)) }).toEqual({
        link,
        status: 422,
        msg: blocked,
        loc: ['body', 'original_url'],
      });
      expect({ link, ...refusalAt(await createWithExpiredUrl(link)) }).toEqual({
        link,
        status: 422,
        msg: blocked,
        loc: ['body', 'expired_url'],
      });
    }
    expect((await create('http://[::ffff:a00:2]/')).status).toBe(201);
    expect((await api.delete('/blocked-hosts/0x7f.1')).status).toBe(204);
    expect((await api.delete('/blocked-hosts/[::ffff:10.0.0.1]')).status).toBe(204);
    expect((await create('http://[::ffff:a00:1]/')).status).toBe(201);
  });

  it('blocks an IPv6 address, with or without brackets, and every address of a CIDR range', async () => {
    const blocked = 'Links to this host are not allowed';
    const existing = await create('http://[64:ff9b::10.9.8.6]/x');
    expect(existing.status).toBe(201);
    expect((await api.put('/blocked-hosts/2001:db8::1', undefined)).status).toBe(204);
    expect((await api.put('/blocked-hosts/[2001:DB8:0::1]', undefined)).status).toBe(204);
    expect((await api.put('/blocked-hosts/[::1]', undefined)).status).toBe(204);
    expect((await api.put('/blocked-hosts/10.0.0.0%2F8', undefined)).status).toBe(204);
    expect((await api.put('/blocked-hosts/2001:db8:ff::%2F48', undefined)).status).toBe(204);
    const entries = await listed();
    expect(entries).toEqual(expect.arrayContaining(['2001:db8::1', '::1', '10.0.0.0/8', '2001:db8:ff::/48']));
    expect(entries.filter((host) => host === '2001:db8::1')).toHaveLength(1);
    for (const link of [
      'http://[2001:db8::1]/',
      'https://[2001:DB8:0:0:0:0:0:1]:8443/x',
      'http://[::1]:1/',
      'http://10.200.0.1/',
      'http://0xa.0x10.1/',
      'http://[::ffff:10.9.8.7]/',
      'http://[64:ff9b::10.9.8.7]/',
      'http://[2001:db8:ff:1::5]/',
    ]) {
      expect({ link, ...refusal(await create(link)) }).toEqual({ link, status: 422, msg: blocked });
    }
    // An existing link to an address of the range answers 410 (each instance reads the list again within 10 s).
    await eventually(
      async () => ((await api.get(`/${existing.body.short_code}`)).status === 410 ? true : undefined),
      10_000,
    );
    for (const link of ['http://[2001:db8::2]/', 'http://11.0.0.1/', 'http://[2001:db8:fe::5]/']) {
      expect({ link, status: (await create(link)).status }).toEqual({ link, status: 201 });
    }
    // Any spelling of an entry names it: a CIDR by another address of its network, decoded or not.
    expect((await api.delete('/blocked-hosts/10.1.2.3%2F8')).status).toBe(204);
    expect((await api.delete('/blocked-hosts/10.0.0.0%2F8')).status).toBe(404);
    for (const entry of ['[2001:db8::1]', '::1', '2001:db8:ff::%2F48']) {
      expect({ entry, status: (await api.delete(`/blocked-hosts/${entry}`)).status }).toEqual({ entry, status: 204 });
    }
    expect((await create('http://10.200.0.1/')).status).toBe(201);
  });

  it('removes every trailing dot, then refuses an empty label, a wildcard, a port or a single label, saying which', async () => {
    expect((await api.put('/blocked-hosts/dots.example..', undefined)).status).toBe(204);
    expect(await listed()).toEqual(expect.arrayContaining(['dots.example']));
    expect(refusal(await create('https://www.dots.example../'))).toEqual({
      status: 422,
      msg: 'Links to this host are not allowed',
    });
    const refusals: [string, RegExp][] = [
      ['a..b.example', /empty label/],
      ['.lead.example', /empty label/],
      ['*.wild.example', /wildcard/],
      ['example.com:8080', /port/],
      ['[2001:db8::1]:80', /port/],
      ['com', /two labels/],
      ['com..', /two labels/],
      ['10.0.0.0%2F33', /CIDR range/],
      ['10%2F8', /CIDR range/],
    ];
    for (const [entry, msg] of refusals) {
      const response = await api.put(`/blocked-hosts/${entry}`, undefined);
      expect({ entry, ...refusalAt(response) }).toEqual({
        entry,
        status: 422,
        msg: expect.stringMatching(msg),
        loc: ['path', 'host'],
      });
    }
    expect((await api.delete('/blocked-hosts/DOTS.example.')).status).toBe(204);
  });

  it('disables an existing link within 10 s of the block, with no click, and restores it within 10 s', async () => {
    const link = (await create('https://later.example/offer')).body;
    // Every redirect answered 302 is a click; none answered 410 is.
    let redirected = 0;
    const visit = async (headers?: Record<string, string>) => {
      const response = await api.get(`/${link.short_code}`, headers);
      if (response.status === 302) redirected += 1;
      return response;
    };
    expect((await visit()).status).toBe(302);
    expect((await api.put('/blocked-hosts/later.example', undefined)).status).toBe(204);
    // Each instance reads the blocked hosts again within the refresh period (5 s): until then it redirects.
    const disabled = await eventually(async () => {
      const response = await visit();
      return response.status === 410 ? response : undefined;
    }, 10_000);
    expect(disabled.body).toEqual({ detail: 'Link disabled' });
    const page = await visit({ Accept: 'text/html' });
    expect([page.status, page.headers.get('content-type')]).toEqual([410, 'text/html; charset=utf-8']);
    expect((await api.delete('/blocked-hosts/later.example')).status).toBe(204);
    await eventually(async () => ((await visit()).status === 302 ? true : undefined), 10_000);
    const clicks = await eventually(async () => {
      const events = (await api.get<Event[]>(`/events?url_id=${link.id}&event_type=click`)).body;
      return events.length >= redirected ? events : undefined;
    });
    expect(clicks).toHaveLength(redirected);
  }, 40_000);

  it('takes reports from anyone, checks them, and lists them newest first', async () => {
    const link = (await create('https://reported.example/')).body;
    const first = await api.post<{ id: number }>('/reports', {
      short_code: link.short_code,
      reason: ' Phishing page ',
    });
    expect(first.status).toBe(201);
    expect(Object.keys(first.body)).toEqual(['id', 'short_code', 'reason', 'created_at']);
    const second = await api.post<{ id: number }>('/reports', {
      short_code: link.short_code,
      reason: 'Spam',
      email: 'Reader@Example.com',
    });
    expect(second.status).toBe(201);
    expect((await api.post('/reports', { short_code: 'zzzzzz', reason: 'x' })).body).toEqual({
      detail: 'URL not found',
    });
    for (const bad of [
      { short_code: link.short_code },
      { short_code: link.short_code, reason: '' },
      { short_code: link.short_code, reason: 'x', email: 'no' },
    ]) {
      expect((await api.post('/reports', bad)).status).toBe(422);
    }
    const listed = (await api.get<{ id: number; reason: string; email: string | null }[]>('/reports')).body;
    expect(listed.slice(0, 2).map((report) => report.id)).toEqual([second.body.id, first.body.id]);
    expect(listed[0]?.email).toBe('reader@example.com');
    expect(listed[1]).toMatchObject({ reason: 'Phishing page', email: null });
  });

  it('limits link creations and reports per client exactly, with Retry-After, and never reads', async () => {
    // A service started in this process takes over its functions' configuration: the first one must have
    // nothing left to do (its writer and click counter would work on the second one's table).
    await queueDrained(service);
    const limited = await startTestService({ rateLimits: { createLinksPerMinute: 3, reportsPerMinute: 2 } });
    try {
      const client = httpClient(limited.url);
      const user = (await client.post<{ id: number }>('/users', { username: 'rl', email: 'rl@example.com' })).body;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await client.post('/urls', { user_id: user.id, original_url: `https://rl.example/${i}` })).status,
        );
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      const refused = await client.post('/urls', { user_id: user.id, original_url: 'https://rl.example/x' });
      expect(refused.body).toEqual({ detail: 'Too Many Requests' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      for (let i = 0; i < 20; i++) expect((await client.get('/urls')).status).toBe(200);
      const code = (await client.get<Url[]>('/urls')).body[0]?.short_code;
      const reports: number[] = [];
      for (let i = 0; i < 3; i++)
        reports.push((await client.post('/reports', { short_code: code, reason: 'r' })).status);
      expect(reports).toEqual([201, 201, 429]);
    } finally {
      await limited.stop();
    }
  }, 60_000);
});
