import { homePageFileRoute } from '#shared/api/page-assets.js';
import { StaticFile } from '#shared/http/answers.js';
import { httpRoute } from '#shared/http/route.js';
import { homePageFile } from '#shared/pages/home-page.js';

/** GET /home-page/{file}: the home page's script and stylesheet. */
export const handler = httpRoute(homePageFileRoute, async ({ path }) => {
  const file = await homePageFile(path.file);
  return new StaticFile(file.contentType, file.content, 'public, max-age=3600');
});
