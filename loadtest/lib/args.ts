import { parseArgs } from 'node:util';

import type { MixName } from './mix.js';

export interface RunOptions {
  vus: number;
  mix: MixName;
  durationS: number;
  baseUrl: URL;
  thinkMinMs: number;
  thinkMaxMs: number;
  /** Where to write the summary as JSON, when asked. */
  jsonPath?: string;
}

export type ParsedArgs = { kind: 'help' } | { kind: 'run'; options: RunOptions };

/** A command line the runner cannot act on; the message says which option and why. */
export class UsageError extends Error {}

export const usage = (defaultThinkMs: { min: number; max: number }) => `Usage: npm run loadtest -- [options]

  --vus N            virtual users, each looping request → think (default 50)
  --duration T       how long to send, in seconds: 30, 30s or 2m (default 30)
  --url URL          base URL of the service (default http://localhost:3000)
  --think-min MS     shortest think time between two requests of a user (default ${defaultThinkMs.min})
  --think-max MS     longest think time (default ${defaultThinkMs.max})
  --mix NAME         spec (default) or reference: the reference implementation's k6 mix
  --json FILE        also write the summary as JSON to FILE
  -h, --help         show this help

Exit status: 0 when the spec's thresholds are met, 1 when they are not or the run could not start, 2 on bad usage.`;

/** Reads the runner's command line; defaults for the think time come from the shared mix. */
export function parseRunArgs(argv: readonly string[], defaultThinkMs: { min: number; max: number }): ParsedArgs {
  const { values } = readOptions(argv);
  if (values.help) return { kind: 'help' };
  const thinkMinMs = wholeNumber('--think-min', values['think-min'] ?? String(defaultThinkMs.min));
  const thinkMaxMs = wholeNumber('--think-max', values['think-max'] ?? String(defaultThinkMs.max));
  if (thinkMinMs > thinkMaxMs) throw new UsageError(`--think-min (${thinkMinMs}) is above --think-max (${thinkMaxMs})`);
  const vus = wholeNumber('--vus', values.vus ?? '50');
  const mix = values.mix ?? 'spec';
  if (mix !== 'spec' && mix !== 'reference') throw new UsageError(`--mix must be spec or reference, got "${mix}"`);
  if (vus === 0) throw new UsageError('--vus must be at least 1');
  return {
    kind: 'run',
    options: {
      vus,
      mix,
      durationS: durationSeconds(values.duration ?? '30'),
      baseUrl: serviceUrl(values.url ?? 'http://localhost:3000'),
      thinkMinMs,
      thinkMaxMs,
      ...(values.json !== undefined && { jsonPath: values.json }),
    },
  };
}

function readOptions(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        vus: { type: 'string' },
        duration: { type: 'string' },
        url: { type: 'string' },
        'think-min': { type: 'string' },
        'think-max': { type: 'string' },
        json: { type: 'string' },
        mix: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function wholeNumber(option: string, raw: string): number {
  if (!/^\d+$/.test(raw)) throw new UsageError(`${option} must be a whole number, got "${raw}"`);
  return Number(raw);
}

/** Seconds from `30`, `30s` or `2m`: the forms a k6 user would type. */
function durationSeconds(raw: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(raw);
  const seconds = match ? Number(match[1]) * (match[2] === 'm' ? 60 : 1) : Number.NaN;
  if (!(seconds > 0))
    throw new UsageError(`--duration must be a positive number of seconds (30, 30s, 2m), got "${raw}"`);
  return seconds;
}

function serviceUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--url must be an absolute URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--url must be http or https, got "${raw}"`);
  }
  return url;
}
