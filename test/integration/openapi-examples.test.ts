import { routes } from '../../shared/api/routes.js';
import { httpClient, startTestService, type TestService } from '../support/service.js';

/**
 * The API reference's examples sent as "Try it out" sends them, in order, to a fresh service (DynamoDB Local +
 * SQS emulator, through HTTP): each is accepted.
 */
describe('the examples of the API reference, sent (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    service = await startTestService({ pollerConcurrency: 0 });
    api = httpClient(service.url);
  });
  afterAll(() => service.stop());

  it('creates, changes and reads with every example: no 4xx', async () => {
    const examples = routes.filter((route) => route.body?.example !== undefined);
    // POST /reports's and the unlock's examples name the first seeded link (ENABLE_STARTUP_SEED): not in a
    // fresh service; a webhook's id is random, so its example names none of a fresh service's.
    const sent = examples.filter(
      (route) =>
        route.path !== '/reports' && route.path !== '/urls/{id}/unlock' && !route.path.includes('{webhook_id}'),
    );
    expect(sent.map((route) => `${route.method} ${route.path}`)).toEqual([
      'POST /users',
      'PUT /users/{id}',
      'POST /users/{id}/keys',
      'POST /users/{id}/webhooks',
      'POST /urls',
      'POST /urls/bulk',
      'PUT /urls/{id}',
      'POST /events',
    ]);
    for (const { method, path, body, success } of sent) {
      const response = await api.request(method, path.replace('{id}', '1'), body?.example);
      const key = `${method} ${path}`;
      expect({ key, status: response.status }).toEqual({ key, status: success.status });
    }
    for (const path of ['/users/1', '/urls/1', '/events?url_id=1&event_type=signup', '/urls/1/stats']) {
      expect({ path, status: (await api.get(path)).status }).toEqual({ path, status: 200 });
    }
  });
});
