import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { exitOf, javaProcessesUsing, serviceProcesses, startService, waitForStart } from '../support/npm-start.js';
import { eventually, httpClient } from '../support/service.js';

/**
 * `npm start` with AWS_ENDPOINT_URL_DYNAMODB and AWS_ENDPOINT_URL_SQS (a DynamoDB Local and an SQS started apart,
 * as from a container): here the run's own, which this process did not start. The service starts on them
 * without a JVM of its own, counts clicks from the table's stream, keeps its place in that stream in its data
 * folder, logs no failure, and leaves the database running when it stops.
 */
describe('npm start on a DynamoDB and an SQS it did not start (real processes)', () => {
  const { place, started } = serviceProcesses('external');

  it('starts on them, counts every click, keeps its place in the stream, and stops without stopping them', async () => {
    const name = `external-${randomUUID().slice(0, 8)}`;
    const { url, dataDir, env } = await place('external', { LOCAL_WARM_UP_MS: '0' });
    const database = process.env.AWS_ENDPOINT_URL_DYNAMODB as string;
    const service = started(
      startService({
        ...env,
        AWS_ENDPOINT_URL_DYNAMODB: database,
        AWS_ENDPOINT_URL_SQS: process.env.AWS_ENDPOINT_URL_SQS as string,
        TABLE_NAME: name,
        EVENTS_QUEUE_NAME: name,
      }),
    );
    let exitCode: number | null;
    try {
      await waitForStart(service, url, 60_000);
      expect(service.output()).toContain(`(DynamoDB Local at ${database}, table ${name})`);
      expect(javaProcessesUsing(dataDir)).toEqual([]);

      const api = httpClient(url);
      const owner = (await api.post<{ id: number }>('/users', { username: name, email: `${name}@example.com` })).body;
      const link = (
        await api.post<{ id: number; short_code: string }>('/urls', {
          user_id: owner.id,
          original_url: 'https://external.example/',
        })
      ).body;
      for (let i = 0; i < 5; i++) {
        const redirect = await fetch(`${url}/${link.short_code}`, { redirect: 'manual' });
        expect(redirect.status).toBe(302);
      }
      const counted = await eventually(async () => {
        const clicks = (await api.get<{ totals: { clicks: number } }>(`/urls/${link.id}/stats`)).body.totals.clicks;
        return clicks >= 5 ? clicks : undefined;
      }, 30_000);
      expect(counted).toBe(5);

      // The reader's place in the stream, for the next start on this data folder.
      const positions = path.join(dataDir, 'dynamodb', 'stream-positions.json');
      await eventually(async () => (existsSync(positions) ? true : undefined), 10_000);
      expect(readFileSync(positions, 'utf8')).toContain(`table/${name}/stream/`);
    } finally {
      service.child.kill('SIGTERM');
      exitCode = await exitOf(service.child);
    }
    expect(exitCode).toBe(0);
    expect(service.output()).not.toMatch(/"level":"(WARN|ERROR|CRITICAL)"/);
    // The database it did not start still runs, with the service's table in it.
    const client = new DynamoDBClient({ endpoint: database });
    try {
      expect((await client.send(new ListTablesCommand({}))).TableNames).toContain(name);
    } finally {
      client.destroy();
    }
  }, 120_000);
});
