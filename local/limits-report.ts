import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyResult } from 'aws-lambda';
import type { LimitsReport } from './dynamodb-limits-proxy.js';

/**
 * The limits emulation's report as a person reads it, at a fixed address of the local gateway
 * (`/_local/limits`): the hottest partition key values against their limits, what was throttled, the
 * transaction conflicts. The same report as JSON for a client that asks for it (Accept: application/json, or
 * `?format=json`).
 */
export const LIMITS_REPORT_PATH = '/_local/limits';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.codePointAt(0)};`);
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function limitsReportAnswer(
  report: LimitsReport,
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
): APIGatewayProxyResult {
  const accept = String(headers.accept ?? '');
  const json = query.get('format') === 'json' || (accept.includes('application/json') && !accept.includes('text/html'));
  if (json) {
    return {
      statusCode: 200,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
      body: JSON.stringify(report),
    };
  }
  const limitOf = (kind: 'read' | 'write') =>
    kind === 'read' ? report.readLimitPerPartition : report.writeLimitPerPartition;
  const rows = report.hottest
    .map((partition) => {
      const limit = limitOf(partition.kind);
      const share = (100 * partition.peakAskedPerSecond) / limit;
      return `<tr${share >= 100 ? ' class="over"' : ''}><th scope="row"><code>${escapeHtml(partition.partition)}</code></th><td>${partition.kind}</td><td>${number.format(partition.peakAskedPerSecond)}</td><td>${number.format(partition.peakServedPerSecond)}</td><td>${number.format(limit)}</td><td>${number.format(share)} %</td><td>${number.format(partition.throttled)}</td></tr>`;
    })
    .join('\n');
  const counts = (title: string, values: Record<string, number>) =>
    `<h2>${title}</h2><p>${
      Object.entries(values)
        .map(([name, count]) => `${escapeHtml(name)}: ${number.format(count)}`)
        .join(' · ') || 'none'
    }</p>`;
  const body = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="refresh" content="5">
  <title>DynamoDB limits, emulated</title>
  <style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1d2733}table{border-collapse:collapse}th,td{padding:.3rem .7rem;border-bottom:1px solid #dde3ea;text-align:right}th[scope=row],thead th:first-child{text-align:left}tr.over{background:#fdecea}p.note{color:#55606e}</style>
</head>
<body>
  <h1>DynamoDB's per-partition limits, emulated at 1/${number.format(report.scale)}</h1>
  <p class="note">Each partition key value may serve ${number.format(report.readLimitPerPartition)} read and ${number.format(report.writeLimitPerPartition)} write units a second here (DynamoDB's 3,000 and 1,000, divided by the scale). Refreshed every 5 s; <a href="?format=json">as JSON</a>.</p>
  <h2>The hottest partition key values</h2>
  <table>
    <thead><tr><th scope="col">partition</th><th scope="col">units</th><th scope="col">peak asked / s</th><th scope="col">peak served / s</th><th scope="col">limit / s</th><th scope="col">peak against the limit</th><th scope="col">throttled</th></tr></thead>
    <tbody>
${rows || '<tr><td colspan="7">nothing yet</td></tr>'}
    </tbody>
  </table>
  ${counts('Requests', report.requests)}
  ${counts('Throttled', report.throttled)}
  ${counts('Transaction conflicts', { 'transactions cancelled': report.conflicts.transactionsCancelled, 'writes rejected': report.conflicts.writesRejected })}
  <p class="note">Units served since the start: ${number.format(report.unitsServed.read)} read, ${number.format(report.unitsServed.write)} write.</p>
</body>
</html>
`;
  return {
    statusCode: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
    body,
  };
}
