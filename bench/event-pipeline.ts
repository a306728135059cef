import { randomUUID } from 'node:crypto';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { call, counters, format, percentile, startBenchService } from './support.js';

const CLICKS = 1000;
const QUEUED_EVENTS = 5000;

/**
 * Event latency (from a redirect's response until its click is listed by GET /events, p50/p99 over 1,000
 * clicks, one at a time) and writer throughput (events stored per second from a queue filled faster than
 * the writer drains it). Target: p99 under one second.
 */
export async function eventPipeline(): Promise<string[]> {
  // The pipeline's own delay: polling one page hundreds of times a second would make it hot, and a hot page
  // is answered from memory for up to a second (the hot-key cache, measured elsewhere).
  process.env.HOT_KEY_READS_PER_SECOND = '100000';
  const service = await startBenchService();
  const base = service.url;
  try {
    const user = (await call<{ id: number }>(base, 'POST', '/users', { username: 'clicker', email: 'c@example.com' }))
      .body;
    const url = (
      await call<{ id: number; short_code: string; user_id: number; original_url: string }>(base, 'POST', '/urls', {
        user_id: user.id,
        original_url: 'https://example.com/latency',
      })
    ).body;
    const listed = async (position: number) =>
      (await call<unknown[]>(base, 'GET', `/events?url_id=${url.id}&event_type=click&skip=${position}&limit=1`)).body
        .length === 1;

    const latencies: number[] = [];
    for (let i = 0; i < CLICKS; i++) {
      await call(base, 'GET', `/urls/${url.short_code}/redirect`);
      const answeredAt = performance.now();
      while (!(await listed(i))) await new Promise((resolve) => setTimeout(resolve, 2));
      latencies.push(performance.now() - answeredAt);
    }
    latencies.sort((a, b) => a - b);

    const sqs = new SQSClient({});
    const storedBefore = (await counters(base)).events_stored_total?.total ?? 0;
    const startedAt = performance.now();
    for (let i = 0; i < QUEUED_EVENTS; i += 10) {
      await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: service.queueUrl,
          Entries: Array.from({ length: 10 }, (_, j) => ({
            Id: String(j),
            MessageBody: JSON.stringify({
              message_id: randomUUID(),
              url_id: url.id,
              user_id: url.user_id,
              event_type: 'load',
              timestamp: '2026-11-22T00:00:00.000',
              details: { short_code: url.short_code, original_url: url.original_url },
            }),
          })),
        }),
      );
    }
    while (((await counters(base)).events_stored_total?.total ?? 0) - storedBefore < QUEUED_EVENTS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const p99 = percentile(latencies, 99);
    return [
      `p99 under one second: ${p99 < 1000 ? 'met' : 'not met'}.`,
      '',
      '| measure | value |',
      '|---|---|',
      `| click listed after the redirect's response, p50 (${CLICKS} clicks) | ${format(percentile(latencies, 50), 1)} ms |`,
      `| same, p99 | ${format(p99, 1)} ms |`,
      `| same, max | ${format(latencies.at(-1) ?? 0, 1)} ms |`,
      `| writer throughput, ${QUEUED_EVENTS} queued events | ${format(QUEUED_EVENTS / seconds, 0)} events/s (${format(seconds, 1)} s) |`,
    ];
  } finally {
    await service.stop();
  }
}
