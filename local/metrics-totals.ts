import type { APIGatewayProxyResult } from 'aws-lambda';
import { routeName } from '../shared/api/routes.js';
import { metricsRoute } from '../shared/api/service.js';
import { metricsSnapshot } from '../shared/platform/metrics.js';
import type { LocalFunction, MetricsSnapshot } from './function-instances.js';

/**
 * GET /metrics/json over every function of the local runtime. Each function keeps its own counters, as each
 * Lambda instance does (local/function-instances.ts), and in AWS CloudWatch adds them up; here the runtime
 * stands in for CloudWatch: the metrics function's answer keeps its own `process` figures and gains the sums
 * of every function's counters, and of the gateway's own (the answers it gives itself, as API Gateway does).
 */

interface Counter {
  total: number;
  by_status?: Record<string, number>;
  series: ({ value: number } & Record<string, string | number>)[];
}

interface Distribution {
  count: number;
  recent: { values: number; p50: number; p99: number; max?: number };
}

const isCounter = (value: unknown): value is Counter =>
  typeof value === 'object' && value !== null && Array.isArray((value as Counter).series);
const isDistribution = (value: unknown): value is Distribution =>
  typeof value === 'object' && value !== null && typeof (value as Distribution).recent === 'object';

const labelsKey = ({ value: _, ...labels }: Counter['series'][number]) =>
  JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));

function addCounter(sum: Counter | undefined, counter: Counter): Counter {
  const series = new Map((sum?.series ?? []).map((entry) => [labelsKey(entry), { ...entry }]));
  for (const entry of counter.series) {
    const found = series.get(labelsKey(entry));
    if (found) found.value += entry.value;
    else series.set(labelsKey(entry), { ...entry });
  }
  const byStatus = { ...sum?.by_status };
  for (const [status, value] of Object.entries(counter.by_status ?? {}))
    byStatus[status] = (byStatus[status] ?? 0) + value;
  return {
    total: (sum?.total ?? 0) + counter.total,
    ...((sum?.by_status ?? counter.by_status) && { by_status: byStatus }),
    series: [...series.values()],
  };
}

/**
 * Two functions' recent values of one distribution cannot be merged from their percentiles: the count is
 * summed and each percentile is the larger one (each distribution has one writer today: the event writer's
 * delays, the click counter's).
 */
function addDistribution(sum: Distribution | undefined, distribution: Distribution): Distribution {
  if (!sum) return distribution;
  return {
    count: sum.count + distribution.count,
    recent: {
      values: sum.recent.values + distribution.recent.values,
      p50: Math.max(sum.recent.p50, distribution.recent.p50),
      p99: Math.max(sum.recent.p99, distribution.recent.p99),
      max: Math.max(sum.recent.max ?? 0, distribution.recent.max ?? 0),
    },
  };
}

/** The metrics function's answer, its counters replaced by the sums over `snapshots`. */
function serviceTotals(answer: Record<string, unknown>, snapshots: MetricsSnapshot[]): Record<string, unknown> {
  const totals: Record<string, unknown> = {};
  for (const snapshot of snapshots) {
    for (const [name, value] of Object.entries(snapshot)) {
      if (name === 'process') continue;
      if (isCounter(value)) totals[name] = addCounter(totals[name] as Counter | undefined, value);
      else if (isDistribution(value)) totals[name] = addDistribution(totals[name] as Distribution | undefined, value);
    }
  }
  return { ...totals, process: answer.process };
}

/**
 * Makes the metrics route's function answer the totals of every function in `functions` and of the gateway
 * (this process's own counters). Bundles keep their counters out of reach: then each answers its own, as in AWS.
 */
export function withServiceTotals(functions: Map<string, LocalFunction<never, unknown>>): void {
  const name = routeName(metricsRoute);
  const metrics = functions.get(name) as LocalFunction<unknown, APIGatewayProxyResult> | undefined;
  if (!metrics) return;
  const handler: LocalFunction<unknown, APIGatewayProxyResult>['handler'] = async (event, context) => {
    const answer = await metrics.handler(event, context);
    const snapshots = [...functions.values()].flatMap((fn) => fn.metrics() ?? []);
    // A HEAD's answer has no body to put the totals in.
    if (answer.statusCode !== 200 || answer.body === '' || snapshots.length === 0) return answer;
    const totals = serviceTotals(JSON.parse(answer.body) as Record<string, unknown>, [...snapshots, metricsSnapshot()]);
    return { ...answer, body: JSON.stringify(totals) };
  };
  functions.set(name, { ...metrics, handler } as LocalFunction<never, unknown>);
}
