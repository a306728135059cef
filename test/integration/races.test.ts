import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { UrlRecord as Url } from '../../shared/domain/records.js';
import { documentClient, tableName } from '../../shared/store/table.js';
import { httpClient, queueDrained, sharedTestService, type TestService } from '../support/service.js';

/** Concurrency between deletes and the writes that would attach things to what is deleted. */
describe('races between deletes and writes (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;

  /** Everything stored about a URL (its record and any event, in any shard), read from the table itself. */
  const itemsUnderUrl = async (urlId: number) => {
    const found: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await documentClient.send(
        new ScanCommand({
          TableName: tableName(),
          FilterExpression: 'url_id = :id OR PK = :url',
          ExpressionAttributeValues: { ':id': urlId, ':url': `URL#${urlId}` },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      found.push(
        ...(out.Items ?? []).filter(
          (item) =>
            !String(item.PK).startsWith('DELETED') &&
            !String(item.PK).startsWith('CODE#') &&
            !String(item.PK).startsWith('USER#'),
        ),
      );
      startKey = out.LastEvaluatedKey;
    } while (startKey);
    return found;
  };

  beforeAll(async () => {
    service = await sharedTestService();
    api = httpClient(service.url);
  });
  afterAll(() => service.stop());

  it('leaves no event of a URL deleted while 1,000 clicks on it are in flight', async () => {
    const user = (await api.post<{ id: number }>('/users', { username: 'clicked', email: 'clicked@example.com' })).body;
    const url = (await api.post<Url>('/urls', { user_id: user.id, original_url: 'https://race.example/' })).body;
    const clicks = Array.from({ length: 1000 }, async (_, i) => {
      if (i === 300) await api.delete(`/urls/${url.id}`);
      return (await api.get(`/urls/${url.short_code}/redirect`)).status;
    });
    const statuses = await Promise.all(clicks);
    expect(statuses.every((status) => status === 302 || status === 404)).toBe(true);
    expect(statuses).toContain(302);
    await queueDrained(service);
    expect((await api.get(`/urls/${url.id}`)).status).toBe(404);
    expect((await api.get(`/events?url_id=${url.id}`)).body).toEqual([]);
    expect(await itemsUnderUrl(url.id)).toEqual([]);
  });

  it('never leaves a URL behind when it is created while its owner is being deleted', async () => {
    const user = (await api.post<{ id: number }>('/users', { username: 'doomed', email: 'doomed@example.com' })).body;
    const seedUrls = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.post<Url>('/urls', { user_id: user.id, original_url: `https://d.example/${i}` }),
      ),
    );
    expect(seedUrls.every((response) => response.status === 201)).toBe(true);
    const creations = Array.from({ length: 100 }, (_, i) =>
      api.post<Url>('/urls', { user_id: user.id, original_url: `https://late.example/${i}` }),
    );
    const deletion = api.delete(`/users/${user.id}`);
    const [deleted, ...created] = await Promise.all([deletion, ...creations]);
    expect(deleted?.status).toBe(204);
    expect(created.every((response) => response.status === 201 || response.status === 404)).toBe(true);
    await queueDrained(service);
    for (const response of [...seedUrls, ...created].filter((r) => r.status === 201)) {
      expect((await api.get(`/urls/${response.body.id}`)).status).toBe(404);
      expect((await api.get(`/urls/${response.body.short_code}/redirect`)).status).toBe(404);
      expect(await itemsUnderUrl(response.body.id)).toEqual([]);
    }
    expect((await api.get(`/urls?user_id=${user.id}&limit=1000`)).body).toEqual([]);
    expect((await api.get(`/events?user_id=${user.id}&limit=1000`)).body).toEqual([]);
  });
});
