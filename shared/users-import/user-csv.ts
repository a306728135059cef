import { parse } from 'csv-parse/sync';
import { RuleViolationError } from '../errors.js';
import { email as emailSchema, username as usernameSchema } from '../schemas.js';

export const ONLY_CSV = 'Only CSV files allowed';
export const NOT_UTF8 = 'CSV must be UTF-8 encoded';
export const MISSING_COLUMNS = 'CSV must include username and email columns';
export const MALFORMED = 'Malformed CSV data';

export interface UserRow {
  username: string;
  email: string;
  /** Its place among the file's data rows, from 1 (the line after the header). */
  row: number;
}

/** A row not imported, and why. */
export interface SkippedRow {
  row: number;
  reason: string;
}

export interface ParsedUserCsv {
  /** Rows that are valid on their own and not repeated earlier in the file, in file order. */
  rows: UserRow[];
  /** The others, with their reasons. */
  skipped: SkippedRow[];
  /** With an `id` column, the contract allows repeated usernames. */
  hasIdColumn: boolean;
  /** Data rows in the file, valid or not. */
  totalRows: number;
}

/**
 * Reads a user CSV as the contract describes: UTF-8 (a byte-order mark is allowed), header names matched
 * trimmed and case-insensitively, `username` and `email` required. A row with more fields than the header
 * or broken quoting makes the whole file malformed, so nothing is imported. Rows with an empty or invalid
 * username or email are skipped, as are emails (and, without an `id` column, usernames) seen earlier in the
 * file, compared case-insensitively.
 */
export function parseUserCsv(filename: string, content: Buffer): ParsedUserCsv {
  if (!filename.toLowerCase().endsWith('.csv')) throw new RuleViolationError(ONLY_CSV);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    throw new RuleViolationError(NOT_UTF8);
  }

  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch {
    throw new RuleViolationError(MALFORMED);
  }
  const [header = [], ...data] = records;
  const columns = header.map((name) => name.trim().toLowerCase());
  const usernameAt = columns.indexOf('username');
  const emailAt = columns.indexOf('email');
  if (usernameAt < 0 || emailAt < 0) throw new RuleViolationError(MISSING_COLUMNS);
  if (data.some((record) => record.length > columns.length)) throw new RuleViolationError(MALFORMED);

  const hasIdColumn = columns.includes('id');
  const seenEmails = new Set<string>();
  const seenUsernames = new Set<string>();
  const rows: UserRow[] = [];
  const skipped: SkippedRow[] = [];
  data.forEach((record, index) => {
    const row = index + 1;
    const username = usernameSchema.safeParse(record[usernameAt] ?? '');
    const email = emailSchema.safeParse(record[emailAt] ?? '');
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
      skipped.push({ row, reason: reason ?? 'invalid row' });
      return;
    }
    seenEmails.add(email.data);
    seenUsernames.add(usernameKey);
    rows.push({ username: username.data, email: email.data, row });
  });
  return { rows, skipped, hasIdColumn, totalRows: data.length };
}
