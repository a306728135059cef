import { Configuration, createMetricsLogger, Unit } from 'aws-embedded-metrics';
import { serviceConfig } from './config.js';
import { metricNames } from './metric-names.js';

/**
 * Counters of this process, served by GET /metrics/json, and mirrored to CloudWatch as embedded-metric
 * records when running in Lambda. Locally every route runs in one process, so the counts cover every
 * request the gateway served; in AWS each instance reports its own counts and CloudWatch holds the totals.
 */

const processStartedAt = Date.now();
let invocations = 0;

type Labels = Record<string, string>;
const counters = new Map<string, Map<string, { labels: Labels; value: number }>>();

/** Counts in this process only (for GET /metrics/json and benchmarks), without a CloudWatch record. */
export function increment(name: string, labels: Labels, by = 1): void {
  let series = counters.get(name);
  if (!series) {
    series = new Map();
    counters.set(name, series);
  }
  const key = Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  const entry = series.get(key);
  if (entry) entry.value += by;
  else series.set(key, { labels, value: by });
}

/** Whether embedded-metric records are written; the library's namespace and service are set on first use. */
let embedded: boolean | undefined;

function emitsEmbeddedMetrics(): boolean {
  if (embedded === undefined) {
    const config = serviceConfig();
    embedded = config.emitEmbeddedMetrics;
    if (embedded) {
      Configuration.namespace = config.metricsNamespace;
      Configuration.serviceName = config.serviceName;
    }
  }
  return embedded;
}

/** Sends one embedded-metric record; the dimensions are the labels (CloudWatch aggregates them). */
async function emit(name: string, labels: Labels, value: number, extra?: { name: string; value: number; unit: Unit }) {
  if (!emitsEmbeddedMetrics()) return;
  const metrics = createMetricsLogger();
  metrics.setDimensions(labels);
  metrics.putMetric(name, value, Unit.Count);
  if (extra) metrics.putMetric(extra.name, extra.value, extra.unit);
  await metrics.flush();
}

interface RequestObservation {
  route: string;
  method: string;
  status: number;
  durationMs: number;
}

/** Counts one HTTP response as `http_requests_total{route,method,status}` and records its latency. */
export async function recordRequest({ route, method, status, durationMs }: RequestObservation): Promise<void> {
  const labels = { route, method, status: String(status) };
  increment(metricNames.requests, labels);
  await emit(metricNames.requests, labels, 1, {
    name: metricNames.requestDuration,
    value: durationMs,
    unit: Unit.Milliseconds,
  });
}

/** Counts a domain happening, such as an event dropped because its URL was deleted. */
export async function recordCount(name: string, labels: Labels = {}, by = 1): Promise<void> {
  if (by === 0) return;
  increment(name, labels, by);
  await emit(name, labels, by);
}

/** The latest values of each distribution (for percentiles in GET /metrics/json). */
const distributions = new Map<string, { count: number; recent: number[] }>();
const RECENT_VALUES = 1000;
/** CloudWatch takes at most 100 values of one metric in one embedded-metric record. */
const VALUES_PER_RECORD = 100;

/** Records measurements (milliseconds) of a distribution, such as the delay of each stored event. */
export async function recordValues(name: string, values: number[]): Promise<void> {
  if (values.length === 0) return;
  let distribution = distributions.get(name);
  if (!distribution) {
    distribution = { count: 0, recent: [] };
    distributions.set(name, distribution);
  }
  distribution.count += values.length;
  distribution.recent.push(...values);
  if (distribution.recent.length > RECENT_VALUES)
    distribution.recent.splice(0, distribution.recent.length - RECENT_VALUES);
  if (!emitsEmbeddedMetrics()) return;
  for (let i = 0; i < values.length; i += VALUES_PER_RECORD) {
    const metrics = createMetricsLogger();
    metrics.setDimensions({});
    for (const value of values.slice(i, i + VALUES_PER_RECORD)) metrics.putMetric(name, value, Unit.Milliseconds);
    await metrics.flush();
  }
}

const percentileOf = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

/** Counts an invocation of this instance; the first one is its cold start. */
export function markInvocation(): void {
  invocations += 1;
}

export function metricsSnapshot() {
  const result: Record<string, unknown> = {};
  for (const [name, series] of counters) {
    const entries = [...series.values()];
    const byStatus: Record<string, number> = {};
    let total = 0;
    for (const { labels, value } of entries) {
      total += value;
      if (labels.status) byStatus[labels.status] = (byStatus[labels.status] ?? 0) + value;
    }
    result[name] = {
      total,
      ...(Object.keys(byStatus).length > 0 ? { by_status: byStatus } : {}),
      series: entries.map(({ labels, value }) => ({ ...labels, value })),
    };
  }
  result[metricNames.requests] ??= { total: 0, by_status: {}, series: [] };
  for (const [name, { count, recent }] of distributions) {
    const sorted = [...recent].sort((a, b) => a - b);
    result[name] = {
      count,
      recent: {
        values: sorted.length,
        p50: percentileOf(sorted, 50),
        p99: percentileOf(sorted, 99),
        max: sorted.at(-1),
      },
    };
  }
  const memory = process.memoryUsage();
  return {
    ...result,
    process: {
      uptime_seconds: Math.round((Date.now() - processStartedAt) / 10) / 100,
      started_at: new Date(processStartedAt).toISOString(),
      cold_start: invocations <= 1,
      invocations,
      memory_rss_bytes: memory.rss,
      memory_heap_used_bytes: memory.heapUsed,
      node_version: process.version,
    },
  };
}
