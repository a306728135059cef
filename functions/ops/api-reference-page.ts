import { apiReferencePage, apiReferencePolicy } from '#shared/api-reference.js';
import { httpRoute, StaticFile } from '#shared/http/route.js';

/** GET /docs: the API reference page (Swagger UI over GET /openapi.json), every file served by the service. */
export const handler = httpRoute(
  { access: 'open' },
  async () =>
    new StaticFile(apiReferencePage.contentType, apiReferencePage.content, 'public, max-age=300', {
      'Content-Security-Policy': apiReferencePolicy,
    }),
);
