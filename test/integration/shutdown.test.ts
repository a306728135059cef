import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventRecord, UrlRecord } from '../../shared/domain/records.js';
import { eventually, httpClient, startTestService } from '../support/service.js';

/**
 * What a stop does with queued events it could not write in time: it keeps them in the data folder, and the
 * next start queues them again, so nothing queued is lost (DynamoDB Local + SQS emulator, through HTTP).
 */
describe('stopping with queued events that were not written', () => {
  it('keeps them in the data folder, and the next start queues them again and writes them', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'unsent-')), 'unsent-events.jsonl');
    const tableName = `t-stop-${Date.now().toString(36)}`;
    // No writer: every event stays queued, as when the writer cannot keep up before the stop's deadline.
    const first = await startTestService({
      tableName,
      unsentEventsFile: file,
      drainTimeoutMs: 300,
      pollerConcurrency: 0,
    });
    const api = httpClient(first.url);
    const owner = (await api.post<{ id: number }>('/users', { username: 'kept', email: 'kept@example.com' })).body;
    const link = (await api.post<UrlRecord>('/urls', { user_id: owner.id, original_url: 'https://kept.example/' }))
      .body;
    const clicks = await Promise.all(Array.from({ length: 5 }, () => api.get(`/urls/${link.short_code}/redirect`)));
    expect(clicks.map((click) => click.status)).toEqual([302, 302, 302, 302, 302]);
    await first.stop();

    const kept = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(kept.map((entry) => entry.unsent_event.event_type).sort()).toEqual([
      'click',
      'click',
      'click',
      'click',
      'click',
      'created',
    ]);

    // The same table, as a restart on the same data folder finds it.
    const next = await startTestService({ tableName, unsentEventsFile: file });
    try {
      expect(next.requeuedEvents).toBe(6);
      expect(() => readFileSync(file)).toThrow(/ENOENT/);
      const written = await eventually(async () => {
        const events = (await httpClient(next.url).get<EventRecord[]>(`/events?url_id=${link.id}`)).body;
        return events.length === 6 ? events : undefined;
      });
      expect(written.filter((event) => event.event_type === 'click')).toHaveLength(5);
    } finally {
      await next.stop();
    }
  }, 60_000);
});
