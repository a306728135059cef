import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../local/ports.js';
import { httpClient } from '../support/service.js';

/**
 * `npm start` as a user runs it: a separate process with its own DynamoDB Local (a real JVM) and data
 * folder. Start, answer, stop cleanly, leave no JVM, and keep the data for the next start.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');

function serviceEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  // This run's shared emulators must not be reused: the service has to start its own.
  delete env.AWS_ENDPOINT_URL_DYNAMODB;
  delete env.AWS_ENDPOINT_URL_SQS;
  delete env.TABLE_NAME;
  delete env.EVENTS_QUEUE_URL;
  return env;
}

function startService(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts'], { cwd: projectRoot, env });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
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

/** Java processes whose command line names this data folder: the service's DynamoDB Local. */
function javaProcessesUsing(dataDir: string): string[] {
  const listing = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return listing.split('\n').filter((line) => line.includes('DynamoDBLocal.jar') && line.includes(dataDir));
}

describe('npm start lifecycle (real processes)', () => {
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'url-shortener-data-'));
  afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

  it('starts, answers, stops on SIGTERM without leaving DynamoDB Local, and keeps data across restarts', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = serviceEnvironment({ PORT: String(port), DATA_DIR: dataRoot });

    const first = startService(env);
    await waitForHealth(url, 60_000);
    expect(first.output()).toContain(`running at http://localhost:${port}`);
    expect(javaProcessesUsing(dataRoot)).toHaveLength(1);
    const created = await httpClient(url).post<{ id: number }>('/users', {
      username: 'kept',
      email: 'kept@example.com',
    });
    expect(created.status).toBe(201);

    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
    expect(javaProcessesUsing(dataRoot)).toEqual([]);

    const second = startService(env);
    try {
      await waitForHealth(url, 60_000);
      const fetched = await httpClient(url).get(`/users/${created.body.id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.body).toMatchObject({ username: 'kept', email: 'kept@example.com' });
    } finally {
      second.child.kill('SIGINT');
      expect(await exitOf(second.child)).toBe(0);
    }
    expect(javaProcessesUsing(dataRoot)).toEqual([]);
    // Two real start-ups (JVM, warm-up) and stops, slower when other test files load the machine.
  }, 180_000);

  it('loads the bundled seed on a fresh start with ENABLE_STARTUP_SEED, and skips it once users exist', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = serviceEnvironment({
      PORT: String(port),
      DATA_DIR: path.join(dataRoot, 'seeded'),
      ENABLE_STARTUP_SEED: 'true',
      LOCAL_WARM_UP_MS: '0',
    });
    for (const expected of [
      'seed:     loaded 400 users, 2000 URLs, 3400 events',
      'seed:     skipped (users exist already)',
    ]) {
      const service = startService(env);
      try {
        await waitForHealth(url, 60_000);
        expect(service.output()).toContain(expected);
        expect((await httpClient(url).get<unknown[]>('/users?per_page=100&page=4')).body).toHaveLength(100);
      } finally {
        service.child.kill('SIGTERM');
        expect(await exitOf(service.child)).toBe(0);
      }
    }
  }, 180_000);

  it('exits non-zero with one clear line when Java is missing', async () => {
    const env = serviceEnvironment({ PORT: String(await freePort()), PATH: path.dirname(process.execPath) });
    const service = startService(env);
    expect(await exitOf(service.child)).toBe(1);
    expect(service.output()).toMatch(/Java 17\+ is required to run DynamoDB Local, and no 'java' was found on PATH/);
  });
});
