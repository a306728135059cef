import type { Page } from '../domain/records.js';
import { timestamp } from '../platform/clock.js';
import { NotFoundError } from '../platform/errors.js';
import { reserveIds } from './ids.js';
import { accessPatterns, indexAttributes, keys } from './keys.js';
import { isLinkCode } from './link-codes.js';
import { readPage } from './list-pages.js';
import { type Item, put, transact } from './table.js';
import { URL_NOT_FOUND } from './urls.js';

/** Reports of short links by anyone (docs/decisions.md, "Abuse controls"), for the operator to read. */

interface ReportRecord {
  id: number;
  short_code: string;
  reason: string;
  created_at: string;
}

/** A report as the operator lists it: with the reporter's e-mail address, when one was given. */
export interface ListedReport extends ReportRecord {
  email: string | null;
}

const toListed = (item: Item): ListedReport => ({
  id: Number(item.id),
  short_code: String(item.short_code),
  reason: String(item.reason),
  created_at: String(item.created_at),
  email: item.email === undefined ? null : String(item.email),
});

/** Records a report of an existing short link (active or not); an unknown code is 404. */
export async function reportLink(input: { short_code: string; reason: string; email?: string }): Promise<ReportRecord> {
  if (!(await isLinkCode(input.short_code))) throw new NotFoundError(URL_NOT_FOUND);
  const id = await reserveIds('report');
  const report: ReportRecord = { id, short_code: input.short_code, reason: input.reason, created_at: timestamp() };
  await transact([
    put(
      { ...keys.report(id), ...indexAttributes.report(id), ...report, ...(input.email && { email: input.email }) },
      'attribute_not_exists(PK)',
    ),
  ]);
  return report;
}

/** One page of reports, newest first. */
export async function listReports(page: number, perPage: number, cursor?: string): Promise<Page<ListedReport>> {
  const window = cursor ? { skip: 0, limit: perPage, cursor } : { skip: (page - 1) * perPage, limit: perPage };
  const { items, next } = await readPage(accessPatterns.allReports(), window);
  return { items: items.map(toListed), next };
}
