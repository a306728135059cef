import * as z from 'zod/mini';
import { orderedCondition, type RedirectCondition, type RedirectRule } from '../domain/records.js';
import { strictUtcInstant } from '../platform/clock.js';
import { COUNTRY_CODE_PATTERN, isCountryCode } from './country-codes.js';
import { documentedAs } from './documented-json-schema.js';
import { originalUrl } from './link-fields.js';
import { anyCase, TIMESTAMP_INPUT_PATTERN } from './primitives.js';

/**
 * The fields of a link's campaign as a request sets them (docs/decisions.md, "Links for campaigns"): tags,
 * redirect rules, A/B variants and a password. Each refusal is a 422 at the item that is wrong.
 */

/** The values a `device` or `browser` condition may name (shared/links/visit-target.ts reads them). */
export const deviceKinds = ['ios', 'android', 'mobile', 'desktop', 'windows', 'macos', 'linux', 'chromeos'] as const;
export const browserNames = ['chrome', 'firefox', 'safari', 'edge', 'opera'] as const;
const conditionTypes = ['device', 'browser', 'language', 'country', 'query', 'after', 'before'] as const;

/** A language tag as `Accept-Language` carries it: `en`, `pt-BR`, `zh-Hant-TW`. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;
const isInstant = (value: string) =>
  new RegExp(TIMESTAMP_INPUT_PATTERN).test(value) && strictUtcInstant(value.replace(/Z$/, '')) !== undefined;

const NOT_A_STRING = 'Input should be a valid string';

/** Why a condition's value is refused, or nothing when it is one its type takes. */
function valueRefusal(type: (typeof conditionTypes)[number], value: unknown): string | undefined {
  if (type === 'query') return value === undefined || typeof value === 'string' ? undefined : NOT_A_STRING;
  if (typeof value !== 'string') return NOT_A_STRING;
  switch (type) {
    case 'device':
      return (deviceKinds as readonly string[]).includes(value.toLowerCase())
        ? undefined
        : `Input should be one of ${deviceKinds.join(', ')}`;
    case 'browser':
      return (browserNames as readonly string[]).includes(value.toLowerCase())
        ? undefined
        : `Input should be one of ${browserNames.join(', ')}`;
    case 'language':
      return LANGUAGE_TAG.test(value) ? undefined : 'Input should be a language tag such as en or pt-BR';
    case 'country':
      return isCountryCode(value) ? undefined : 'Input should be an ISO 3166-1 alpha-2 country code such as DE';
    case 'after':
    case 'before':
      return isInstant(value)
        ? undefined
        : 'Input should be a UTC timestamp such as 2026-12-31T23:59:59 (a Z may follow)';
  }
}

/** A pattern of these words in any case (JSON Schema's patterns have no flags). */
const oneOfAnyCase = (words: readonly string[]) =>
  `^(?:${words.map((word) => [...word].map(anyCase).join('')).join('|')})$`;

/** The JSON Schema of the conditions of `types` that take a `value` of `value`'s form. */
const valueCondition = (types: string[], value: Record<string, unknown>) => ({
  type: 'object' as const,
  required: ['type', 'value'],
  properties: { type: { type: 'string' as const, enum: types }, value: { type: 'string' as const, ...value } },
  additionalProperties: false,
});

/**
 * One condition, `{"type", "value"}` (a `query` condition: `{"type", "name", "value"?}`), kept as it was sent;
 * device, browser, language and country values in any case.
 * The checks name the field that is wrong: `type`, `value` or `name`.
 */
const redirectCondition = documentedAs(
  z.pipe(
    z.record(z.string(), z.unknown()).check(
      z.superRefine((condition, context) => {
        const refuse = (field: string, message: string, type = 'value_error'): void => {
          context.issues.push({ code: 'custom', message, path: [field], input: condition[field], params: { type } });
        };
        const type = condition.type;
        if (type === undefined) return refuse('type', 'Field required', 'missing');
        if (!(conditionTypes as readonly unknown[]).includes(type)) {
          return refuse('type', `Input should be one of ${conditionTypes.join(', ')}`, 'enum');
        }
        const known = type as (typeof conditionTypes)[number];
        if (known === 'query') {
          if (condition.name === undefined) refuse('name', 'Field required', 'missing');
          else if (typeof condition.name !== 'string' || condition.name.length < 1 || condition.name.length > 256) {
            refuse('name', 'Input should be a string of 1 to 256 characters', 'string_type');
          }
          if (typeof condition.value === 'string' && condition.value.length > 1024) {
            refuse('value', 'String should have at most 1024 characters', 'string_too_long');
          }
        } else if (condition.value === undefined) return refuse('value', 'Field required', 'missing');
        const refusal = valueRefusal(known, condition.value);
        if (refusal) refuse('value', refusal, refusal === NOT_A_STRING ? 'string_type' : 'value_error');
        for (const field of Object.keys(condition)) {
          if (!['type', 'value', ...(known === 'query' ? ['name'] : [])].includes(field)) {
            refuse(field, 'Unknown field', 'extra_forbidden');
          }
        }
      }),
    ),
    z.transform((condition) => orderedCondition(condition as unknown as RedirectCondition)),
  ),
  {
    description:
      '`{"type", "value"}`: device, browser, language (a tag: en, pt-BR), country (ISO 3166-1 alpha-2), after or ' +
      'before (a UTC timestamp); or `{"type": "query", "name", "value"?}`: the short link\'s query has `name` ' +
      '(with `value`, when given)',
    oneOf: [
      valueCondition(['device'], { pattern: oneOfAnyCase(deviceKinds) }),
      valueCondition(['browser'], { pattern: oneOfAnyCase(browserNames) }),
      valueCondition(['language'], { pattern: LANGUAGE_TAG.source }),
      valueCondition(['country'], { pattern: COUNTRY_CODE_PATTERN }),
      valueCondition(['after', 'before'], { pattern: TIMESTAMP_INPUT_PATTERN }),
      {
        type: 'object',
        required: ['type', 'name'],
        properties: {
          type: { type: 'string', enum: ['query'] },
          name: { type: 'string', minLength: 1, maxLength: 256 },
          value: { type: 'string', maxLength: 1024 },
        },
        additionalProperties: false,
      },
    ],
  },
);

