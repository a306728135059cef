import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Page } from '../domain/records.js';
import { nextPageQuery } from './answers.js';
import type { CsvAnswer } from './route.js';
import { serviceUrl } from './short-links.js';

/**
 * A list as CSV (docs/decisions.md, "API"): a header line with the JSON record's keys in its order, then
 * one line per record. Quoting is RFC 4180's (a field holding a comma, a quote, CR or LF is quoted, its quotes
 * doubled), lines end with CRLF; a nested value (an event's `details`) is its JSON text, `null` an empty field.
 * Values are written as stored: a title starting with `=` is not defused for spreadsheets, since an export
 * that rewrites its data no longer reproduces the JSON rows.
 */

/**
 * The most a CSV body may weigh inside Lambda's answer. Lambda returns at most 6 MB (6,291,456 bytes) of JSON,
 * in which the body is a string: each quote and backslash counts twice there. What is past this bound is left
 * for the next page, whose Link the answer gives, so 10,000 ordinary rows fit and no page fails for its size.
 */
export const CSV_BODY_BOUND_BYTES = 5 * 1024 * 1024;

function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line of values, with its CRLF. */
export const csvLine = (values: readonly unknown[]): string => `${values.map(field).join(',')}\r\n`;

/** What a line adds to Lambda's answer: its UTF-8 bytes once written as part of a JSON string. */
const weight = (text: string): number => Buffer.byteLength(JSON.stringify(text)) - 2;

/**
 * One window of a list as CSV. The Link to the next page is absolute (a CSV is often fetched by a script that
 * would not resolve a relative one) and carries the filters and the CSV `limit`; a window whose rows would pass
 * `CSV_BODY_BOUND_BYTES` ends after the last row that fits, and its Link resumes there.
 */
function csvAnswer(
  page: Page<unknown>,
  columns: readonly string[],
  event: APIGatewayProxyEvent,
  limit: number,
): APIGatewayProxyResult {
  const lines = [csvLine(columns)];
  let size = weight(lines[0] as string);
  let next = page.next;
  for (const [index, record] of page.items.entries()) {
    const row = csvLine(columns.map((column) => (record as Record<string, unknown>)[column]));
    size += weight(row);
    if (size > CSV_BODY_BOUND_BYTES && index > 0 && page.cursorAfter) {
      next = page.cursorAfter(index - 1);
      break;
    }
    lines.push(row);
  }
  const headers: Record<string, string> = {
    'Content-Type': 'text/csv; charset=utf-8',
    'Cache-Control': 'no-store',
  };
  if (next !== undefined) {
    const query = nextPageQuery(event, next);
    query.set('limit', String(limit));
    headers.Link = `<${serviceUrl(event, `${event.path.replace(/^\//, '')}?${query}`)}>; rel="next"`;
  }
  return { statusCode: 200, headers, body: lines.join('') };
}

/**
 * A list route's CSV representation (`csv` of its route parts; its declaration has the CSV query's bounds):
 * the columns of `record`, the zod schema the API document gives its JSON record.
 */
export function csvExport(record: { shape: Record<string, unknown> }): CsvAnswer {
  const columns = Object.keys(record.shape);
  return { answer: (page, event, { limit }) => csvAnswer(page, columns, event, limit) };
}
