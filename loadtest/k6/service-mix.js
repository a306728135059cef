/**
 * The spec's load profile against a real deployment: a baseline of 50 and a peak of 200 virtual users, one
 * after the other, each sending the weighted mix of loadtest/mix.json with 200-500 ms of think time.
 *
 *   k6 run -e BASE_URL=https://abc123.execute-api.eu-west-1.amazonaws.com/prod loadtest/k6/service-mix.js
 *
 * Environment (-e): BASE_URL (required), DURATION per profile (default 5m), PROFILE = baseline | peak | both
 * (default both). The thresholds are the spec's, per profile: p(95) of http_req_duration under 2000 ms and
 * http_req_failed under 5 %. k6 exits non-zero when one is missed.
 *
 * Keep the request shapes in step with loadtest/lib/traffic.ts (the Node runner of the same mix).
 */
import { check, fail, sleep } from 'k6';
import http from 'k6/http';

const mix = JSON.parse(open('../mix.json'));

const baseUrl = (__ENV.BASE_URL || '').replace(/\/+$/, '');
if (!baseUrl) {
  throw new Error('BASE_URL is required: k6 run -e BASE_URL=https://<api>/<stage> loadtest/k6/service-mix.js');
}
const duration = __ENV.DURATION || '5m';
const chosenProfile = __ENV.PROFILE || 'both';

/** The spec's two profiles; the scenario names are what the per-profile thresholds select on. */
const profiles = [
  { name: 'baseline_50', vus: 50, profile: 'baseline' },
  { name: 'peak_200', vus: 200, profile: 'peak' },
];
/** k6's default: how long a scenario's users may finish their iteration once its duration is over. */
const GRACEFUL_STOP_S = 30;
const USER_PAGE_SIZE = 20;
const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** Seconds in a k6 duration such as `90s`, `5m` or `1h30m`. */
function durationSeconds(text) {
  const parts = String(text).match(/\d+(\.\d+)?(h|m|s)/g);
  if (!parts || parts.join('') !== String(text)) throw new Error(`DURATION must look like 90s, 5m or 1h30m: ${text}`);
  const unit = { h: 3600, m: 60, s: 1 };
  return parts.reduce((sum, part) => sum + Number.parseFloat(part) * unit[part.slice(-1)], 0);
}

function scenarios() {
  const chosen = profiles.filter((profile) => chosenProfile === 'both' || profile.profile === chosenProfile);
  if (chosen.length === 0) throw new Error(`PROFILE must be baseline, peak or both: ${chosenProfile}`);
  const all = {};
  chosen.forEach((profile, i) => {
    all[profile.name] = {
      executor: 'constant-vus',
      vus: profile.vus,
      duration,
      gracefulStop: `${GRACEFUL_STOP_S}s`,
      // Run the profiles one after the other so that each one's numbers are its own.
      startTime: `${i * (durationSeconds(duration) + GRACEFUL_STOP_S)}s`,
    };
  });
  return all;
}

function thresholds(scenarioNames) {
  const p95 = `p(95)<${mix.thresholds.p95Ms}`;
  const failedRate = `rate<${mix.thresholds.failedRate}`;
  const all = {};
  for (const name of scenarioNames) {
    all[`http_req_duration{scenario:${name}}`] = [p95];
    all[`http_req_failed{scenario:${name}}`] = [failedRate];
  }
  // Always true: only there so that the end-of-test summary breaks the numbers down per route.
  for (const route of Object.keys(mix.weights)) {
    all[`http_req_duration{name:${route}}`] = ['max>=0'];
    all[`http_req_failed{name:${route}}`] = ['rate>=0'];
  }
  return all;
}

const chosenScenarios = scenarios();

export const options = {
  scenarios: chosenScenarios,
  thresholds: thresholds(Object.keys(chosenScenarios)),
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max', 'count'],
  // The load loop only looks at statuses; setup() asks for the bodies it needs.
  discardResponseBodies: true,
  setupTimeout: '5m',
};

// The spec's failed request is a server error or no response; a 4xx is the client's doing and shows in
// the checks instead.
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 499 }));

const pickOne = (items) => items[Math.floor(Math.random() * items.length)];

