import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type HistoryLink, queueClickHistory, statsCounted } from '../bench/click-history.js';
import { startLocalRuntime } from '../local/runtime.js';
import { launchBrowser } from '../test/support/browser.js';

/**
 * `npm run screenshots`: the pictures in the docs, taken in headless Chromium from a local service of its own
 * (in memory, with the bundled seed), so anyone can take them again after changing a page.
 */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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
  await page.goto(`${service.url}/docs`);
  await page.waitForSelector('.opblock');
  const reference = path.join(projectRoot, 'docs/images/api-reference.png');
  await page.screenshot({ path: reference });
  console.log(`wrote ${path.relative(process.cwd(), reference)}`);

  // The statistics page of a link with two weeks of clicks (queued as the redirects queue them, with their
  // times, so that the page shows what a busy link looks like).
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
  const stats = path.join(projectRoot, 'docs/images/stats-page.png');
  await page.screenshot({ path: stats, fullPage: true });
  console.log(`wrote ${path.relative(process.cwd(), stats)}`);
} finally {
  await browser.close();
  await service.stop();
}
