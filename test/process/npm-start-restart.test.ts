import path from 'node:path';
import {
  exitOf,
  javaProcessesUsing,
  projectRoot,
  serviceProcesses,
  startService,
  waitForStart,
} from '../support/npm-start.js';
import { httpClient } from '../support/service.js';

/**
 * `npm start` as a user runs it: a separate process with its own DynamoDB Local (a real JVM) and data folder.
 * It starts, answers, stops cleanly on the signals a terminal or a process manager sends, leaves no JVM, and
 * keeps the data for the next start.
 */
describe('npm start: start, answer, stop, start again on the same data (real processes)', () => {
  const { place, started } = serviceProcesses('restart');

  it('starts, answers, stops on SIGTERM without leaving DynamoDB Local, and keeps data across restarts', async () => {
    // LOG_LEVEL as a user has it (INFO): one access-log line per request. The first start warms up as npm start
    // does by default (DynamoDB Local exercised, every function loaded before serving), for a moment only: the
    // warm-up's length is a benchmark's subject, not this test's.
    const { port, url, dataDir, env } = await place('restart', { LOG_LEVEL: 'INFO' });

    const first = started(startService({ ...env, LOCAL_WARM_UP_MS: '300' }));
    await waitForStart(first, url, 60_000);
    expect(first.output()).toContain(`running at http://localhost:${port}`);
    expect(first.output()).toMatch(/DynamoDB Local at http:\/\/127\.0\.0\.1:\d+/);
    expect(first.output()).toMatch(/events: +http:\/\/127\.0\.0\.1:\d+\/\d+\/url-shortener-events\n/);
    expect(first.output()).toContain(`data:       ${path.relative(projectRoot, path.join(dataDir, 'dynamodb'))}`);
    expect(javaProcessesUsing(dataDir)).toHaveLength(1);
    const created = await httpClient(url).post<{ id: number }>('/users', {
      username: 'kept',
      email: 'kept@example.com',
    });
    expect(created.status).toBe(201);
    const accessLogged = () =>
      first
        .output()
        .split('\n')
        .filter((line) => line.includes('"message":"request"'))
        .map((line) => JSON.parse(line))
        .find((entry) => entry.request_id === created.headers.get('x-request-id'));
    // The line is written as the answer goes out: it is in the output once the pipe has brought it.
    await first.printed(`"request_id":"${created.headers.get('x-request-id')}"`);
    expect(accessLogged()).toEqual(
      expect.objectContaining({
        level: 'INFO',
        method: 'POST',
        path: '/users',
        status: 201,
        duration_ms: expect.any(Number),
        request_id: created.headers.get('x-request-id'),
      }),
    );

    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
    expect(javaProcessesUsing(dataDir)).toEqual([]);

    const second = started(startService({ ...env, LOCAL_WARM_UP_MS: '0' }));
    let exitCode: number | null;
    try {
      await waitForStart(second, url, 60_000);
      const fetched = await httpClient(url).get(`/users/${created.body.id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.body).toMatchObject({ username: 'kept', email: 'kept@example.com' });
    } finally {
      // The stop's outcome is asserted after: a failure above must not be hidden by it.
      second.child.kill('SIGINT');
      exitCode = await exitOf(second.child);
    }
    expect(exitCode).toBe(0);
    expect(javaProcessesUsing(dataDir)).toEqual([]);
    // Two real start-ups (JVM, warm-up) and stops, slower when other test files load the machine.
  }, 180_000);
});
