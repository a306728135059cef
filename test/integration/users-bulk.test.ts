import type { UserRecord as User } from '../../shared/domain/records.js';
import { expectDocumented, httpClient, sharedTestService, type TestService } from '../support/service.js';

/** POST /users/bulk through HTTP against DynamoDB Local: the spec's and the contract's import rules. */
describe('bulk user import (DynamoDB Local, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  let sequence = 0;
  const tag = () => `b${++sequence}${Date.now().toString(36)}`;

  /** Uploads a file the way fetch/browsers do (FormData). */
  async function upload(content: string | Buffer, filename = 'users.csv', field = 'file') {
    const form = new FormData();
    form.append(field, new Blob([content], { type: 'text/csv' }), filename);
    const response = await fetch(`${service.url}/users/bulk`, { method: 'POST', body: form });
    return documented(response, 'multipart/form-data') as Promise<{
      status: number;
      body: { count?: number; detail?: unknown };
    }>;
  }

  /** The answer as status and JSON, after checking the exchange against the OpenAPI document. */
  async function documented(response: Response, requestContentType: string) {
    const text = await response.text();
    expectDocumented({
      method: 'POST',
      url: '/users/bulk',
      requestContentType,
      requestBody: '(multipart form)',
      status: response.status,
      responseHeaders: response.headers,
      responseText: text,
    });
    return { status: response.status, body: JSON.parse(text) as unknown };
  }

  /** Uploads with a hand-built body, for the boundary formats of other clients (curl, Python requests). */
  async function uploadRaw(boundary: string, content: string, filename = 'users.csv') {
    const body = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="file"; filename="${filename}"`,
      'Content-Type: text/csv',
      '',
      content,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const response = await fetch(`${service.url}/users/bulk`, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    return documented(response, 'multipart/form-data') as Promise<{ status: number; body: { count?: number } }>;
  }

  const findByEmail = async (email: string) => {
    const all = await api.get<User[]>('/users?per_page=100&page=1');
    let page = 1;
    let users = all.body;
    const found: User[] = [];
    while (users.length > 0) {
      found.push(...users.filter((user) => user.email === email));
      page += 1;
      users = (await api.get<User[]>(`/users?per_page=100&page=${page}`)).body;
    }
    return found;
  };

  beforeAll(async () => {
    service = await sharedTestService();
    api = httpClient(service.url);
  });
  afterAll(() => service.stop());

  it('imports the reference cases: counts only valid, new rows', async () => {
    const t = tag();
    expect((await api.post('/users', { username: `stored${t}`, email: `stored${t}@example.com` })).status).toBe(201);
    const csv = [
      'username,email',
      `valid${t},valid${t}@example.com`,
      `dupe${t},STORED${t}@example.com`,
      `bad${t},not-an-email`,
      `,nouser${t}@example.com`,
      `case${t},Case${t}@Example.com`,
      `case2${t},case${t}@example.COM`,
    ].join('\n');
    const response = await upload(csv);
    expect(response).toMatchObject({ status: 200, body: { count: 2 } });
    expect(await findByEmail(`valid${t}@example.com`)).toHaveLength(1);
    expect(await findByEmail(`case${t}@example.com`)).toEqual([expect.objectContaining({ username: `case${t}` })]);
    expect(await findByEmail(`nouser${t}@example.com`)).toEqual([]);
  });

  it('accepts repeated usernames when the file has an id column, and ignores the ids', async () => {
    const t = tag();
    const csv = [
      'id,username,email',
      `900001,same${t},one${t}@example.com`,
      `900002,SAME${t},two${t}@example.com`,
    ].join('\n');
    expect(await upload(csv)).toMatchObject({ status: 200, body: { count: 2 } });
    const [one] = await findByEmail(`one${t}@example.com`);
    expect(one?.id).not.toBe(900001);
  });

  it('skips repeated usernames (case-insensitively) without an id column', async () => {
    const t = tag();
    const csv = ['username,email', `solo${t},a${t}@example.com`, `SOLO${t},b${t}@example.com`].join('\n');
    expect(await upload(csv)).toMatchObject({ status: 200, body: { count: 1 } });
  });

  it('reads quoted fields with commas, CRLF line endings, a byte-order mark and trimmed, any-case headers', async () => {
    const t = tag();
    const csv = `\uFEFF Username , EMAIL \r\n"Lovelace, Ada${t}",ada${t}@example.com\r\n"plain${t}","plain${t}@example.com"\r\n`;
    expect(await upload(csv)).toMatchObject({ status: 200, body: { count: 2 } });
    expect(await findByEmail(`ada${t}@example.com`)).toEqual([
      expect.objectContaining({ username: `Lovelace, Ada${t}` }),
    ]);
  });

  it('imports nothing from a file with only a header', async () => {
    expect(await upload('username,email\n')).toMatchObject({ status: 200, body: { count: 0 } });
  });

  it.each([
    ['curl', '------------------------d74496d66958873e'],
    ['Python requests', 'a1b2c3d4e5f60718293a4b5c6d7e8f90'],
    ['a browser', '----WebKitFormBoundary7MA4YWxkTrZu0gW'],
  ])('accepts the multipart boundary format of %s', async (_, boundary) => {
    const t = tag();
    expect(await uploadRaw(boundary, `username,email\nraw${t},raw${t}@example.com`)).toMatchObject({
      status: 200,
      body: { count: 1 },
    });
  });

  it.each([
    ['a name not ending in .csv', 'username,email\na,a@example.com', 'users.txt', 'Only CSV files allowed'],
    ['missing columns', 'name,mail\na,a@example.com', 'users.csv', 'CSV must include username and email columns'],
    ['an empty file', '', 'users.csv', 'CSV must include username and email columns'],
    [
      'a row with more fields than the header',
      'username,email\nok,ok@example.com\nx,x@example.com,extra',
      'users.csv',
      'Malformed CSV data',
    ],
    ['broken quoting', 'username,email\n"unterminated,a@example.com\n', 'users.csv', 'Malformed CSV data'],
  ])('refuses %s with 400 and its detail', async (_, content, filename, detail) => {
    expect(await upload(content, filename)).toEqual({ status: 400, body: { detail } });
  });

  it('imports nothing from a malformed file, not even its valid rows', async () => {
    const t = tag();
    await upload(`username,email\ngood${t},good${t}@example.com\nx,x${t}@example.com,extra`);
    expect(await findByEmail(`good${t}@example.com`)).toEqual([]);
  });

  it('refuses bytes that are not UTF-8 with 400 "CSV must be UTF-8 encoded"', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('username,email\nJos'),
      Buffer.from([0xe9]),
      Buffer.from(',jose@example.com\n'),
    ]);
    expect(await upload(latin1)).toEqual({ status: 400, body: { detail: 'CSV must be UTF-8 encoded' } });
  });

  it('takes a file of 4 MiB, and refuses one byte more with 413', async () => {
    const t = tag();
    const rows = `username,email\nfull${t},full${t}@example.com\n`;
    const exactly = rows + '\n'.repeat(4 * 1024 * 1024 - rows.length);
    expect(await upload(exactly)).toMatchObject({ status: 200, body: { count: 1 } });
    const response = await upload(`${exactly}\n`);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'File too large: the limit is 4 MiB' });
  });

  it('answers a request without the file field 422 at ["body", "file"]', async () => {
    const response = await upload('username,email\n', 'users.csv', 'upload');
    expect(response).toEqual({
      status: 422,
      body: { detail: [{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }] },
    });
    const json = await api.post('/users/bulk', { file: 'username,email' });
    expect(json.status).toBe(422);
  });

  it('says which rows were skipped and why, by row, beside the count', async () => {
    const t = tag();
    await api.post('/users', { username: `taken${t}`, email: `taken${t}@example.com` });
    const csv = [
      'username,email',
      `ok${t},ok${t}@example.com`,
      `bad${t},not-an-email`,
      `again${t},OK${t}@example.com`,
      `other${t},taken${t}@example.com`,
    ].join('\n');
    expect(await upload(csv)).toEqual({
      status: 200,
      body: {
        count: 1,
        skipped: [
          { row: 2, reason: 'invalid email' },
          { row: 3, reason: 'email repeated in the file' },
          { row: 4, reason: 'email already registered' },
        ],
        skipped_total: 3,
      },
    });
  });

  // Three parts of the import (1,000 rows each, the last one partial): the rows' number is not the subject.
  it('imports a 2,500-row file in full: at once, or handed to the import worker and followed to the end', async () => {
    const t = tag();
    const lines = ['username,email'];
    for (let i = 0; i < 2_500; i++) lines.push(`bulk${t}n${i},bulk${t}n${i}@example.com`);
    const first = await upload(lines.join('\n'));
    expect([200, 202]).toContain(first.status);
    const done = first.status === 200 ? first.body : await followImport(first.body as { status_url: string });
    expect(done).toMatchObject({ count: 2_500, skipped: [], skipped_total: 0 });
    // Every row is in, once: uploading the file again stores none.
    const again = await upload(lines.join('\n'));
    const repeated = again.status === 200 ? again.body : await followImport(again.body as { status_url: string });
    expect(repeated).toMatchObject({ count: 0, skipped_total: 2_500 });
  }, 240_000);

  /** Polls an import's status URL until it is no longer running; answers its last record. */
  async function followImport(accepted: { status_url: string }) {
    const path = new URL(accepted.status_url).pathname;
    for (;;) {
      const { status, body } = await api.get<{ status: string; count: number }>(path);
      expect(status).toBe(200);
      if (body.status !== 'running') return body;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
});
