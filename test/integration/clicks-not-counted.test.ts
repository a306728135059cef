import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PublicUrlRecord as Url } from '../../shared/domain/records.js';
import { indexAttributes, keys, linkScope, userScope } from '../../shared/store/keys.js';
import { recountStats } from '../../shared/store/stats-recount.js';
import { documentClient, tableName } from '../../shared/store/table.js';
import { eventually, httpClient, sharedTestService, type TestService } from '../support/service.js';

type Stats = { totals: { clicks: number }; browsers: { name: string; clicks: number }[] };
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/**
 * A poison record in the table's stream (a click event the counter cannot read) end to end: the stream reader
 * splits its batch down to it, tries it a bounded number of times, gives it up to the on-failure queue with its
 * shard and sequence numbers, and goes on counting the others; `recountStats` (npm run recount-stats) then
 * counts the link's and its owner's hours again from the stored events, as often as it is run.
 */
describe('clicks the counter gives up, and counted again (DynamoDB Local + SQS emulator, a poison record written)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    service = await sharedTestService();
    api = httpClient(service.url);
  }, 60_000);
  afterAll(() => service.stop());

  it('gives the poison record up to the failures queue, counts the rest, and recounts idempotently', async () => {
    const owner = (await api.post<{ id: number }>('/users', { username: 'poison', email: 'poison@example.com' })).body;
    const link = (await api.post<Url>('/urls', { user_id: owner.id, original_url: 'https://poison.example/' })).body;
    const stats = async (path: string) => (await api.get<Stats>(path)).body;
    const click = async () =>
      expect((await api.get(`/urls/${link.short_code}/redirect`, { 'User-Agent': chrome })).status).toBe(302);
    await click();
    // A click event whose details are not JSON: the counter fails every batch that holds it.
    const timestamp = new Date().toISOString().replace('Z', '');
    const event = { id: 9_000_000_001, user_id: owner.id, event_type: 'click' };
    const poison = {
      ...keys.event(link.id, 0, event.id),
      ...indexAttributes.event(event, { all: 0, user: 0, type: 0 }),
      id: event.id,
      url_id: link.id,
      user_id: owner.id,
      owner_id: owner.id,
      event_type: 'click',
      timestamp,
      details: '{"user_agent": "broken',
    };
    await documentClient.send(new PutCommand({ TableName: tableName(), Item: poison }));
    await click();

    const failures = new SQSClient({});
    const failuresQueue = service.deadLetterQueueUrl.replace(/-dlq$/, '-clicks-not-counted');
    const described = await eventually(async () => {
      const out = await failures.send(
        new ReceiveMessageCommand({ QueueUrl: failuresQueue, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
      );
      return out.Messages?.[0]?.Body;
    }, 40_000);
    failures.destroy();
    const record = JSON.parse(described as string) as {
      requestContext: { condition: string; approximateInvokeCount: number };
      DDBStreamBatchInfo: { batchSize: number; shardId: string; startSequenceNumber: string };
    };
    expect(record.requestContext).toEqual({ condition: 'RetryAttemptsExhausted', approximateInvokeCount: 6 });
    expect(record.DDBStreamBatchInfo).toMatchObject({ batchSize: 1, shardId: expect.any(String) });
    // The two clicks around it are counted; the poison is not.
    await eventually(
      async () => ((await stats(`/urls/${link.id}/stats`)).totals.clicks === 2 ? true : undefined),
      15_000,
    );

    // Mended in place (a MODIFY record: the counter counts only clicks stored and deleted), then counted again.
    await documentClient.send(new PutCommand({ TableName: tableName(), Item: { ...poison, details: '{}' } }));
    const hour = timestamp.slice(0, 13);
    for (let run = 0; run < 2; run++) {
      expect(await recountStats(linkScope(link.id), hour, hour)).toMatchObject({ hours: 1, clicks: 3 });
      expect(await recountStats(userScope(owner.id), hour, hour)).toMatchObject({ hours: 1, clicks: 3 });
      // The statistics answer from memory for a second at most.
      await eventually(
        async () => ((await stats(`/urls/${link.id}/stats`)).totals.clicks === 3 ? true : undefined),
        5_000,
      );
      const linkStats = await stats(`/urls/${link.id}/stats`);
      expect(linkStats.browsers).toEqual([
        { name: 'Chrome', clicks: 2 },
        { name: 'unknown', clicks: 1 },
      ]);
      await eventually(
        async () => ((await stats(`/users/${owner.id}/stats`)).totals.clicks === 3 ? true : undefined),
        5_000,
      );
    }
    // A later click is counted by the stream as usual, on top of the recount.
    await click();
    await eventually(
      async () => ((await stats(`/urls/${link.id}/stats`)).totals.clicks === 4 ? true : undefined),
      15_000,
    );
    await expect(recountStats(linkScope(999_999), hour, hour)).rejects.toThrow('URL not found');
    await expect(recountStats(linkScope(link.id), 'yesterday', hour)).rejects.toThrow('Hours are written');
  }, 120_000);
});
