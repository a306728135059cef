import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { PublicUrlRecord as Url, UserRecord as User } from '../../shared/domain/records.js';
import {
  accessibilityViolations,
  describeInBrowser,
  imageShown,
  launchBrowser,
  seriousViolations,
  shows,
  watchedPage,
} from '../support/browser.js';
import { eventually, httpClient, queueDrained, startTestService, type TestService } from '../support/service.js';

/**
 * The home page at `/` in open mode, in a real headless Chromium against the local service: a person picks or
 * creates a user, then creates, lists, changes, deactivates, copies, shows and deletes links, each action
 * checked through the API; adds, pings, pauses and deletes a webhook; errors appear at their field; the
 * keyboard alone is enough; axe-core finds no serious violation.
 */
describeInBrowser('home page (headless Chromium, DynamoDB Local)', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof httpClient>;
  let problems: string[];
  let foreignRequests: string[];
  let existing: User;
  let user: User;

  const row = (code: string) => page.locator('li.link', { has: page.locator(`a.short[href$="/${code}"]`) });
  const linksOf = async (userId: number) => (await api.get<Url[]>(`/urls?user_id=${userId}&limit=100`)).body;
  const status = () => page.locator('#status');
  /** Waits until every row shows its clicks (they arrive after the list). */
  const countsShown = () =>
    page.locator('li.link [data-field="clicks"]', { hasText: '–' }).first().waitFor({ state: 'detached' });

  beforeAll(async () => {
    // Its webhooks' receiver is on this machine.
    service = await startTestService({ functionSettings: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    api = httpClient(service.url);
    existing = (await api.post<User>('/users', { username: 'ada', email: 'ada@example.com' })).body;
    browser = await launchBrowser();
    ({ page, problems, foreignRequests } = await watchedPage(browser, service.url, {
      permissions: ['clipboard-read', 'clipboard-write'],
    }));
    await page.goto(`${service.url}/`);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('offers the existing users, and says at its field why a new one is refused', async () => {
    await page.locator('#user-section').waitFor();
    await page.locator('#pick-user option').first().waitFor({ state: 'attached' });
    await expect(page.locator('#pick-user option').allTextContents()).resolves.toEqual(['ada (ada@example.com)']);
    await page.fill('#create-username', 'grace');
    await page.fill('#create-email', 'ADA@example.com');
    await page.click('#create-user-form button[type="submit"]');
    await shows(page.locator('#create-email-error'), 'A user with this email exists already.');
    expect(await page.locator('#create-email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate('document.activeElement?.id')).toBe('create-email');
  });

  it('creates a user and shows its (empty) list, the user kept in the address', async () => {
    await page.fill('#create-email', 'grace@example.com');
    await page.click('#create-user-form button[type="submit"]');
    await shows(page.locator('#acting-as'), 'Links of grace (grace@example.com)');
    await page.locator('#links-empty').waitFor();
    user = (await api.get<User[]>('/users?per_page=100')).body.find(
      (candidate) => candidate.username === 'grace',
    ) as User;
    expect(new URL(page.url()).search).toBe(`?user=${user.id}`);
  });

  it('creates a link with a generated code, and lists it', async () => {
    await page.fill('#create-original-url', 'https://example.com/a/long/page');
    await page.fill('#create-title', 'A long page');
    await page.click('#create-form button[type="submit"]');
    await status().filter({ hasText: 'Created' }).waitFor();
    const [link] = await linksOf(user.id);
    expect(link).toMatchObject({
      original_url: 'https://example.com/a/long/page',
      title: 'A long page',
      is_active: true,
    });
    expect(link?.short_code).toMatch(/^[A-Za-z0-9]{6}$/);
    await shows(row(link?.short_code ?? '').locator('.state'), 'Active');
    await shows(row(link?.short_code ?? '').locator('[data-field="clicks"]'), '0');
    // The form is empty again, for the next link.
    expect(await page.inputValue('#create-original-url')).toBe('');
  });

  it('creates a link with a chosen code, an expiry, a click limit, a fallback and query forwarding', async () => {
    await page.fill('#create-original-url', 'https://example.com/sale');
    await page.fill('#create-short-code', 'spring-sale');
    await page.click('#create-more summary');
    await page.fill('#create-expires-at', '2099-06-30T12:00');
    await page.fill('#create-max-clicks', '1000');
    await page.fill('#create-expired-url', 'https://example.com/over');
    await page.check('#create-forward-query');
    await page.click('#create-form button[type="submit"]');
    // The status still says "Created" from the link before: the new link's row is what shows it is made.
    await row('spring-sale').waitFor();
    const expiresAt = await page.evaluate(() => new Date('2099-06-30T12:00').toISOString().slice(0, 23));
    const link = (await linksOf(user.id)).find((candidate) => candidate.short_code === 'spring-sale');
    expect(link).toMatchObject({
      original_url: 'https://example.com/sale',
      expires_at: expiresAt,
      max_clicks: 1000,
      expired_url: 'https://example.com/over',
      forward_query: true,
    });
    const lifecycle = await row('spring-sale').locator('.lifecycle').innerText();
    expect(lifecycle).toContain('stops after 1,000 clicks');
    expect(lifecycle).toContain('then leads to https://example.com/over');
    expect(lifecycle).toContain('forwards its query string');
  });

  it('shows a refused destination at its field (422), and a taken code at the code field (400)', async () => {
    await page.fill('#create-original-url', 'not a link');
    await page.click('#create-form button[type="submit"]');
    await page.locator('#create-original-url-error:not(:empty)').waitFor();
    expect(await page.locator('#create-original-url').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate('document.activeElement?.id')).toBe('create-original-url');
    await page.fill('#create-original-url', 'https://example.com/again');
    await page.fill('#create-short-code', 'spring-sale');
    await page.click('#create-form button[type="submit"]');
    await shows(page.locator('#create-short-code-error'), 'This short code is taken: choose another.');
    // The earlier error is gone with its cause.
    await expect(page.locator('#create-original-url-error').textContent()).resolves.toBe('');
    await page.fill('#create-short-code', '');
    await page.fill('#create-original-url', '');
    expect(await linksOf(user.id)).toHaveLength(2);
  });

  it("lists the user's links again after a reload, with the clicks of the last 7 days", async () => {
    expect((await api.get('/spring-sale')).status).toBe(302);
    await queueDrained(service);
    // The statistics follow the clicks by a few seconds (the table's stream).
    await eventually(async () => {
      await page.reload();
      await row('spring-sale').waitFor();
      await countsShown();
      const clicks = await row('spring-sale').locator('[data-field="clicks"]').textContent();
      return clicks === '1' ? clicks : undefined;
    }, 20_000);
    await expect(page.locator('li.link').count()).resolves.toBe(2);
  });

  it("changes a link's destination and title", async () => {
    await row('spring-sale').locator('[data-action="edit"]').click();
    const form = row('spring-sale').locator('.edit-form');
    await form.locator('[name="original_url"]').fill('https://example.com/summer');
    await form.locator('[name="title"]').fill('Summer sale');
    await form.locator('button[type="submit"]').click();
    await shows(row('spring-sale').locator('.title'), 'Summer sale');
    await shows(row('spring-sale').locator('[data-field="original_url"]'), 'https://example.com/summer');
    const link = (await linksOf(user.id)).find((candidate) => candidate.short_code === 'spring-sale');
    expect(link).toMatchObject({ original_url: 'https://example.com/summer', title: 'Summer sale' });
  });

  it('shows a refused change at its field in the row', async () => {
    await row('spring-sale').locator('[data-action="edit"]').click();
    const form = row('spring-sale').locator('.edit-form');
    await form.locator('[name="original_url"]').fill('ftp://example.com/file');
    await form.locator('button[type="submit"]').click();
    await form.locator('[data-error-for="original_url"]:not(:empty)').waitFor();
    expect(await form.locator('[name="original_url"]').getAttribute('aria-invalid')).toBe('true');
    await form.locator('[data-action="cancel-edit"]').click();
    expect(await form.isVisible()).toBe(false);
  });

  describe("a link's campaign: tags, redirect rules, A/B variants and a password", () => {
    const create = (path: string) => page.locator(`#create-form [data-path="${path}"]`);
    const linkOf = async (code: string) => {
      const found = (await linksOf(user.id)).find((candidate) => candidate.short_code === code) as Url;
      return (await api.get<Url>(`/urls/${found.id}`)).body;
    };
    const focused = () =>
      page.evaluate('document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.id');

    it('creates a link with two tags, a rule, variants and a password, and the API has them', async () => {
      await page.fill('#create-original-url', 'https://example.com/campaign');
      await page.fill('#create-short-code', 'campaign');
      await page.click('#create-campaign summary');
      // Tags: Enter or a comma adds what is typed, kept lower-case.
      await page.fill('#create-tags', 'Spring');
      await page.press('#create-tags', 'Enter');
      await page.locator('#create-tags').pressSequentially('mail,');
      await expect(page.locator('#create-form [data-field="tag-chips"] li span').allTextContents()).resolves.toEqual([
        'spring',
        'mail',
      ]);
      expect(await page.inputValue('#create-tags')).toBe('');
      // A rule: a device from its list, then a query parameter with a value.
      await page.click('#create-form [data-do="add-rule"]');
      expect(await page.evaluate('document.activeElement?.dataset.path')).toBe('redirect_rules.0.url');
      await create('redirect_rules.0.url').fill('https://example.com/ios');
      await create('redirect_rules.0.conditions.0.value').selectOption('ios');
      await page.click('#create-form [data-do="add-condition"]');
      await create('redirect_rules.0.conditions.1.type').selectOption('query');
      await create('redirect_rules.0.conditions.1.name').fill('utm_source');
      await create('redirect_rules.0.conditions.1.value').fill('mail');
      // Variants: two at first, half and half; the running total says what is missing.
      await page.click('#create-form [data-do="add-variant"]');
      await create('variants.0.url').fill('https://example.com/a');
      await create('variants.1.url').fill('https://example.com/b');
      await create('variants.0.weight').fill('70');
      await create('variants.1.weight').fill('20');
      await shows(
        page.locator('#create-form [data-field="weights"]'),
        'The weights add up to 90 %: they must add up to 100 (10 to go).',
      );
      await create('variants.1.weight').fill('30');
      await shows(page.locator('#create-form [data-field="weights"]'), 'The weights add up to 100 %.');
      await page.fill('#create-password', 'open sesame');
      await page.click('#create-form button[type="submit"]');
      await row('campaign').waitFor();

      const link = await linkOf('campaign');
      expect(link).toMatchObject({
        tags: ['mail', 'spring'],
        redirect_rules: [
          {
            url: 'https://example.com/ios',
            conditions: [
              { type: 'device', value: 'ios' },
              { type: 'query', name: 'utm_source', value: 'mail' },
            ],
          },
        ],
        variants: [
          { url: 'https://example.com/a', weight: 70 },
          { url: 'https://example.com/b', weight: 30 },
        ],
        password_protected: true,
      });
      expect(link).not.toHaveProperty('password');
      // The row says it all, and the form is empty again.
      await expect(row('campaign').locator('[data-field="tags"] button').allTextContents()).resolves.toEqual([
        'mail',
        'spring',
      ]);
      expect(await row('campaign').locator('[data-field="protected"]').isVisible()).toBe(true);
      await expect(row('campaign').locator('[data-field="targets"] li').allTextContents()).resolves.toEqual([
        'Rule 1: when device is ios and the query has utm_source=mail → https://example.com/ios',
        'Variant A (70 %) → https://example.com/a',
        'Variant B (30 %) → https://example.com/b',
      ]);
      await expect(page.locator('#create-form .rule, #create-form .variant, #create-form .chip').count()).resolves.toBe(
        0,
      );
      expect(await page.inputValue('#create-password')).toBe('');
    });

    it("shows what the API refuses at the rule's condition, the variants and the tags (422)", async () => {
      await page.fill('#create-original-url', 'https://example.com/refused');
      await page.fill('#create-tags', 'no spaces');
      await page.press('#create-tags', 'Enter');
      await shows(
        page.locator('#create-tags-error'),
        '"no spaces" is no tag: a tag is 1 to 32 characters: a-z, 0-9, _ and -.',
      );
      await page.fill('#create-tags', '');
      await page.click('#create-form [data-do="add-rule"]');
      await create('redirect_rules.0.url').fill('https://example.com/de');
      await create('redirect_rules.0.conditions.0.type').selectOption('country');
      await create('redirect_rules.0.conditions.0.value').fill('Germany');
      await page.click('#create-form [data-do="add-variant"]');
      await create('variants.0.url').fill('https://example.com/a');
      await create('variants.1.url').fill('https://example.com/b');
      await create('variants.1.weight').fill('60');
      await page.click('#create-form button[type="submit"]');
      const conditionError = page.locator('#create-form [data-error-for="redirect_rules.0.conditions.0"]');
      await shows(conditionError, 'Value: Input should be an ISO 3166-1 alpha-2 country code such as DE');
      expect(await create('redirect_rules.0.conditions.0.value').getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate('document.activeElement?.dataset.path')).toBe('redirect_rules.0.conditions.0.value');
      expect(await create('redirect_rules.0.conditions.0.value').getAttribute('aria-describedby')).toBe(
        await conditionError.getAttribute('id'),
      );
      await shows(page.locator('#create-form [data-error-for="variants"]'), 'Weights must add up to 100');
      // A bad variant's destination, then, at the variant.
      await create('redirect_rules.0.conditions.0.value').fill('DE');
      await create('variants.1.weight').fill('50');
      await create('variants.0.url').fill('ftp://example.com/a');
      await page.click('#create-form button[type="submit"]');
      await page.locator('#create-form [data-error-for="variants.0"]:not(:empty)').waitFor();
      expect(await page.locator('#create-form [data-error-for="variants.0"]').textContent()).toMatch(/^Destination: /);
      expect(await page.evaluate('document.activeElement?.dataset.path')).toBe('variants.0.url');
      expect((await linksOf(user.id)).some((link) => link.original_url === 'https://example.com/refused')).toBe(false);
      // Removed with the keyboard: the focus goes to the next item's button, then to the button that adds one.
      await page.focus('#create-form [data-do="remove-variant"] >> nth=0');
      await page.keyboard.press('Enter');
      expect(await focused()).toBe('Remove variant a');
      await shows(
        page.locator('#create-form [data-field="weights"]'),
        'An A/B test needs at least 2 variants: add one, or remove this one.',
      );
      await page.keyboard.press('Enter');
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Add A/B variants');
      await page.focus('#create-form [data-do="remove-rule"]');
      await page.keyboard.press('Enter');
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Add a rule');
      await page.fill('#create-original-url', '');
    });

    it('edits them with the keyboard, and removes them', async () => {
      await row('campaign').locator('[data-action="edit"]').click();
      const form = row('campaign').locator('.edit-form');
      const at = (path: string) => form.locator(`[data-path="${path}"]`);
      await shows(
        form.locator('[data-field="password-state"]'),
        'Protected: a visitor types the password before the link redirects.',
      );
      expect(await at('redirect_rules.0.conditions.0.value').inputValue()).toBe('ios');
      expect(await at('variants.1.weight').inputValue()).toBe('30');
      // A tag removed from its button, one added.
      await form.locator('button[aria-label="Remove the tag mail"]').focus();
      await page.keyboard.press('Enter');
      expect(await focused()).toBe('Remove the tag spring');
      await at('tags').focus();
      await page.keyboard.type('summer');
      await page.keyboard.press('Enter');
      // A second rule, moved up to be the first.
      await form.locator('[data-do="add-rule"]').focus();
      await page.keyboard.press('Enter');
      await page.keyboard.type('https://example.com/english');
      await at('redirect_rules.1.conditions.0.type').selectOption('language');
      await at('redirect_rules.1.conditions.0.value').fill('en');
      await form.locator('[aria-label="Move up: rule 2"]').focus();
      await page.keyboard.press('Enter');
      // At the top, its "up" cannot act: the keyboard goes to its "down".
      expect(await focused()).toBe('Move down: rule 1');
      expect(await at('redirect_rules.0.url').inputValue()).toBe('https://example.com/english');
      // The variants removed, and the password.
      await form.locator('[aria-label="Remove variant a"]').click();
      await form.locator('[aria-label="Remove variant a"]').click();
      await form.getByLabel('Remove the password').check();
      expect(await at('password').isDisabled()).toBe(true);
      await form.locator('button[type="submit"]').click();
      await status().filter({ hasText: 'Saved' }).waitFor();
      expect(await linkOf('campaign')).toMatchObject({
        tags: ['spring', 'summer'],
        redirect_rules: [
          { url: 'https://example.com/english', conditions: [{ type: 'language', value: 'en' }] },
          { url: 'https://example.com/ios' },
        ],
        variants: null,
        password_protected: false,
      });
      expect(await row('campaign').locator('[data-field="protected"]').isVisible()).toBe(false);

      // Again: the rules removed, a password set.
      await row('campaign').locator('[data-action="edit"]').click();
      await form.locator('[aria-label="Remove rule 1"]').click();
      await form.locator('[aria-label="Remove rule 1"]').click();
      await at('password').fill('a new secret');
      await form.locator('button[type="submit"]').click();
      await form.waitFor({ state: 'hidden' });
      expect(await linkOf('campaign')).toMatchObject({
        tags: ['spring', 'summer'],
        redirect_rules: [],
        variants: null,
        password_protected: true,
      });
      expect(await row('campaign').locator('[data-field="targets"]').isVisible()).toBe(false);
    });

    it('passes an automated accessibility check (axe-core) with the editors open and filled', async () => {
      await page.click('#create-form [data-do="add-rule"]');
      await page.click('#create-form [data-do="add-condition"]');
      await page.click('#create-form [data-do="add-variant"]');
      await page.fill('#create-tags', 'a-tag');
      await page.press('#create-tags', 'Enter');
      await row('campaign').locator('[data-action="edit"]').click();
      await row('campaign').locator('.edit-form [data-do="add-rule"]').click();
      expect(seriousViolations(await accessibilityViolations(page))).toEqual([]);
      await row('campaign').locator('[data-action="cancel-edit"]').click();
      await page.reload();
      await row('campaign').waitFor();
    });

    it("filters the list by tag with the keyboard alone, from the user's tags or a typed one", async () => {
      await api.post('/urls', { user_id: user.id, original_url: 'https://example.com/other', tags: ['Spring'] });
      await page.reload();
      const all = `${(await linksOf(user.id)).length} links.`;
      const tagButtons = page.locator('#user-tags button');
      await shows(tagButtons.nth(2), 'summer (1)');
      await expect(tagButtons.allTextContents()).resolves.toEqual(['All links', 'spring (2)', 'summer (1)']);
      const shown = async () =>
        (await page.locator('li.link a.short').evaluateAll((links) => links.map((link) => link.textContent)))
          .map((short) => short?.split('/').pop())
          .sort();
      const tagged = async (tag: string) =>
        (await api.get<Url[]>(`/urls?user_id=${user.id}&tag=${tag}`)).body.map((link) => link.short_code).sort();

      // A typed tag, in any case, then Enter.
      await page.locator('#tag-filter-input').focus();
      await page.keyboard.type('SUMMER');
      await page.keyboard.press('Enter');
      await shows(status(), '1 link tagged summer.');
      expect(await shown()).toEqual(await tagged('summer'));
      expect(await tagButtons.nth(2).getAttribute('aria-pressed')).toBe('true');
      // The user's tags, reached with Tab, pressed with Enter.
      for (let presses = 0; presses < 5; presses++) {
        if ((await page.evaluate('document.activeElement?.textContent')) === 'spring (2)') break;
        await page.keyboard.press('Tab');
      }
      expect(
        await page.evaluate(
          '({ text: document.activeElement.textContent, outline: getComputedStyle(document.activeElement).outlineStyle })',
        ),
      ).toEqual({ text: 'spring (2)', outline: 'solid' });
      await page.keyboard.press('Enter');
      await shows(status(), '2 links tagged spring.');
      expect(await shown()).toEqual(await tagged('spring'));
      expect(await page.inputValue('#tag-filter-input')).toBe('spring');
      // All links again.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await shows(status(), all);
      expect(await tagButtons.first().getAttribute('aria-pressed')).toBe('true');
      // A tag of a row filters too.
      await row('campaign').locator('[data-action="filter-tag"]', { hasText: 'summer' }).click();
      await shows(status(), '1 link tagged summer.');
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('summer (1)');
      // No link with a tag: said so.
      await page.fill('#tag-filter-input', 'winter');
      await page.press('#tag-filter-input', 'Enter');
      await page.locator('#links-none-tagged').waitFor();
      await page.fill('#tag-filter-input', '');
      await page.press('#tag-filter-input', 'Enter');
      await shows(status(), all);
    });
  });

  it('deactivates a link, and activates it again', async () => {
    await row('spring-sale').locator('[data-action="toggle"]').click();
    await shows(row('spring-sale').locator('.state'), 'Inactive');
    expect((await linksOf(user.id)).find((link) => link.short_code === 'spring-sale')?.is_active).toBe(false);
    expect((await api.get('/spring-sale')).status).toBe(404);
    await row('spring-sale').locator('[data-action="toggle"]').click();
    await shows(row('spring-sale').locator('.state'), 'Active');
    expect((await linksOf(user.id)).find((link) => link.short_code === 'spring-sale')?.is_active).toBe(true);
  });

  it('copies a short link to the clipboard', async () => {
    const link = (await linksOf(user.id)).find((candidate) => candidate.short_code === 'spring-sale') as Url;
    await row('spring-sale').locator('[data-action="copy"]').click();
    await status().filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link.short_url);
  });

  it("shows a link's QR code", async () => {
    await row('spring-sale').locator('[data-action="qr"]').click();
    const image = row('spring-sale').locator('.qr-box img');
    await image.waitFor();
    await imageShown(image);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    expect(await image.getAttribute('alt')).toContain('/spring-sale');
    expect(await row('spring-sale').locator('[data-action="qr"]').getAttribute('aria-expanded')).toBe('true');
  });

  it('adds a webhook, shows its secret once, pings it, shows its deliveries, pauses and deletes it', async () => {
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push(body);
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const webhooks = page.locator('li.webhook');
      await page.locator('#webhooks-empty').waitFor();
      await page.fill('#webhook-url', 'http://10.0.0.1/hooks');
      await page.click('#webhook-form button[type="submit"]');
      await shows(
        page.locator('#webhook-url-error'),
        'Webhook targets must be public addresses (not loopback, private, link-local or multicast)',
      );
      expect(await page.evaluate('document.activeElement?.id')).toBe('webhook-url');

      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      await page.fill('#webhook-url', url);
      await page.fill('#webhook-event-types', 'click, created');
      await page.click('#webhook-form button[type="submit"]');
      await shows(webhooks.locator('[data-field="url"]'), url);
      const [made] = (await api.get<{ id: string; event_types: string[] }[]>(`/users/${user.id}/webhooks`)).body;
      expect(made?.event_types).toEqual(['click', 'created']);
      expect(await page.locator('#webhook-secret code').textContent()).toMatch(/^whsec_/);
      await shows(webhooks.locator('[data-field="scope"]'), 'Receives click, created, of all links.');

      await webhooks.locator('[data-action="ping"]').click();
      await status().filter({ hasText: 'Test ping sent' }).waitFor();
      await eventually(async () => (received.some((body) => body.includes('"type":"ping"')) ? true : undefined));
      const deliveries = `/users/${user.id}/webhooks/${made?.id}/deliveries`;
      await eventually(async () => ((await api.get<unknown[]>(deliveries)).body.length > 0 ? true : undefined));
      await webhooks.locator('[data-action="deliveries"]').click();
      await shows(webhooks.locator('table.deliveries tbody tr').first().locator('td').nth(3), 'delivered');
      expect(await webhooks.locator('[data-action="deliveries"]').getAttribute('aria-expanded')).toBe('true');
      expect(seriousViolations(await accessibilityViolations(page))).toEqual([]);

      await webhooks.locator('[data-action="toggle-webhook"]').click();
      await shows(webhooks.locator('[data-field="state"]'), 'paused: Disabled by its user');
      expect((await api.get<{ status: string }[]>(`/users/${user.id}/webhooks`)).body[0]?.status).toBe('disabled');
      await webhooks.locator('[data-action="delete-webhook"]').click();
      await page.locator('#webhooks-empty').waitFor();
      expect((await api.get<unknown[]>(`/users/${user.id}/webhooks`)).body).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('passes an automated accessibility check (axe-core) with no serious violation', async () => {
    await row('spring-sale').locator('[data-action="edit"]').click();
    const violations = await accessibilityViolations(page);
    expect(seriousViolations(violations)).toEqual([]);
    await row('spring-sale').locator('[data-action="cancel-edit"]').click();
    const picker = await browser.newPage();
    await picker.goto(`${service.url}/`);
    await picker.locator('#pick-user option').first().waitFor({ state: 'attached' });
    expect(seriousViolations(await accessibilityViolations(picker))).toEqual([]);
    await picker.close();
  });

  it("opens a link's statistics page", async () => {
    const link = (await linksOf(user.id)).find((candidate) => candidate.short_code === 'spring-sale') as Url;
    const stats = row('spring-sale').locator('[data-action="stats"]');
    expect(await stats.getAttribute('href')).toBe(`${link.short_url}+`);
    await stats.click();
    await page.waitForURL(`${link.short_url}+`);
    await page.locator('#status', { hasText: 'clicks from' }).waitFor();
    await page.goBack();
    await row('spring-sale').waitFor();
  });

  it('deletes a link only once the dialog confirms it', async () => {
    await row('spring-sale').locator('[data-action="delete"]').click();
    const dialog = page.locator('#confirm-delete');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('/spring-sale will stop working');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await linksOf(user.id)).some((link) => link.short_code === 'spring-sale')).toBe(true);
    await row('spring-sale').locator('[data-action="delete"]').click();
    await dialog.locator('button[value="delete"]').click();
    await status().filter({ hasText: 'Deleted' }).waitFor();
    await expect(row('spring-sale').count()).resolves.toBe(0);
    expect((await linksOf(user.id)).some((link) => link.short_code === 'spring-sale')).toBe(false);
  });

  it('picks an existing user, and can switch back to the choice', async () => {
    await page.click('#switch-user');
    await page.locator('#user-section').waitFor();
    await page.selectOption('#pick-user', String(existing.id));
    await page.click('#pick-user-form button[type="submit"]');
    await shows(page.locator('#acting-as'), 'Links of ada (ada@example.com)');
    await page.locator('#links-empty').waitFor();
  });

  it('can be used with the keyboard alone: the create form filled and sent with Tab and Enter', async () => {
    const keyboard = await browser.newPage();
    await keyboard.goto(`${service.url}/?user=${existing.id}`);
    await keyboard.locator('#links-empty').waitFor();
    // The page puts the focus on the destination once the links are shown.
    expect(await keyboard.evaluate('document.activeElement?.id')).toBe('create-original-url');
    await keyboard.keyboard.type('https://example.com/typed');
    await keyboard.keyboard.press('Tab');
    await keyboard.keyboard.type('Typed');
    await keyboard.keyboard.press('Tab');
    await keyboard.keyboard.type('typed-link');
    for (let presses = 0; presses < 10; presses++) {
      if ((await keyboard.evaluate('document.activeElement?.textContent')) === 'Shorten') break;
      await keyboard.keyboard.press('Tab');
    }
    const outline = await keyboard.evaluate(
      '({ text: document.activeElement.textContent, outline: getComputedStyle(document.activeElement).outlineStyle })',
    );
    expect(outline).toEqual({ text: 'Shorten', outline: 'solid' });
    await keyboard.keyboard.press('Enter');
    await keyboard.locator('#status', { hasText: 'Created' }).waitFor();
    expect((await linksOf(existing.id)).map((link) => [link.short_code, link.title])).toEqual([
      ['typed-link', 'Typed'],
    ]);
    await keyboard.close();
  });

  it('fits a phone screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await phone.goto(`${service.url}/?user=${user.id}`);
    await phone.locator('li.link').first().waitFor();
    const widths = (await phone.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')) as number[];
    expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
    await phone.close();
  });

  it('loads nothing from another origin, and nothing went wrong but the refusals it showed', () => {
    expect(foreignRequests).toEqual([]);
    // The browser logs each refused request as a failed load; nothing else went wrong.
    expect(problems.filter((problem) => !/status of 4(00|04|22)/.test(problem))).toEqual([]);
  });
});
