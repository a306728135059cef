/**
 * The OpenAPI 3.1 description of the API, generated from the route table and from the zod schemas the
 * handlers validate with (shared/openapi/document.ts). What zod cannot say (summaries, success statuses,
 * which business errors a route has) is in the `*-operations.ts` modules of shared/openapi/, one entry per
 * route; a route without an entry, or an entry without a route, stops the build, so the description cannot
 * drift from `routes.ts`.
 */

export { buildOpenApiDocument } from './openapi/document.js';
