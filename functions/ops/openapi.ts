import { httpRoute } from '#shared/http/route.js';
import { buildOpenApiDocument } from '#shared/openapi.js';

/** Built once per instance: the description changes only with a deployment. */
const document = buildOpenApiDocument();

/** GET /openapi.json: the OpenAPI 3.1 description of the API, the same as docs/openapi.json. */
export const handler = httpRoute({}, async () => document);
