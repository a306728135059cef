import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../local/ports.js';
import type { EventRecord, UrlRecord } from '../../shared/records.js';
import { httpClient } from '../support/service.js';

/**
 * `npm start` as a user runs it: a separate process with its own DynamoDB Local (a real JVM) and data
 * folder. Start, answer, stop cleanly on the signals a terminal or a process manager sends, leave no JVM,
 * keep the data and every queued event for the next start, and refuse to start wrongly, in one line.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');

function serviceEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'WARN', ...extra };
  // This run's shared emulators must not be reused: the service has to start its own.
  delete env.AWS_ENDPOINT_URL_DYNAMODB;
  delete env.AWS_ENDPOINT_URL_SQS;
  delete env.TABLE_NAME;
  delete env.EVENTS_QUEUE_URL;
  return env;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  /** Settles as soon as the output holds `text` (on the chunk that brings it, not at a later poll). */
  printed: (text: string) => Promise<void>;
}

/**
 * Runs a command the way a terminal does: in a process group of its own, so that a signal can be sent to
 * the whole group, as Ctrl-C does.
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { cwd: projectRoot, env, detached: true });
  let output = '';
  const waiting = new Set<{ text: string; resolve: () => void }>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wait of waiting) {
      if (!output.includes(wait.text)) continue;
      waiting.delete(wait);
      wait.resolve();
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const printed = (text: string) =>
    output.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiting.add({ text, resolve }));
  return { child, output: () => output, printed };
}

const startService = (env: NodeJS.ProcessEnv) => run(process.execPath, ['--import', 'tsx', 'local/main.ts'], env);
const npmRun = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
  run('npm', ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], env);

/**
 * Waits until the service has started: it answers /health and has printed its banner. The gateway listens a
 * moment before the start is over (and the signal handlers are set), which a loaded machine stretches.
 */
async function waitForStart(service: Started, url: string, timeoutMs: number): Promise<number> {
  const took = await waitForHealth(url, timeoutMs);
  await waitForOutput(service, 'stop:       Ctrl-C', timeoutMs);
  return took;
}

