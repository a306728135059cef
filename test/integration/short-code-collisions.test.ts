import type { UrlRecord as Url } from '../../shared/domain/records.js';
import { httpClient, startTestService, type TestService } from '../support/service.js';

/**
 * The short-code generator replaced by a double that collides on demand (a fault no real run produces: 62^6
 * codes; test/support/doubles/short-code.ts): the service retries a taken code and answers 503 when every try
 * is taken.
 */
describe('short code collisions, generator replaced by a test double (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };
  const createUrl = (path = '/') =>
    api.post<Url>('/urls', { user_id: owner.id, original_url: `https://example.com${path}` });

  beforeAll(async () => {
    service = await startTestService({
      doubles: { 'shared/links/short-code.ts': 'test/support/doubles/short-code.ts' },
    });
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'owner', email: 'owner@example.com' })).body;
  });
  afterAll(() => service.stop());

  it('retries a short code that is taken, with a new one', async () => {
    const taken = (await createUrl('/taken')).body;
    await service.feed('short-codes', [taken.short_code, taken.short_code, 'Fresh1']);
    const response = await createUrl('/next');
    expect(response.status).toBe(201);
    expect(response.body.short_code).toBe('Fresh1');
    expect(await service.feed('short-codes', [])).toBe(0);
  });

  it('answers 503 when every try collides, and stores nothing', async () => {
    const taken = (await createUrl('/taken-again')).body;
    const before = (await api.get<Url[]>(`/urls?user_id=${owner.id}&limit=1000`)).body.length;
    await service.feed(
      'short-codes',
      Array.from({ length: 5 }, () => taken.short_code),
    );
    const response = await createUrl('/never');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ detail: 'Unable to generate a unique short code' });
    expect(await service.feed('short-codes', [])).toBe(0);
    expect((await api.get<Url[]>(`/urls?user_id=${owner.id}&limit=1000`)).body).toHaveLength(before);
  });
});
