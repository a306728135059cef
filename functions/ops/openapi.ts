import { routes } from '#shared/api/routes.js';
import { openApiRoute } from '#shared/api/service.js';
import { httpRoute } from '#shared/http/route.js';
import { buildOpenApiDocument } from '#shared/openapi/document.js';
import { serviceConfig } from '#shared/platform/config.js';

/** Built once per instance, for the mode the service runs in: the description changes only with a deployment. */
const document = buildOpenApiDocument(routes, { authMode: serviceConfig().authMode });

/** GET /openapi.json: the OpenAPI 3.1 description of the API, the same as docs/openapi.json. */
export const handler = httpRoute(openApiRoute, async () => document);