/** How each route of the mix is called, and the status it should answer. */
const requestPlans = {
  'GET /urls': (data) => ({
    path: Math.random() < 0.5 ? '/urls' : `/urls?user_id=${pickOne(data.userIds)}`,
    expected: 200,
  }),
  'GET /events': (data) => ({
    path: Math.random() < 0.5 ? '/events' : `/events?url_id=${pickOne(data.urls).id}`,
    expected: 200,
  }),
  'GET /users': (data) => {
    const pages = Math.max(1, Math.ceil(data.userIds.length / USER_PAGE_SIZE));
    return { path: `/users?page=${1 + Math.floor(Math.random() * pages)}&per_page=${USER_PAGE_SIZE}`, expected: 200 };
  },
  'GET /users/{id}': (data) => ({ path: `/users/${pickOne(data.userIds)}`, expected: 200 }),
  'GET /urls/{code}/redirect': (data) => ({ path: `/urls/${pickOne(data.urls).short_code}/redirect`, expected: 302 }),
  'POST /urls': (data) => ({
    method: 'POST',
    path: '/urls',
    body: {
      user_id: pickOne(data.userIds),
      original_url: `https://example.com/articles/${Math.floor(Math.random() * 1e9)}`,
      title: 'Load test article',
    },
    expected: 201,
  }),
  'GET /health': () => ({ path: '/health', expected: 200 }),
};

const weightedRoutes = Object.entries(mix.weights).filter(([, weight]) => weight > 0);
const totalWeight = weightedRoutes.reduce((sum, [, weight]) => sum + weight, 0);

function pickRoute() {
  let draw = Math.random() * totalWeight;
  for (const [route, weight] of weightedRoutes) {
    draw -= weight;
    if (draw < 0) return route;
  }
  return weightedRoutes[weightedRoutes.length - 1][0];
}

// --- setup: find the data to read, and create it when the store is empty ---

const SETUP_BATCH = 20;

function setupRequest(method, path, body, expected) {
  return {
    method,
    url: `${baseUrl}${path}`,
    body: body === undefined ? null : JSON.stringify(body),
    params: { headers: JSON_HEADERS, responseType: 'text', tags: { name: `setup ${method} ${path.split('?')[0]}` } },
    expected,
  };
}

/** Sends requests in parallel batches and returns the parsed bodies; a wrong status stops the test. */
function sendAll(requests) {
  const bodies = [];
  for (let start = 0; start < requests.length; start += SETUP_BATCH) {
    const batch = requests.slice(start, start + SETUP_BATCH);
    const responses = http.batch(batch.map(({ method, url, body, params }) => ({ method, url, body, params })));
    responses.forEach((response, i) => {
      const request = batch[i];
      if (response.status !== request.expected) {
        fail(`${request.method} ${request.url} while preparing data: ${response.status} ${response.body}`);
      }
      bodies.push(response.json());
    });
  }
  return bodies;
}

const getJson = (path) => sendAll([setupRequest('GET', path, undefined, 200)])[0];

export function setup() {
  const runTag = Date.now().toString(36);
  let userIds = getJson('/users?page=1&per_page=100').map((user) => user.id);
  if (userIds.length === 0) {
    const users = Array.from({ length: mix.dataset.users }, (_, i) => {
      const name = `loadtest-${runTag}-${i}`;
      return setupRequest('POST', '/users', { username: name, email: `${name}@example.com` }, 201);
    });
    userIds = sendAll(users).map((user) => user.id);
  }
  let urls = getJson('/urls?is_active=true&limit=1000');
  if (urls.length === 0) {
    const creations = Array.from({ length: mix.dataset.urls }, (_, i) =>
      setupRequest(
        'POST',
        '/urls',
        {
          user_id: userIds[i % userIds.length],
          original_url: `https://example.com/articles/${runTag}/${i}`,
          title: `Article ${i}`,
        },
        201,
      ),
    );
    urls = sendAll(creations);
  }
  if (getJson('/events?limit=1').length === 0) {
    const events = Array.from({ length: mix.dataset.events }, (_, i) => {
      const url = urls[i % urls.length];
      const body = { url_id: url.id, user_id: url.user_id, event_type: 'view', details: { source: 'loadtest' } };
      return setupRequest('POST', '/events', body, 201);
    });
    sendAll(events);
  }
  return { userIds, urls: urls.map(({ id, user_id, short_code }) => ({ id, user_id, short_code })) };
}

// --- the virtual user's loop ---

export default function (data) {
  const route = pickRoute();
  const request = requestPlans[route](data);
  const response = http.request(
    request.method || 'GET',
    `${baseUrl}${request.path}`,
    request.body === undefined ? null : JSON.stringify(request.body),
    // `name` groups the metrics by route instead of by URL; a redirect is measured, never followed.
    { headers: JSON_HEADERS, tags: { name: route }, redirects: 0 },
  );
  check(response, { [`${route} answers ${request.expected}`]: (r) => r.status === request.expected });
  sleep((mix.thinkTimeMs.min + Math.random() * (mix.thinkTimeMs.max - mix.thinkTimeMs.min)) / 1000);
}
