// The statistics page's script (served as it is, no build step): reads GET /urls/{id}/stats for the range
// in the address bar and shows it as totals, a chart with a table beside it, and top lists.
import uPlot from './uPlot.esm.js';

const DAY_MS = 24 * 3600 * 1000;
const main = document.getElementById('stats');
const form = document.getElementById('range');
const status = document.getElementById('status');
const chartBox = document.getElementById('chart');
const numbers = new Intl.NumberFormat('en-US');
let chart;

// Keys mode: the figures need an access key, asked for on the page and kept in this tab's session storage
// only (never in local storage or a cookie), sent only to this service.
const keysMode = main.dataset.auth === 'keys';
const keyForm = document.getElementById('key-form');
const KEY_ITEM = 'url-shortener-access-key';
const storedKey = () => sessionStorage.getItem(KEY_ITEM);

function askForKey(message) {
  sessionStorage.removeItem(KEY_ITEM);
  keyForm.hidden = false;
  status.textContent = message;
  keyForm.elements.key.focus();
}

const authorization = () => (keysMode && storedKey() ? { Authorization: `Bearer ${storedKey()}` } : {});

/**
 * Keys mode: what the key may see of the link (its id, and its facts as the server writes them), asked once per
 * key; the page itself shows nothing of the link before. Answers the response when it is not that.
 */
async function revealLink() {
  if (!keysMode || main.dataset.urlId) return undefined;
  const response = await fetch(`urls/${encodeURIComponent(main.dataset.code)}/stats-page?part=link`, {
    headers: { Accept: 'application/json', ...authorization() },
  });
  if (!response.ok) return response;
  const link = await response.json();
  main.dataset.urlId = String(link.url_id);
  document.getElementById('link-facts').innerHTML = link.facts;
  return undefined;
}

/** The QR code, which needs the key too in keys mode: fetched with it and shown from memory. */
async function showQrCode() {
  const image = document.querySelector('img.qr');
  if (!keysMode || !image || image.src) return;
  const response = await fetch(`urls/${main.dataset.urlId}/qr`, { headers: authorization() });
  if (response.ok) image.src = URL.createObjectURL(await response.blob());
}

const wholeSteps = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6, 1e7,
];
const isoDate = (ms) => new Date(ms).toISOString().slice(0, 10);
const startOfToday = () => Math.floor(Date.now() / DAY_MS) * DAY_MS;

/** A date as the range form and the API take it (YYYY-MM-DD), or undefined for anything else. */
const validDate = (value) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

/**
 * The range in the address bar, or the last 7 days (a date that is not one is ignored). `to` is the last day
 * shown (the API's `to` excludes it).
 */
function currentRange() {
  const params = new URLSearchParams(window.location.search);
  // "24 hours": the last 24 hours up to now, hour by hour, not the calendar day.
  if (params.get('last') === '24h') return lastHours(24);
  const interval = params.get('interval') === 'hour' ? 'hour' : 'day';
  const to = validDate(params.get('to')) || isoDate(startOfToday());
  const from = validDate(params.get('from')) || isoDate(Date.parse(to) - 6 * DAY_MS);
  return { from, to, interval };
}

const HOUR_MS = 3600 * 1000;
const isoHour = (ms) => `${new Date(ms).toISOString().slice(0, 13)}:00:00`;

/** The last `hours` hours up to now, the current hour included: exact instants, shown as their dates. */
function lastHours(hours) {
  const end = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS;
  const start = end - hours * HOUR_MS;
  return { from: isoDate(start), to: isoDate(end - 1), interval: 'hour', since: isoHour(start), until: isoHour(end) };
}

function showRange(range) {
  form.elements.from.value = range.from;
  form.elements.to.value = range.to;
  form.elements.interval.value = range.interval;
}

function go(range) {
  const params = new URLSearchParams(
    range.since ? { last: '24h' } : { from: range.from, to: range.to, interval: range.interval },
  );
  window.history.replaceState(null, '', `${window.location.pathname}?${params}`);
  showRange(range);
  load(range);
}

const cell = (tag, text, attributes = {}) => {
  const element = document.createElement(tag);
  element.textContent = text;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
};

function startLabel(start, interval) {
  return interval === 'hour' ? `${start.slice(0, 10)} ${start.slice(11, 16)}` : start.slice(0, 10);
}

