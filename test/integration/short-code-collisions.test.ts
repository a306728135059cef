import { jest } from '@jest/globals';
import type { LocalRuntime } from '../../local/runtime.js';
import type { UrlRecord as Url } from '../../shared/records.js';

/**
 * The short-code generator mocked to collide (a fault no real run produces on demand: 62^6 codes): the service,
 * started after the mock, retries a taken code and answers 503 when every try is taken.
 */
const forced: string[] = [];
const actual = await import('../../shared/links/short-code.js');
jest.unstable_mockModule('../../shared/links/short-code.js', () => ({
  ...actual,
  randomShortCode: () => forced.shift() ?? actual.randomShortCode(),
}));
const { httpClient, startTestService } = await import('../support/service.js');

describe('short code collisions, generator mocked (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: LocalRuntime;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };
  const createUrl = (path = '/') =>
    api.post<Url>('/urls', { user_id: owner.id, original_url: `https://example.com${path}` });

  beforeAll(async () => {
    service = await startTestService();
    api = httpClient(service.url);
    owner = (await api.post<{ id: number }>('/users', { username: 'owner', email: 'owner@example.com' })).body;
  });
  afterAll(() => service.stop());

  it('retries a short code that is taken, with a new one', async () => {
    const taken = (await createUrl('/taken')).body;
    forced.push(taken.short_code, taken.short_code, 'Fresh1');
    const response = await createUrl('/next');
    expect(response.status).toBe(201);
    expect(response.body.short_code).toBe('Fresh1');
    expect(forced).toEqual([]);
  });

  it('answers 503 when every try collides, and stores nothing', async () => {
    const taken = (await createUrl('/taken-again')).body;
    const before = (await api.get<Url[]>(`/urls?user_id=${owner.id}&limit=1000`)).body.length;
    forced.push(...Array.from({ length: 5 }, () => taken.short_code));
    const response = await createUrl('/never');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ detail: 'Unable to generate a unique short code' });
    expect(forced).toEqual([]);
    expect((await api.get<Url[]>(`/urls?user_id=${owner.id}&limit=1000`)).body).toHaveLength(before);
  });
});
