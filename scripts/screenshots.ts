import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { type HistoryLink, queueClickHistory, statsCounted } from '../bench/click-history.js';
import { type LocalRuntime, startLocalRuntime } from '../local/runtime.js';
import { launchBrowser } from '../test/support/browser.js';

/**
 * `npm run screenshots [-- name ...]`: the pictures in the docs (all of them, or those named), taken in headless
 * Chromium from a local service of its own (in memory, with the bundled seed), so anyone can take them again
 * after changing a page.
 */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each picture: how to bring the page to what it shows. */
const pictures: Record<string, { fullPage: boolean; show: (page: Page, service: LocalRuntime) => Promise<void> }> = {
  'api-reference': {
    fullPage: false,
    show: async (page, service) => {
      await page.goto(`${service.url}/docs`);
      await page.waitForSelector('.opblock');
    },
  },
  // The statistics page of a link with two weeks of clicks (queued as the redirects queue them, with their
  // times, so that the page shows what a busy link looks like).
  'stats-page': {
    fullPage: true,
    show: async (page, service) => {
      const created = await fetch(`${service.url}/urls`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ user_id: 1, original_url: 'https://blog.example.com/launch', title: 'Launch post' }),
      });
      const link = (await created.json()) as HistoryLink;
      const history = await queueClickHistory(service, link, { days: 14, perDay: 250, firstId: 9_000_000_000 });
      await statsCounted(service.url, link.id, history.firstDay, history.clicks);
      const today = new Date().toISOString().slice(0, 10);
      await page.goto(`${service.url}/${link.short_code}+?from=${history.firstDay}&to=${today}&interval=day`);
      await page.waitForSelector('#chart canvas');
      await page.locator('#status', { hasText: 'clicks from' }).waitFor();
    },
  },
  // The home page of a seeded user, with its links and their clicks of the week (the seed's are older: a few
  // redirects first).
  'home-page': {
    fullPage: false,
    show: async (page, service) => {
      const links = (await (await fetch(`${service.url}/urls?user_id=1&limit=3`)).json()) as HistoryLink[];
      const today = new Date().toISOString().slice(0, 10);
      for (const [i, link] of links.entries()) {
        const clicks = [12, 5, 1][i] ?? 0;
        for (let click = 0; click < clicks; click++) {
          await fetch(`${service.url}/${link.short_code}`, {
            redirect: 'manual',
            headers: { 'User-Agent': 'Mozilla/5.0' },
          });
        }
        await statsCounted(service.url, link.id, today, clicks);
      }
      await page.goto(`${service.url}/?user=1`);
      await page.locator('li.link').first().waitFor();
      // Every row's clicks shown (they arrive after the list).
      await page.locator('li.link [data-field="clicks"]', { hasText: '–' }).first().waitFor({ state: 'detached' });
    },
  },
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in pictures));
if (unknown.length > 0) {
  console.error(`No picture named ${unknown.join(', ')}; there are ${Object.keys(pictures).join(', ')}.`);
  process.exit(2);
}
const name = `screenshots-${Date.now().toString(36)}`;
const service = await startLocalRuntime({
  port: 0,
  host: '127.0.0.1',
  tableName: name,
  queueName: name,
  seed: { dir: path.join(projectRoot, 'seed') },
});
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  for (const [picture, { fullPage, show }] of Object.entries(pictures)) {
    if (wanted.length > 0 && !wanted.includes(picture)) continue;
    await show(page, service);
    const file = path.join(projectRoot, `docs/images/${picture}.png`);
    await page.screenshot({ path: file, fullPage });
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
} finally {
  await browser.close();
  await service.stop();
}
