import { formatPercent, type RouteSummary, type ThresholdVerdict } from './stats.js';

const milliseconds = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

const columns: ReadonlyArray<{ title: string; cell: (row: RouteSummary) => string; alignLeft?: boolean }> = [
  { title: 'route', cell: (row) => row.route, alignLeft: true },
  { title: 'requests', cell: (row) => String(row.requests) },
  { title: 'req/s', cell: (row) => row.requestsPerSecond.toFixed(1) },
  { title: 'p50 ms', cell: (row) => milliseconds(row.p50Ms) },
  { title: 'p95 ms', cell: (row) => milliseconds(row.p95Ms) },
  { title: 'p99 ms', cell: (row) => milliseconds(row.p99Ms) },
  { title: 'max ms', cell: (row) => milliseconds(row.maxMs) },
  { title: 'failed', cell: (row) => `${row.failed} (${formatPercent(row.failedRate)})` },
  { title: '4xx', cell: (row) => String(row.clientErrors) },
  {
    title: 'statuses',
    cell: (row) =>
      Object.entries(row.outcomes)
        .map(([label, count]) => `${label}:${count}`)
        .join(' '),
    alignLeft: true,
  },
];

/** The per-route table with the overall line last, columns padded so that it reads in a terminal. */
export function formatSummaryTable(routes: readonly RouteSummary[], overall: RouteSummary): string {
  const rows = [...routes, overall].map((row) => columns.map((column) => column.cell(row)));
  const cells = [columns.map((column) => column.title), ...rows];
  const widths = columns.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, i) => (columns[i]?.alignLeft ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = '-'.repeat(widths.reduce((sum, width) => sum + width + 2, -2));
  const [header, ...body] = cells.map(line);
  const routeLines = body.slice(0, -1);
  const overallLine = body.at(-1) ?? '';
  return [header, rule, ...routeLines, rule, overallLine].join('\n');
}

export function formatVerdicts(verdicts: readonly ThresholdVerdict[]): string {
  return verdicts
    .map(
      (verdict) => `  ${verdict.passed ? 'ok  ' : 'FAIL'}  ${verdict.name} ${verdict.actual} (limit ${verdict.limit})`,
    )
    .join('\n');
}
