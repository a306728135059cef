import { pickOne, type Random, weightedPicker } from './choice.js';
import type { Dataset } from './dataset.js';
import type { PlannedRequest } from './http-client.js';
import { type MixName, mixes, type RouteName } from './mix.js';

/** Users per page of `GET /users`: a page a client would show, smaller than the 100 maximum. */
const USER_PAGE_SIZE = 20;

const get = (path: string): PlannedRequest => ({ method: 'GET', path });

/**
 * How each route of the mix is called, from the data that exists. The list routes alternate between the
 * first page and a filtered read, the two ways a client lists links and history. Keep in step with
 * `k6/service-mix.js`.
 */
const requestPlans: Record<RouteName, (dataset: Dataset, random: Random) => PlannedRequest> = {
  'GET /urls': (dataset, random) =>
    random() < 0.5 ? get('/urls') : get(`/urls?user_id=${pickOne(dataset.userIds, random)}`),
  'GET /events': (dataset, random) =>
    random() < 0.5 ? get('/events') : get(`/events?url_id=${pickOne(dataset.urls, random).id}`),
  'GET /users': (dataset, random) => {
    const pages = Math.max(1, Math.ceil(dataset.userIds.length / USER_PAGE_SIZE));
    return get(`/users?page=${1 + Math.floor(random() * pages)}&per_page=${USER_PAGE_SIZE}`);
  },
  'GET /users/{id}': (dataset, random) => get(`/users/${pickOne(dataset.userIds, random)}`),
  'GET /urls/{id}': (dataset, random) => get(`/urls/${pickOne(dataset.urls, random).id}`),
  'GET /urls/{code}/redirect': (dataset, random) => get(`/urls/${pickOne(dataset.urls, random).short_code}/redirect`),
  'POST /urls': (dataset, random) => ({
    method: 'POST',
    path: '/urls',
    body: {
      user_id: pickOne(dataset.userIds, random),
      original_url: `https://example.com/articles/${Math.floor(random() * 1e9)}`,
      title: 'Load test article',
    },
  }),
  'GET /health': () => get('/health'),
};

/** Picks routes by the weights of a mix. */
export const routePicker = (mix: MixName) => weightedPicker(Object.entries(mixes[mix]) as Array<[RouteName, number]>);

export const pickRoute = routePicker('spec');

export function planRequest(route: RouteName, dataset: Dataset, random: Random): PlannedRequest {
  return requestPlans[route](dataset, random);
}
