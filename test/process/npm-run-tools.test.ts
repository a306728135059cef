import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { freePort } from '../../local/ports.js';
import type { EventRecord, UrlRecord } from '../../shared/domain/records.js';
import {
  exitOf,
  javaProcessesUsing,
  npmRun,
  type Started,
  serviceEnvironment,
  serviceProcesses,
  startService,
  waitForStart,
} from '../support/npm-start.js';
import { eventually, httpClient } from '../support/service.js';

/**
 * Beside a running `npm start`, as a user works with it: a second start on the same data folder is refused at
 * once, and the `npm run` tools find the running service by themselves. One service for both, started once.
 */
describe('beside a running npm start: a second start, and the npm run tools (real processes)', () => {
  const { dataRoot, started } = serviceProcesses('tools');
  const dataDir = path.join(dataRoot, 'tools');
  let port: number;
  let url: string;
  let env: NodeJS.ProcessEnv;
  let service: Started;

  beforeAll(async () => {
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = serviceEnvironment({ PORT: String(port), DATA_DIR: dataDir, LOCAL_WARM_UP_MS: '0' });
    // Not through `started`: it runs for both tests, and the last one stops it.
    service = startService(env);
    await waitForStart(service, url, 60_000);
  }, 90_000);
  afterAll(() => {
    if (service.child.exitCode === null) service.child.kill('SIGKILL');
  });

  it('refuses a second start on the same data folder at once, and a port in use before starting anything', async () => {
    const second = started(startService(serviceEnvironment({ PORT: String(await freePort()), DATA_DIR: dataDir })));
    expect(await exitOf(second.child)).toBe(1);
    expect(second.output().trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `data folder .*tools is in use by another npm start \\(pid ${service.child.pid}, http://localhost:${port}\\).*DATA_DIR`,
        ),
      ),
    ]);

    const busy = createServer();
    const busyPort = await new Promise<number>((resolve) =>
      busy.listen(0, '127.0.0.1', () => resolve((busy.address() as { port: number }).port)),
    );
    const otherDataDir = path.join(dataRoot, 'port-in-use');
    const blocked = started(startService(serviceEnvironment({ PORT: String(busyPort), DATA_DIR: otherDataDir })));
    expect(await exitOf(blocked.child)).toBe(1);
    busy.close();
    expect(blocked.output().trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`Port ${busyPort} .* already in use.*set PORT`)),
    ]);
    expect(javaProcessesUsing(otherDataDir)).toEqual([]);
  }, 60_000);

  it('replays logged events and browses the table through npm run, finding the running service by itself; reset-data waits for its stop', async () => {
    const api = httpClient(url);
    const owner = (await api.post<{ id: number }>('/users', { username: 'tools', email: 'tools@example.com' })).body;
    const link = (await api.post<UrlRecord>('/urls', { user_id: owner.id, original_url: 'https://tools.example/' }))
      .body;

    const log = path.join(dataRoot, 'service.log');
    const unsent = {
      message_id: 'replayed-1',
      url_id: link.id,
      user_id: owner.id,
      event_type: 'replayed',
      timestamp: '2026-11-22T10:00:00.000',
      details: { short_code: link.short_code, original_url: link.original_url },
    };
    writeFileSync(
      log,
      `${JSON.stringify({ level: 'ERROR', message: 'Event could not be queued', unsent_event: unsent })}\n`,
    );
    // As a user runs it: no queue URL, region or credentials in the environment.
    const plain = { ...env };
    for (const name of ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) delete plain[name];
    const adminPort = await freePort();
    // The replay and the table browser at once: neither needs the other.
    const replay = started(npmRun('replay-events', [log], plain));
    const admin = started(npmRun('db-admin', [], { ...env, DB_ADMIN_PORT: String(adminPort) }));
    expect(await exitOf(replay.child)).toBe(0);
    expect(replay.output()).toContain('replayed 1 event(s)');
    const replayed = await eventually(async () => {
      const listed = (await api.get<EventRecord[]>(`/events?url_id=${link.id}&event_type=replayed`)).body;
      return listed.length > 0 ? listed : undefined;
    }, 10_000);
    expect(replayed).toHaveLength(1);

    const page = await eventually(async () => {
      if (admin.child.exitCode !== null) throw new Error(`npm run db-admin exited: ${admin.output()}`);
      try {
        return await (await fetch(`http://127.0.0.1:${adminPort}/`)).text();
      } catch {
        return undefined; // Not listening yet.
      }
    }, 30_000).catch((error: Error) => {
      throw new Error(`npm run db-admin did not answer (${error.message}): ${admin.output()}`);
    });
    expect(page).toContain('url-shortener');
    process.kill(-(admin.child.pid as number), 'SIGINT');
    await exitOf(admin.child);

    const refused = started(npmRun('reset-data', [], env));
    expect(await exitOf(refused.child)).toBe(1);
    expect(refused.output()).toMatch(/is running on .*stop it first/);
    service.child.kill('SIGTERM');
    expect(await exitOf(service.child)).toBe(0);
    const reset = started(npmRun('reset-data', [], env));
    expect(await exitOf(reset.child)).toBe(0);
    expect(javaProcessesUsing(dataDir)).toEqual([]);
  }, 180_000);
});
