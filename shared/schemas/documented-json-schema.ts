import type { core } from 'zod/mini';

/**
 * Where zod's checks cannot be turned into JSON Schema exactly (a length counted after trimming, the address
 * forms the service accepts), the schema carries its JSON Schema beside the check it describes
 * (`documentedAs`); shared/openapi/json-schema.ts uses it, and the integration suite's OpenAPI check holds the
 * two to each other.
 */

type JsonSchema = core.JSONSchema.BaseSchema;

/**
 * The JSON Schema of a schema as a request carries it (`input`) and as a response returns it (`output`):
 * either the whole description (`replace`), or constraints added to what zod generates (`extend`).
 */
interface DocumentedJsonSchema {
  input: JsonSchema;
  output: JsonSchema;
  mode: 'replace' | 'extend';
}
export const documentedJsonSchemas = new WeakMap<object, DocumentedJsonSchema>();

export function documentedAs<T extends object>(schema: T, input: JsonSchema, output: JsonSchema = input): T {
  documentedJsonSchemas.set(schema, { input, output, mode: 'replace' });
  return schema;
}

export function constrainedAs<T extends object>(schema: T, constraints: JsonSchema): T {
  documentedJsonSchemas.set(schema, { input: constraints, output: constraints, mode: 'extend' });
  return schema;
}
