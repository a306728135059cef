import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { UrlRecord as Url } from '../../shared/domain/records.js';
import { documentClient, tableName } from '../../shared/store/table.js';
import { httpClient, queueDrained, sharedTestService, type TestService } from '../support/service.js';

/** Concurrency between deletes and the writes that would attach things to what is deleted. */
describe('races between deletes and writes (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;

  /**
   * Everything stored about these URLs (their records and any event, in any shard), read from the table itself:
   * one scan for them all, since the table is shared with other files.
   */
  const itemsUnderUrls = async (urlIds: number[]) => {
    const ids = new Set(urlIds);
    const records = new Set(urlIds.map((id) => `URL#${id}`));
    const found: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await documentClient.send(
        new ScanCommand({ TableName: tableName(), ConsistentRead: true, ExclusiveStartKey: startKey }),
      );
      found.push(
        ...(out.Items ?? []).filter(
          (item) =>
            (ids.has(item.url_id as number) || records.has(String(item.PK))) &&
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

  it('leaves no event of a URL deleted while 400 clicks on it are in flight', async () => {
    const user = (await api.post<{ id: number }>('/users', { username: 'clicked', email: 'clicked@example.com' })).body;
    const url = (await api.post<Url>('/urls', { user_id: user.id, original_url: 'https://race.example/' })).body;
    const clicks = Array.from({ length: 400 }, async (_, i) => {
      if (i === 120) await api.delete(`/urls/${url.id}`);
      return (await api.get(`/urls/${url.short_code}/redirect`)).status;
    });
    const statuses = await Promise.all(clicks);
    expect(statuses.every((status) => status === 302 || status === 404)).toBe(true);
    expect(statuses).toContain(302);
    await queueDrained(service);
    expect((await api.get(`/urls/${url.id}`)).status).toBe(404);
    expect((await api.get(`/events?url_id=${url.id}`)).body).toEqual([]);
    expect(await itemsUnderUrls([url.id])).toEqual([]);
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
    const made = [...seedUrls, ...created].filter((r) => r.status === 201).map((r) => r.body);
    for (const url of made) {
      expect((await api.get(`/urls/${url.id}`)).status).toBe(404);
      expect((await api.get(`/urls/${url.short_code}/redirect`)).status).toBe(404);
    }
    expect(await itemsUnderUrls(made.map((url) => url.id))).toEqual([]);
    expect((await api.get(`/urls?user_id=${user.id}&limit=1000`)).body).toEqual([]);
    expect((await api.get(`/events?user_id=${user.id}&limit=1000`)).body).toEqual([]);
  });
});
