import { request } from 'node:http';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventRecord as Event, PublicUrlRecord as Url } from '../../shared/domain/records.js';
import { keys } from '../../shared/store/keys.js';
import { documentClient, tableName } from '../../shared/store/table.js';
import { eventually, httpClient, listAll, sharedTestService, type TestService } from '../support/service.js';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const windowsChrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const macFirefox = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';
const edge =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * Links for campaigns through HTTP (DynamoDB Local + SQS emulator): redirect rules, A/B variants, passwords and
 * tags as the contract's "Links for campaigns" section says, each refusal a 422 at its item, and each click
 * recorded against the target it was sent to.
 */
describe('campaign links: rules, variants, passwords, tags (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };

  const create = (fields: Record<string, unknown>) =>
    api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://campaign.example/home', ...fields });
  const created = async (fields: Record<string, unknown>) => {
    const response = await create(fields);
    expect(response.status).toBe(201);
    return response.body;
  };
  const visit = (link: Url, headers: Record<string, string> = {}, query = '') =>
    api.get(`/urls/${link.short_code}/redirect${query}`, headers);
  const locationOf = async (link: Url, headers: Record<string, string> = {}, query = '') => {
    const response = await visit(link, headers, query);
    expect(response.status).toBe(302);
    return response.headers.get('location');
  };
  const clicks = (link: Url, count: number) =>
    eventually(async () => {
      const events = await listAll<Event>(api, `/events?url_id=${link.id}&event_type=click&limit=500`);
      return events.length === count ? events : undefined;
    });
  const unlock = (code: string, body: string, contentType: string, headers: Record<string, string> = {}, query = '') =>
    api.request('POST', `/urls/${code}/unlock${query}`, undefined, {
      raw: body,
      headers: { 'Content-Type': contentType, ...headers },
    });

  beforeAll(async () => {
    service = await sharedTestService();
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'campaigns', email: 'campaigns@example.com' })).body;
  }, 60_000);
  afterAll(() => service.stop());

  describe('the record', () => {
    it('has tags, redirect_rules, variants and password_protected after forward_query, unset by default', async () => {
      const link = await created({});
      const keys = Object.keys(link);
      expect(keys.slice(keys.indexOf('forward_query'))).toEqual([
        'forward_query',
        'tags',
        'redirect_rules',
        'variants',
        'password_protected',
      ]);
      expect(link).toMatchObject({ tags: [], redirect_rules: [], variants: null, password_protected: false });
    });

    it('keeps tags lower-cased, distinct and sorted; a rule as it was sent; never the password', async () => {
      const rules = [
        { url: 'https://campaign.example/app', conditions: [{ type: 'query', name: 'ref' }] },
        { url: 'https://campaign.example/de', conditions: [{ type: 'country', value: 'de' }] },
      ];
      const link = await created({
        tags: ['Summer', 'promo', 'SUMMER', 'b-2_x'],
        redirect_rules: rules,
        password: 'correct horse',
      });
      expect(link.tags).toEqual(['b-2_x', 'promo', 'summer']);
      expect(link.redirect_rules).toEqual(rules);
      expect(link.password_protected).toBe(true);
      const read = await api.get<Url>(`/urls/${link.id}`);
      expect(read.text).not.toContain('correct horse');
      expect(read.text).not.toMatch(/password_hash|scrypt/);
      expect(read.body).toMatchObject({
        tags: ['b-2_x', 'promo', 'summer'],
        redirect_rules: rules,
        password_protected: true,
      });
    });

    it('answers rules, conditions and variants with their fields in one order, however they were sent', async () => {
      const link = await created({
        redirect_rules: [
          {
            conditions: [
              { value: 'x', name: 'ref', type: 'query' },
              { value: 'ios', type: 'device' },
            ],
            url: 'https://a.example/',
          },
        ],
        variants: [
          { weight: 30, url: 'https://a.example/1' },
          { weight: 70, url: 'https://a.example/2' },
        ],
      });
      const inOrder = {
        redirect_rules: [
          {
            url: 'https://a.example/',
            conditions: [
              { type: 'query', name: 'ref', value: 'x' },
              { type: 'device', value: 'ios' },
            ],
          },
        ],
        variants: [
          { url: 'https://a.example/1', weight: 30 },
          { url: 'https://a.example/2', weight: 70 },
        ],
      };
      const asText = (url: Url) => JSON.stringify({ redirect_rules: url.redirect_rules, variants: url.variants });
      expect(asText(link)).toBe(JSON.stringify(inOrder));
      expect(asText((await api.get<Url>(`/urls/${link.id}`)).body)).toBe(JSON.stringify(inOrder));
      expect(asText((await api.put<Url>(`/urls/${link.id}`, { title: 'same rules' })).body)).toBe(
        JSON.stringify(inOrder),
      );
    });

    it('replaces a field on update, clears it with null, and ignores password_protected sent back', async () => {
      const link = await created({
        tags: ['a'],
        variants: [
          { url: 'https://campaign.example/a', weight: 50 },
          { url: 'https://campaign.example/b', weight: 50 },
        ],
      });
      const changed = await api.put<Url>(`/urls/${link.id}`, {
        tags: ['b', 'C'],
        variants: null,
        password_protected: true,
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ tags: ['b', 'c'], variants: null, password_protected: false });
      const cleared = await api.put<Url>(`/urls/${link.id}`, { tags: null, redirect_rules: null });
      expect(cleared.body).toMatchObject({ tags: [], redirect_rules: [] });
    });
  });

  describe('refusals', () => {
    const refusedAt = async (fields: Record<string, unknown>, loc: (string | number)[]) => {
      const response = await create(fields);
      expect(response.status).toBe(422);
      const locs = (response.body as unknown as { detail: { loc: unknown[] }[] }).detail.map((issue) => issue.loc);
      expect(locs).toContainEqual(loc);
    };

    it('refuses each wrong condition at its field', async () => {
      const rule = (condition: unknown) => ({
        redirect_rules: [{ url: 'https://x.example/', conditions: [condition] }],
      });
      const at = (field: string) => ['body', 'redirect_rules', 0, 'conditions', 0, field];
      await refusedAt(rule({ type: 'planet', value: 'mars' }), at('type'));
      await refusedAt(rule({ type: 'device', value: 'fridge' }), at('value'));
      await refusedAt(rule({ type: 'browser', value: 'netscape' }), at('value'));
      await refusedAt(rule({ type: 'country', value: 'Germany' }), at('value'));
      // The right shape, but no country: unassigned, reserved, or left to users.
      for (const code of ['JJ', 'UK', 'EU', 'zz']) await refusedAt(rule({ type: 'country', value: code }), at('value'));
      await refusedAt(rule({ type: 'language', value: 'en_GB!' }), at('value'));
      await refusedAt(rule({ type: 'after', value: 'tomorrow' }), at('value'));
      await refusedAt(rule({ type: 'query', value: 'x' }), at('name'));
      await refusedAt(rule({ value: 'ios' }), at('type'));
      await refusedAt(rule({ type: 'device' }), at('value'));
      // A value of the wrong type, in pydantic's words.
      const typed = await create(rule({ type: 'query', name: 'n', value: 5 }));
      expect(typed.body).toEqual({
        detail: [{ loc: at('value'), msg: 'Input should be a valid string', type: 'string_type' }],
      });
    });

    it('refuses a field a rule or a variant does not take, at that field, as at the body', async () => {
      const response = await create({
        redirect_rules: [{ url: 'https://x.example/', conditions: [{ type: 'device', value: 'ios' }], weight: 1 }],
        variants: [
          { url: 'https://x.example/a', weight: 50 },
          { url: 'https://x.example/b', weight: 50, title: 'B' },
        ],
      });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: [
          { loc: ['body', 'redirect_rules', 0, 'weight'], msg: 'Unknown field', type: 'extra_forbidden' },
          { loc: ['body', 'variants', 1, 'title'], msg: 'Unknown field', type: 'extra_forbidden' },
        ],
      });
      // A link's rules and variants as read are taken back as they are.
      const link = await created({
        redirect_rules: [{ url: 'https://x.example/', conditions: [{ type: 'country', value: 'de' }] }],
        variants: [
          { url: 'https://x.example/a', weight: 50 },
          { url: 'https://x.example/b', weight: 50 },
        ],
      });
      const sentBack = await api.put<Url>(`/urls/${link.id}`, {
        redirect_rules: link.redirect_rules,
        variants: link.variants,
      });
      expect(sentBack.status).toBe(200);
    });

    it('refuses too many or too few items at the list itself', async () => {
      const condition = { type: 'device', value: 'ios' };
      await refusedAt({ redirect_rules: [{ url: 'https://x.example/', conditions: [] }] }, [
        'body',
        'redirect_rules',
        0,
        'conditions',
      ]);
      await refusedAt(
        { redirect_rules: [{ url: 'https://x.example/', conditions: Array.from({ length: 11 }, () => condition) }] },
        ['body', 'redirect_rules', 0, 'conditions'],
      );
      await refusedAt(
        { redirect_rules: Array.from({ length: 21 }, () => ({ url: 'https://x.example/', conditions: [condition] })) },
        ['body', 'redirect_rules'],
      );
      await refusedAt({ variants: [{ url: 'https://x.example/', weight: 100 }] }, ['body', 'variants']);
      await refusedAt(
        {
          variants: Array.from({ length: 6 }, (_, i) => ({ url: `https://x.example/${i}`, weight: i === 0 ? 50 : 10 })),
        },
        ['body', 'variants'],
      );
      await refusedAt({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, ['body', 'tags']);
    });

    it('refuses rules past their size (a 422 at the list on create, update and bulk), not a 500', async () => {
      // Every rule and condition at its longest, in three-byte characters: past what DynamoDB's item holds.
      const rules = (character: string) =>
        Array.from({ length: 20 }, (_, i) => ({
          url: `https://x.example/${i}`,
          conditions: Array.from({ length: 10 }, () => ({ type: 'query', name: 'n', value: character.repeat(1024) })),
        }));
      await refusedAt({ redirect_rules: rules('€') }, ['body', 'redirect_rules']);
      const link = (await create({})).body;
      const update = await api.put<{ detail: { loc: unknown[]; msg: string }[] }>(`/urls/${link.id}`, {
        redirect_rules: rules('€'),
      });
      expect(update.status).toBe(422);
      expect(update.body.detail).toEqual([
        expect.objectContaining({ loc: ['body', 'redirect_rules'], msg: expect.stringContaining('100000 bytes') }),
      ]);
      const bulk = await api.post<{ results: { status: number }[] }>('/urls/bulk', {
        links: [{ user_id: owner.id, original_url: 'https://x.example/', redirect_rules: rules('€') }],
      });
      expect(bulk.body.results.map((result) => result.status)).toEqual([422]);
      // Within the size: stored, and read back whole.
      const within = rules('e').slice(0, 9);
      const made = await create({ redirect_rules: within });
      expect(made.status).toBe(201);
      expect((await api.get<Url>(`/urls/${made.body.id}`)).body.redirect_rules).toEqual(within);
    });

    it('refuses weights that do not add up to 100, a bad target, a bad tag and a short password', async () => {
      await refusedAt(
        {
          variants: [
            { url: 'https://x.example/a', weight: 50 },
            { url: 'https://x.example/b', weight: 40 },
          ],
        },
        ['body', 'variants'],
      );
      await refusedAt(
        {
          variants: [
            { url: 'https://x.example/a', weight: 50 },
            { url: 'ftp://x.example/b', weight: 50 },
          ],
        },
        ['body', 'variants', 1, 'url'],
      );
      await refusedAt({ redirect_rules: [{ url: 'nope', conditions: [{ type: 'device', value: 'ios' }] }] }, [
        'body',
        'redirect_rules',
        0,
        'url',
      ]);
      // A rule's target follows original_url's rules: no loop to the service's own short links.
      await refusedAt(
        { redirect_rules: [{ url: `${service.url}/abc123`, conditions: [{ type: 'device', value: 'ios' }] }] },
        ['body', 'redirect_rules', 0, 'url'],
      );
      await refusedAt({ tags: ['ok', 'not ok'] }, ['body', 'tags', 1]);
      await refusedAt({ tags: ['x'.repeat(33)] }, ['body', 'tags', 0]);
      // Letters outside a-z in any case, even those that lower-case into one (the Kelvin sign into k).
      await refusedAt({ tags: ['ok', '\u212Aelvin'] }, ['body', 'tags', 1]);
      await refusedAt({ tags: ['caf\u00E9'] }, ['body', 'tags', 0]);
      await refusedAt({ password: 'short' }, ['body', 'password']);
      await refusedAt({ password: 'p'.repeat(129) }, ['body', 'password']);
    });
  });

  describe('redirect rules', () => {
    it('sends each visit to the first rule whose conditions all hold, else to original_url', async () => {
      const link = await created({
        forward_query: true,
        redirect_rules: [
          // Values in any case.
          { url: 'https://campaign.example/ios', conditions: [{ type: 'device', value: 'iOS' }] },
          { url: 'https://campaign.example/android', conditions: [{ type: 'device', value: 'android' }] },
          {
            url: 'https://campaign.example/firefox-mac',
            conditions: [
              { type: 'browser', value: 'firefox' },
              { type: 'device', value: 'macos' },
            ],
          },
          { url: 'https://campaign.example/edge', conditions: [{ type: 'browser', value: 'edge' }] },
          { url: 'https://campaign.example/english', conditions: [{ type: 'language', value: 'EN' }] },
          { url: 'https://campaign.example/brazil', conditions: [{ type: 'language', value: 'pt-BR' }] },
          { url: 'https://campaign.example/newsletter', conditions: [{ type: 'query', name: 'src', value: 'mail' }] },
          { url: 'https://campaign.example/any-ref', conditions: [{ type: 'query', name: 'ref' }] },
          { url: 'https://campaign.example/germany', conditions: [{ type: 'country', value: 'DE' }] },
          { url: 'https://campaign.example/mobile', conditions: [{ type: 'device', value: 'mobile' }] },
        ],
      });
      expect(await locationOf(link, { 'User-Agent': iphone })).toBe('https://campaign.example/ios');
      expect(await locationOf(link, { 'User-Agent': android })).toBe('https://campaign.example/android');
      expect(await locationOf(link, { 'User-Agent': macFirefox })).toBe('https://campaign.example/firefox-mac');
      expect(await locationOf(link, { 'User-Agent': edge })).toBe('https://campaign.example/edge');
      // The most preferred language decides: en-GB holds for `en`; pt-BR only for pt-BR.
      expect(await locationOf(link, { 'User-Agent': windowsChrome, 'Accept-Language': 'en-GB,en;q=0.9' })).toBe(
        'https://campaign.example/english',
      );
      expect(await locationOf(link, { 'User-Agent': windowsChrome, 'Accept-Language': 'de;q=0.5, pt-BR' })).toBe(
        'https://campaign.example/brazil',
      );
      expect(await locationOf(link, { 'User-Agent': windowsChrome, 'Accept-Language': 'pt-PT' })).toBe(
        'https://campaign.example/home',
      );
      // Query conditions, and forward_query applied to the rule's target.
      expect(await locationOf(link, { 'User-Agent': windowsChrome }, '?src=mail')).toBe(
        'https://campaign.example/newsletter?src=mail',
      );
      expect(await locationOf(link, { 'User-Agent': windowsChrome }, '?src=web')).toBe(
        'https://campaign.example/home?src=web',
      );
      expect(await locationOf(link, { 'User-Agent': windowsChrome }, '?ref=')).toBe(
        'https://campaign.example/any-ref?ref=',
      );
      // Locally the viewer is on loopback: no country, whatever a client sends as CloudFront's header.
      expect(await locationOf(link, { 'User-Agent': windowsChrome, 'CloudFront-Viewer-Country': 'DE' })).toBe(
        'https://campaign.example/home',
      );
      // A bot is no device; no User-Agent holds no device condition either.
      expect(await locationOf(link, { 'User-Agent': googlebot })).toBe('https://campaign.example/home');
      expect(await locationOf(link)).toBe('https://campaign.example/home');
    });

    it('holds `after` and `before` at the visit, and records the rule and target of each click', async () => {
      const link = await created({
        redirect_rules: [
          { url: 'https://campaign.example/past', conditions: [{ type: 'before', value: '2000-01-01T00:00:00Z' }] },
          {
            url: 'https://campaign.example/now',
            conditions: [
              { type: 'after', value: '2020-01-01T00:00:00' },
              { type: 'before', value: '2999-01-01T00:00:00.000' },
            ],
          },
        ],
      });
      expect(await locationOf(link, { 'User-Agent': windowsChrome })).toBe('https://campaign.example/now');
      const [click] = await clicks(link, 1);
      expect(click?.details).toMatchObject({ original_url: 'https://campaign.example/now', rule: 1 });
      expect(click?.details).not.toHaveProperty('variant');
    });

    it('refuses a rule to a blocked host, and disables the visits a rule would send to one (410)', async () => {
      const link = await created({
        redirect_rules: [{ url: 'https://soon-blocked.example/x', conditions: [{ type: 'device', value: 'ios' }] }],
      });
      expect((await api.request('PUT', '/blocked-hosts/soon-blocked.example')).status).toBe(204);
      await eventually(
        async () => ((await visit(link, { 'User-Agent': iphone })).status === 410 ? true : undefined),
        15_000,
      );
      expect(await locationOf(link, { 'User-Agent': windowsChrome })).toBe('https://campaign.example/home');
      const refused = await create({
        redirect_rules: [{ url: 'https://soon-blocked.example/y', conditions: [{ type: 'device', value: 'ios' }] }],
      });
      expect(refused.status).toBe(422);
      expect((refused.body as unknown as { detail: { loc: unknown[] }[] }).detail[0]?.loc).toEqual([
        'body',
        'redirect_rules',
        0,
        'url',
      ]);
    });
  });

  describe('A/B variants', () => {
    it('splits 1,000 distinct visitors within 5 points of the weights, and keeps each visitor on its variant', async () => {
      const link = await created({
        variants: [
          { url: 'https://campaign.example/a', weight: 70 },
          { url: 'https://campaign.example/b', weight: 20 },
          { url: 'https://campaign.example/c', weight: 10 },
        ],
      });
      const agentOf = (i: number) => `${windowsChrome} visitor/${i}`;
      const seen = new Map<number, string | null>();
      for (let start = 0; start < 1000; start += 50) {
        await Promise.all(
          Array.from({ length: 50 }, async (_, k) => {
            seen.set(start + k, await locationOf(link, { 'User-Agent': agentOf(start + k) }));
          }),
        );
      }
      const share = (url: string) => [...seen.values()].filter((location) => location === url).length / 10;
      expect(Math.abs(share('https://campaign.example/a') - 70)).toBeLessThanOrEqual(5);
      expect(Math.abs(share('https://campaign.example/b') - 20)).toBeLessThanOrEqual(5);
      expect(Math.abs(share('https://campaign.example/c') - 10)).toBeLessThanOrEqual(5);
      for (const i of [0, 1, 2, 3, 4, 500, 999]) {
        expect(await locationOf(link, { 'User-Agent': agentOf(i) })).toBe(seen.get(i));
      }
    }, 120_000);

    it('tells the same visitor apart by address, lets a rule come first, and records the variant', async () => {
      const link = await created({
        redirect_rules: [{ url: 'https://campaign.example/app', conditions: [{ type: 'device', value: 'ios' }] }],
        variants: [
          { url: 'https://campaign.example/a', weight: 50 },
          { url: 'https://campaign.example/b', weight: 50 },
        ],
      });
      expect(await locationOf(link, { 'User-Agent': iphone })).toBe('https://campaign.example/app');
      const fromAddress = (address: string) =>
        new Promise<string | undefined>((resolve, reject) => {
          request(
            `${service.url}/urls/${link.short_code}/redirect`,
            { localAddress: address, headers: { 'User-Agent': windowsChrome } },
            (response) => {
              response.resume();
              resolve(response.headers.location);
            },
          )
            .on('error', reject)
            .end();
        });
      const first = await fromAddress('127.0.3.7');
      for (let i = 0; i < 4; i++) expect(await fromAddress('127.0.3.7')).toBe(first);
      const events = await clicks(link, 6);
      const variantClicks = events.filter((event) => event.details.variant !== undefined);
      expect(variantClicks).toHaveLength(5);
      for (const event of variantClicks) {
        expect(event.details.original_url).toBe(first);
        expect(event.details.variant).toBe(first === 'https://campaign.example/a' ? 0 : 1);
      }
      expect(events.find((event) => event.details.rule === 0)?.details.original_url).toBe(
        'https://campaign.example/app',
      );
    });
  });

  describe('password-protected links', () => {
    it('asks for the password and records nothing until it is given', async () => {
      const link = await created({ password: 'open sesame', max_clicks: 5 });
      const json = await visit(link, { 'User-Agent': windowsChrome });
      expect(json.status).toBe(401);
      expect(json.body).toEqual({ detail: 'Password required' });
      const head = await api.request('HEAD', `/urls/${link.short_code}/redirect`);
      expect(head.status).toBe(401);
      const page = await visit(link, { Accept: 'text/html', 'User-Agent': windowsChrome }, '?utm_source=mail&x=a%20b');
      expect(page.status).toBe(401);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.text).toContain(`action="/urls/${link.short_code}/unlock?utm_source=mail&#38;x=a%20b"`);
      expect(page.text).toMatch(/<input[^>]+name="password"[^>]+type="password"/);
      // The short form too.
      const short = await fetch(`${service.url}/${link.short_code}`, {
        redirect: 'manual',
        headers: { Accept: 'text/html' },
      });
      expect(short.status).toBe(401);
      expect(await short.text()).toContain(`action="/urls/${link.short_code}/unlock"`);

      const wrong = await unlock(link.short_code, JSON.stringify({ password: 'open says me' }), 'application/json');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ detail: 'Wrong password' });
      const wrongPage = await unlock(link.short_code, 'password=nope', 'application/x-www-form-urlencoded', {
        Accept: 'text/html',
      });
      expect(wrongPage.status).toBe(401);
      expect(wrongPage.text).toContain('Wrong password');
      const stats = await api.get<{ totals: { clicks: number } }>(`/urls/${link.id}/stats`);
      expect(stats.body.totals.clicks).toBe(0);
      const events = await listAll<Event>(api, `/events?url_id=${link.id}&event_type=click`);
      expect(events).toHaveLength(0);
    });

    it('opens with the right password, as a form or JSON, with the visit query, and records the click', async () => {
      const link = await created({
        password: 'open sesame',
        forward_query: true,
        redirect_rules: [
          { url: 'https://campaign.example/mail', conditions: [{ type: 'query', name: 'src', value: 'mail' }] },
        ],
      });
      const form = await unlock(
        link.short_code,
        'password=open+sesame',
        'application/x-www-form-urlencoded',
        { 'User-Agent': windowsChrome },
        '?src=mail',
      );
      expect(form.status).toBe(302);
      expect(form.headers.get('location')).toBe('https://campaign.example/mail?src=mail');
      const json = await unlock(link.short_code, JSON.stringify({ password: 'open sesame' }), 'application/json');
      expect(json.status).toBe(302);
      expect(json.headers.get('location')).toBe('https://campaign.example/home');
      const events = await clicks(link, 2);
      expect(events.map((event) => event.details.original_url).sort()).toEqual([
        'https://campaign.example/home',
        'https://campaign.example/mail',
      ]);
      // An unlock without a password is a 422 at it.
      const missing = await unlock(link.short_code, '', 'application/x-www-form-urlencoded');
      expect(missing.status).toBe(422);
      expect((missing.body as { detail: { loc: unknown[] }[] }).detail[0]?.loc).toEqual(['body', 'password']);
    });

    it('refuses every attempt for 10 minutes after 10 wrong ones from one address, even in parallel', async () => {
      const link = await created({ password: 'open sesame' });
      const attempts = await Promise.all(
        Array.from({ length: 14 }, () =>
          unlock(link.short_code, JSON.stringify({ password: 'guess guess' }), 'application/json'),
        ),
      );
      expect(attempts.filter((attempt) => attempt.status === 401)).toHaveLength(10);
      expect(attempts.filter((attempt) => attempt.status === 429)).toHaveLength(4);
      const right = await unlock(link.short_code, JSON.stringify({ password: 'open sesame' }), 'application/json');
      expect(right.status).toBe(429);
      expect(right.body).toEqual({ detail: 'Too Many Requests' });
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(500);
      // The contract's JSON to a browser's form too.
      const form = await unlock(link.short_code, 'password=open+sesame', 'application/x-www-form-urlencoded', {
        Accept: 'text/html',
      });
      expect({ status: form.status, body: form.body }).toEqual({ status: 429, body: { detail: 'Too Many Requests' } });
      // Another link is another count.
      const other = await created({ password: 'open sesame' });
      expect(
        (await unlock(other.short_code, JSON.stringify({ password: 'open sesame' }), 'application/json')).status,
      ).toBe(302);
    });

    it('lets right passwords sent at once through, however many, and counts only the wrong ones', async () => {
      const link = await created({ password: 'open sesame', max_clicks: 100 });
      const tryPassword = (password: string) =>
        unlock(link.short_code, JSON.stringify({ password }), 'application/json').then((answer) => answer.status);
      // Five times the limit of right ones at once: each is counted while it is checked, and none is refused for
      // another being checked, however many wait (each check is scrypt's 40 ms of CPU, so a hundred take the
      // two cores seconds; the wait goes on while checks settle, up to 7 s).
      expect(await Promise.all(Array.from({ length: 50 }, () => tryPassword('open sesame')))).toEqual(
        Array(50).fill(302),
      );
      expect(await Promise.all(Array.from({ length: 9 }, () => tryPassword('guess guess')))).toEqual(
        Array(9).fill(401),
      );
      // Nine wrong ones counted: one place is left, and 10 right ones at once take it in turn.
      expect(await Promise.all(Array.from({ length: 10 }, () => tryPassword('open sesame')))).toEqual(
        Array(10).fill(302),
      );
      expect(await tryPassword('open sesame')).toBe(302);
      expect(await tryPassword('guess guess')).toBe(401);
      expect(await tryPassword('open sesame')).toBe(429);
      // Right ones at once beyond a link's click limit: the limit answers them, not the attempts.
      const limited = await created({ password: 'open sesame', max_clicks: 3 });
      const statuses = await Promise.all(
        Array.from({ length: 15 }, () =>
          unlock(limited.short_code, JSON.stringify({ password: 'open sesame' }), 'application/json'),
        ),
      );
      expect(statuses.map((answer) => answer.status).sort()).toEqual([...Array(3).fill(302), ...Array(12).fill(410)]);
    });

    it('takes the attempts of a window opened before wrong ones were counted apart as wrong ones', async () => {
      const link = await created({ password: 'open sesame' });
      const tryPassword = (password: string) =>
        unlock(link.short_code, JSON.stringify({ password }), 'application/json').then((answer) => answer.status);
      expect(await tryPassword('guess guess')).toBe(401);
      // The window as the code before `wrong` left it: 9 attempts, all wrong (right ones were given back).
      const attemptsItem = async () =>
        (
          await documentClient.send(
            new QueryCommand({
              TableName: tableName(),
              KeyConditionExpression: 'PK = :pk',
              ExpressionAttributeValues: { ':pk': keys.unlockAttempts(link.short_code, 'x').PK },
              ConsistentRead: true,
            }),
          )
        ).Items?.[0] as Record<string, unknown>;
      const { PK, SK } = await attemptsItem();
      await documentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { PK, SK },
          UpdateExpression: 'SET attempts = :nine REMOVE wrong',
          ExpressionAttributeValues: { ':nine': 9 },
        }),
      );
      expect(await tryPassword('guess guess')).toBe(401);
      expect(await attemptsItem()).toMatchObject({ attempts: 10, wrong: 10 });
      expect(await tryPassword('open sesame')).toBe(429);
    });

    it('answers an expired protected link as expired, and a removed password lets visits through', async () => {
      const expired = await created({ password: 'open sesame', max_clicks: 1 });
      expect(
        (await unlock(expired.short_code, JSON.stringify({ password: 'open sesame' }), 'application/json')).status,
      ).toBe(302);
      const after = await visit(expired);
      expect(after.status).toBe(410);
      expect(after.body).toEqual({ detail: 'Link expired' });
      // Whatever the password: expiry comes before it.
      for (const password of ['open sesame', 'guess guess']) {
        const unlocked = await unlock(expired.short_code, JSON.stringify({ password }), 'application/json');
        expect({ status: unlocked.status, body: unlocked.body }).toEqual({
          status: 410,
          body: { detail: 'Link expired' },
        });
      }

      const link = await created({ password: 'open sesame' });
      const changed = await api.put<Url>(`/urls/${link.id}`, { password: null });
      expect(changed.body.password_protected).toBe(false);
      expect(await locationOf(link)).toBe('https://campaign.example/home');
      const again = await api.put<Url>(`/urls/${link.id}`, { password: 'another one' });
      expect(again.body.password_protected).toBe(true);
      expect((await visit(link)).status).toBe(401);
    });
  });

  describe('tags', () => {
    it('lists the links of a tag in any case, counts a user’s tags, and exports them in CSV', async () => {
      const tagger = (await api.post<{ id: number }>('/users', { username: 'tagger', email: 'tagger@example.com' }))
        .body;
      const make = (tags: string[], is_active = true) =>
        api.post<Url>('/urls', { user_id: tagger.id, original_url: 'https://tags.example/', tags, is_active });
      const a = (await make(['Spring', 'mail'])).body;
      const b = (await make(['spring'], false)).body;
      await make(['autumn']);
      const listed = await api.get<Url[]>(`/urls?tag=SPRING&user_id=${tagger.id}`);
      expect(listed.status).toBe(200);
      expect(listed.body.map((url) => url.id)).toEqual([a.id, b.id]);
      const active = await api.get<Url[]>(`/urls?tag=spring&user_id=${tagger.id}&is_active=true`);
      expect(active.body.map((url) => url.id)).toEqual([a.id]);
      const everyone = await api.get<Url[]>('/urls?tag=mail&limit=100');
      expect(everyone.body.map((url) => url.id)).toContain(a.id);
      expect(everyone.body.every((url) => url.tags.includes('mail'))).toBe(true);

      const tags = await api.get(`/users/${tagger.id}/tags`);
      expect(tags.status).toBe(200);
      expect(tags.body).toEqual([
        { tag: 'autumn', links: 1 },
        { tag: 'mail', links: 1 },
        { tag: 'spring', links: 2 },
      ]);
      expect((await api.get('/users/999999/tags')).status).toBe(404);
      expect((await api.get('/urls?tag=not%20a%20tag')).status).toBe(422);

      const csv = await api.get(`/urls?tag=spring&user_id=${tagger.id}`, { Accept: 'text/csv' });
      expect(csv.status).toBe(200);
      const [header, first] = csv.text.split('\r\n');
      expect(header?.split(',').slice(-4)).toEqual(['tags', 'redirect_rules', 'variants', 'password_protected']);
      expect(first).toContain('"[""mail"",""spring""]"');
    });

    it('takes tags, rules and variants in bulk, each link refused on its own', async () => {
      const response = await api.post<{ results: { status: number; url?: Url; detail?: unknown }[] }>('/urls/bulk', {
        links: [
          { user_id: owner.id, original_url: 'https://bulk.example/1', tags: ['Bulk'], password: 'bulk password' },
          { user_id: owner.id, original_url: 'https://bulk.example/2', tags: ['no way'] },
        ],
      });
      expect(response.status).toBe(207);
      const [made, refused] = response.body.results;
      expect(made?.status).toBe(201);
      expect(made?.url).toMatchObject({ tags: ['bulk'], password_protected: true });
      expect(refused?.status).toBe(422);
      expect((refused?.detail as { loc: unknown[] }[] | undefined)?.[0]?.loc).toEqual(['body', 'tags', 0]);
    });
  });

  it('counts where clicks went in the statistics’ `targets`, after `countries`', async () => {
    const link = await created({
      redirect_rules: [{ url: 'https://campaign.example/ios', conditions: [{ type: 'device', value: 'ios' }] }],
    });
    for (const agent of [iphone, iphone, windowsChrome]) await locationOf(link, { 'User-Agent': agent });
    const stats = await eventually(async () => {
      const response = await api.get<Record<string, unknown> & { totals: { clicks: number } }>(
        `/urls/${link.id}/stats`,
      );
      return response.body.totals.clicks === 3 ? response.body : undefined;
    });
    const keys = Object.keys(stats);
    expect(keys[keys.indexOf('countries') + 1]).toBe('targets');
    expect(stats.targets).toEqual([
      { name: 'https://campaign.example/ios', clicks: 2 },
      { name: 'https://campaign.example/home', clicks: 1 },
    ]);
  });
});
