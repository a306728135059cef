/**
 * A JSON body's fields (docs/decisions.md, "Hardening"): the operation's inputs, and the fields of its record that
 * are not inputs, which are ignored so that a client can send back a record it read. Any other field is a 422:
 * a typo such as `max_click` must not silently make an unlimited link.
 */
export interface BodyFields {
  inputs: readonly string[];
  ignored: readonly string[];
}
const bodyFields = new WeakMap<object, BodyFields>();

/** Declares a body schema's fields (`inputs` are its own; `recordFields` those of the record it makes or changes). */
export function withBodyFields<T extends object>(
  schema: T,
  inputs: readonly string[],
  recordFields: readonly string[],
): T {
  bodyFields.set(schema, { inputs, ignored: recordFields.filter((field) => !inputs.includes(field)) });
  return schema;
}

export const bodyFieldsOf = (schema: object): BodyFields | undefined => bodyFields.get(schema);
