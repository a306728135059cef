import { RuleViolationError } from '../../shared/errors.js';
import { parseUserCsv } from '../../shared/users-import/user-csv.js';

const csv = (text: string) => Buffer.from(text, 'utf8');
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof RuleViolationError ? error.detail : error;
  }
  return undefined;
};

describe('parseUserCsv (no network)', () => {
  it('keeps valid rows in file order, trimmed, emails lower-cased', () => {
    const parsed = parseUserCsv('u.csv', csv('username,email\n Ada ,ADA@Example.com\nbob,bob@example.com\n'));
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

  it('skips invalid rows and repeats of earlier emails and usernames, case-insensitively', () => {
    const parsed = parseUserCsv(
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

  it('keeps repeated usernames when there is an id column', () => {
    const parsed = parseUserCsv('u.csv', csv('id,username,email\n1,a,a@example.com\n2,A,b@example.com\n'));
    expect(parsed.hasIdColumn).toBe(true);
    expect(parsed.rows).toHaveLength(2);
  });

  it('accepts a byte-order mark, CRLF, quoted commas and extra columns in any order', () => {
    const parsed = parseUserCsv('U.CSV', csv('\uFEFFnote,EMAIL,UserName\r\n"x, y",q@example.com,"Q, R"\r\n'));
    expect(parsed.rows).toEqual([{ username: 'Q, R', email: 'q@example.com', row: 1 }]);
  });

  it.each([
    ['a name not ending in .csv', 'users.xlsx', csv('username,email\n'), 'Only CSV files allowed'],
    ['bytes that are not UTF-8', 'u.csv', Buffer.from([0x75, 0x2c, 0xff, 0x0a]), 'CSV must be UTF-8 encoded'],
    ['no username column', 'u.csv', csv('user,email\n'), 'CSV must include username and email columns'],
    ['an empty file', 'u.csv', csv(''), 'CSV must include username and email columns'],
    ['a row longer than the header', 'u.csv', csv('username,email\na,a@example.com,x\n'), 'Malformed CSV data'],
    ['an unterminated quote', 'u.csv', csv('username,email\n"a,a@example.com\n'), 'Malformed CSV data'],
  ])('refuses %s', (_, filename, content, detail) => {
    expect(failure(() => parseUserCsv(filename, content))).toBe(detail);
  });
});
