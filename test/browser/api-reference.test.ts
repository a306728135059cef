import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchBrowser, watchedPage } from '../support/browser.js';
import { sharedTestService, type TestService } from '../support/service.js';

/** GET /docs in a real headless Chromium, served by the local runtime: the reference a person reads. */
describeInBrowser('API reference page (headless Chromium, DynamoDB Local)', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let foreignRequests: string[];

  beforeAll(async () => {
    // The page reads the document and asks /health: nothing of a service's data, so the worker's shared one.
    service = await sharedTestService();
    browser = await launchBrowser();
    ({ page, problems, foreignRequests } = await watchedPage(browser, service.url));
    await page.goto(`${service.url}/docs`);
    await page.waitForSelector('.opblock', { timeout: 30_000 });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('lists every operation of the OpenAPI document, from files the service serves itself', async () => {
    await expect(page.title()).resolves.toBe('URL shortener — API reference');
    const operations = await page.$$eval('.opblock-summary', (blocks) =>
      blocks.map((block) => block.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
    );
    for (const expected of ['POST/users', 'GET/urls/{id}/redirect', 'GET/events', 'GET/{code}', 'DELETE/users/{id}']) {
      expect(operations.some((text) => text.replace(/ /g, '').startsWith(expected))).toBe(true);
    }
    expect(foreignRequests).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('runs a request from the page ("Try it out") and shows its answer', async () => {
    const health = page.locator('.opblock-get', { has: page.locator('[data-path="/health"]') }).first();
    await health.locator('.opblock-summary').click();
    await health.getByRole('button', { name: 'Try it out' }).click();
    await health.getByRole('button', { name: 'Execute' }).click();
    // The answer is drawn when it arrives: wait for it to show.
    await health
      .locator('.live-responses-table tr.response .response-col_status', { hasText: '200' })
      .first()
      .waitFor();
    await health.locator('.live-responses-table .highlight-code', { hasText: '"status": "ok"' }).first().waitFor();
    await page.screenshot({ path: '.tmp/api-reference.png', fullPage: false });
    expect(problems).toEqual([]);
  });
});
