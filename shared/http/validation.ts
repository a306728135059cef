import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { core } from 'zod/mini';
import { RequestValidationError, type ValidationIssue } from '../platform/errors.js';
import { approximateNumber, isRawJsonNumber, parseJsonExactly } from '../platform/json.js';
import { bodyFieldsOf } from '../schemas/body-fields.js';
import { requestHeader } from './headers.js';

/** Where a value came from; the first segment of every 422 `loc`. */
type InputSource = 'body' | 'query' | 'path';

export interface Parseable<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: core.$ZodIssue[] } };
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

const typeNames: Record<string, [type: string, msg: string]> = {
  int: ['int_type', 'Input should be a valid integer'],
  number: ['int_type', 'Input should be a valid integer'],
  string: ['string_type', 'Input should be a valid string'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  object: ['dict_type', 'Input should be a valid dictionary'],
  record: ['dict_type', 'Input should be a valid dictionary'],
};

/**
 * Turns one zod issue into the contract's `{loc, msg, type}`, with messages a client can show as they are: one
 * for each field an object of the body does not take (`Unknown field` at the field, as at the body's top).
 */
function toValidationIssues(source: InputSource, input: unknown, issue: core.$ZodIssue): ValidationIssue[] {
  if (issue.code === 'unrecognized_keys') {
    const at = locOf(source, issue);
    return issue.keys.map((key) => ({ loc: [...at, key], msg: 'Unknown field', type: 'extra_forbidden' }));
  }
  return [toValidationIssue(source, input, issue)];
}

/** Where an issue is, as a 422 `loc`: the input's source, then the path within it. */
const locOf = (source: InputSource, issue: core.$ZodIssue): (string | number)[] => [
  source,
  ...issue.path.map((p) => (typeof p === 'number' ? p : String(p))),
];

/** A list with too few or too many items, in pydantic's words. */
function listLengthIssue(
  loc: (string | number)[],
  input: unknown,
  path: PropertyKey[],
  bound: 'least' | 'most',
  limit: number,
): ValidationIssue {
  const list = valueAt(input, path);
  const actual = Array.isArray(list) ? list.length : 0;
  return {
    loc,
    msg: `List should have at ${bound} ${limit} item${limit === 1 ? '' : 's'} after validation, not ${actual}`,
    type: bound === 'least' ? 'too_short' : 'too_long',
  };
}

/** One zod issue about one value, as the contract's `{loc, msg, type}`. */
function toValidationIssue(source: InputSource, input: unknown, issue: core.$ZodIssue): ValidationIssue {
  const loc = locOf(source, issue);
  switch (issue.code) {
    case 'invalid_type': {
      if (valueAt(input, issue.path) === undefined) return { loc, msg: 'Field required', type: 'missing' };
      const [type, msg] = typeNames[issue.expected] ?? [
        `${issue.expected}_type`,
        `Input should be a valid ${issue.expected}`,
      ];
      return { loc, msg, type };
    }
    case 'too_small':
      if (issue.origin === 'array') return listLengthIssue(loc, input, issue.path, 'least', Number(issue.minimum));
      return issue.origin === 'string'
        ? {
            loc,
            msg: `String should have at least ${issue.minimum} character${issue.minimum === 1 ? '' : 's'}`,
            type: 'string_too_short',
          }
        : { loc, msg: `Input should be greater than or equal to ${issue.minimum}`, type: 'greater_than_equal' };
    case 'too_big':
      if (issue.origin === 'array') return listLengthIssue(loc, input, issue.path, 'most', Number(issue.maximum));
      return issue.origin === 'string'
        ? { loc, msg: `String should have at most ${issue.maximum} characters`, type: 'string_too_long' }
        : { loc, msg: `Input should be less than or equal to ${issue.maximum}`, type: 'less_than_equal' };
    case 'invalid_format':
      return issue.format === 'email'
        ? { loc, msg: 'value is not a valid email address', type: 'value_error' }
        : { loc, msg: issue.message, type: 'value_error' };
    case 'custom': {
      const type = (issue.params as { type?: string } | undefined)?.type ?? 'value_error';
      return { loc, msg: issue.message, type };
    }
    default:
      return { loc, msg: issue.message, type: 'value_error' };
  }
}

/** A body without the record fields it may carry and ignore; a 422 for every field that is neither. */
function knownFieldsOf(schema: object, input: unknown): { input: unknown; unknown: ValidationIssue[] } {
  const fields = bodyFieldsOf(schema);
  if (!fields || input === null || typeof input !== 'object' || Array.isArray(input)) return { input, unknown: [] };
  const kept: Record<string, unknown> = {};
  const unknown: ValidationIssue[] = [];
  for (const [name, value] of Object.entries(input)) {
    if (fields.inputs.includes(name)) kept[name] = value;
    else if (!fields.ignored.includes(name)) {
      unknown.push({ loc: ['body', name], msg: 'Unknown field', type: 'extra_forbidden' });
    }
  }
  return { input: kept, unknown };
}

/**
 * Validates one part of a request; on failure throws every issue in the contract's 422 shape, one per field
 * (zod may report a value twice, for instance an integer past 2^53 as both unsafe and over the maximum).
 */
export function validateInput<T>(source: InputSource, schema: Parseable<T>, raw: unknown): T {
  const { input, unknown } = source === 'body' ? knownFieldsOf(schema, raw) : { input: raw, unknown: [] };
  const result = schema.safeParse(input);
  if (result.success && unknown.length === 0) return result.data;
  const byField = new Map<string, ValidationIssue>(unknown.map((issue) => [JSON.stringify(issue.loc), issue]));
  for (const issue of result.success ? [] : result.error.issues) {
    for (const converted of toValidationIssues(source, input, issue)) {
      const field = JSON.stringify(converted.loc);
      if (!byField.has(field)) byField.set(field, converted);
    }
  }
  throw new RequestValidationError([...byField.values()]);
}

/**
 * Whether a request's Content-Type says JSON: `application/json` or a `+json` type, parameters allowed. A body
 * sent as `text/plain`, or with no type, is refused (docs/decisions.md, "Hardening"): a page on another origin can send
 * those without a CORS preflight, so accepting them would let any page drive the API.
 */
function requireJsonContentType(contentType: string | undefined): void {
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (media === 'application/json' || /^[a-z0-9!#$&^_.-]+\/[a-z0-9!#$&^_.-]+\+json$/.test(media)) return;
  throw new RequestValidationError([{ loc: ['body'], msg: 'Send the body as application/json', type: 'content_type' }]);
}

/**
 * Parses a JSON request body; text that is not JSON, or JSON that is not an object, is a 422 at `["body"]`.
 * Nested numbers keep their exact value (shared/platform/json.ts); the body's own fields are numbers as JavaScript
 * reads them, so that an id past 2^53 is refused by its bound like any other too-large id.
 */
function parseJsonObjectBody(raw: string | null, isBase64Encoded: boolean): Record<string, unknown> {
  const text = raw === null ? '' : isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (text.trim() === '') throw new RequestValidationError([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
  let parsed: unknown;
  try {
    parsed = parseJsonExactly(text);
  } catch (error) {
    const msg = error instanceof RangeError ? 'JSON nested too deeply' : 'JSON decode error';
    throw new RequestValidationError([{ loc: ['body'], msg, type: 'json_invalid' }]);
  }
  return jsonObjectBody(parsed);
}

/**
 * A parsed JSON value as a request body: an object (anything else is the 422 every JSON route gives), its
 * numbers as JavaScript numbers. Also each link of a bulk request, which is checked as a body of its own.
 */
export function jsonObjectBody(parsed: unknown): Record<string, unknown> {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new RequestValidationError([
      { loc: ['body'], msg: 'Input should be a valid dictionary or object', type: 'model_attributes_type' },
    ]);
  }
  const body = parsed as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    if (isRawJsonNumber(value)) body[key] = approximateNumber(value);
  }
  return body;
}

/** A required field left out, answered as the schema would answer it (a route that checks it itself). */
export function missingField(field: string): never {
  throw new RequestValidationError([{ loc: ['body', field], msg: 'Field required', type: 'missing' }]);
}

/**
 * A body sent as an HTML form (`application/x-www-form-urlencoded`), as the object its fields make: the first
 * value of each name. Only routes a browser's form posts to take one (`form` of the body's declaration).
 */
function formBody(raw: string | null, isBase64Encoded: boolean): Record<string, unknown> {
  const text = raw === null ? '' : isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  const fields: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) if (!(name in fields)) fields[name] = value;
  return fields;
}

const isFormContentType = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/** The schemas a request's parts are validated with; a part without one is not read. */
interface InputSchemas {
  body?: Parseable<unknown>;
  /** The body may also come as an HTML form. */
  form?: boolean;
  /** The body may be left out, read as `{}`. */
  optionalBody?: boolean;
  query?: Parseable<unknown>;
  path?: Parseable<unknown>;
}

/** A request's context once its input is validated: each part as its schema parsed it. */
export interface InputContext extends Context {
  input: { body: unknown; query: unknown; path: unknown };
}

/**
 * Validation as a route's middleware, with the schemas `schemasOf` chooses for the request (a CSV export
 * has its own query bounds): the path, the query, then the body, which must be a JSON object sent as JSON
 * (or, where the route takes one, an HTML form).
 */
export function validatedInput(
  schemasOf: (event: APIGatewayProxyEvent) => InputSchemas,
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, InputContext> {
  return {
    before: (request) => {
      const { event } = request;
      const { body, form, optionalBody, query, path } = schemasOf(event);
      const input: InputContext['input'] = { body: undefined, query: undefined, path: undefined };
      if (path) input.path = validateInput('path', path, event.pathParameters ?? {});
      if (query) input.query = validateInput('query', query, event.queryStringParameters ?? {});
      if (body) {
        const contentType = requestHeader(event, 'content-type');
        if (optionalBody && (event.body ?? '') === '') {
          input.body = validateInput('body', body, {});
        } else if (form && isFormContentType(contentType)) {
          input.body = validateInput('body', body, formBody(event.body, event.isBase64Encoded));
        } else {
          requireJsonContentType(contentType);
          input.body = validateInput('body', body, parseJsonObjectBody(event.body, event.isBase64Encoded));
        }
      }
      request.context.input = input;
    },
  };
}
