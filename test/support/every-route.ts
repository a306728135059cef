import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UrlRecord as Url, UserRecord as User } from '../../shared/domain/records.js';
import { eventually, type httpClient } from './service.js';

type Api = ReturnType<typeof httpClient>;

/** Who calls: in `keys` mode an operator's key and a user's key; in `open` mode nobody needs one. */
export interface Callers {
  operator?: string;
  /** Makes a key for a user, through the API (keys mode). */
  keyOf?: (userId: number) => Promise<string>;
}

const bearer = (key: string | undefined): Record<string, string> => (key ? { Authorization: `Bearer ${key}` } : {});

/**
 * Sends every route of the route table at least one request, through the HTTP gateway, as a client of the
 * deployment would, and checks each answer's status: users and their keys, links (generated, chosen, limited,
 * expired, blocked), their events, statistics, pages and QR codes, webhooks (delivered, retried, pinged), the
 * abuse controls, idempotent retries and every delete, and the delayed sweeps of the deletes; then lets the event
 * writer finish. Its webhooks' receiver is at 127.0.0.1: the service runs with WEBHOOK_ALLOWED_HOSTS=127.0.0.1.
 */
export async function callEveryRoute(
  api: Api,
  callers: Callers,
  service: { drained: () => Promise<void>; queue: (message: unknown) => Promise<void> },
): Promise<void> {
  const drained = service.drained;
  const operator = bearer(callers.operator);
  let userKey: Record<string, string> = operator;
  const send = async <T = unknown>(
    method: string,
    path: string,
    expected: number,
    options: { body?: unknown; headers?: Record<string, string>; raw?: string | Buffer } = {},
  ) => {
    const response = await api.request<T>(method, path, options.body, {
      headers: { ...userKey, ...options.headers },
      ...(options.raw !== undefined && { raw: options.raw }),
    });
    if (response.status !== expected) {
      throw new Error(`${method} ${path}: expected ${expected}, got ${response.status} ${response.text.slice(0, 300)}`);
    }
    return response;
  };

  await send('GET', '/health', 200);
  await send('GET', '/openapi.json', 200);
  await send('GET', '/docs', 200, { headers: { Accept: 'text/html' } });
  await send('GET', '/docs/swagger-ui.css', 200);
  await send('GET', '/stats-page/stats-page.js', 200);
  await send('GET', '/', 200, { headers: { Accept: 'text/html' } });
  await send('GET', '/', 404);
  await send('GET', '/home-page/home-page.js', 200);
  await send('GET', '/metrics/json', 200, { headers: operator });

  const user = (
    await send<User>('POST', '/users', 201, {
      body: { username: 'ada', email: 'ada@example.com' },
      headers: { ...operator, 'Idempotency-Key': 'every-route-user' },
    })
  ).body;
  const other = (
    await send<User>('POST', '/users', 201, { body: { username: 'bob', email: 'bob@example.com' }, headers: operator })
  ).body;
  if (callers.keyOf) userKey = bearer(await callers.keyOf(user.id));
  const csv = 'username,email\ncy,cy@example.com\ndee,dee@example.com\n';
  const boundary = `----every-route-${Date.now()}`;
  const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  // Done within the request (200), or handed to the import worker (202: IMPORT_ANSWER_WITHIN_MS=0) and followed.
  const imported = await api.request<{ status_url?: string }>('POST', '/users/bulk', undefined, {
    raw: multipart,
    headers: {
      ...operator,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Idempotency-Key': 'every-route-bulk',
    },
  });
  if (imported.status === 202 && imported.body.status_url) {
    const progress = new URL(imported.body.status_url).pathname;
    const done = await eventually(async () => {
      const { body } = await send<{ status: string; count: number }>('GET', progress, 200, { headers: operator });
      return body.status === 'running' ? undefined : body;
    }, 30_000);
    if (done.status !== 'done' || done.count !== 2) throw new Error(`import ${done.status}, ${done.count} stored`);
  } else {
    if (imported.status !== 200) throw new Error(`POST /users/bulk: expected 200 or 202, got ${imported.status}`);
    await send('GET', '/imports/00000000-0000-4000-8000-000000000000', 404, { headers: operator });
  }
  await send('GET', '/users?per_page=100', 200, { headers: operator });
  await send('GET', `/users/${user.id}`, 200);
  await send('PUT', `/users/${user.id}`, 200, { body: { username: 'ada-l' } });
  const key = (await send<{ id: number }>('POST', `/users/${user.id}/keys`, 201, { body: { name: 'laptop' } })).body;
  await send('GET', `/users/${user.id}/keys`, 200);
  await send('DELETE', `/users/${user.id}/keys/${key.id}`, 204);
  const another = (await send<{ id: number }>('POST', `/users/${user.id}/keys`, 201, { body: { name: 'phone' } })).body;
  await send('GET', '/keys', 200, { headers: operator });
  await send('DELETE', `/keys/${another.id}`, 204, { headers: operator });

  const link = (
    await send<Url>('POST', '/urls', 201, {
      body: { user_id: user.id, original_url: 'https://example.com/a', title: 'A' },
      headers: { 'Idempotency-Key': 'every-route-1' },
    })
  ).body;
  // A receiver that fails the first click it gets: the deliverer tries it again (5 s later).
  const received: string[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(body);
      const firstClick =
        body.includes('"type":"click"') && received.filter((one) => one.includes('"type":"click"')).length === 1;
      response.statusCode = firstClick ? 503 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const hook = (
    await send<{ id: string }>('POST', `/users/${user.id}/webhooks`, 201, {
      body: { url: hookUrl, event_types: ['click'], url_ids: [link.id] },
    })
  ).body;
  const hookPath = `/users/${user.id}/webhooks/${hook.id}`;
  await send('GET', `/users/${user.id}/webhooks`, 200);
  await send('GET', hookPath, 200);
  await send('PUT', hookPath, 200, { body: { event_types: ['click', 'signup'] } });
  await send('POST', `${hookPath}/secret`, 200);
  await send('POST', `${hookPath}/test`, 202);
  const spare = (await send<{ id: string }>('POST', `/users/${user.id}/webhooks`, 201, { body: { url: hookUrl } }))
    .body;
  await send('DELETE', `/users/${user.id}/webhooks/${spare.id}`, 204);
  // Retried with the same key: the first answer again, nothing more.
  await send('POST', '/urls', 201, {
    body: { user_id: user.id, original_url: 'https://example.com/a', title: 'A' },
    headers: { 'Idempotency-Key': 'every-route-1' },
  });
  // A failure with a key: its record is not kept.
  await send('POST', '/urls', 404, {
    body: { user_id: 999_999, original_url: 'https://example.com/nobody' },
    headers: { ...operator, 'Idempotency-Key': 'every-route-2' },
  });
  const chosen = (
    await send<Url>('POST', '/urls', 201, {
      body: { user_id: user.id, original_url: 'https://example.com/b', short_code: 'every-route' },
    })
  ).body;
  const limited = (
    await send<Url>('POST', '/urls', 201, {
      body: { user_id: user.id, original_url: 'https://example.com/c', max_clicks: 1 },
    })
  ).body;
  const soon = new Date(Date.now() + 1500).toISOString().slice(0, 23);
  const expiring = (
    await send<Url>('POST', '/urls', 201, {
      body: { user_id: user.id, original_url: 'https://example.com/d', expires_at: soon },
    })
  ).body;
  const inBulk = await send<{ results: { status: number }[] }>('POST', '/urls/bulk', 207, {
    body: {
      links: [
        { user_id: user.id, original_url: 'https://example.com/e' },
        { user_id: user.id, original_url: 'https://example.com/f', short_code: 'every-route' },
      ],
    },
    headers: { 'Idempotency-Key': 'every-route-links' },
  });
  if (inBulk.body.results.map((result) => result.status).join() !== '201,400') {
    throw new Error(`POST /urls/bulk: expected 201 and 400, got ${inBulk.text.slice(0, 300)}`);
  }
  // A campaign: tags, a rule and a password; the visit asks for it, the unlock gives it.
  const campaign = (
    await send<Url>('POST', '/urls', 201, {
      body: {
        user_id: user.id,
        original_url: 'https://example.com/g',
        tags: ['Every', 'route'],
        redirect_rules: [{ url: 'https://example.com/g/ios', conditions: [{ type: 'device', value: 'ios' }] }],
        password: 'every route',
        max_clicks: 5,
      },
    })
  ).body;
  await send('GET', `/urls/${campaign.short_code}/redirect`, 401);
  await send('POST', `/urls/${campaign.short_code}/unlock`, 401, { body: { password: 'not it at all' } });
  // A browser's unlock: its click has a visitor (the month's secret) and takes one of the link's clicks.
  await send('POST', `/urls/${campaign.short_code}/unlock`, 302, {
    body: { password: 'every route' },
    headers: { 'User-Agent': 'Mozilla/5.0 Firefox/140.0' },
  });
  await send('GET', `/users/${user.id}/tags`, 200);
  await send('GET', `/urls?tag=every&user_id=${user.id}`, 200);
  await send('GET', '/urls?limit=10', 200);
  await send('GET', `/urls?user_id=${user.id}&is_active=true`, 200);
  await send('GET', `/urls/${link.id}`, 200);
  await send('GET', `/urls/${link.short_code}/redirect`, 302, {
    headers: { 'User-Agent': 'Mozilla/5.0 Firefox/140.0' },
  });
  await send('GET', `/${chosen.short_code}?utm=x`, 302, { headers: { 'User-Agent': 'Mozilla/5.0 Firefox/140.0' } });
  await send('GET', `/${limited.short_code}`, 302);
  await send('POST', '/events', 201, {
    body: { url_id: link.id, user_id: user.id, event_type: 'click', details: { referrer: 'https://a.example/' } },
    headers: { 'Idempotency-Key': 'every-route-3' },
  });
  await send('PUT', `/urls/${link.id}`, 200, { body: { title: 'A again', is_active: true } });
  while (Date.now() <= Date.parse(`${expiring.expires_at}Z`)) await new Promise((resolve) => setTimeout(resolve, 100));
  await send('GET', `/${expiring.short_code}`, 410);
  await drained();
  await eventually(async () => {
    const events = (await send<unknown[]>('GET', `/events?url_id=${link.id}`, 200)).body;
    return events.length >= 4 ? events : undefined;
  });
  await send('GET', `/events?user_id=${user.id}&event_type=click`, 200);
  // The ping, the click that failed and its retry.
  await eventually(async () => (received.length >= 3 ? true : undefined));
  await send('GET', `${hookPath}/deliveries`, 200);
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await send('GET', `/urls/${link.id}/stats?interval=hour`, 200);
  await send('GET', `/users/${user.id}/stats`, 200);
  await send('GET', `/urls/${link.id}/qr`, 200);
  await send('GET', `/${link.short_code}+`, 200, { headers: { Accept: 'text/html' } });
  await send('GET', `/urls/${link.short_code}/stats-page?part=link`, 200);

  await send('PUT', '/blocked-hosts/blocked.example', 204, { headers: operator });
  await send('GET', '/blocked-hosts', 200, { headers: operator });
  await send('DELETE', '/blocked-hosts/blocked.example', 204, { headers: operator });
  await send('POST', '/reports', 201, { body: { short_code: link.short_code, reason: 'spam' } });
  await send('GET', '/reports', 200, { headers: operator });

  await send('DELETE', `/urls/${chosen.id}`, 204);
  await send('DELETE', `/users/${other.id}`, 204, { headers: operator });
  await send('DELETE', `/users/${user.id}`, 204, { headers: operator });
  // The delayed sweeps the deletes queued, as they arrive 15 minutes later.
  await service.queue({ sweep: 'url', id: chosen.id });
  await service.queue({ sweep: 'user', id: user.id });
  await drained();
}
