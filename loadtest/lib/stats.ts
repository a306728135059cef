/** What one request came to: an HTTP status, or status 0 with the network error's code. */
export interface Outcome {
  status: number;
  durationMs: number;
  error?: string;
}

/** The spec's failed request: no response at all, or a server error. 4xx answers are the client's doing. */
export const isFailure = (outcome: Pick<Outcome, 'status'>) => outcome.status === 0 || outcome.status >= 500;

const isClientError = (status: number) => status >= 400 && status < 500;

/**
 * The p-th percentile (0-100) of ascending values, interpolating linearly between the two closest ranks:
 * the definition k6 uses for its trends, so the runner's p95 and a k6 run's p95 mean the same thing.
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (Math.min(Math.max(p, 0), 100) / 100) * (sorted.length - 1);
  const below = sorted[Math.floor(rank)] ?? Number.NaN;
  const above = sorted[Math.ceil(rank)] ?? Number.NaN;
  return below + (above - below) * (rank - Math.floor(rank));
}

/** Every duration and outcome of one route, kept whole: a run's few hundred thousand numbers fit easily. */
interface RouteSamples {
  durationsMs: number[];
  /** Count per outcome label: the status code, or the network error's code. */
  outcomes: Map<string, number>;
  failed: number;
  clientErrors: number;
}

/** Collects outcomes per route while the virtual users run; cheap enough to sit on the hot path. */
export class Recorder {
  readonly #routes = new Map<string, RouteSamples>();

  record(route: string, outcome: Outcome): void {
    let samples = this.#routes.get(route);
    if (!samples) {
      samples = { durationsMs: [], outcomes: new Map(), failed: 0, clientErrors: 0 };
      this.#routes.set(route, samples);
    }
    samples.durationsMs.push(outcome.durationMs);
    const label = outcome.status === 0 ? (outcome.error ?? 'network error') : String(outcome.status);
    samples.outcomes.set(label, (samples.outcomes.get(label) ?? 0) + 1);
    if (isFailure(outcome)) samples.failed += 1;
    if (isClientError(outcome.status)) samples.clientErrors += 1;
  }

  get requests(): number {
    let total = 0;
    for (const samples of this.#routes.values()) total += samples.durationsMs.length;
    return total;
  }

  get failed(): number {
    let total = 0;
    for (const samples of this.#routes.values()) total += samples.failed;
    return total;
  }

  /** Per route, busiest first, then all routes together under the name `all`. */
  summarize(elapsedS: number): { routes: RouteSummary[]; overall: RouteSummary } {
    const routes = [...this.#routes].map(([route, samples]) => summarizeSamples(route, samples, elapsedS));
    routes.sort((a, b) => b.requests - a.requests || a.route.localeCompare(b.route));
    return { routes, overall: summarizeSamples('all', mergeSamples([...this.#routes.values()]), elapsedS) };
  }
}

export interface RouteSummary {
  route: string;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  failed: number;
  failedRate: number;
  clientErrors: number;
  /** Count per status code or network error, most frequent first. */
  outcomes: Record<string, number>;
}

function summarizeSamples(route: string, samples: RouteSamples, elapsedS: number): RouteSummary {
  // A typed array sorts numerically without a comparator callback, which matters at a few 100k samples.
  const sorted = Float64Array.from(samples.durationsMs).sort();
  const requests = sorted.length;
  return {
    route,
    requests,
    requestsPerSecond: elapsedS > 0 ? requests / elapsedS : 0,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    failed: samples.failed,
    failedRate: requests > 0 ? samples.failed / requests : 0,
    clientErrors: samples.clientErrors,
    outcomes: Object.fromEntries([...samples.outcomes].sort((a, b) => b[1] - a[1])),
  };
}

function mergeSamples(all: readonly RouteSamples[]): RouteSamples {
  const merged: RouteSamples = { durationsMs: [], outcomes: new Map(), failed: 0, clientErrors: 0 };
  for (const samples of all) {
    for (const duration of samples.durationsMs) merged.durationsMs.push(duration);
    for (const [label, count] of samples.outcomes)
      merged.outcomes.set(label, (merged.outcomes.get(label) ?? 0) + count);
    merged.failed += samples.failed;
    merged.clientErrors += samples.clientErrors;
  }
  return merged;
}

export interface ThresholdVerdict {
  name: string;
  limit: string;
  actual: string;
  passed: boolean;
}

/** The spec's two load-test targets, judged on all requests of the run. */
export function judgeThresholds(
  overall: RouteSummary,
  limits: { p95Ms: number; failedRate: number },
): ThresholdVerdict[] {
  return [
    {
      name: 'http_req_duration p(95)',
      limit: `< ${limits.p95Ms} ms`,
      actual: `${overall.p95Ms.toFixed(1)} ms`,
      passed: overall.p95Ms < limits.p95Ms,
    },
    {
      name: 'http_req_failed rate',
      limit: `< ${formatPercent(limits.failedRate)}`,
      actual: formatPercent(overall.failedRate),
      passed: overall.failedRate < limits.failedRate,
    },
  ];
}

export const formatPercent = (rate: number) => `${(rate * 100).toFixed(2)}%`;
