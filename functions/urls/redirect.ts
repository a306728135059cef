import type { APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';
import { methodsOfResource } from '#shared/api/route-declaration.js';
import { redirectRoute as redirectDeclaration } from '#shared/api/urls.js';
import { Redirect } from '#shared/http/answers.js';
import { functionUrlRoute, restAndFunctionUrl } from '#shared/http/function-url.js';
import { clientAddress, requestHeader } from '#shared/http/headers.js';
import { httpRoute } from '#shared/http/route.js';
import { followShortLink } from '#shared/links/follow-short-link.js';
import { isReservedShortCode } from '#shared/reserved-paths.js';
import { shortLinkPath } from '#shared/schemas/urls.js';

/** What a click is told about its viewer, read the same way from either entrance's event. */
const viewerOf = (event: APIGatewayProxyEvent | APIGatewayProxyEventV2) => ({
  userAgent: requestHeader(event, 'user-agent'),
  referrer: requestHeader(event, 'referer'),
  country: requestHeader(event, 'cloudfront-viewer-country'),
  clientAddress: clientAddress(event),
});

/**
 * GET /urls/{short_code}/redirect, through API Gateway: the spec's redirect route. HEAD answers the same 302
 * without a click.
 */
const redirectRoute = httpRoute(
  redirectDeclaration,
  async ({ path, event, head }) =>
    new Redirect(
      await followShortLink({
        code: path.id,
        head,
        shortForm: false,
        query: event.multiValueQueryStringParameters ?? {},
        ...viewerOf(event),
      }),
    ),
);

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
    new Redirect(await followShortLink({ code: path.code, head, shortForm: true, query, ...viewerOf(event) })),
);

/** One function for both, so the two entrances share warm instances and their hot-key cache. */
export const handler = restAndFunctionUrl(redirectRoute, shortLinkRoute);
