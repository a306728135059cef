import { unlockUrlRoute } from '#shared/api/urls.js';
import { Redirect } from '#shared/http/answers.js';
import { httpRoute } from '#shared/http/route.js';
import { servicePathPrefix } from '#shared/http/short-links.js';
import { unlockAction, viewerOf } from '#shared/http/viewer.js';
import { followShortLink } from '#shared/links/follow-short-link.js';

/**
 * POST /urls/{code}/unlock?<the visit's query>: a protected link's password (the form's field, or JSON), then
 * the visit as GET /{code} would have made it, with that query.
 */
export const handler = httpRoute(unlockUrlRoute, async ({ path, body, event }) => {
  const query = event.multiValueQueryStringParameters ?? {};
  return new Redirect(
    await followShortLink({
      code: path.id,
      head: false,
      shortForm: false,
      query,
      ...viewerOf(event),
      unlockAction: unlockAction(servicePathPrefix(event), path.id, query),
      password: body.password,
    }),
  );
});
