import type { Browser, Page } from 'playwright-core';
import type { PublicUrlRecord as Url, UserRecord as User } from '../../shared/records.js';
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
 * checked through the API; errors appear at their field; the keyboard alone is enough; axe-core finds no
 * serious violation.
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
    service = await startTestService();
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
