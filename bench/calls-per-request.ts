import type { SQSEvent } from 'aws-lambda';
import { call, dynamoDbCalls, sideBySide, startBenchService } from './support.js';

/**
 * DynamoDB calls made by each route, counted by the client middleware in shared/store/table.ts. The
 * event writer is left off so that only the route's own calls are counted; its cost is measured after.
 */
export async function callsPerRequest(): Promise<string[]> {
  const service = await startBenchService({ pollerConcurrency: 0 });
  const base = service.url;
  const rows: string[] = [];
  async function measure(label: string, method: string, path: string, body?: unknown) {
    const before = await dynamoDbCalls(base);
    const response = await call<{ id?: number; short_code?: string }>(base, method, path, body);
    const after = await dynamoDbCalls(base);
    const byOperation = [...after]
      .map(([operation, count]) => [operation, count - (before.get(operation) ?? 0)] as const)
      .filter(([, delta]) => delta > 0);
    const total = byOperation.reduce((sum, [, delta]) => sum + delta, 0);
    rows.push(
      `${label} | ${response.status} | ${total} | ${byOperation.map(([operation, delta]) => `${operation} ×${delta}`).join(', ')}`,
    );
    return response.body;
  }

  /**
   * Each function is its own instance, as in Lambda: its first request also takes what an instance keeps for
   * many (a lease of event ids, the month's visitor secret, the event lists' layout: counted apart, see
   * docs/data-model.md). A request sent before the measured one makes the row the route's own calls.
   */
  const warm = (method: string, path: string, body?: unknown) => call(base, method, path, body);

  try {
    const user = (await measure('POST /users', 'POST', '/users', {
      username: 'bench',
      email: 'bench@example.com',
    })) as {
      id: number;
    };
    const other = (await call<{ id: number }>(base, 'POST', '/users', { username: 'other', email: 'o@example.com' }))
      .body;
    await measure('GET /users (page 1 of 10)', 'GET', '/users');
    await measure('GET /users/{id}', 'GET', `/users/${user.id}`);
    await measure('PUT /users/{id}', 'PUT', `/users/${user.id}`, { username: 'bench-renamed' });
    await warm('POST', '/urls', { user_id: other.id, original_url: 'https://example.com/warm' });
    const url = (await measure('POST /urls', 'POST', '/urls', {
      user_id: user.id,
      original_url: 'https://example.com/bench',
    })) as { id: number; short_code: string };
    await measure('GET /urls (limit 100)', 'GET', '/urls');
    await measure('GET /urls?user_id', 'GET', `/urls?user_id=${user.id}`);
    await measure('GET /urls?is_active', 'GET', '/urls?is_active=true');
    await warm('GET', `/urls/${url.id}`);
    await measure('GET /urls/{id}', 'GET', `/urls/${url.id}`);
    await warm('GET', `/urls/${url.short_code}/redirect`);
    await measure('GET /urls/{code}/redirect', 'GET', `/urls/${url.short_code}/redirect`);
    // A campaign: rules, variants and a password ride on the code's item, so the redirect reads no more.
    const campaign = (await measure('POST /urls (tags, rules, variants, password)', 'POST', '/urls', {
      user_id: user.id,
      original_url: 'https://example.com/campaign',
      tags: ['bench', 'spring'],
      redirect_rules: [{ url: 'https://example.com/ios', conditions: [{ type: 'device', value: 'ios' }] }],
      variants: [
        { url: 'https://example.com/a', weight: 50 },
        { url: 'https://example.com/b', weight: 50 },
      ],
      password: 'bench password',
    })) as { id: number; short_code: string };
    await measure('GET /urls/{code}/redirect (protected: 401)', 'GET', `/urls/${campaign.short_code}/redirect`);
    await warm('POST', `/urls/${campaign.short_code}/unlock`, { password: 'bench password' });
    await measure('POST /urls/{code}/unlock (right password)', 'POST', `/urls/${campaign.short_code}/unlock`, {
      password: 'bench password',
    });
    await measure('POST /urls/{code}/unlock (wrong password)', 'POST', `/urls/${campaign.short_code}/unlock`, {
      password: 'not the password',
    });
    await measure('GET /urls?tag&user_id', 'GET', `/urls?tag=spring&user_id=${user.id}`);
    await measure('GET /users/{id}/tags', 'GET', `/users/${user.id}/tags`);
    // A webhook's routes (no ping: its delivery would run beside the rows that follow).
    const hookBody = { url: 'https://hooks.example.com/in', url_ids: [url.id] };
    await warm('POST', `/users/${user.id}/webhooks`, { url: 'https://hooks.example.com/warm' });
    const hook = await measure('POST /users/{id}/webhooks (url_ids)', 'POST', `/users/${user.id}/webhooks`, hookBody);
    const hookPath = `/users/${user.id}/webhooks/${(hook as unknown as { id: string }).id}`;
    await measure('GET /users/{id}/webhooks', 'GET', `/users/${user.id}/webhooks`);
    await measure('GET /users/{id}/webhooks/{webhook_id}', 'GET', hookPath);
    await measure('PUT /users/{id}/webhooks/{webhook_id} (status)', 'PUT', hookPath, { status: 'disabled' });
    await measure('POST .../{webhook_id}/secret', 'POST', `${hookPath}/secret`);
    await measure('GET .../{webhook_id}/deliveries', 'GET', `${hookPath}/deliveries`);
    await measure('DELETE /users/{id}/webhooks/{webhook_id}', 'DELETE', hookPath);
    await warm('PUT', `/urls/${campaign.id}`, { tags: ['bench', 'warm'] });
    await measure('PUT /urls/{id} (tags only)', 'PUT', `/urls/${campaign.id}`, { tags: ['bench'] });
    await measure('PUT /urls/{id} (title only)', 'PUT', `/urls/${url.id}`, { title: 'renamed' });
    await measure('PUT /urls/{id} (is_active)', 'PUT', `/urls/${url.id}`, { is_active: false });
    // The link lifecycle: a chosen code, new limits, and an expired link's redirect (the first request claims
    // its expired event; a later one costs the read alone).
    // Another user's, so that the cascades below delete what their labels say.
    const limited = (await measure('POST /urls (chosen code, max_clicks)', 'POST', '/urls', {
      user_id: other.id,
      original_url: 'https://example.com/limited',
      short_code: 'bench-limited',
      max_clicks: 5,
    })) as { id: number; short_code: string };
    await measure('PUT /urls/{id} (new max_clicks)', 'PUT', `/urls/${limited.id}`, { max_clicks: 10 });
    await call(base, 'PUT', `/urls/${limited.id}`, { expires_at: new Date(Date.now() + 300).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await measure('GET /urls/{code}/redirect (expired, the first)', 'GET', `/urls/${limited.short_code}/redirect`);
    await measure('GET /urls/{code}/redirect (expired, again)', 'GET', `/urls/${limited.short_code}/redirect`);
    await warm('POST', '/events', { url_id: url.id, user_id: other.id, event_type: 'share' });
    await measure('POST /events', 'POST', '/events', { url_id: url.id, user_id: other.id, event_type: 'share' });
    await warm('GET', '/events');
    await measure('GET /events', 'GET', '/events');
    await measure('GET /events?url_id', 'GET', `/events?url_id=${url.id}`);
    await measure('POST /events (click)', 'POST', '/events', {
      url_id: url.id,
      user_id: other.id,
      event_type: 'click',
    });
    await measure('GET /urls/{id}/stats (7 days)', 'GET', `/urls/${url.id}/stats`);
    await measure('GET /users/{id}/stats (7 days)', 'GET', `/users/${user.id}/stats`);
    await measure('DELETE /urls/{id} (2 events, 1 click counted)', 'DELETE', `/urls/${url.id}`);
    await call(base, 'POST', '/urls', { user_id: user.id, original_url: 'https://example.com/2' });
    await measure('DELETE /users/{id} (1 URL, 0 events)', 'DELETE', `/users/${user.id}`);
    await measure('GET /health', 'GET', '/health');
    rows.push(...(await writerCalls(base, service.queueUrl)));
  } finally {
    await service.stop();
  }
  // Two routes a line, so the sheet stays a page.
  return sideBySide(['route', 'status', 'DynamoDB calls', 'by operation'], rows, 2);
}

const CLICKS_PER_LINK = 50;

/**
 * The event writer's calls for one batch: the clicks of two links, queued while no writer ran, then written
 * by a poller that takes them all in one invocation (as Lambda's event source does with a full queue).
 */
async function writerCalls(base: string, queueUrl: string): Promise<string[]> {
  const owner = (await call<{ id: number }>(base, 'POST', '/users', { username: 'writer', email: 'w@example.com' }))
    .body;
  for (const path of ['/a', '/b']) {
    const url = (
      await call<{ short_code: string }>(base, 'POST', '/urls', {
        user_id: owner.id,
        original_url: `https://example.com${path}`,
      })
    ).body;
    for (let i = 0; i < CLICKS_PER_LINK; i++) await call(base, 'GET', `/urls/${url.short_code}/redirect`);
  }
  // Imported once the service has set the environment they read at import.
  const [{ handler }, { startQueuePoller }] = await Promise.all([
    import('../functions/events/write-events.js'),
    import('../local/queue-poller.js'),
  ]);
  const batches: number[] = [];
  const before = await dynamoDbCalls(base);
  const poller = await startQueuePoller({
    queueUrl,
    concurrency: 1,
    identity: { runtime: 'bench', name: 'EventWriter' },
    handler: (event: SQSEvent, context) => {
      batches.push(event.Records.length);
      return handler(event, context);
    },
  });
  await poller.drain(30_000);
  await poller.stop();
  const after = await dynamoDbCalls(base);
  const byOperation = [...after]
    .map(([operation, count]) => [operation, count - (before.get(operation) ?? 0)] as const)
    .filter(([, delta]) => delta > 0);
  const total = byOperation.reduce((sum, [, delta]) => sum + delta, 0);
  const events = batches.reduce((sum, size) => sum + size, 0);
  return [
    `event writer: ${events} queued events (every earlier one and ${2 * CLICKS_PER_LINK} clicks on 2 links) in ${batches.length} batch${batches.length === 1 ? '' : 'es'} | — | ${total} | ${byOperation.map(([operation, delta]) => `${operation} ×${delta}`).join(', ')}`,
  ];
}
