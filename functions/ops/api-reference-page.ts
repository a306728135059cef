import { apiReferencePageRoute } from '#shared/api/service.js';
import { StaticFile } from '#shared/http/answers.js';
import { httpRoute } from '#shared/http/route.js';
import { servicePathPrefix } from '#shared/http/short-links.js';
import { apiReferencePage, apiReferencePolicy } from '#shared/pages/api-reference.js';

/** GET /docs (and /docs/, which the edge sends here): the API reference page (Swagger UI over GET /openapi.json), every file served by the service. */
export const handler = httpRoute(apiReferencePageRoute, async ({ event }) => {
  const page = apiReferencePage(servicePathPrefix(event));
  return new StaticFile(page.contentType, page.content, 'public, max-age=300', {
    'Content-Security-Policy': apiReferencePolicy,
  });
});
