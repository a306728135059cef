import type * as z from 'zod/mini';
import type { core } from 'zod/mini';
import { parameterExamples } from '../api/openapi-examples.js';
import { booleanWords } from '../schemas/primitives.js';
import type { JsonSchema, Parameter } from './document-types.js';
import { jsonSchema } from './json-schema.js';

/** The header that makes a POST safe to send again (docs/decisions.md, "Idempotent requests"). */
export const idempotencyKeyParameter: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes the request safe to send again: the same key with the same request within 24 hours gets the first ' +
    "answer's status and body and does nothing more. Send it when a retry must not create a second record: " +
    'an answer of 503, or no answer at all, may mean the request was carried out. Without it, a retry after ' +
    'such an answer may create the record twice.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
};

/** What the list filters and windows mean; the schemas give their types and bounds. */
const queryMeanings: Record<string, string> = {
  page: 'Page to return, counted from 1.',
  per_page: 'Users per page.',
  skip: 'Records to pass over, in id order.',
  limit: 'Most records to return.',
  user_id: 'Only records of this user.',
  url_id: 'Only events of this URL.',
  is_active: `Only active (true) or only inactive (false) URLs; ${booleanWords.join(', ')}, in any case.`,
  event_type: 'Only events of this type.',
  cursor: 'The cursor of a previous answer\'s `Link: <...>; rel="next"` header: the list resumes after its last item.',
  from:
    'Start of the range: a date (2026-11-01) or a UTC timestamp (2026-11-01T10:00:00), widened to the start of ' +
    'its interval. Default: 7 days (168 hours) before `to`.',
  to:
    'End of the range, exclusive, in the same forms, widened to the end of its interval. Default: the end of the ' +
    'current interval. At most 400 days or 744 hours from `from`.',
  interval: 'The length of each entry of `series`.',
  part: "`link`: not the page but the link's id and facts, for the page's script.",
};

const asObject = (schema: core.JSONSchema._JSONSchema | undefined): JsonSchema =>
  typeof schema === 'object' ? schema : {};

/** Query and path parameters: the JSON Schema of what each accepts (integers as integers, with their bounds). */
export function parameters(
  location: Parameter['in'],
  schema: z.ZodMiniObject,
  meanings: Record<string, string>,
  examples: Record<string, unknown> = {},
) {
  const accepted = jsonSchema(schema, 'input');
  // zod writes a default only into the output schema: it is what an absent parameter becomes.
  const parsed = jsonSchema(schema, 'output');
  return Object.entries(accepted.properties ?? {}).map(([name, property]): Parameter => {
    const fallback = asObject(parsed.properties?.[name]).default;
    return {
      name,
      in: location,
      required: location === 'path' || (accepted.required ?? []).includes(name),
      description: meanings[name] ?? '',
      schema: { ...asObject(property), ...(fallback !== undefined && { default: fallback }) },
      ...((examples[name] ?? parameterExamples[name]) !== undefined && {
        example: examples[name] ?? parameterExamples[name],
      }),
    };
  });
}

/**
 * A route's query parameters. One that answers CSV too has one schema per parameter for both answers, so a
 * bound the two set apart (a CSV page's `limit`) is widened to accept either, and its description gives each.
 */
export function queryParameters(query: z.ZodMiniObject, csv: { query: z.ZodMiniObject } | undefined): Parameter[] {
  const asJson = parameters('query', query, queryMeanings);
  if (!csv) return asJson;
  const asCsv = parameters('query', csv.query, queryMeanings);
  const figure = (value: unknown) => Number(value).toLocaleString('en-US');
  const bounds = (schema: JsonSchema) =>
    `${figure(schema.minimum)}-${figure(schema.maximum)}, default ${figure(schema.default)}`;
  return asJson.map((parameter) => {
    const other = asCsv.find(({ name }) => name === parameter.name);
    if (!other || JSON.stringify(other.schema) === JSON.stringify(parameter.schema)) return parameter;
    return {
      ...parameter,
      description:
        `${parameter.description} As JSON ${bounds(parameter.schema)}; ` +
        `as CSV (\`Accept: text/csv\`) ${bounds(other.schema)}.`,
      schema: {
        ...parameter.schema,
        maximum: Math.max(Number(parameter.schema.maximum), Number(other.schema.maximum)),
      },
    };
  });
}
