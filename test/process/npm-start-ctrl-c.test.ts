import type { EventRecord, UrlRecord } from '../../shared/domain/records.js';
import {
  exitOf,
  javaProcessesUsing,
  npmRun,
  serviceProcesses,
  startService,
  waitForStart,
} from '../support/npm-start.js';
import { httpClient } from '../support/service.js';

/** `npm start` stopped from a terminal: Ctrl-C reaches npm, node and java at once, and no queued click is lost. */
describe('npm start: Ctrl-C (real processes)', () => {
  const { place, started } = serviceProcesses('ctrl-c');

  it('writes every queued click before stopping when Ctrl-C signals the whole process group of npm start', async () => {
    const { url, dataDir, env } = await place('ctrl-c', { LOCAL_WARM_UP_MS: '0' });
    const api = httpClient(url);

    const first = started(npmRun('start', [], env));
    await waitForStart(first, url, 60_000);
    const owner = (await api.post<{ id: number }>('/users', { username: 'clicker', email: 'clicker@example.com' }))
      .body;
    const link = (await api.post<UrlRecord>('/urls', { user_id: owner.id, original_url: 'https://kept.example/' }))
      .body;
    // 300 clicks from 25 clients at a time, each on its own connection, as visitors' browsers send them. The
    // subject is the stop; 300 connections opened at once would test instead how one busy process's event
    // loop keeps the functions' 1 s connection timeouts on a loaded machine (AWS runs each invocation apart),
    // which is the load tests' subject (loadtest/).
    const clicks = 300;
    let sent = 0;
    const statuses: number[] = [];
    const visitor = async () => {
      while (sent < clicks) {
        sent += 1;
        statuses.push((await fetch(`${url}/${link.short_code}`, { redirect: 'manual' })).status);
      }
    };
    await Promise.all(Array.from({ length: 25 }, visitor));
    expect(statuses).toEqual(Array.from({ length: clicks }, () => 302));

    // What a terminal does on Ctrl-C: SIGINT to every process of the foreground group (npm, node, java).
    process.kill(-(first.child.pid as number), 'SIGINT');
    // npm waits for the service, then ends itself by the same signal, as shells expect of it.
    expect([0, null]).toContain(await exitOf(first.child));
    expect(first.output()).not.toMatch(/"level":"ERROR"|ECONNREFUSED/);
    // LOG_LEVEL=WARN turns the access log off.
    expect(first.output()).not.toContain('"message":"request"');
    expect(first.output()).toContain('Stopped.');
    expect(javaProcessesUsing(dataDir)).toEqual([]);

    const second = started(startService(env));
    await waitForStart(second, url, 60_000);
    const stored = await api.get<EventRecord[]>(`/events?url_id=${link.id}&event_type=click&limit=1000`);
    expect(stored.body).toHaveLength(clicks);
    process.kill(-(second.child.pid as number), 'SIGTERM');
    expect(await exitOf(second.child)).toBe(0);
  }, 180_000);
});
