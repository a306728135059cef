import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { Webhook } from 'standardwebhooks';
import { eventually, httpClient, startTestService, type TestService } from '../support/service.js';

/**
 * Webhooks end to end (DynamoDB Local + SQS emulator, through HTTP; receivers are HTTP servers of this test,
 * allowed by WEBHOOK_ALLOWED_HOSTS): made, listed, changed and deleted; what a target may be; every stored
 * event delivered, signed the Standard Webhooks way and verified with its library; retries under the same
 * `webhook-id`; a 410 disabling; a rotation signing with both secrets; a ping; deletions stopping deliveries.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A receiver that records every request (when it came, and when it was answered) and answers what `answer` says
 * (200 by default), at once or when its promise settles.
 */
async function startReceiver(answer: (request: Received, count: number) => number | Promise<number> = () => 200) {
  const received: Received[] = [];
  const answered: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const entry = { headers: request.headers, body: Buffer.concat(chunks).toString(), at: Date.now() };
      received.push(entry);
      response.statusCode = await answer(entry, received.length);
      response.end();
      answered.push(Date.now());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

interface WebhookAnswer {
  id: string;
  user_id: number;
  url: string;
  event_types: string[] | null;
  url_ids: number[] | null;
  status: string;
  disabled_reason: string | null;
  created_at: string;
  secret?: string;
}

describe('webhooks (DynamoDB Local + SQS emulator, through HTTP, receivers of the test)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;
  const receivers: Receiver[] = [];
  let users = 0;

  beforeAll(async () => {
    service = await startTestService({ functionSettings: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    api = httpClient(service.url);
  });
  afterAll(async () => {
    sqs.destroy();
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await service.stop();
  });

  // Read from the emulator itself, not through the IAM check whose address the queue's URL names.
  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  /**
   * Deliveries in the deliveries queue, of every test of the file: visible, taken, or held for their retry's
   * time. Zero only once no earlier test leaves a retry pending, as none does.
   */
  const deliveriesLeft = async () => {
    const { Attributes = {} } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: service.webhookDeliveriesQueueUrl,
        AttributeNames: [
          'ApproximateNumberOfMessages',
          'ApproximateNumberOfMessagesNotVisible',
          'ApproximateNumberOfMessagesDelayed',
        ],
      }),
    );
    return Object.values(Attributes).reduce((sum, count) => sum + Number(count), 0);
  };
  const receiver = async (answer?: Parameters<typeof startReceiver>[0]) => {
    const started = await startReceiver(answer);
    receivers.push(started);
    return started;
  };
  const newUser = async () => {
    users += 1;
    const name = `hook${users}${Date.now()}`;
    const response = await api.post<{ id: number }>('/users', { username: name, email: `${name}@example.com` });
    expect(response.status).toBe(201);
    return response.body.id;
  };
  const newLink = async (userId: number) => {
    const response = await api.post<{ id: number; short_code: string }>('/urls', {
      user_id: userId,
      original_url: 'https://example.com/landing',
      title: 'landing',
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const newWebhook = async (userId: number, body: Record<string, unknown>) => {
    const response = await api.post<WebhookAnswer>(`/users/${userId}/webhooks`, body);
    expect(response.status).toBe(201);
    return response.body;
  };
  const click = async (code: string) => expect((await api.get(`/urls/${code}/redirect`)).status).toBe(302);
  /** A webhook's deliveries log once it holds `count` attempts: each is recorded once its answer came. */
  const deliveriesLog = <T>(userId: number, hookId: string, count: number) =>
    eventually(async () => {
      const answer = await api.get<T[]>(`/users/${userId}/webhooks/${hookId}/deliveries`);
      return answer.body.length >= count ? answer.body : undefined;
    });
  const bodies = (target: Receiver) =>
    target.received.map((entry) => JSON.parse(entry.body) as { type: string; data: Record<string, unknown> });

  it('makes, lists, reads, changes and deletes a webhook; its secret is shown when made only', async () => {
    const userId = await newUser();
    const made = await newWebhook(userId, { url: 'https://hooks.example.com/in' });
    expect(made).toEqual({
      id: expect.stringMatching(/^wh_/),
      user_id: userId,
      url: 'https://hooks.example.com/in',
      event_types: null,
      url_ids: null,
      status: 'active',
      disabled_reason: null,
      created_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const { secret: _, ...record } = made;
    expect((await api.get(`/users/${userId}/webhooks/${made.id}`)).body).toEqual(record);
    expect((await api.get(`/users/${userId}/webhooks`)).body).toEqual([record]);

    // A type or link named twice is kept once.
    const link = await newLink(userId);
    const repeated = await api.put<WebhookAnswer>(`/users/${userId}/webhooks/${made.id}`, {
      event_types: ['share', 'click', 'share'],
      url_ids: [link.id, link.id],
    });
    expect(repeated.body).toMatchObject({ event_types: ['share', 'click'], url_ids: [link.id] });
    const changed = await api.put<WebhookAnswer>(`/users/${userId}/webhooks/${made.id}`, {
      event_types: ['click'],
      url_ids: null,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...record, event_types: ['click'] });
    const disabled = await api.put<WebhookAnswer>(`/users/${userId}/webhooks/${made.id}`, { status: 'disabled' });
    expect(disabled.body).toMatchObject({ status: 'disabled', disabled_reason: expect.any(String) });
    const again = await api.put<WebhookAnswer>(`/users/${userId}/webhooks/${made.id}`, { status: 'active' });
    expect(again.body).toMatchObject({ status: 'active', disabled_reason: null, event_types: ['click'] });

    expect((await api.delete(`/users/${userId}/webhooks/${made.id}`)).status).toBe(204);
    for (const response of [
      await api.get(`/users/${userId}/webhooks/${made.id}`),
      await api.delete(`/users/${userId}/webhooks/${made.id}`),
      await api.put(`/users/${userId}/webhooks/${made.id}`, { status: 'active' }),
      await api.post(`/users/${userId}/webhooks/${made.id}/secret`, {}),
      await api.post(`/users/${userId}/webhooks/${made.id}/test`, undefined),
      await api.get(`/users/${userId}/webhooks/${made.id}/deliveries`),
      await api.get(`/users/${userId}/webhooks/not-a-webhook`),
    ]) {
      expect({ status: response.status, body: response.body }).toEqual({
        status: 404,
        body: { detail: 'Webhook not found' },
      });
    }
    expect((await api.get('/users/999999999/webhooks')).status).toBe(404);
    expect((await api.post('/users/999999999/webhooks', { url: 'https://hooks.example.com/in' })).status).toBe(404);
  });

  it('refuses targets that are not public, the service itself, and links that are not the user’s', async () => {
    const userId = await newUser();
    const otherLink = await newLink(await newUser());
    const refusedAt = async (body: Record<string, unknown>) => {
      const response = await api.post<{ detail: { loc: unknown[] }[] }>(`/users/${userId}/webhooks`, body);
      expect({ body, status: response.status }).toEqual({ body, status: 422 });
      return response.body.detail.map((issue) => issue.loc);
    };
    for (const url of [
      'http://10.0.0.1/hook',
      'http://192.168.1.20/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:9000/hook',
      'http://[::ffff:10.0.0.1]/hook',
      'http://0x0a000001:8080/hook',
      'http://169.254.169.254./latest',
      'http://localhost:8080/hook',
      'http://hooks.localhost:8080/hook',
      'http://100.64.0.1/hook',
      'http://224.0.0.1/hook',
      'http://[fd00::1]/hook',
      `${service.url}/events`,
      'ftp://hooks.example.com/in',
      'not a url',
    ]) {
      expect(await refusedAt({ url })).toEqual([['body', 'url']]);
    }
    expect(await refusedAt({ url: 'https://hooks.example.com/in', url_ids: [otherLink.id] })).toEqual([
      ['body', 'url_ids', 0],
    ]);
    expect(await refusedAt({ url: 'https://hooks.example.com/in', event_types: [] })).toEqual([
      ['body', 'event_types'],
    ]);
    // A list's length in pydantic's words.
    const empty = await api.post<{ detail: unknown[] }>(`/users/${userId}/webhooks`, {
      url: 'https://hooks.example.com/in',
      url_ids: [],
    });
    expect(empty.body.detail).toEqual([
      { loc: ['body', 'url_ids'], msg: 'List should have at least 1 item after validation, not 0', type: 'too_short' },
    ]);
    const many = await api.post<{ detail: unknown[] }>(`/users/${userId}/webhooks`, {
      url: 'https://hooks.example.com/in',
      event_types: Array.from({ length: 21 }, (_, i) => `type${i}`),
    });
    expect(many.body.detail).toEqual([
      {
        loc: ['body', 'event_types'],
        msg: 'List should have at most 20 items after validation, not 21',
        type: 'too_long',
      },
    ]);
    // Allowed by WEBHOOK_ALLOWED_HOSTS (every port of 127.0.0.1), but never the service's own address.
    expect((await api.post(`/users/${userId}/webhooks`, { url: 'http://127.0.0.1:9/hook' })).status).toBe(201);
  });

  it('lets a user have 10 webhooks however many are asked for at once', async () => {
    const userId = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => api.post(`/users/${userId}/webhooks`, { url: 'https://hooks.example.com/in' })),
    );
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(6).fill(422)]);
    expect(answers.find((response) => response.status === 422)?.body).toEqual({ detail: 'Too many webhooks' });
    expect(((await api.get(`/users/${userId}/webhooks?per_page=100`)).body as unknown[]).length).toBe(10);
  });

  it('delivers each stored event it takes, signed, with the record GET /events gives', async () => {
    const target = await receiver();
    const userId = await newUser();
    const link = await newLink(userId);
    const other = await newLink(userId);
    const hook = await newWebhook(userId, { url: target.url, event_types: ['click', 'signup'], url_ids: [link.id] });
    await click(link.short_code);
    await click(other.short_code);
    const posted = await api.request<{ id: number }>('POST', '/events', undefined, {
      raw: `{"url_id": ${link.id}, "user_id": ${userId}, "event_type": "signup", "details": {"plan": "pro", "big": 12345678901234567890}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(posted.status).toBe(201);
    await eventually(async () => (target.received.length >= 2 ? true : undefined));

    const verifier = new Webhook(String(hook.secret));
    for (const entry of target.received) {
      expect(verifier.verify(entry.body, entry.headers as Record<string, string>)).toBeTruthy();
      expect(entry.headers['content-type']).toBe('application/json');
    }
    const events = (await api.get<{ id: number; event_type: string }[]>(`/events?url_id=${link.id}`)).body;
    const wanted = events.filter((event) => ['click', 'signup'].includes(event.event_type));
    expect(target.received.map((entry) => [entry.headers['webhook-id'], JSON.parse(entry.body)]).sort()).toEqual(
      wanted
        .map((event) => [`evt_${event.id}`, expect.objectContaining({ type: event.event_type, data: event })])
        .sort(),
    );
    // The number beyond a double's precision arrives as it was sent.
    expect(target.received.find((entry) => entry.body.includes('signup'))?.body).toContain('12345678901234567890');
    const log = await deliveriesLog<{ status: string; attempt: number }>(userId, hook.id, 2);
    expect(log.map((attempt) => [attempt.status, attempt.attempt])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
    ]);
  });

  it('tries a failed event again under the same webhook-id, about 5 s after it failed, and a 410 disables the webhook', async () => {
    // The first attempt fails after 3 s: the next is due 5 s after that failure, not after the attempt began.
    const flaky = await receiver(async (_, count) => (count === 1 ? sleep(3000).then(() => 503) : 200));
    const gone = await receiver(() => 410);
    const userId = await newUser();
    const link = await newLink(userId);
    const flakyHook = await newWebhook(userId, { url: flaky.url, event_types: ['click'] });
    const goneHook = await newWebhook(userId, { url: gone.url, event_types: ['click'] });
    await click(link.short_code);
    await eventually(async () => (flaky.received.length >= 2 ? true : undefined));
    const [first, second] = flaky.received as [Received, Received];
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    expect(second.at - first.at).toBeGreaterThanOrEqual(7000);
    const log = await deliveriesLog<{ status: string; attempt: number; response_status: number }>(
      userId,
      flakyHook.id,
      2,
    );
    expect(log.map(({ status, attempt, response_status }) => [status, attempt, response_status])).toEqual([
      ['delivered', 2, 200],
      ['retrying', 1, 503],
    ]);

    const disabled = await eventually(async () => {
      const record = (await api.get<WebhookAnswer>(`/users/${userId}/webhooks/${goneHook.id}`)).body;
      return record.status === 'disabled' ? record : undefined;
    });
    expect(disabled.disabled_reason).toMatch(/410/);
    await click(link.short_code);
    await eventually(async () => (flaky.received.length >= 3 ? true : undefined));
    expect(gone.received).toHaveLength(1);
  });

  it('delivers to other webhooks while a receiver takes its time', async () => {
    // The slow receiver holds its request until the prompt one has its event (14 s at most, under the attempt's
    // 15 s): with deliveries held up behind it, the prompt one's would come only after it answered.
    let promptHasIt = () => {};
    const promptArrived = new Promise<void>((resolve) => {
      promptHasIt = resolve;
    });
    const slow = await receiver(() => Promise.race([promptArrived, sleep(14_000)]).then(() => 200));
    const prompt = await receiver(() => {
      promptHasIt();
      return 200;
    });
    const [slowUser, promptUser] = [await newUser(), await newUser()];
    const [slowLink, promptLink] = [await newLink(slowUser), await newLink(promptUser)];
    await newWebhook(slowUser, { url: slow.url, event_types: ['click'] });
    await newWebhook(promptUser, { url: prompt.url, event_types: ['click'] });
    await click(slowLink.short_code);
    await eventually(async () => (slow.received.length === 1 ? true : undefined));
    await click(promptLink.short_code);
    await eventually(async () => (prompt.received.length === 1 && slow.answered.length === 1 ? true : undefined));
    // One invocation each, as Lambda runs them: the prompt receiver had its event while the slow one held its
    // request, not once that invocation ended.
    expect(prompt.received[0]?.at).toBeLessThanOrEqual(slow.answered[0] ?? 0);
  });

  it('signs with both secrets for a day after a rotation, and pings on demand', async () => {
    const target = await receiver();
    const userId = await newUser();
    const hook = await newWebhook(userId, { url: target.url });
    const rotated = await api.post<{ secret: string }>(`/users/${userId}/webhooks/${hook.id}/secret`, undefined);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(hook.secret);
    const ping = await api.post<{ message_id: string }>(`/users/${userId}/webhooks/${hook.id}/test`, {});
    expect(ping.status).toBe(202);
    await eventually(async () => (target.received.length >= 1 ? true : undefined));
    const [entry] = target.received as [Received];
    expect(entry.headers['webhook-id']).toBe(ping.body.message_id);
    expect(String(entry.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [rotated.body.secret, String(hook.secret)]) {
      expect(new Webhook(secret).verify(entry.body, entry.headers as Record<string, string>)).toBeTruthy();
    }
    expect(bodies(target)[0]).toMatchObject({ type: 'ping', data: { webhook_id: hook.id } });
    const log = await deliveriesLog<{ event_id: number | null; event_type: string }>(userId, hook.id, 1);
    expect(log).toEqual([expect.objectContaining({ event_id: null, event_type: 'ping', status: 'delivered' })]);
  });

  it('takes no body on its ping and its rotation: none or {}, anything else a 422', async () => {
    const target = await receiver();
    const userId = await newUser();
    const hook = await newWebhook(userId, { url: target.url, event_types: ['click'] });
    for (const action of ['test', 'secret']) {
      const path = `/users/${userId}/webhooks/${hook.id}/${action}`;
      const success = action === 'test' ? 202 : 200;
      expect((await api.post(path, undefined)).status).toBe(success);
      expect((await api.post(path, {})).status).toBe(success);
      const refusals = [
        [JSON.stringify({ a: 1 }), 'application/json', ['body', 'a'], 'Unknown field'],
        ['[]', 'application/json', ['body'], 'Input should be a valid dictionary or object'],
        ['x', 'text/plain', ['body'], 'Send the body as application/json'],
      ] as const;
      for (const [raw, contentType, loc, msg] of refusals) {
        const refused = await api.request<{ detail: { loc: unknown[]; msg: string }[] }>('POST', path, undefined, {
          raw,
          headers: { 'Content-Type': contentType },
        });
        expect({ status: refused.status, detail: refused.body.detail }).toEqual({
          status: 422,
          detail: [expect.objectContaining({ loc, msg })],
        });
      }
    }
  });

  it('takes the next event with a webhook made or set active again just after its owner’s last dispatch', async () => {
    const first = await receiver();
    const later = await receiver();
    const userId = await newUser();
    const link = await newLink(userId);
    await newWebhook(userId, { url: first.url, event_types: ['click'] });
    const clickSeenBy = async (count: number) => {
      await click(link.short_code);
      await eventually(async () => (first.received.length >= count ? true : undefined));
    };
    // The dispatcher has now read this owner's webhooks (one); it reads them again after any is made or changed.
    await clickSeenBy(1);
    const made = await newWebhook(userId, { url: later.url, event_types: ['click'] });
    await clickSeenBy(2);
    await eventually(async () => (later.received.length >= 1 ? true : undefined));
    const paused = await api.put<WebhookAnswer>(`/users/${userId}/webhooks/${made.id}`, { status: 'disabled' });
    expect(paused.status).toBe(200);
    await clickSeenBy(3);
    expect((await api.put(`/users/${userId}/webhooks/${made.id}`, { status: 'active' })).status).toBe(200);
    await clickSeenBy(4);
    await eventually(async () => (later.received.length >= 2 ? true : undefined));
    const ids = (target: Receiver) => target.received.map((entry) => entry.headers['webhook-id']);
    expect(ids(later)).toEqual([ids(first)[1], ids(first)[3]]);
  });

  it('sends nothing more after a link leaves its list, the webhook is deleted, or its user is (retries included)', async () => {
    const target = await receiver();
    const failing = await receiver(() => 503);
    const userId = await newUser();
    const link = await newLink(userId);
    const listed = await newWebhook(userId, { url: target.url, event_types: ['click'], url_ids: [link.id] });
    const deleted = await newWebhook(userId, { url: target.url, event_types: ['click'] });
    await newWebhook(userId, { url: failing.url, event_types: ['click'] });
    expect((await api.delete(`/urls/${link.id}`)).status).toBe(204);
    expect((await api.get<WebhookAnswer>(`/users/${userId}/webhooks/${listed.id}`)).body.url_ids).toEqual([]);
    expect((await api.delete(`/users/${userId}/webhooks/${deleted.id}`)).status).toBe(204);

    const next = await newLink(userId);
    await click(next.short_code);
    // Its first attempt failed; the next is due 5 s later, and the user is deleted before it.
    await eventually(async () => (failing.received.length >= 1 ? true : undefined));
    expect((await api.delete(`/users/${userId}`)).status).toBe(204);
    expect((await api.get(`/users/${userId}/webhooks`)).status).toBe(404);
    // Once the deliverer has taken the retry (held, then received and done with), nothing is left to send.
    await eventually(async () => ((await deliveriesLeft()) === 0 ? true : undefined), 20_000);
    expect(failing.received).toHaveLength(1);
    expect(target.received).toEqual([]);
  });
});
