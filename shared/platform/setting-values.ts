/**
 * How every setting of the service is read, whether it comes from the environment (the functions, the local
 * runtime) or from CDK context (the stack): one spelling of true and false, one rule for numbers, one error
 * line that names the setting and what it accepts.
 */

/** A setting with a wrong value; its message is the one line a failed start prints. */
export class SettingError extends Error {}

export const settingError = (name: string, accepts: string, raw: unknown) =>
  new SettingError(`Configuration error: ${name} must be ${accepts}, got "${String(raw)}"`);

/** true/false and their usual spellings; unset keeps the default, anything else is an error. */
export function flagValue(name: string, raw: unknown, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (typeof raw === 'boolean') return raw;
  if (/^\s*(true|1|yes|on)\s*$/i.test(String(raw))) return true;
  if (/^\s*(false|0|no|off)\s*$/i.test(String(raw))) return false;
  throw settingError(name, 'true or false (also 1/0, yes/no, on/off)', raw);
}

/** A whole number within bounds; unset keeps the default. */
export function integerValue(
  name: string,
  raw: unknown,
  fallback: number,
  bounds: { min: number; max: number },
): number {
  if (raw === undefined) return fallback;
  const text = String(raw).trim();
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= bounds.min && value <= bounds.max)) {
    const accepts =
      bounds.max >= Number.MAX_SAFE_INTEGER
        ? `a whole number from ${bounds.min}`
        : `a whole number from ${bounds.min} to ${bounds.max}`;
    throw settingError(name, accepts, raw);
  }
  return value;
}

/** One of a fixed set of words, in any case; unset keeps the default. */
export function choiceValue<T extends string>(name: string, raw: unknown, fallback: T, choices: readonly T[]): T {
  if (raw === undefined) return fallback;
  const found = choices.find((choice) => choice.toLowerCase() === String(raw).trim().toLowerCase());
  if (!found) throw settingError(name, `one of ${choices.join(', ')}`, raw);
  return found;
}

/** Which origins' pages may call the API (CORS): any (`*`), or these. */
export type AllowedOrigins = '*' | readonly string[];

/** `*`, or origins (`https://app.example.com`, `http://localhost:5173`) separated by commas. */
export function parseAllowedOrigins(name: string, raw: string | undefined): AllowedOrigins {
  if (raw === undefined || raw.trim() === '*') return '*';
  const origins = raw.split(',').map((origin) => origin.trim());
  const valid = origins.every((origin) => {
    try {
      const url = new URL(origin);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin;
    } catch {
      return false;
    }
  });
  if (!valid || origins.length === 0) {
    throw settingError(name, '* or origins such as https://app.example.com, separated by commas', raw);
  }
  return origins;
}