/** The target of a rule or variant: `original_url`'s rules. */
const campaignTarget = originalUrl;

export const redirectRule = z.strictObject({
  url: campaignTarget,
  conditions: z.array(redirectCondition).check(z.minLength(1), z.maxLength(10)),
});

/**
 * The most a link's rules may take, as UTF-8 JSON. They are stored on the URL's item and the short code's, whose
 * limit is DynamoDB's 400 KB: 20 rules of 10 conditions with names and values at their longest fit as ASCII but
 * not as three-byte characters, which failed the write (a 500). It also bounds what a visit reads (29 read units
 * at most; docs/data-model.md, "Links for campaigns"), and leaves 20 rules of 2,048-character URLs ample room.
 */
export const MAX_REDIRECT_RULES_BYTES = 100_000;
const utf8 = new TextEncoder();
export const RULES_TOO_LARGE = `Redirect rules should take at most ${MAX_REDIRECT_RULES_BYTES} bytes as JSON (UTF-8)`;

/** 0 to 20 rules; on update `null` clears them as `[]` does. */
export const redirectRules = z.pipe(
  z.nullable(
    z.array(redirectRule).check(
      z.maxLength(20),
      z.refine((rules) => utf8.encode(JSON.stringify(rules)).length <= MAX_REDIRECT_RULES_BYTES, {
        message: RULES_TOO_LARGE,
        params: { type: 'value_error' },
      }),
      z.describe(
        'Up to 20 rules, in order: a visit goes to the `url` of the first rule whose conditions (1 to 10) all hold; ' +
          `at most ${MAX_REDIRECT_RULES_BYTES} bytes as UTF-8 JSON`,
      ),
    ),
  ),
  z.transform((rules): RedirectRule[] => (rules ?? []) as RedirectRule[]),
);

export const variants = z.nullable(
  z.array(z.strictObject({ url: campaignTarget, weight: z.int().check(z.gte(1), z.lte(100)) })).check(
    z.minLength(2),
    z.maxLength(5),
    z.refine((arms) => arms.reduce((sum, arm) => sum + (arm.weight ?? 0), 0) === 100, {
      message: 'Weights must add up to 100',
      params: { type: 'value_error' },
    }),
    z.describe(
      '2 to 5 targets with weights (1-100, adding up to 100): a visit no rule decided goes to one by weight, ' +
        'the same for a visitor throughout a calendar month',
    ),
  ),
);

/**
 * A tag as a request gives it, in any case: ASCII letters only, so that no other letter lower-cases into one
 * (U+212A, the Kelvin sign, into `k`).
 */
export const TAG_ANY_CASE = /^[A-Za-z0-9_-]{1,32}$/;

/** 0 to 10 tags, any case, kept lower-cased, distinct and sorted; `null` clears them as `[]` does. */
export const tags = z.pipe(
  z.nullable(
    z
      .array(
        z.string().check(
          z.refine((tag: string) => TAG_ANY_CASE.test(tag), {
            message: 'A tag is 1 to 32 characters: a-z, 0-9, _ and -',
            params: { type: 'string_pattern_mismatch' },
          }),
        ),
      )
      .check(
        z.superRefine((list: string[], context) => {
          // Counted once lower-cased and made distinct: what pydantic calls "after validation".
          const distinct = new Set(list.map((tag) => tag.toLowerCase())).size;
          if (distinct <= 10) return;
          context.issues.push({
            code: 'custom',
            message: `List should have at most 10 items after validation, not ${distinct}`,
            input: list,
            params: { type: 'too_long' },
          });
        }),
        z.describe('Up to 10 distinct tags (a-z, 0-9, _ and -, 1 to 32 characters), kept lower-case'),
      ),
  ),
  z.transform((list): string[] => [...new Set((list ?? []).map((tag) => tag.toLowerCase()))].sort()),
);

/** A password, 8 to 128 characters; only its hash is kept. `null` removes it. */
export const password = z.nullable(
  z
    .string()
    .check(z.minLength(8), z.maxLength(128), z.describe('8 to 128 characters; only a slow salted hash is kept')),
);

/** The campaign fields of POST /urls, POST /urls/bulk and PUT /urls/{id}. */
export const campaignFields = {
  tags: z.optional(tags),
  redirect_rules: z.optional(redirectRules),
  variants: z.optional(variants),
  password: z.optional(password),
};
