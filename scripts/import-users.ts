import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runningService } from '../local/runtime-record.js';
import { readLocalSettings } from '../local/settings.js';
import type { ImportProgress } from '../shared/users-import/user-imports.js';

/**
 * `npm run import-users -- users.csv [--url https://sho.rt] [--key <operator key>]`: sends a CSV of users to
 * POST /users/bulk of a running service (the local `npm start` by default, or a deployment's address in
 * `--url` / SERVICE_URL) and follows the import to its end with a progress bar. In `keys` mode the operator
 * key comes from `--key` or API_KEY (API_KEY keeps it out of the shell's history); it is never printed.
 *
 * The upload carries an Idempotency-Key of its own, so a retry after a 503, a 504 or a lost answer gets the
 * same import, never a second one.
 */

type Summary = Pick<ImportProgress, 'count' | 'skipped_total'> & { skipped?: ImportProgress['skipped'] };

const UPLOAD_ATTEMPTS = 5;
const POLL_EVERY_MS = 1000;

class UsageError extends Error {}

function options() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { url: { type: 'string' }, key: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    throw new UsageError('Usage: npm run import-users -- <file.csv> [--url <service URL>] [--key <operator key>]');
  }
  // An empty variable is no setting, as everywhere else in the project.
  const url = values.url || process.env.SERVICE_URL || localServiceUrl();
  if (!url) {
    throw new UsageError(
      'No service to send to: start one with `npm start`, or give a deployment with --url (or SERVICE_URL)',
    );
  }
  return { file: positionals[0] as string, url: url.replace(/\/+$/, ''), key: values.key || process.env.API_KEY };
}

/** The address of the `npm start` running on this checkout's data folder, if one runs. */
function localServiceUrl(): string | undefined {
  const projectRoot = path.resolve(import.meta.dirname, '..');
  return runningService(readLocalSettings(process.env, [], projectRoot).dataDir)?.url;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call that may be sent again: a 503 or 504 answer, or none at all. */
async function retried(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await send();
      if (![503, 504].includes(response.status) || attempt === UPLOAD_ATTEMPTS) return response;
    } catch (error) {
      if (attempt === UPLOAD_ATTEMPTS) throw error;
    }
    await pause(1000 * 2 ** (attempt - 1));
  }
}

async function answerOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const detail = (body as { detail?: unknown } | undefined)?.detail;
    throw new Error(`${response.status}: ${detail === undefined ? text.slice(0, 200) : JSON.stringify(detail)}`);
  }
  return body as T;
}

/** One line redrawn in place on a terminal; a line every tenth otherwise (a log, CI). */
function progressBar(total: number) {
  let lastTenth = -1;
  return (done: number) => {
    const share = total === 0 ? 1 : Math.min(1, done / total);
    const text = `${'#'.repeat(Math.round(share * 30)).padEnd(30, '.')} ${(share * 100).toFixed(0).padStart(3)}% ${done}/${total} rows`;
    if (process.stderr.isTTY) process.stderr.write(`\r  [${text}]`);
    else if (Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      process.stderr.write(`  [${text}]\n`);
    }
  };
}

async function followImport(accepted: ImportProgress, headers: Record<string, string>): Promise<ImportProgress> {
  const show = progressBar(accepted.rows_read);
  let progress = accepted;
  for (;;) {
    show(progress.count + progress.skipped_total);
    if (progress.status !== 'running') break;
    await pause(POLL_EVERY_MS);
    progress = await answerOf<ImportProgress>(await retried(() => fetch(accepted.status_url, { headers })));
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  return progress;
}

function report(summary: Summary): void {
  console.log(`  Imported ${summary.count} users; ${summary.skipped_total} rows skipped.`);
  for (const { row, reason } of summary.skipped ?? []) console.log(`    row ${row}: ${reason}`);
  if (summary.skipped_total > (summary.skipped?.length ?? 0)) {
    console.log(`    (the first ${summary.skipped?.length ?? 0} skipped rows are listed)`);
  }
}

async function main(): Promise<number> {
  const { file, url, key } = options();
  const content = await readFile(file);
  const auth: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
  const idempotencyKey = `import-users-${randomUUID()}`;
  console.log(`  Sending ${path.basename(file)} (${content.length} bytes) to ${url}/users/bulk`);
  const response = await retried(() => {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'text/csv' }), path.basename(file));
    return fetch(`${url}/users/bulk`, {
      method: 'POST',
      body: form,
      headers: { ...auth, 'Idempotency-Key': idempotencyKey },
    });
  });
  if (response.status !== 202) {
    report(await answerOf<Summary>(response));
    return 0;
  }
  const accepted = await answerOf<ImportProgress>(response);
  console.log(`  The import goes on in the service (${accepted.import_id}); following it:`);
  const last = await followImport(accepted, auth);
  if (last.status === 'failed') {
    console.error(`  The import failed: ${last.detail ?? 'no detail'}`);
    return 1;
  }
  report(last);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(
    `  ${error instanceof UsageError ? error.message : `The import did not complete: ${(error as Error).message}`}`,
  );
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
