import path from 'node:path';
import {
  exitOf,
  javaProcessesUsing,
  projectRoot,
  serviceProcesses,
  startService,
  waitForOutput,
  waitForStart,
} from '../support/npm-start.js';
import { httpClient } from '../support/service.js';

/**
 * `npm start` with ENABLE_STARTUP_SEED, on the tests' small seed (npm run generate-seed -- --small): the subject
 * is the seeding, not the bundled files (test/process/seed.test.ts loads those).
 */
describe('npm start: the startup seed (real processes)', () => {
  const { place, started } = serviceProcesses('seeded');

  it('loads the seed on a fresh start with ENABLE_STARTUP_SEED, with progress, again after a Ctrl-C cut it short, and skips it once users exist', async () => {
    const { url, dataDir, env } = await place('seeded', {
      ENABLE_STARTUP_SEED: 'true',
      SEED_DIR: path.join(projectRoot, 'test/fixtures/small-seed'),
      LOCAL_WARM_UP_MS: '0',
    });
    const seededStart = 120_000;

    // Ctrl-C while the seed loads: the start ends, its JVM and its claim on the data folder with it.
    const interrupted = started(startService(env));
    // The first tenth of the events: nine tenths and the users are still to come when the signal lands.
    await waitForOutput(interrupted, 'seeding events: ', seededStart);
    process.kill(-(interrupted.child.pid as number), 'SIGINT');
    expect(await exitOf(interrupted.child)).toBe(0);
    expect(interrupted.output()).toContain('SIGINT: stopping the start...');
    expect(interrupted.output()).toContain('Stopped before the start was over.');
    expect(interrupted.output()).not.toContain('seeding users');
    expect(interrupted.output()).not.toMatch(/"level":"ERROR"/);
    expect(javaProcessesUsing(dataDir)).toEqual([]);

    for (const expected of [
      [
        'seeding urls: 200/200',
        'seeding events: 340/340',
        'seeding users: 40/40',
        'seed:       loaded 40 users, 200 URLs, 340 events',
      ],
      ['seed:       skipped (users exist already)'],
    ]) {
      const service = started(startService(env));
      let exitCode: number | null;
      try {
        await waitForStart(service, url, seededStart);
        for (const line of expected) expect(service.output()).toContain(line);
        expect((await httpClient(url).get<unknown[]>('/users?per_page=10&page=4')).body).toHaveLength(10);
        // New ids continue above the seeded ones.
        const added = await httpClient(url).post<{ id: number }>('/users', {
          username: `after-seed-${expected.length}`,
          email: `after-seed-${expected.length}@example.com`,
        });
        expect(added.status).toBe(201);
        expect(added.body.id).toBeGreaterThan(40);
      } finally {
        // The stop's outcome is asserted after: a failure above must not be hidden by it.
        service.child.kill('SIGTERM');
        exitCode = await exitOf(service.child);
      }
      expect(exitCode).toBe(0);
    }
  }, 240_000);
});
