import type { Browser, Page } from 'playwright-core';
import type { PublicUrlRecord as Url } from '../../shared/domain/records.js';
import {
  accessibilityViolations,
  describeInBrowser,
  imageShown,
  launchBrowser,
  seriousViolations,
  shows,
  watchedPage,
} from '../support/browser.js';
import { httpClient, startTestService, type TestService } from '../support/service.js';

/**
 * The home page in keys mode, in a real headless Chromium: it asks for a key, says at the key's field why one
 * is refused, keeps the key in the tab's session storage only, and with a user's key manages that user's
 * links; an operator's key picks a user first.
 */
describeInBrowser('home page in keys mode (headless Chromium, DynamoDB Local)', () => {
  const adminKey = `ask_${'Hh0Mm1Ee2'.repeat(4)}`;
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let foreignRequests: string[];
  let owner: { id: number };
  let ownerKey: string;
  let link: Url;
  let admin: ReturnType<typeof httpClient>['request'];

  const ownLinks = async () =>
    (
      await admin<Url[]>('GET', `/urls?user_id=${owner.id}`, undefined, {
        headers: { Authorization: `Bearer ${adminKey}` },
      })
    ).body;

  beforeAll(async () => {
    service = await startTestService({ functionSettings: { AUTH_MODE: 'keys' }, adminKey });
    admin = httpClient(service.url, { checkOpenApi: false }).request;
    const post = async <T>(path: string, body: unknown) =>
      (await admin<T>('POST', path, body, { headers: { Authorization: `Bearer ${adminKey}` } })).body;
    owner = await post<{ id: number }>('/users', { username: 'owner', email: 'owner@example.com' });
    await post('/users', { username: 'other', email: 'other@example.com' });
    link = await post<Url>('/urls', {
      user_id: owner.id,
      original_url: 'https://owned.example/',
      title: 'Owned',
      tags: ['owned'],
    });
    ownerKey = (await post<{ key: string }>(`/users/${owner.id}/keys`, { name: 'browser' })).key;

    browser = await launchBrowser();
    ({ page, problems, foreignRequests } = await watchedPage(browser, service.url));
    await page.goto(`${service.url}/`);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const useKey = async (key: string) => {
    await page.fill('#key-input', key);
    await page.press('#key-input', 'Enter');
  };

  it('asks for a key, and shows nothing else before one is given', async () => {
    await page.locator('#key-section').waitFor();
    await shows(page.locator('#status'), 'Enter an access key to see your links.');
    expect(await page.locator('#links-section').isVisible()).toBe(false);
    expect(await page.locator('#create-section').isVisible()).toBe(false);
    expect(seriousViolations(await accessibilityViolations(page))).toEqual([]);
  });

  it("says at the key's field why a wrong key is refused, and keeps none of it", async () => {
    await useKey(`usk_${'q'.repeat(43)}`);
    await shows(page.locator('#key-error'), 'This key was not accepted: mistyped, unknown, revoked or expired.');
    expect(await page.locator('#key-input').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it("shows the key's own links, and keeps the key in the tab's session storage only", async () => {
    await useKey(ownerKey);
    await page.locator(`a.short[href$="/${link.short_code}"]`).waitFor();
    await shows(page.locator('li.link .title'), 'Owned');
    expect(await page.evaluate(() => sessionStorage.getItem('url-shortener-access-key'))).toBe(ownerKey);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await page.evaluate('document.cookie')).toBe('');
    expect(page.url()).toBe(`${service.url}/`);
    expect(await page.locator('#key-section').isVisible()).toBe(false);
    expect(await page.locator('#switch-user').isVisible()).toBe(false);
  });

  it("lists the key's user's tags, and filters by one (a user's key names no user: its links do)", async () => {
    const tags = page.locator('#user-tags button');
    await shows(tags.nth(1), 'owned (1)');
    await tags.nth(1).click();
    await shows(page.locator('#status'), '1 link tagged owned.');
    expect(await tags.nth(1).getAttribute('aria-pressed')).toBe('true');
    await tags.first().click();
    await shows(page.locator('#status'), '1 link.');
  });

  it("creates a link for the key's user, shows its QR code and sends the key with every call", async () => {
    await page.fill('#create-original-url', 'https://owned.example/new');
    await page.fill('#create-short-code', 'keyed-link');
    await page.press('#create-short-code', 'Enter');
    await page.locator('#status', { hasText: 'Created' }).waitFor();
    expect((await ownLinks()).map((candidate) => candidate.short_code)).toContain('keyed-link');
    const row = page.locator('li.link', { has: page.locator('a.short[href$="/keyed-link"]') });
    await row.locator('[data-action="qr"]').click();
    await imageShown(row.locator('.qr-box img'));
    expect(seriousViolations(await accessibilityViolations(page))).toEqual([]);
  });

  it('keeps the key for the tab: a reload, and the statistics page opened from here, ask for it not again', async () => {
    await page.reload();
    await page.locator(`a.short[href$="/${link.short_code}"]`).waitFor();
    const row = page.locator('li.link', { has: page.locator(`a.short[href$="/${link.short_code}"]`) });
    await row.locator('[data-action="stats"]').click();
    await page.locator('#status', { hasText: 'clicks from' }).waitFor();
    expect(await page.locator('#key-form').isVisible()).toBe(false);
    await page.goBack();
    await row.waitFor();
  });

  it("with an operator's key, picks a user first", async () => {
    await page.click('#forget-key');
    await page.locator('#key-section').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await useKey(adminKey);
    await page.locator('#user-section').waitFor();
    // The users are asked for once the section shows: both listed.
    await page.locator('#pick-user option').nth(1).waitFor({ state: 'attached' });
    await expect(page.locator('#pick-user option').allTextContents()).resolves.toEqual([
      'owner (owner@example.com)',
      'other (other@example.com)',
    ]);
    await page.selectOption('#pick-user', String(owner.id));
    await page.click('#pick-user-form button[type="submit"]');
    await shows(page.locator('#acting-as'), 'Links of owner (owner@example.com)');
    await page.locator('a.short[href$="/keyed-link"]').waitFor();
    // The key is no part of the address, even with a user picked.
    expect(page.url()).toBe(`${service.url}/`);
  });

  it('loads nothing from another origin, and nothing went wrong but the refused key', () => {
    expect(foreignRequests).toEqual([]);
    expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
  });
});
