import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchBrowser, shows, showsCount, watchedPage } from '../support/browser.js';
import { eventually, httpClient, queueDrained, startTestService, type TestService } from '../support/service.js';

type Top = { name: string; clicks: number };
interface LinkStats {
  totals: Record<'clicks' | 'human_clicks' | 'bot_clicks' | 'unique_visitors', number>;
  series: { start: string; clicks: number; human_clicks: number; bot_clicks: number; unique_visitors: number }[];
  referrers: Top[];
  browsers: Top[];
  targets: Top[];
}

/**
 * A link's statistics page (`/<code>+`) in a real headless Chromium, over the seeded data: the chart is
 * drawn, and every number on the page is the API's.
 */
describeInBrowser('statistics page (headless Chromium, DynamoDB Local with the seed)', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof httpClient>;
  let link: { id: number; short_code: string };
  const range = 'from=2025-08-01&to=2025-10-05&interval=day';
  let problems: string[];
  let foreignRequests: string[];

  const texts = (selector: string) =>
    page.$$eval(selector, (cells) => cells.map((cell) => cell.textContent?.trim() ?? ''));

  beforeAll(async () => {
    // The tests' small seed (npm run generate-seed -- --small): a page over seeded data, not the bundled files.
    service = await startTestService({ seed: { dir: path.resolve(import.meta.dirname, '../fixtures/small-seed') } });
    api = httpClient(service.url);
    // The seeded link with the most clicks.
    type Event = { url_id: number; event_type: string };
    const events = (await api.get<Event[]>('/events?event_type=click&limit=1000')).body;
    const counts = new Map<number, number>();
    for (const event of events) counts.set(event.url_id, (counts.get(event.url_id) ?? 0) + 1);
    const [busiest] = [...counts].sort(([, a], [, b]) => b - a)[0] ?? [];
    const urls = (await api.get<{ id: number; short_code: string }[]>('/urls?limit=1000')).body;
    link = urls.find((url) => url.id === busiest) ?? { id: 0, short_code: '' };

    browser = await launchBrowser();
    ({ page, problems, foreignRequests } = await watchedPage(browser, service.url));
    await page.goto(`${service.url}/${link.short_code}+?${range}`);
    await page.locator('#status', { hasText: 'clicks from' }).waitFor({ timeout: 30_000 });
  }, 360_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it("draws the chart of the seeded clicks, and shows the API's totals", async () => {
    const stats = (await api.get<LinkStats>(`/urls/${link.id}/stats?from=2025-08-01&to=2025-10-06&interval=day`)).body;
    expect(stats.totals.clicks).toBeGreaterThan(0);
    expect(await page.locator('#chart canvas').count()).toBe(1);
    const box = await page.locator('#chart canvas').boundingBox();
    expect(box?.width).toBeGreaterThan(500);
    for (const [name, value] of Object.entries(stats.totals)) {
      await shows(page.locator(`[data-total="${name}"]`), String(value));
    }
    await expect(page.title()).resolves.toContain(link.short_code);
    expect(
      await page.locator('img.qr').evaluate((image: { naturalWidth: number }) => image.naturalWidth),
    ).toBeGreaterThan(0);
    expect(foreignRequests).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('has the same numbers in the table beside the chart, and top lists that add up', async () => {
    const stats = (await api.get<LinkStats>(`/urls/${link.id}/stats?from=2025-08-01&to=2025-10-06&interval=day`)).body;
    await page.locator('#series-details summary').click();
    const rows = await page.$$eval('#series tbody tr', (trs) =>
      trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? '')),
    );
    expect(rows).toEqual(
      stats.series.map((entry) => [
        entry.start.slice(0, 10),
        String(entry.clicks),
        String(entry.human_clicks),
        String(entry.bot_clicks),
        String(entry.unique_visitors),
      ]),
    );
    expect(await texts('[data-top="referrers"] tbody th')).toEqual(stats.referrers.map((entry) => entry.name));
    expect(await texts('[data-top="browsers"] tbody td:nth-of-type(1)')).toEqual(
      stats.browsers.map((entry) => String(entry.clicks)),
    );
  });

  it('changes the range from its form, and keeps it in the address', async () => {
    await page.selectOption('select[name="interval"]', 'hour');
    await page.fill('input[name="from"]', '2025-08-03');
    await page.fill('input[name="to"]', '2025-08-04');
    const answer = page.waitForResponse((response) => response.url().includes('/stats?'));
    await page.click('button[type="submit"]');
    expect(new URL((await answer).url()).searchParams.get('interval')).toBe('hour');
    // The page draws the answer after it arrives: wait for what it shows, not for the answer.
    await shows(page.locator('[data-interval-name]'), 'hour');
    await showsCount(page, '#series tbody tr', 48);
    await page.waitForURL((url) => url.search === '?from=2025-08-03&to=2025-08-04&interval=hour');
  });

  it('marks a daily chart with days, never with the hours between them', async () => {
    await page.goto(`${service.url}/${link.short_code}+?${range}`);
    await page.locator('#status', { hasText: 'clicks from' }).waitFor();
    const labels = ((await page.locator('#chart').getAttribute('data-day-ticks')) ?? '').split(' ');
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) expect(label).toMatch(/^\d{2}-\d{2}$/);
  });

  it('shows the last 24 hours, not the calendar day, from its "24 hours" button', async () => {
    const answer = page.waitForResponse((response) => response.url().includes('/stats?'));
    await page.click('button[data-days="1"]');
    const asked = new URL((await answer).url()).searchParams;
    expect(asked.get('interval')).toBe('hour');
    const from = Date.parse(`${asked.get('from')}Z`);
    const to = Date.parse(`${asked.get('to')}Z`);
    expect(to - from).toBe(24 * 3600 * 1000);
    expect(to).toBeGreaterThan(Date.now());
    await page.locator('#status', { hasText: 'the last 24 hours' }).waitFor();
    await showsCount(page, '#series tbody tr', 24);
    await page.waitForURL((url) => url.search === '?last=24h');
  });

  it('clears the last figures when a range is refused, so only the error stands', async () => {
    await page.goto(`${service.url}/${link.short_code}+?${range}`);
    await page.locator('#status', { hasText: 'clicks from' }).waitFor();
    await page.fill('input[name="from"]', '2020-01-01');
    await page.fill('input[name="to"]', '2025-10-05');
    await page.selectOption('select[name="interval"]', 'day');
    await page.click('button[type="submit"]');
    await page.locator('#status', { hasText: 'Could not load' }).waitFor();
    await shows(page.locator('[data-total="clicks"]'), '–');
    await showsCount(page, '#chart canvas', 0);
    await showsCount(page, '#series tbody tr', 0);
  });

  it('ignores a range in the address that is not one, and shows the last 7 days', async () => {
    const other = await browser.newPage();
    await other.goto(`${service.url}/${link.short_code}+?from=yesterday&to=2025-13-45`);
    await other.locator('#status', { hasText: 'clicks from' }).waitFor();
    await showsCount(other, '#series tbody tr', 7);
    await other.close();
  });

  it('shows whether a link is live, and its expiry: live, then expired when its limit is lowered to what it has', async () => {
    const other = await browser.newPage();
    const state = async () => {
      await other.goto(`${service.url}/${link.short_code}+?${range}`);
      await other.locator('#status', { hasText: 'clicks from' }).waitFor();
      return (await other.locator('.lifecycle').innerText()).replace(/\s+/g, ' ');
    };
    await api.put(`/urls/${link.id}`, { expires_at: '2099-06-30T12:00:00', max_clicks: 1_000_000 });
    expect(await state()).toBe('Live · expires 2099-06-30 12:00 UTC · stops after 1,000,000 clicks');
    expect(await other.locator('.lifecycle time').getAttribute('datetime')).toBe('2099-06-30T12:00:00.000Z');
    // A redirect takes a click of the allowance at once: a limit of 1 is then reached.
    expect((await api.get(`/${link.short_code}`)).status).toBe(302);
    await api.put(`/urls/${link.id}`, { max_clicks: 1, expires_at: null });
    expect(await state()).toBe('Expired: its click limit is reached · stops after 1 click');
    expect(await other.locator('.lifecycle').getAttribute('data-live')).toBe('false');
    await api.put(`/urls/${link.id}`, { max_clicks: null });
    expect(await state()).toBe('Live');
    await other.close();
  });

  it('shows where the visits were sent: the destinations of the link, its rules and its variants', async () => {
    const owner = (await api.get<{ user_id: number }>(`/urls/${link.id}`)).body.user_id;
    const campaign = (
      await api.post<{ id: number; short_code: string }>('/urls', {
        user_id: owner,
        original_url: 'https://example.com/campaign',
        redirect_rules: [{ url: 'https://example.com/from-mail', conditions: [{ type: 'query', name: 'from' }] }],
        variants: [
          { url: 'https://example.com/a', weight: 50 },
          { url: 'https://example.com/b', weight: 50 },
        ],
      })
    ).body;
    const visit = (query: string, agent: string) =>
      api.get(`/${campaign.short_code}${query}`, { 'User-Agent': `Mozilla/5.0 (X11; Linux x86_64) Firefox/${agent}` });
    for (const [query, agent] of [
      ['?from=mail', '130.0'],
      ['?from=mail', '131.0'],
      ['', '132.0'],
    ])
      expect((await visit(query as string, agent as string)).status).toBe(302);
    await queueDrained(service);
    await eventually(async () => {
      const stats = (await api.get<LinkStats>(`/urls/${campaign.id}/stats`)).body;
      return stats.totals.clicks === 3 ? stats : undefined;
    }, 20_000);

    const other = await browser.newPage();
    const answer = other.waitForResponse((response) => response.url().includes('/stats?'));
    await other.goto(`${service.url}/${campaign.short_code}+`);
    const stats = (await (await answer).json()) as LinkStats;
    await other.locator('#status', { hasText: 'clicks from' }).waitFor();
    expect(stats.targets[0]).toEqual({ name: 'https://example.com/from-mail', clicks: 2 });
    expect(stats.targets.reduce((sum, target) => sum + target.clicks, 0)).toBe(3);
    const cells = (selector: string) =>
      other.$$eval(selector, (found) => found.map((cell) => cell.textContent?.trim() ?? ''));
    expect(await cells('[data-top="targets"] tbody th')).toEqual(stats.targets.map((target) => target.name));
    expect(await cells('[data-top="targets"] tbody td:nth-of-type(1)')).toEqual(
      stats.targets.map((target) => String(target.clicks)),
    );
    // Right after the countries, as in the API's answer.
    expect(await other.$$eval('[data-top]', (tables) => tables.map((table) => table.getAttribute('data-top')))).toEqual(
      ['referrers', 'countries', 'targets', 'browsers', 'operating_systems', 'devices'],
    );
    await other.close();
  });

  it('fits a phone screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await phone.goto(`${service.url}/${link.short_code}+?${range}`);
    await phone.locator('#status', { hasText: 'clicks from' }).waitFor();
    const widths = await phone.evaluate('[document.documentElement.scrollWidth, window.innerWidth]');
    expect((widths as number[])[0]).toBeLessThanOrEqual((widths as number[])[1] as number);
    await phone.close();
  });
});
