import { type LocalRuntime, type LocalRuntimeOptions, startLocalRuntime } from '../local/runtime.js';

/** A service of its own for a benchmark: in-memory DynamoDB Local and SQS emulator, started here. */
export async function startBenchService(options: Partial<LocalRuntimeOptions> = {}): Promise<LocalRuntime> {
  const name = `bench-${Date.now().toString(36)}`;
  return startLocalRuntime({ port: 0, host: '127.0.0.1', tableName: name, queueName: name, ...options });
}

export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

type Counter = { total: number; series: ({ value: number } & Record<string, string | number>)[] };

/** The service's own counters (GET /metrics/json), by name and label. */
export async function counters(baseUrl: string): Promise<Record<string, Counter>> {
  return (await call<Record<string, Counter>>(baseUrl, 'GET', '/metrics/json')).body;
}

/** DynamoDB calls made so far, by operation. */
export async function dynamoDbCalls(baseUrl: string): Promise<Map<string, number>> {
  const counter = (await counters(baseUrl)).dynamodb_calls_total;
  return new Map((counter?.series ?? []).map((entry) => [String(entry.operation), entry.value]));
}

export function percentile(sortedValues: number[], p: number): number {
  if (sortedValues.length === 0) return Number.NaN;
  const index = Math.min(sortedValues.length - 1, Math.ceil((p / 100) * sortedValues.length) - 1);
  return sortedValues[Math.max(0, index)] as number;
}

export const format = (value: number, digits = 1) => value.toLocaleString('en-US', { maximumFractionDigits: digits });

/**
 * A Markdown table of `perLine` rows a line, side by side, so that a long table stays a page: `columns` are
 * one row's headings, each row its cells joined with ' | ' (no outer pipes).
 */
export function sideBySide(columns: string[], rows: string[], perLine: number): string[] {
  const lines = Array.from(
    { length: Math.ceil(rows.length / perLine) },
    (_, i) => `| ${rows.slice(i * perLine, (i + 1) * perLine).join(' | ')} |`,
  );
  return [`|${` ${columns.join(' | ')} |`.repeat(perLine)}`, `|${'---|'.repeat(columns.length * perLine)}`, ...lines];
}
