import type { Browser, Page } from 'playwright-core';
import type { UrlRecord as Url } from '../../shared/domain/records.js';
import { describeInBrowser, launchBrowser, shows, watchedPage } from '../support/browser.js';
import { httpClient, startTestService, type TestService } from '../support/service.js';

/**
 * The statistics page in keys mode, in a real headless Chromium: it asks for a key, says plainly what a 401
 * and a 404 mean, shows the figures with the owner's key, and keeps the key in the tab's session storage only.
 */
describeInBrowser('statistics page in keys mode (headless Chromium, DynamoDB Local)', () => {
  const adminKey = `ask_${'Zz9Yy8Xx'.repeat(5)}`;
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let link: Url;
  let ownerKey: string;
  let otherKey: string;

  const statusText = () => page.locator('#status').textContent();

  beforeAll(async () => {
    service = await startTestService({ functionSettings: { AUTH_MODE: 'keys' }, adminKey });
    const api = httpClient(service.url, { checkOpenApi: false });
    const admin = { Authorization: `Bearer ${adminKey}` };
    const post = <T>(path: string, body: unknown) => api.request<T>('POST', path, body, { headers: admin });
    const owner = (await post<{ id: number }>('/users', { username: 'owner', email: 'owner@example.com' })).body;
    const other = (await post<{ id: number }>('/users', { username: 'other', email: 'other@example.com' })).body;
    link = (
      await post<Url>('/urls', { user_id: owner.id, original_url: 'https://secret-target.example/', title: 'Secret' })
    ).body;
    ownerKey = (await post<{ key: string }>(`/users/${owner.id}/keys`, { name: 'browser' })).body.key;
    otherKey = (await post<{ key: string }>(`/users/${other.id}/keys`, { name: 'other' })).body.key;
    await api.get(`/urls/${link.short_code}/redirect`, {
      'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
    });

    browser = await launchBrowser();
    ({ page, problems } = await watchedPage(browser, service.url));
    await page.goto(`${service.url}/${link.short_code}+`);
  }, 360_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const useKey = async (key: string) => {
    await page.fill('#key-form input[name="key"]', key);
    // The first answer to the key: the link's facts (`part=link`), then its figures.
    const answer = page.waitForResponse(
      (response) => response.url().includes('part=link') || response.url().includes('/stats?'),
    );
    await page.click('#key-form button[type="submit"]');
    return (await answer).status();
  };

  it("asks for a key, and shows neither the link's title nor its target before one is given", async () => {
    await page.locator('#key-form').waitFor({ state: 'visible' });
    await expect(statusText()).resolves.toContain('Enter an access key');
    const html = await page.content();
    expect(html).not.toContain('secret-target.example');
    expect(html).not.toContain('Secret');
  });

  it('serves the same shell, with the same status, for a known and an unknown code', async () => {
    const known = await fetch(`${service.url}/urls/${link.short_code}/stats-page`);
    const unknown = await fetch(`${service.url}/urls/nosuchcode/stats-page`);
    expect([known.status, unknown.status]).toEqual([200, 200]);
    const withoutCode = (html: string, code: string) => html.replaceAll(code, '<code>');
    expect(withoutCode(await known.text(), link.short_code)).toBe(withoutCode(await unknown.text(), 'nosuchcode'));
  });

  it('says what a refused key means (401), and asks again', async () => {
    expect(await useKey(`usk_${'q'.repeat(43)}`)).toBe(401);
    await page.locator('#status', { hasText: 'not accepted' }).waitFor();
    await expect(statusText()).resolves.toContain('mistyped, unknown, revoked or expired');
    expect(await page.locator('#key-form').isVisible()).toBe(true);
  });

  it("says what another user's key means (404), and asks again", async () => {
    expect(await useKey(otherKey)).toBe(404);
    await page.locator('#status', { hasText: 'not one of' }).waitFor();
    expect(await page.locator('#key-form').isVisible()).toBe(true);
  });

  it("shows the figures with the owner's key, and keeps the key in session storage only", async () => {
    expect(await useKey(ownerKey)).toBe(200);
    await page.locator('#status', { hasText: 'clicks from' }).waitFor();
    await shows(page.locator('[data-total="clicks"]'), '1');
    expect(await page.locator('#key-form').isVisible()).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem('url-shortener-access-key'))).toBe(ownerKey);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await page.evaluate('document.cookie')).toBe('');
    await page.locator('img.qr[src^="blob:"]').waitFor();
    // What the key may see of the link appears only now.
    await shows(page.locator('#link-facts .title'), 'Secret');
    await shows(page.locator('#link-facts .target a'), 'https://secret-target.example/');
    // The refused keys' answers are logged by the browser as failed loads; nothing else went wrong.
    expect(problems.filter((problem) => !/status of 40[14]/.test(problem))).toEqual([]);
  });

  it('keeps the key for the tab: a reload shows the figures without asking again', async () => {
    await page.reload();
    await page.locator('#status', { hasText: 'clicks from' }).waitFor();
    expect(await page.locator('#key-form').isVisible()).toBe(false);
  });
});
