import { RuleViolationError } from '../../shared/platform/errors.js';
import { readUserCsv } from '../../shared/users-import/user-csv.js';
import type { UserRow } from '../../shared/users-import/user-rows.js';

const csv = (text: string) => Buffer.from(text, 'utf8');
const failure = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    return error instanceof RuleViolationError ? error.detail : error;
  }
  return undefined;
};

/** The rows handed on, with what the whole file was found to hold. */
async function parseUserCsv(filename: string, content: Buffer) {
  const rows: UserRow[] = [];
  const summary = await readUserCsv(filename, content, (row) => {
    rows.push(row);
  });
  return { rows, skipped: summary.skipped, hasIdColumn: summary.hasIdColumn, totalRows: summary.rowsRead };
}

describe('readUserCsv (no network)', () => {
  it('keeps valid rows in file order, trimmed, emails lower-cased', async () => {
    const parsed = await parseUserCsv('u.csv', csv('username,email\n Ada ,ADA@Example.com\nbob,bob@example.com\n'));
    expect(parsed).toEqual({
      rows: [
        { username: 'Ada', email: 'ada@example.com', row: 1 },
        { username: 'bob', email: 'bob@example.com', row: 2 },
      ],
      skipped: [],
      hasIdColumn: false,
      totalRows: 2,
    });
  });

  it('skips invalid rows and repeats of earlier emails and usernames, case-insensitively', async () => {
    const parsed = await parseUserCsv(
      'u.csv',
      csv('username,email\na,a@example.com\nb,A@EXAMPLE.COM\nA,c@example.com\n,d@example.com\ne,not-an-email\nf\n'),
    );
    expect(parsed.rows).toEqual([{ username: 'a', email: 'a@example.com', row: 1 }]);
    expect(parsed.skipped).toEqual([
      { row: 2, reason: 'email repeated in the file' },
      { row: 3, reason: 'username repeated in the file' },
      { row: 4, reason: 'invalid username' },
      { row: 5, reason: 'invalid email' },
      { row: 6, reason: 'invalid email' },
    ]);
    expect(parsed.totalRows).toBe(6);
  });

  it('keeps repeated usernames when there is an id column', async () => {
    const parsed = await parseUserCsv('u.csv', csv('id,username,email\n1,a,a@example.com\n2,A,b@example.com\n'));
    expect(parsed.hasIdColumn).toBe(true);
    expect(parsed.rows).toHaveLength(2);
  });

  it('accepts a byte-order mark, CRLF, quoted commas and extra columns in any order', async () => {
    const parsed = await parseUserCsv('U.CSV', csv('\uFEFFnote,EMAIL,UserName\r\n"x, y",q@example.com,"Q, R"\r\n'));
    expect(parsed.rows).toEqual([{ username: 'Q, R', email: 'q@example.com', row: 1 }]);
  });

  it.each([
    ['a name not ending in .csv', 'users.xlsx', csv('username,email\n'), 'Only CSV files allowed'],
    ['bytes that are not UTF-8', 'u.csv', Buffer.from([0x75, 0x2c, 0xff, 0x0a]), 'CSV must be UTF-8 encoded'],
    ['no username column', 'u.csv', csv('user,email\n'), 'CSV must include username and email columns'],
    ['an empty file', 'u.csv', csv(''), 'CSV must include username and email columns'],
    ['a row longer than the header', 'u.csv', csv('username,email\na,a@example.com,x\n'), 'Malformed CSV data'],
    ['an unterminated quote', 'u.csv', csv('username,email\n"a,a@example.com\n'), 'Malformed CSV data'],
    [
      'a record over 64 KiB (a quote never closed)',
      'u.csv',
      csv(`username,email\n"${'x'.repeat(70_000)}`),
      'Malformed CSV data',
    ],
    [
      'bytes that are not UTF-8 far into the file',
      'u.csv',
      Buffer.concat([csv(`username,email\n${'a,a@example.com\n'.repeat(10_000)}`), Buffer.from([0xc3, 0x28])]),
      'CSV must be UTF-8 encoded',
    ],
  ])('refuses %s', async (_, filename, content, detail) => {
    expect(await failure(() => parseUserCsv(filename, content))).toBe(detail);
  });

  it('reads 300,000 tiny rows keeping counts and the first 100 skipped, not the rows', async () => {
    const content = csv(`username,email\n${'a,b\n'.repeat(300_000)}`);
    const summary = await readUserCsv('u.csv', content, () => {
      throw new Error('no row of this file is valid');
    });
    expect(summary).toMatchObject({ rowsRead: 300_000, skippedTotal: 300_000, hasIdColumn: false });
    expect(summary.skipped).toHaveLength(100);
    expect(summary.skipped[99]).toEqual({ row: 100, reason: 'invalid email' });
  });

  it('gives the event loop turns while it reads: a timer set before a large file fires in the middle of it', async () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `u${i},u${i}@example.com`);
    const content = csv(`username,email\n${lines.join('\n')}`);
    let rows = 0;
    let rowsWhenFired: number | undefined;
    setTimeout(() => {
      rowsWhenFired = rows;
    }, 0);
    await readUserCsv('u.csv', content, () => {
      rows += 1;
    });
    expect(rows).toBe(100_000);
    expect(rowsWhenFired).toBeGreaterThan(0);
    expect(rowsWhenFired).toBeLessThan(100_000);
  });
});
