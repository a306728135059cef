import { methodsOfResource } from '#shared/api/route-declaration.js';
import { redirectRoute as redirectDeclaration } from '#shared/api/urls.js';
import { isReservedShortCode } from '#shared/domain/reserved-paths.js';
import { Redirect } from '#shared/http/answers.js';
import { functionUrlRoute, restAndFunctionUrl } from '#shared/http/function-url.js';
import { httpRoute } from '#shared/http/route.js';
import { servicePathPrefix } from '#shared/http/short-links.js';
import { unlockAction, viewerOf } from '#shared/http/viewer.js';
import { followShortLink } from '#shared/links/follow-short-link.js';
import { shortLinkPath } from '#shared/schemas/urls.js';

/**
 * GET /urls/{short_code}/redirect, through API Gateway: the spec's redirect route. HEAD answers the same 302
 * without a click.
 */
const redirectRoute = httpRoute(redirectDeclaration, async ({ path, event, head }) => {
  const query = event.multiValueQueryStringParameters ?? {};
  return new Redirect(
    await followShortLink({
      code: path.id,
      head,
      shortForm: false,
      query,
      ...viewerOf(event),
      unlockAction: unlockAction(servicePathPrefix(event), path.id, query),
    }),
  );
});

/** `/<code>`: one segment of a code's characters that is none of the API's own (those are never links). */
function shortLinkOf(rawPath: string): { code: string } | undefined {
  const parsed = shortLinkPath.safeParse({ code: rawPath.slice(1) });
  return rawPath.startsWith('/') && parsed.success && !isReservedShortCode(parsed.data.code) ? parsed.data : undefined;
}

/**
 * `/<code>`, the short link as it is shared, through the function's URL behind CloudFront (no API Gateway):
 * any other path is an unknown page.
 */
const shortLinkRoute = functionUrlRoute(
  { route: '/{code}', path: shortLinkOf, methods: methodsOfResource(['GET']), pagesForPeople: true },
  async ({ path, event, head, query }) =>
    new Redirect(
      await followShortLink({
        code: path.code,
        head,
        shortForm: true,
        query,
        ...viewerOf(event),
        // Behind CloudFront, where the short form is served, the API is at the root of the same domain.
        unlockAction: unlockAction('/', path.code, query),
      }),
    ),
);

/** One function for both, so the two entrances share warm instances and their hot-key cache. */
export const handler = restAndFunctionUrl(redirectRoute, shortLinkRoute);
