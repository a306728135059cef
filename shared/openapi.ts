/**
 * The OpenAPI 3.1 description of the API, generated from the route table (shared/openapi/document.ts): each
 * route's declaration (shared/api/) holds the zod schemas its handler validates with and what zod cannot say
 * (summary, success status, business errors), so the description cannot drift from the routes.
 */

export { buildOpenApiDocument } from './openapi/document.js';
