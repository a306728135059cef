import * as z from 'zod/mini';
import { strictUtcInstant, timestamp } from '../platform/clock.js';
import { documentedAs } from './documented-json-schema.js';

/** The building blocks of the request schemas: ids, integers and booleans carried as text, texts and moments. */

export const MAX_ID = Number.MAX_SAFE_INTEGER;

/** Strings must be well-formed Unicode: a lone surrogate cannot be stored (DynamoDB keeps UTF-8). */
export const wellFormed = z.refine<string>((value) => value.isWellFormed(), {
  message: 'String should be valid Unicode (no unpaired surrogates)',
  params: { type: 'string_unicode' },
});

/** An integer carried as text (path or query), parsed strictly: "1.5", "1e3" and "abc" are refused. */
export function integerText(bounds: { min: number; max: number }) {
  const schema = z.pipe(
    z.string().check(
      z.refine((value) => /^\s*[+-]?\d+\s*$/.test(value), {
        message: 'Input should be a valid integer, unable to parse string as an integer',
        params: { type: 'int_parsing' },
      }),
    ),
    // Digits only, so the number is whole; beyond 2^53 it is only approximate, which the bound then refuses.
    z.pipe(
      z.transform((value: string) => Number(value.trim())),
      z.number().check(z.gte(bounds.min), z.lte(bounds.max)),
    ),
  );
  return documentedAs(schema, {
    type: 'integer',
    minimum: bounds.min,
    ...(bounds.max < MAX_ID ? { maximum: bounds.max } : { maximum: MAX_ID }),
  });
}

/** An optional integer query parameter with a default. */
export function queryInteger(bounds: { min: number; max: number; default: number }) {
  return z._default(z.optional(integerText(bounds)), bounds.default);
}

/** An optional positive-id query parameter (a filter). */
export const queryId = z.optional(integerText({ min: 1, max: MAX_ID }));

export const booleanWords = ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'] as const;
const truthy = new Set(['true', '1', 'yes', 'on']);
const falsy = new Set(['false', '0', 'no', 'off']);

/** A boolean query parameter: true/false/1/0/yes/no/on/off, any case. */
export const queryBoolean = z.optional(
  documentedAs(
    z.pipe(
      z.string().check(
        z.refine((value: string) => truthy.has(value.trim().toLowerCase()) || falsy.has(value.trim().toLowerCase()), {
          message: 'Input should be a valid boolean, unable to interpret input',
          params: { type: 'bool_parsing' },
        }),
      ),
      z.transform((value: string) => truthy.has(value.trim().toLowerCase())),
    ),
    {
      type: 'string',
      pattern: `^\\s*(?:${booleanWords.map((word) => [...word].map(anyCase).join('')).join('|')})\\s*$`,
    },
  ),
);

/** A character class matching one letter in either case, for JSON Schema patterns (which have no flags). */
export function anyCase(letter: string): string {
  return letter.toLowerCase() === letter.toUpperCase() ? letter : `[${letter.toLowerCase()}${letter.toUpperCase()}]`;
}

/** Path parameters of `/{resource}/{id}`: a positive integer. */
export const idPath = z.object({ id: integerText({ min: 1, max: MAX_ID }) });

export const positiveId = z.int().check(z.gte(1), z.lte(MAX_ID));

/**
 * A name or title: surrounding whitespace is trimmed, then 1 to `max` characters. JSON Schema counts before
 * trimming, so the pattern says it: optional whitespace, the text (first and last character not blank),
 * optional whitespace.
 */
export function trimmedText(max: number) {
  const text = `\\S(?:[\\s\\S]{0,${max - 2}}\\S)?`;
  return documentedAs(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(max), wellFormed),
    { type: 'string', pattern: `^\\s*${text}\\s*$` },
    { type: 'string', minLength: 1, maxLength: max, pattern: `^${text}$` },
  );
}

export const TIMESTAMP_INPUT_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z?$';

/**
 * A moment to come, in the contract's timestamp form (UTC, no zone) or with `Z`; read as the contract's form.
 * An impossible date or time (`2027-02-30`, `24:00:01`) is refused, never rolled over.
 */
export const futureTimestamp = documentedAs(
  z.pipe(
    z.string().check(
      z.refine(
        (value: string) =>
          new RegExp(TIMESTAMP_INPUT_PATTERN).test(value) && strictUtcInstant(value.replace(/Z$/, '')) !== undefined,
        {
          message: 'Input should be a UTC timestamp such as 2026-12-31T23:59:59 (a Z may follow)',
          params: { type: 'datetime_parsing' },
        },
      ),
      z.refine((value: string) => Date.parse(`${value.replace(/Z$/, '')}Z`) > Date.now(), {
        message: 'Input should be in the future',
        params: { type: 'datetime_future' },
      }),
    ),
    z.transform((value: string) => timestamp(new Date(Date.parse(`${value.replace(/Z$/, '')}Z`)))),
  ),
  {
    type: 'string',
    pattern: TIMESTAMP_INPUT_PATTERN,
    description: 'A moment in the future, UTC: 2026-12-31T23:59:59 (milliseconds and a Z may follow)',
  },
  { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}$' },
);