async function waitForOutput(service: Started, text: string, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${service.output()}`)), timeoutMs);
  });
  const exited = exitOf(service.child).then((code) => {
    if (!service.output().includes(text)) throw new Error(`exited (${code}) without "${text}":\n${service.output()}`);
  });
  try {
    await Promise.race([service.printed(text), late, exited]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitForHealth(url: string, timeoutMs: number): Promise<number> {
  const startedAt = Date.now();
  for (;;) {
    try {
      const response = await fetch(`${url}/health`);
      if (response.status === 200) return Date.now() - startedAt;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - startedAt > timeoutMs) throw new Error(`no /health within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** The DynamoDB Local JVMs whose command line names this data folder. */
function javaProcessesUsing(dataDir: string): string[] {
  const listing = execFileSync('ps', ['-eo', 'pid,comm,args'], { encoding: 'utf8' });
  return listing
    .split('\n')
    .filter((line) => /^\s*\d+\s+java\s/.test(line) && line.includes('DynamoDBLocal.jar') && line.includes(dataDir));
}

describe('npm start lifecycle (real processes)', () => {
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'url-shortener-data-'));
  const running: Started[] = [];
  const started = (service: Started) => {
    running.push(service);
    return service;
  };
  afterEach(() => {
    // A failed assertion must not leave a service running for the rest of the suite.
    for (const service of running.splice(0)) if (service.child.exitCode === null) service.child.kill('SIGKILL');
  });
  afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

  it('starts, answers, stops on SIGTERM without leaving DynamoDB Local, and keeps data across restarts', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = path.join(dataRoot, 'restart');
    // LOG_LEVEL as a user has it (INFO): one access-log line per request.
    const env = serviceEnvironment({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'INFO' });

    const first = started(startService(env));
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
    const accessLog = () =>
      first
        .output()
        .split('\n')
        .filter((line) => line.includes('"message":"request"'))
        .map((line) => JSON.parse(line));
    // The line is written as the answer goes out; give the pipe a moment.
    for (let i = 0; i < 50 && accessLog().length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(accessLog()).toContainEqual(
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

    const second = started(startService(env));
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

  it('writes every queued click before stopping when Ctrl-C signals the whole process group of npm start', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = path.join(dataRoot, 'ctrl-c');
    const env = serviceEnvironment({ PORT: String(port), DATA_DIR: dataDir, LOCAL_WARM_UP_MS: '0' });
    const api = httpClient(url);

    const first = started(npmRun('start', [], env));
    await waitForStart(first, url, 60_000);
    const owner = (await api.post<{ id: number }>('/users', { username: 'clicker', email: 'clicker@example.com' }))
      .body;
    const link = (await api.post<UrlRecord>('/urls', { user_id: owner.id, original_url: 'https://kept.example/' }))
      .body;
    const clicks = 300;
    const answers = await Promise.all(
      Array.from({ length: clicks }, () => fetch(`${url}/${link.short_code}`, { redirect: 'manual' })),
    );
    expect(answers.every((answer) => answer.status === 302)).toBe(true);

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

  it('refuses a second start on the same data folder at once, and a port in use before starting anything', async () => {
    const port = await freePort();
    const dataDir = path.join(dataRoot, 'exclusive');
    const first = started(startService(serviceEnvironment({ PORT: String(port), DATA_DIR: dataDir })));
    await waitForStart(first, `http://127.0.0.1:${port}`, 60_000);

    const second = started(startService(serviceEnvironment({ PORT: String(await freePort()), DATA_DIR: dataDir })));
    expect(await exitOf(second.child)).toBe(1);
    expect(second.output().trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `data folder .*exclusive is in use by another npm start \\(pid ${first.child.pid}, http://localhost:${port}\\).*DATA_DIR`,
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

    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
  }, 180_000);

  // Each setting's refusal is a unit test of the settings (test/unit/settings.test.ts); here, that a refused
  // start prints that one line and nothing else, for a setting of the runtime's and one of the functions'.
  it.each([
    ['ENABLE_STARTUP_SEED', 'maybe', /ENABLE_STARTUP_SEED must be true or false .*got "maybe"/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of DEBUG, INFO, WARN, ERROR, CRITICAL, SILENT, got "loud"/],
  ])('refuses %s=%j with one line naming it and what it accepts, starting nothing', async (name, value, message) => {
    const dataDir = path.join(dataRoot, `refused-${name}`);
    const service = started(
      startService(serviceEnvironment({ PORT: String(await freePort()), DATA_DIR: dataDir, [name]: value })),
    );
    expect(await exitOf(service.child)).toBe(1);
    const lines = service.output().trim().split('\n');
    expect(lines).toEqual([expect.stringMatching(message)]);
    expect(javaProcessesUsing(dataDir)).toEqual([]);
  });

  // The tests' small seed (npm run generate-seed -- --small): the subject is the seeding, not the bundled files
  // (test/integration/seed.test.ts loads those).
  it('loads the seed on a fresh start with ENABLE_STARTUP_SEED, with progress, again after a Ctrl-C cut it short, and skips it once users exist', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = path.join(dataRoot, 'seeded');
    const env = serviceEnvironment({
      PORT: String(port),
      DATA_DIR: dataDir,
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

  it('replays logged events and browses the table through npm run, finding the running service by itself', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = path.join(dataRoot, 'tools');
    const env = serviceEnvironment({ PORT: String(port), DATA_DIR: dataDir, LOCAL_WARM_UP_MS: '0' });
    const api = httpClient(url);
    const service = started(startService(env));
    await waitForStart(service, url, 60_000);
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
    const replay = started(npmRun('replay-events', [log], plain));
    expect(await exitOf(replay.child)).toBe(0);
    expect(replay.output()).toContain('replayed 1 event(s)');
    const replayed = async () =>
      (await api.get<EventRecord[]>(`/events?url_id=${link.id}&event_type=replayed`)).body.length;
    for (let i = 0; i < 100 && (await replayed()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await replayed()).toBe(1);

    const adminPort = await freePort();
    const admin = started(npmRun('db-admin', [], { ...env, DB_ADMIN_PORT: String(adminPort) }));
    const page = await (async () => {
      for (let i = 0; i < 100; i++) {
        try {
          return await (await fetch(`http://127.0.0.1:${adminPort}/`)).text();
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      throw new Error(`npm run db-admin did not answer: ${admin.output()}`);
    })();
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

  it('exits non-zero with one clear line when Java is missing', async () => {
    const env = serviceEnvironment({
      PORT: String(await freePort()),
      DATA_DIR: path.join(dataRoot, 'no-java'),
      PATH: path.dirname(process.execPath),
    });
    const service = started(startService(env));
    expect(await exitOf(service.child)).toBe(1);
    expect(service.output()).toMatch(/Java 17\+ is required to run DynamoDB Local, and no 'java' was found on PATH/);
  });
});
