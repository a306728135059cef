import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core';

/**
 * Headless Chromium for the tests of what a person looks at. It is Debian's chromium package (no browser
 * download works here): `.ci/run` installs it; on a machine without it, the browser tests are skipped with a
 * message saying how to install it, never passed silently.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const browserInstalled = existsSync(chromiumPath);

/** `describe` when the browser is installed, else a skipped `describe` that says why. */
export function describeInBrowser(name: string, body: () => void): void {
  if (browserInstalled) {
    describe(name, body);
    return;
  }
  console.warn(
    `SKIPPED ${name}: no Chromium at ${chromiumPath}. Install Debian's package (apt-get install chromium), as .ci/run does, or set CHROMIUM_PATH.`,
  );
  describe.skip(name, body);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // As root, with no network beyond loopback: no sandbox, and none of Chromium's background connections.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page of the service, and what would make it wrong for a person, recorded while it is used. */
export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught exceptions. */
  problems: string[];
  /** Requests to any origin but the service's (the pages load nothing from a CDN). */
  foreignRequests: string[];
}

export async function watchedPage(
  browser: Browser,
  serviceUrl: string,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, ...options });
  const watched: WatchedPage = { page, problems: [], foreignRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watched.problems.push(message.text());
  });
  page.on('pageerror', (error) => watched.problems.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== new URL(serviceUrl).origin)
      watched.foreignRequests.push(request.url());
  });
  return watched;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Waits until an element shows exactly `text` (a page draws after its data arrive: reading it at once reads
 * whatever was there before), and fails after Playwright's timeout if it never does.
 */
export async function shows(locator: Locator, text: string): Promise<void> {
  await locator
    .filter({ hasText: new RegExp(`^\\s*${escaped(text)}\\s*$`) })
    .first()
    .waitFor();
}

/**
 * Waits until an image is drawn (it has loaded, with a width). Polled from here: a function the page would
 * poll itself is a string it evaluates, which the pages' Content-Security-Policy forbids.
 */
export async function imageShown(image: Locator): Promise<void> {
  await image.waitFor();
  for (
    let tries = 0;
    (await image.evaluate((element: { naturalWidth: number }) => element.naturalWidth)) === 0;
    tries++
  ) {
    if (tries > 100) throw new Error('The image was not drawn within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the page has exactly `count` elements matching `selector`. */
export async function showsCount(page: Page, selector: string, count: number): Promise<void> {
  await page.waitForFunction(`document.querySelectorAll(${JSON.stringify(selector)}).length === ${count}`);
}

/** An accessibility rule the page breaks, as axe-core reports it. */
export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[] }[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The page as it is now, checked by axe-core (WCAG 2.x A and AA rules). The test brings axe in through the
 * DevTools protocol's evaluation, which no Content-Security-Policy stops, so the page itself never loads it.
 */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
      .then((result) => result.violations.map(({ id, impact, help, nodes }) =>
        ({ id, impact, help, nodes: nodes.map((node) => ({ target: node.target })) })))`,
  )) as AxeViolation[];
}

/** The violations a person would be stopped by: those axe-core rates serious or critical. */
export const seriousViolations = (violations: AxeViolation[]) =>
  violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
