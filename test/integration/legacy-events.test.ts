import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalRuntime } from '../../local/runtime.js';
import type { EventRecord as Event, UrlRecord as Url } from '../../shared/records.js';
import { eventItem, placed } from '../../shared/store/event-items.js';
import { buildMissingClickStats } from '../../shared/store/legacy-events.js';
import { documentClient, tableName } from '../../shared/store/table.js';
import { httpClient, startTestService } from '../support/service.js';

/**
 * A table written by a version before sharded event lists (DynamoDB Local, through HTTP): its events are
 * moved at start, keep their ids, details and order, and are listed and deleted like any other.
 */
describe('events stored by an earlier version (DynamoDB Local, through HTTP)', () => {
  let service: LocalRuntime;
  let api: ReturnType<typeof httpClient>;
  let owner: { id: number };
  let link: Url;
  const padded = (id: number) => String(id).padStart(16, '0');

  /** An event item as the earlier version wrote it: in the URL's partition, in the one `EVENTS` list. */
  const legacyEvent = (id: number, urlId: number, userId: number, details: unknown) => ({
    PK: `URL#${urlId}`,
    SK: `EVENT#${padded(id)}`,
    GSI1PK: 'EVENTS',
    GSI1SK: padded(id),
    GSI2PK: `USER#${userId}#EVENTS`,
    GSI2SK: padded(id),
    GSI3PK: 'EVENTS#TYPE#click',
    GSI3SK: padded(id),
    id,
    url_id: urlId,
    user_id: userId,
    event_type: 'click',
    timestamp: `2026-01-0${id % 9}T10:00:00.000`,
    details,
  });

  beforeAll(async () => {
    const first = await startTestService({ pollerConcurrency: 0 });
    const firstApi = httpClient(first.url);
    owner = (await firstApi.post<{ id: number }>('/users', { username: 'legacy', email: 'legacy@example.com' })).body;
    link = (await firstApi.post<Url>('/urls', { user_id: owner.id, original_url: 'https://legacy.example/' })).body;
    const items = [
      legacyEvent(901, link.id, owner.id, { short_code: link.short_code, referrer: 'https://a.example/' }),
      legacyEvent(902, link.id, owner.id, JSON.stringify({ big: 12345678901234567890n.toString() })),
      legacyEvent(903, link.id, owner.id, {}),
      // Its URL is gone: nothing to show it under.
      legacyEvent(904, 999_999, owner.id, {}),
    ];
    for (const Item of items) await documentClient.send(new PutCommand({ TableName: tableName(), Item }));
    // A click of the version between (sharded lists, no statistics): its table has no statistics flag.
    const sharded = { id: 905, url_id: link.id, user_id: owner.id, owner_id: owner.id, event_type: 'click' };
    const Item = eventItem(placed({ ...sharded, timestamp: '2026-01-05T12:00:00.000', details: {} }, {}));
    await documentClient.send(new PutCommand({ TableName: tableName(), Item }));
    await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: { PK: 'META', SK: 'META' } }));
    await first.stop();
    // The same table again, as a restart of `npm start` on an old data folder.
    service = await startTestService({
      pollerConcurrency: 0,
      tableName: first.tableName,
      queueName: `${first.tableName}-2`,
    });
    api = httpClient(service.url);
  }, 60_000);
  afterAll(() => service.stop());

  it('moves every event whose URL exists, and says so', () => {
    expect(service.upgradedEvents).toBe(3);
  });

  it('counts the clicks stored before statistics existed, once', async () => {
    // Every stored click is gone through; those the move counted are not counted again.
    expect(service.countedClicks).toBe(4);
    const stats = (
      await api.get<{ totals: { clicks: number } }>(`/urls/${link.id}/stats?from=2026-01-01&to=2026-01-10`)
    ).body;
    expect(stats.totals.clicks).toBe(4);
    expect(await buildMissingClickStats()).toBe(0);
  });

  it('lists them with their ids, timestamps and details, in every list', async () => {
    const ofUrl = (await api.get<Event[]>(`/events?url_id=${link.id}`)).body;
    expect(ofUrl.map((event) => event.id)).toEqual([901, 902, 903, 905]);
    expect(ofUrl[0]).toEqual({
      id: 901,
      url_id: link.id,
      user_id: owner.id,
      event_type: 'click',
      timestamp: '2026-01-01T10:00:00.000',
      details: { short_code: link.short_code, referrer: 'https://a.example/' },
    });
    expect(ofUrl[1]?.details).toEqual({ big: '12345678901234567890' });
    for (const query of ['', `user_id=${owner.id}`, 'event_type=click']) {
      const ids = (await api.get<Event[]>(`/events?${query}`)).body.map((event) => event.id);
      expect(ids).toEqual(expect.arrayContaining([901, 902, 903]));
      expect(ids).not.toContain(904);
    }
  });

  it('leaves nothing in the old places', async () => {
    const oldList = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': 'EVENTS' },
      }),
    );
    expect(oldList.Items).toEqual([]);
    const oldPartition = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :event)',
        ExpressionAttributeValues: { ':pk': `URL#${link.id}`, ':event': 'EVENT#' },
      }),
    );
    expect(oldPartition.Items).toEqual([]);
  });

  it('deletes them with their URL', async () => {
    expect((await api.delete(`/urls/${link.id}`)).status).toBe(204);
    expect((await api.get<Event[]>(`/events?user_id=${owner.id}`)).body).toEqual([]);
    const left = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `URL#${link.id}#EVENTS#0` },
      }),
    );
    expect(left.Items).toEqual([]);
  });
});
