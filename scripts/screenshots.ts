import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  const target = path.join(projectRoot, 'docs/images/api-reference.png');
  await page.screenshot({ path: target });
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
} finally {
  await browser.close();
  await service.stop();
}
