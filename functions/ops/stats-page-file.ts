import { statsPageFileRoute } from '#shared/api/page-assets.js';
import { StaticFile } from '#shared/http/answers.js';
import { httpRoute } from '#shared/http/route.js';
import { statsPageFile } from '#shared/pages/stats-page.js';

/** GET /stats-page/{file}: the statistics page's script, stylesheet and chart library. */
export const handler = httpRoute(statsPageFileRoute, async ({ path }) => {
  const file = await statsPageFile(path.file);
  return new StaticFile(file.contentType, file.content, 'public, max-age=3600');
});
