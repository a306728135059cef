import type { core } from 'zod/mini';
import * as z from 'zod/mini';
import { bodyFieldsOf } from '../schemas/body-fields.js';
import { documentedJsonSchemas } from '../schemas/documented-json-schema.js';
import type { JsonSchema } from './document-types.js';

export function jsonSchema(schema: core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const generated: JsonSchema = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    // What zod cannot say from the checks (lengths after trimming, integers carried as text) is written
    // beside the schema in shared/schemas/ (`documentedAs`).
    override: ({ zodSchema, jsonSchema: generatedPart }) => {
      const documented = documentedJsonSchemas.get(zodSchema);
      if (!documented) return;
      const part = generatedPart as Record<string, unknown>;
      if (documented.mode === 'replace') {
        // A default or description comes from the wrapping schema, not from the checks being replaced.
        for (const key of Object.keys(part)) if (key !== 'default' && key !== 'description') delete part[key];
      }
      Object.assign(part, io === 'input' ? documented.input : documented.output);
    },
  });
  // OpenAPI 3.1 schemas are 2020-12 already; a `$schema` in every one of them would only be noise.
  delete generated.$schema;
  return generated;
}

/**
 * A request body's schema: its inputs, the fields of its record that it ignores (a client may send back a record
 * it read), and nothing else (docs/decisions.md, "Hardening": any other field is a 422 "Unknown field").
 */
export function requestBodySchema(schema: core.$ZodType): JsonSchema {
  const accepted = jsonSchema(schema, 'input');
  const fields = bodyFieldsOf(schema);
  if (!fields) return accepted;
  const ignored = { readOnly: true, description: 'A field of the record: ignored here' };
  return {
    ...accepted,
    properties: {
      ...accepted.properties,
      ...Object.fromEntries(fields.ignored.map((name) => [name, ignored])),
    },
    additionalProperties: false,
  };
}
