import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExpiryReason } from '../domain/link-lifecycle.js';
import type { UrlRecord } from '../domain/records.js';
import { statsPageFiles, statsPageFolder } from './page-files.js';
import { staticFiles } from './static-files.js';

/**
 * The statistics page of a link, at `/<code>+` (Bitly's convention): the link, its target and QR code, its
 * clicks per interval as a chart (uPlot, MIT) and as a table, humans and bots, unique visitors, and the top
 * lists, for a range the reader picks. The server writes the page's frame; the page's script (web/stats-page)
 * reads GET /urls/{id}/stats like any client. Every file is served by the service: nothing from a CDN.
 */

/** Scripts, styles, images and data only from the service itself. */
export const statsPagePolicy =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.codePointAt(0)};`);

/** A link's state and lifecycle, in one line: whether it redirects now, and when it stops. */
function lifecycleLine(url: UrlRecord, expiry: ExpiryReason | undefined): string {
  const state = !url.is_active
    ? 'Inactive'
    : expiry === 'date'
      ? 'Expired: its date has passed'
      : expiry === 'clicks'
        ? 'Expired: its click limit is reached'
        : 'Live';
  const facts = [
    url.expires_at
      ? `expires <time datetime="${url.expires_at}Z">${url.expires_at.slice(0, 16).replace('T', ' ')} UTC</time>`
      : '',
    url.max_clicks !== null
      ? `stops after ${url.max_clicks.toLocaleString('en-US')} click${url.max_clicks === 1 ? '' : 's'}`
      : '',
    url.expired_url
      ? `then leads to <a href="${escapeHtml(url.expired_url)}" rel="noopener noreferrer">${escapeHtml(url.expired_url)}</a>`
      : '',
  ].filter(Boolean);
  const live = url.is_active && expiry === undefined;
  return `<p class="lifecycle" data-live="${live}"><span class="state">${state}</span>${facts.length > 0 ? ` · ${facts.join(' · ')}` : ''}</p>`;
}

/**
 * What the page says about the link, for a reader allowed to see it: its title, target, state and lifecycle.
 * In `keys` mode the page's script asks for it with the reader's key (the shell shows none of it).
 */
export function linkFacts(url: UrlRecord, expiry: ExpiryReason | undefined): string {
  const target = escapeHtml(url.original_url);
  return [
    url.title ? `<p class="title">${escapeHtml(url.title)}</p>` : '',
    `<p class="target">→ <a href="${target}" rel="noopener noreferrer">${target}</a>${url.is_active ? '' : ' <span class="badge">inactive</span>'}</p>`,
    lifecycleLine(url, expiry),
  ].join('');
}

/**
 * The page of a link. `base` is where the service's paths start for the reader (`/`, or a stage's prefix),
 * `shortLink` the link as it is shared. `link` is what the reader may see of it: in `keys` mode nothing (the
 * page is a shell open to anyone, the same for every code, known or not: it asks for a key, then loads the
 * link's facts, its figures and its QR code with it).
 */
export function statsPageHtml(
  base: string,
  shortLink: string,
  link: { url: UrlRecord; expiry: ExpiryReason | undefined } | { code: string },
): string {
  const shown = escapeHtml(shortLink);
  const keysMode = 'code' in link;
  const keyForm = keysMode
    ? `
    <form id="key-form" aria-label="Access key" hidden>
      <p>This service asks for an access key to show statistics: a key of the link's owner (usk_...) or an operator key (ask_...).</p>
      <label>Access key <input type="password" name="key" autocomplete="off" spellcheck="false" required minlength="32"></label>
      <button type="submit">Show statistics</button>
      <p class="note">The key stays in this browser tab (its session storage) and is sent only to this service.</p>
    </form>`
    : '';
  const identity = keysMode ? `data-code="${escapeHtml(link.code)}" data-auth="keys"` : `data-url-id="${link.url.id}"`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <base href="${escapeHtml(base)}">
  <title>Statistics of ${shown}</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="stats-page/uPlot.min.css">
  <link rel="stylesheet" href="stats-page/stats-page.css">
  <script type="module" src="stats-page/stats-page.js"></script>
</head>
<body>
  <main id="stats" ${identity}>
    <header class="link">
      <div>
        <h1>Statistics of <a href="${shown}">${shown}</a></h1>
        <div id="link-facts">${keysMode ? '' : linkFacts(link.url, link.expiry)}</div>
      </div>
      <img class="qr" ${keysMode ? '' : `src="urls/${link.url.id}/qr" `}width="132" height="132" alt="QR code of ${shown}">
    </header>${keyForm}
    <form id="range" aria-label="Range">
      <label>From <input type="date" name="from" required></label>
      <label>To <input type="date" name="to" required></label>
      <label>Per <select name="interval"><option value="day">day</option><option value="hour">hour</option></select></label>
      <button type="submit">Show</button>
      <span class="presets">
        <button type="button" data-days="1" data-interval="hour">24 hours</button>
        <button type="button" data-days="7" data-interval="day">7 days</button>
        <button type="button" data-days="30" data-interval="day">30 days</button>
        <button type="button" data-days="365" data-interval="day">1 year</button>
      </span>
    </form>
    <p id="status" role="status" aria-live="polite">Loading…</p>
    <section aria-labelledby="totals-heading">
      <h2 id="totals-heading" class="visually-hidden">Totals</h2>
      <dl id="totals">
        <div><dt>Clicks</dt><dd data-total="clicks">–</dd></div>
        <div><dt>Humans</dt><dd data-total="human_clicks">–</dd></div>
        <div><dt>Bots</dt><dd data-total="bot_clicks">–</dd></div>
        <div><dt>Unique visitors</dt><dd data-total="unique_visitors">–</dd></div>
      </dl>
    </section>
    <section aria-labelledby="series-heading">
      <h2 id="series-heading">Clicks per <span data-interval-name>day</span></h2>
      <div id="chart" role="img" aria-label="Chart of clicks per interval; the same numbers are in the table below"></div>
      <details id="series-details">
        <summary>Table of the chart</summary>
        <table id="series"><caption class="visually-hidden">Clicks per interval</caption>
          <thead><tr><th scope="col">Start (UTC)</th><th scope="col">Clicks</th><th scope="col">Humans</th><th scope="col">Bots</th><th scope="col">Unique visitors</th></tr></thead>
          <tbody></tbody>
        </table>
      </details>
    </section>
    <section aria-labelledby="top-heading">
      <h2 id="top-heading">Where the clicks come from</h2>
      <div class="tops">
        <table data-top="referrers"><caption>Referrers</caption><tbody></tbody></table>
        <table data-top="countries"><caption>Countries</caption><tbody></tbody></table>
        <table data-top="targets"><caption>Destinations <span class="hint">(where visits were sent: the link's own, a rule's or a variant's)</span></caption><tbody></tbody></table>
        <table data-top="browsers"><caption>Browsers</caption><tbody></tbody></table>
        <table data-top="operating_systems"><caption>Operating systems</caption><tbody></tbody></table>
        <table data-top="devices"><caption>Devices</caption><tbody></tbody></table>
      </div>
    </section>
  </main>
</body>
</html>
`;
}

/** Where a file is: next to the bundle in a deployment, in the project (or its packages) locally. */
function locate(name: string): string | undefined {
  const own = (statsPageFiles.own.files as readonly string[]).includes(name);
  if (!own && !(statsPageFiles.chart.files as readonly string[]).includes(name)) return undefined;
  const bundled = path.join(path.dirname(fileURLToPath(import.meta.url)), statsPageFolder, name);
  if (existsSync(bundled)) return bundled;
  return own
    ? fileURLToPath(new URL(`../../${statsPageFiles.own.from}/${name}`, import.meta.url))
    : path.join(path.dirname(createRequire(import.meta.url).resolve('uplot/package.json')), 'dist', name);
}

/** One of the page's files by name; anything else is a 404. */
export const statsPageFile = staticFiles(locate);
