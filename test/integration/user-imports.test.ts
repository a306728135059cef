import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ImportProgress } from '../../shared/users-import/user-imports.js';
import { expectDocumented, httpClient, startTestService, type TestService } from '../support/service.js';

/**
 * Imports that go on without their request (docs/decisions.md, "Bulk imports"), through HTTP against DynamoDB
 * Local and the SQS emulator. IMPORT_ANSWER_WITHIN_MS=0 hands every import to the import worker as soon as
 * its file is read, so that the 202 path is taken whatever this machine's speed.
 */
describe('bulk imports handed to the import worker (DynamoDB Local + SQS emulator, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let sequence = 0;
  const tag = () => `i${++sequence}${Date.now().toString(36)}`;

  beforeAll(async () => {
    // The limits emulation at DynamoDB's own scale, for its injected faults only; a failed delivery of an
    // import comes back after 40 s, once the worker's time for it is up (as in AWS, never while it runs).
    service = await startTestService({
      functionSettings: { IMPORT_ANSWER_WITHIN_MS: '0' },
      dynamoDbLimits: { scale: 1 },
      importsQueueOverrides: { visibilityTimeoutSeconds: 40, maxReceiveCount: 50 },
    });
    api = httpClient(service.url);
  });
  afterAll(() => service.stop());

  async function upload(content: string | Buffer, headers: Record<string, string> = {}) {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'text/csv' }), 'users.csv');
    const response = await fetch(`${service.url}/users/bulk`, { method: 'POST', body: form, headers });
    const text = await response.text();
    expectDocumented({
      method: 'POST',
      url: '/users/bulk',
      requestContentType: 'multipart/form-data',
      requestBody: '(multipart form)',
      status: response.status,
      responseHeaders: response.headers,
      responseText: text,
    });
    return { status: response.status, headers: response.headers, body: JSON.parse(text) as ImportProgress };
  }

  /**
   * Polls an import until it is no longer running; answers its last record. Under injected faults a read may
   * meet faults past its retries: its 503 is asked again, as `npm run import-users` does.
   */
  async function followImport(
    accepted: ImportProgress,
    { timeoutMs = 120_000, underFaults = false } = {},
  ): Promise<ImportProgress> {
    const path = new URL(accepted.status_url).pathname;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { status, body } = await api.get<ImportProgress>(path);
      const unavailable = underFaults && status === 503 && Date.now() < deadline;
      if (!unavailable) {
        expect(status).toBe(200);
        expect(body.rows_read).toBe(accepted.rows_read);
        if (body.status !== 'running' || Date.now() > deadline) return body;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * A file of users named after `t`. The tests import 1,100 of them: two parts of the import (1,000 rows a part),
   * the second one partial, which is what a large file adds; more rows add only DynamoDB Local's time.
   */
  const usersFile = (t: string, rows: number, extra: string[] = []) =>
    ['username,email', ...Array.from({ length: rows }, (_, i) => `${t}u${i},${t}u${i}@example.com`), ...extra].join(
      '\n',
    );

  it('answers 202 with where to follow the import, which goes on to done with the counts of a 200', async () => {
    const t = tag();
    const accepted = await upload(usersFile(t, 1_100, ['bad,not-an-email', `again,${t}U0@example.com`]));
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({
      import_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'running',
      rows_read: 1_102,
      count: 0,
      skipped_total: 2,
      status_url: `${service.url}/imports/${accepted.body.import_id}`,
    });
    expect(accepted.headers.get('location')).toBe(accepted.body.status_url);

    const done = await followImport(accepted.body);
    expect(done).toEqual({
      ...accepted.body,
      status: 'done',
      count: 1_100,
      skipped: [
        { row: 1_101, reason: 'invalid email' },
        { row: 1_102, reason: 'email repeated in the file' },
      ],
    });
    // Stored, each once: the same file again stores none and says why.
    const again = await followImport((await upload(usersFile(t, 1_100))).body);
    expect(again).toMatchObject({ status: 'done', count: 0, skipped_total: 1_100 });
    expect(again.skipped?.[0]).toEqual({ row: 1, reason: 'email already registered' });
    expect(again.skipped).toHaveLength(100);
    // Read back from the table, every skipped row still says `row`, then `reason`.
    expect(new Set(again.skipped?.map((entry) => Object.keys(entry).join()))).toEqual(new Set(['row,reason']));
  }, 180_000);

  it('gives a retry with the same Idempotency-Key the same import, and imports the file once', async () => {
    const t = tag();
    const file = usersFile(t, 300);
    const first = await upload(file, { 'Idempotency-Key': `import-${t}` });
    const retry = await upload(file, { 'Idempotency-Key': `import-${t}` });
    expect(first.status).toBe(202);
    expect(retry).toMatchObject({ status: 202, body: first.body });
    expect(retry.headers.get('location')).toBe(first.body.status_url);
    expect(await followImport(first.body)).toMatchObject({ status: 'done', count: 300 });
  }, 120_000);

  it('answers 404 for an import that does not exist', async () => {
    for (const id of ['0f8fad5b-d9cb-469f-a165-70867728950e', 'not-an-import']) {
      expect(await api.get(`/imports/${id}`)).toMatchObject({ status: 404, body: { detail: 'Import not found' } });
    }
  });

  it('stores every row exactly once while DynamoDB throttles, fails and loses answers (faults injected)', async () => {
    const t = tag();
    await service.dynamoDbLimits?.injectFaults({ every: 4, kinds: ['throttle', 'error', 'lost'] });
    let done: ImportProgress;
    try {
      let accepted = await upload(usersFile(t, 1_100));
      // The upload itself may meet faults past its retries (a 503): it is sent again.
      for (let attempt = 0; accepted.status !== 202 && attempt < 5; attempt++) {
        expect(accepted.status).toBe(503);
        accepted = await upload(usersFile(t, 1_100));
      }
      expect(accepted.status).toBe(202);
      done = await followImport(accepted.body, { timeoutMs: 240_000, underFaults: true });
    } finally {
      await service.dynamoDbLimits?.injectFaults(undefined);
    }
    expect(done).toMatchObject({ status: 'done', count: 1_100, skipped_total: 0 });
    const report = await service.dynamoDbLimits?.report();
    expect(Object.values(report?.faults ?? {}).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(20);
    // Each user once: the same file again finds every email registered.
    const again = await followImport((await upload(usersFile(t, 1_100))).body);
    expect(again).toMatchObject({ status: 'done', count: 0, skipped_total: 1_100 });
  }, 300_000);

  // A quarter of the contract's million-row file: Jest runs the functions in its module sandbox, several times
  // slower than Node itself (`npm run bench -- bulk-import` measures the whole million on `npm start`).
  it('reads 250,000 tiny rows without holding up the service: /health answers again and again meanwhile', async () => {
    const file = `username,email\n${'a,b\n'.repeat(250_000)}`;
    let uploading = true;
    /** The /health answers that came back while the upload was still being read. */
    let answeredDuringUpload = 0;
    const probing = (async () => {
      while (uploading) {
        expect((await fetch(`${service.url}/health`)).status).toBe(200);
        if (uploading) answeredDuringUpload += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const answer = await upload(file).finally(() => {
      uploading = false;
    });
    await probing;
    // Nothing valid: done as soon as it is read, whatever the hand-off setting.
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ count: 0, skipped_total: 250_000 });
    expect(answer.body.skipped).toHaveLength(100);
    // The file is read in turns that let other requests in (how long each takes is a benchmark's figure).
    expect(answeredDuringUpload).toBeGreaterThan(3);
  }, 120_000);

  it('npm run import-users sends a file and follows it to the end with a progress bar', async () => {
    const t = tag();
    const file = path.join(tmpdir(), `import-users-${t}.csv`);
    await writeFile(file, usersFile(t, 400, ['bad,not-an-email']));
    const root = path.resolve(import.meta.dirname, '../..');
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/import-users.ts', file, '--url', service.url],
      { cwd: root },
    );
    expect(stdout).toContain('The import goes on in the service');
    expect(stdout).toContain('Imported 400 users; 1 rows skipped.');
    expect(stdout).toContain('row 401: invalid email');
    // Not a terminal: a line each tenth of the way, the last one full.
    expect(stderr.trim().split('\n').at(-1)).toContain('100% 401/401 rows');

    const usage = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/import-users.ts'], {
      cwd: root,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run import-users') });
  }, 120_000);
});
