import openapiTS, { astToString } from 'openapi-typescript';
import { routes } from '../shared/api/routes.js';
import { buildOpenApiDocument } from '../shared/openapi/document.js';

/** The typed client's types (`clients/typescript/`), committed; `npm run openapi` writes them. */
export const clientTypesFile = new URL('../clients/typescript/openapi.d.ts', import.meta.url);

const header = `/**
 * The URL shortener's API as TypeScript types: openapi-typescript's output for the OpenAPI document as a service in
 * keys mode serves it (docs/openapi.json's operations, plus the bearer security, the 401 and 403 answers, and a
 * POST /urls body whose user_id a user key may leave out), so that one client fits both modes.
 * Written by \`npm run openapi\`; \`npm test\` fails while it differs from what that would write. Do not edit.
 */

`;

/**
 * The types file as \`npm run openapi\` writes it. One thing of the document is left out first: an \`anyOf\` of
 * alternatives that only require a field ("at least one field", PUT /urls/{id}), which openapi-typescript turns
 * into \`| unknown\`, a body that accepts anything; the service still answers 422 to an empty body.
 */
export async function clientTypes(): Promise<string> {
  const document = withoutRequiredOnlyAlternatives(
    JSON.parse(JSON.stringify(buildOpenApiDocument(routes, { authMode: 'keys' }))),
  );
  // An object of any fields (an event's `details`) is Record<string, unknown>, not openapi-typescript's default of
  // Record<string, never>, which accepts only {}.
  return `${header}${astToString(await openapiTS(document, { emptyObjectsUnknown: true }))}`;
}

function withoutRequiredOnlyAlternatives<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutRequiredOnlyAlternatives) as T;
  if (value === null || typeof value !== 'object') return value;
  const requiredOnly = (alternative: object) => Object.keys(alternative).join() === 'required';
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, inner]) => !(key === 'anyOf' && Array.isArray(inner) && inner.every(requiredOnly)))
      .map(([key, inner]) => [key, withoutRequiredOnlyAlternatives(inner)]),
  ) as T;
}
