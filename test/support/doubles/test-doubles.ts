/**
 * What a test feeds its service's test doubles, in the service's process: one list per name, shared by every
 * function instance of the process (a process-wide value, unlike the modules of each function).
 */
const feeds = Symbol.for('url-shortener.test-doubles');

type Feeds = Record<string, unknown[]>;

export function testDouble(name: string): unknown[] {
  const process = globalThis as { [feeds]?: Feeds };
  process[feeds] ??= {};
  const all = process[feeds];
  all[name] ??= [];
  return all[name];
}
