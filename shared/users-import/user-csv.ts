import { pipeline, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Parser, parse } from 'csv-parse';
import { RuleViolationError } from '../platform/errors.js';
import { email as emailSchema, username as usernameSchema } from '../schemas/users.js';
import { firstSkipped, MAX_SKIPPED_LISTED, type SkippedRow, type UserRow } from './user-rows.js';

const ONLY_CSV = 'Only CSV files allowed';
const NOT_UTF8 = 'CSV must be UTF-8 encoded';
const MISSING_COLUMNS = 'CSV must include username and email columns';
const MALFORMED = 'Malformed CSV data';

/** What reading a whole file found, besides the rows handed on. */
interface UserCsvSummary {
  /** Data rows in the file, valid or not (the header not counted). */
  rowsRead: number;
  /** Rows skipped on their own (invalid, or repeating an earlier row): how many, and the first by row. */
  skippedTotal: number;
  skipped: SkippedRow[];
  /** With an `id` column, the contract allows repeated usernames. */
  hasIdColumn: boolean;
}

/** Bytes handed to the parser at a time, and rows read between two turns of the event loop. */
const CHUNK_BYTES = 64 * 1024;
const ROWS_PER_TURN = 2000;
/**
 * The longest record, in characters: a user's row is two fields of at most 255 characters and a few more
 * columns. An unterminated quote would otherwise make the rest of the file one record held in memory.
 */
const MAX_RECORD_CHARS = 64 * 1024;

/** The file's text, decoded chunk by chunk; bytes that are not UTF-8 refuse the file. */
function* utf8Chunks(content: Buffer): Generator<string> {
  // `ignoreBOM: false` drops a leading byte-order mark.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  try {
    for (let at = 0; at < content.length; at += CHUNK_BYTES)
      yield decoder.decode(content.subarray(at, at + CHUNK_BYTES), { stream: true });
    yield decoder.decode();
  } catch {
    throw new RuleViolationError(NOT_UTF8);
  }
}

/** Records of CSV text, as the parser reads them from the chunks; a parser error is a malformed file. */
async function* csvRecords(content: Buffer): AsyncGenerator<string[]> {
  const parser: Parser = parse({ relax_column_count: true, skip_empty_lines: true, max_record_size: MAX_RECORD_CHARS });
  // The pipeline ends the parser with the text's error (not UTF-8), and ends the text when the reader stops.
  pipeline(Readable.from(utf8Chunks(content)), parser, () => undefined);
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    throw error instanceof RuleViolationError ? error : new RuleViolationError(MALFORMED);
  } finally {
    parser.destroy();
  }
}

/**
 * The email schema's verdict, with a shortcut for the commonest invalid value of a large file: text without
 * an `@`, which the schema refuses too (it is an `address@domain` pattern), is refused without running it.
 */
const validEmail = (text: string) =>
  text.includes('@') ? emailSchema.safeParse(text) : ({ success: false, data: undefined } as const);

/**
 * Reads a user CSV as the contract describes, as a stream: UTF-8 (a byte-order mark is allowed), header
 * names matched trimmed and case-insensitively, `username` and `email` required. A row with more fields than
 * the header or broken quoting makes the whole file malformed (a RuleViolationError; the caller imports
 * nothing). Rows with an empty or invalid username or email are skipped, as are emails (and, without an `id`
 * column, usernames) seen earlier in the file, compared case-insensitively. The others go to `onRow` in file
 * order. Memory holds the current record, the emails and usernames kept for those comparisons, and the first
 * skipped rows, never every row; the event loop gets a turn every few thousand rows, so that a large file
 * does not hold up the requests around it.
 */
export async function readUserCsv(
  filename: string,
  content: Buffer,
  onRow: (row: UserRow) => Promise<void> | void,
): Promise<UserCsvSummary> {
  if (!filename.toLowerCase().endsWith('.csv')) throw new RuleViolationError(ONLY_CSV);
  const seenEmails = new Set<string>();
  const seenUsernames = new Set<string>();
  let skipped: SkippedRow[] = [];
  let skippedTotal = 0;
  let columns: string[] | undefined;
  let usernameAt = -1;
  let emailAt = -1;
  let hasIdColumn = false;
  let row = 0;

  for await (const record of csvRecords(content)) {
    if (!columns) {
      columns = record.map((name) => name.trim().toLowerCase());
      usernameAt = columns.indexOf('username');
      emailAt = columns.indexOf('email');
      if (usernameAt < 0 || emailAt < 0) throw new RuleViolationError(MISSING_COLUMNS);
      hasIdColumn = columns.includes('id');
      continue;
    }
    if (record.length > columns.length) throw new RuleViolationError(MALFORMED);
    row += 1;
    if (row % ROWS_PER_TURN === 0) await nextTurn();
    const username = usernameSchema.safeParse(record[usernameAt] ?? '');
    const email = validEmail(record[emailAt] ?? '');
    const usernameKey = username.data?.toLowerCase() ?? '';
    const reason = !username.success
      ? 'invalid username'
      : !email.success
        ? 'invalid email'
        : seenEmails.has(email.data)
          ? 'email repeated in the file'
          : !hasIdColumn && seenUsernames.has(usernameKey)
            ? 'username repeated in the file'
            : undefined;
    if (reason !== undefined || !username.success || !email.success) {
      skippedTotal += 1;
      if (skipped.length < MAX_SKIPPED_LISTED) skipped.push({ row, reason: reason ?? 'invalid row' });
      continue;
    }
    seenEmails.add(email.data);
    seenUsernames.add(usernameKey);
    await onRow({ username: username.data, email: email.data, row });
  }
  if (!columns) throw new RuleViolationError(MISSING_COLUMNS);
  skipped = firstSkipped(skipped);
  return { rowsRead: row, skippedTotal, skipped, hasIdColumn };
}
