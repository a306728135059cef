import { apiReferenceFileRoute } from '#shared/api/page-assets.js';
import { StaticFile } from '#shared/http/answers.js';
import { httpRoute } from '#shared/http/route.js';
import { apiReferenceFile } from '#shared/pages/api-reference.js';

/** GET /docs/{file}: a script or stylesheet of the API reference page; they change only with a deployment. */
export const handler = httpRoute(apiReferenceFileRoute, async ({ path }) => {
  const file = await apiReferenceFile(path.file);
  return new StaticFile(file.contentType, file.content, 'public, max-age=86400');
});
