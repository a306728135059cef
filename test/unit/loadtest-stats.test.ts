import { formatSummaryTable } from '../../loadtest/lib/report.js';
import { isFailure, judgeThresholds, percentile, Recorder } from '../../loadtest/lib/stats.js';

const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

describe('percentile', () => {
  it('interpolates between the closest ranks, as k6 does', () => {
    expect(percentile(oneToHundred, 50)).toBeCloseTo(50.5, 10);
    expect(percentile(oneToHundred, 95)).toBeCloseTo(95.05, 10);
    expect(percentile(oneToHundred, 99)).toBeCloseTo(99.01, 10);
    expect(percentile([10, 20], 50)).toBe(15);
  });

  it('gives the extremes at 0 and 100, the value itself for one sample, and NaN for none', () => {
    expect(percentile(oneToHundred, 0)).toBe(1);
    expect(percentile(oneToHundred, 100)).toBe(100);
    expect(percentile([42], 95)).toBe(42);
    expect(percentile([], 95)).toBeNaN();
  });
});

describe('Recorder', () => {
  it('counts server errors and network errors as failed, 4xx apart', () => {
    expect([200, 302, 404, 499, 500, 503, 0].map((status) => isFailure({ status }))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    const recorder = new Recorder();
    recorder.record('GET /urls', { status: 200, durationMs: 10 });
    recorder.record('GET /urls', { status: 503, durationMs: 30 });
    recorder.record('GET /urls', { status: 0, durationMs: 5, error: 'ECONNRESET' });
    recorder.record('GET /users/{id}', { status: 404, durationMs: 20 });
    const { routes, overall } = recorder.summarize(2);

    expect(routes.map((route) => route.route)).toEqual(['GET /urls', 'GET /users/{id}']);
    expect(routes[0]).toMatchObject({ requests: 3, failed: 2, clientErrors: 0, requestsPerSecond: 1.5, maxMs: 30 });
    expect(routes[0]?.outcomes).toEqual({ '200': 1, '503': 1, ECONNRESET: 1 });
    expect(overall).toMatchObject({ route: 'all', requests: 4, failed: 2, failedRate: 0.5, clientErrors: 1 });
    expect(overall.p50Ms).toBe(15);
    expect(recorder.requests).toBe(4);
    expect(recorder.failed).toBe(2);
  });
});

describe('judgeThresholds', () => {
  const limits = { p95Ms: 2000, failedRate: 0.05 };
  const summaryWith = (p95Ms: number, failedRate: number) => {
    const recorder = new Recorder();
    recorder.record('GET /health', { status: 200, durationMs: 1 });
    return { ...recorder.summarize(1).overall, p95Ms, failedRate };
  };

  it('passes only strictly under both limits', () => {
    expect(judgeThresholds(summaryWith(1999.9, 0.0499), limits).map((v) => v.passed)).toEqual([true, true]);
    expect(judgeThresholds(summaryWith(2000, 0.05), limits).map((v) => v.passed)).toEqual([false, false]);
  });

  it('fails a run without a single answer', () => {
    const empty = new Recorder().summarize(1).overall;
    expect(judgeThresholds(empty, limits)[0]?.passed).toBe(false);
  });
});

describe('formatSummaryTable', () => {
  it('lines up the columns and puts the overall line last', () => {
    const recorder = new Recorder();
    recorder.record('GET /urls', { status: 200, durationMs: 12.34 });
    recorder.record('GET /urls/{code}/redirect', { status: 302, durationMs: 1234.5 });
    const { routes, overall } = recorder.summarize(1);
    const lines = formatSummaryTable(routes, overall).split('\n');

    expect(lines[0]).toMatch(
      /^route\s+requests\s+req\/s\s+p50 ms\s+p95 ms\s+p99 ms\s+max ms\s+failed\s+4xx\s+statuses$/,
    );
    expect(lines.at(-1)).toMatch(/^all\s+2\s/);
    // Numbers are right-aligned: every line's p95 cell ends where the header's title does.
    const header = lines[0] ?? '';
    const p95End = header.indexOf('p95 ms') + 'p95 ms'.length;
    for (const line of [header, lines[2], lines[3], lines[5]]) {
      expect(line?.slice(p95End - 1, p95End + 1)).toMatch(/^\S\s$/);
    }
  });
});