function renderSeries(report) {
  document.querySelector('[data-interval-name]').textContent = report.interval;
  const body = document.querySelector('#series tbody');
  body.replaceChildren(
    ...report.series.map((entry) => {
      const row = document.createElement('tr');
      row.append(
        cell('th', startLabel(entry.start, report.interval), { scope: 'row' }),
        ...[entry.clicks, entry.human_clicks, entry.bot_clicks, entry.unique_visitors].map((n) =>
          cell('td', numbers.format(n)),
        ),
      );
      return row;
    }),
  );
  const times = report.series.map((entry) => Date.parse(`${entry.start}Z`) / 1000);
  const data = [
    times,
    report.series.map((entry) => entry.human_clicks),
    report.series.map((entry) => entry.bot_clicks),
    report.series.map((entry) => entry.unique_visitors),
  ];
  const size = { width: Math.max(280, chartBox.clientWidth), height: 260 };
  chart?.destroy();
  chart = new uPlot(
    {
      ...size,
      // Counts: whole numbers on the axis, from zero.
      scales: { x: { time: true }, y: { range: (_, __, max) => [0, Math.max(1, max)] } },
      axes: [
        // A daily chart's ticks are whole days (dates), never the hours between them.
        report.interval === 'day'
          ? {
              incrs: [1, 2, 7, 14, 30, 91, 182, 365].map((days) => days * 86400),
              values: (_, ticks) => {
                const labels = ticks.map((tick) => new Date(tick * 1000).toISOString().slice(5, 10));
                // The dates the axis shows, also for what cannot read the canvas.
                chartBox.dataset.dayTicks = labels.join(' ');
                return labels;
              },
            }
          : {},
        {
          label: 'clicks',
          size: 56,
          incrs: wholeSteps,
          values: (_, ticks) => ticks.map((tick) => numbers.format(tick)),
        },
      ],
      series: [
        { label: report.interval === 'hour' ? 'Hour (UTC)' : 'Day (UTC)' },
        { label: 'Humans', stroke: '#1f6feb', fill: 'rgba(31, 111, 235, 0.15)', width: 2 },
        { label: 'Bots', stroke: '#d97706', width: 2 },
        { label: 'Unique visitors', stroke: '#16a34a', width: 2, dash: [6, 4] },
      ],
    },
    data,
    chartBox,
  );
  chartBox.setAttribute(
    'aria-label',
    `Chart: ${numbers.format(report.totals.clicks)} clicks from ${startLabel(report.from, report.interval)} to ${startLabel(report.to, report.interval)}, per ${report.interval}; the table below has the same numbers`,
  );
}

function renderTops(report) {
  for (const table of document.querySelectorAll('[data-top]')) {
    const entries = report[table.dataset.top] ?? [];
    const body = table.querySelector('tbody');
    if (entries.length === 0) {
      body.replaceChildren(Object.assign(document.createElement('tr'), { innerHTML: '<td>No clicks</td>' }));
      continue;
    }
    body.replaceChildren(
      ...entries.map((entry) => {
        const row = document.createElement('tr');
        const share = report.totals.clicks > 0 ? Math.round((100 * entry.clicks) / report.totals.clicks) : 0;
        row.append(
          cell('th', entry.name, { scope: 'row' }),
          cell('td', numbers.format(entry.clicks)),
          cell('td', `${share} %`),
        );
        return row;
      }),
    );
  }
}

function clearFigures() {
  for (const element of document.querySelectorAll('[data-total]')) element.textContent = '–';
  for (const body of document.querySelectorAll('#series tbody, [data-top] tbody')) body.replaceChildren();
  chart?.destroy();
  chart = undefined;
}

async function load(range) {
  if (keysMode && !storedKey()) {
    askForKey('Enter an access key to see the statistics of this link.');
    return;
  }
  status.textContent = 'Loading…';
  main.setAttribute('aria-busy', 'true');
  try {
    const to = range.until ?? isoDate(Date.parse(range.to) + DAY_MS);
    const query = new URLSearchParams({ from: range.since ?? range.from, to, interval: range.interval });
    const response =
      (await revealLink()) ??
      (await fetch(`urls/${main.dataset.urlId}/stats?${query}`, {
        headers: { Accept: 'application/json', ...authorization() },
      }));
    const body = await response.json();
    if (keysMode && response.status === 401) {
      clearFigures();
      askForKey('That key was not accepted: it is mistyped, unknown, revoked or expired. Enter another.');
      return;
    }
    if (keysMode && response.status === 404) {
      clearFigures();
      askForKey("This link is not one of that key's user's links (or it was deleted). Enter the owner's key.");
      return;
    }
    if (!response.ok) {
      // The figures of another range must not stand under the error.
      clearFigures();
      const detail = Array.isArray(body.detail) ? body.detail.map((issue) => issue.msg).join('; ') : body.detail;
      status.textContent = `Could not load the statistics: ${detail}`;
      return;
    }
    if (keyForm) keyForm.hidden = true;
    showQrCode();
    for (const element of document.querySelectorAll('[data-total]')) {
      element.textContent = numbers.format(body.totals[element.dataset.total]);
    }
    renderSeries(body);
    renderTops(body);
    const shown = range.since
      ? `${range.since.slice(0, 16).replace('T', ' ')} to ${range.until.slice(0, 16).replace('T', ' ')}, the last 24 hours`
      : `${range.from} to ${range.to}`;
    status.textContent = `${numbers.format(body.totals.clicks)} clicks from ${shown} (UTC)`;
  } catch (error) {
    status.textContent = `Could not load the statistics: ${error.message}`;
  } finally {
    main.removeAttribute('aria-busy');
  }
}

keyForm?.addEventListener('submit', (event) => {
  event.preventDefault();
  sessionStorage.setItem(KEY_ITEM, keyForm.elements.key.value.trim());
  // Another key may see another link: what the last one revealed is forgotten.
  delete main.dataset.urlId;
  document.getElementById('link-facts').replaceChildren();
  keyForm.reset();
  load(currentRange());
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  go({ from: form.elements.from.value, to: form.elements.to.value, interval: form.elements.interval.value });
});
for (const button of form.querySelectorAll('[data-days]')) {
  button.addEventListener('click', () => {
    if (button.dataset.days === '1') {
      go(lastHours(24));
      return;
    }
    const to = isoDate(startOfToday());
    const from = isoDate(Date.parse(to) - (Number(button.dataset.days) - 1) * DAY_MS);
    go({ from, to, interval: button.dataset.interval });
  });
}
new ResizeObserver(() => chart?.setSize({ width: Math.max(280, chartBox.clientWidth), height: 260 })).observe(chartBox);

const range = currentRange();
showRange(range);
load(range);
