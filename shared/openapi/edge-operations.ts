import type { RouteContract } from '../api/route-declaration.js';
import { shortLinkPath } from '../schemas/urls.js';

/**
 * Paths the edge answers before the API: CloudFront's viewer-request function (and the local gateway, which
 * runs the same code) rewrites them to a route, so they are not in the route table but are part of the API.
 */
export const edgeOperations: Record<string, { rewrittenTo: string; operationId: string; entry: RouteContract }> = {
  'GET /{code}': {
    rewrittenTo: 'GET /urls/{id}/redirect',
    operationId: 'followShortLink',
    entry: {
      summary: 'Follow a short link, in its short form',
      description:
        'The link as it is shared: `/<code>` for a code of 3-64 letters, digits, `_` and `-`, the same as ' +
        '`GET /urls/{code}/redirect` (a click is recorded; HEAD records none). Paths of the API are never codes.',
      pathParameters: { schema: shortLinkPath, meanings: { code: "The URL's short code." } },
      success: { status: 302, description: 'Redirect to the original URL (or, expired, to expired_url)' },
      errors: {
        404: 'URL not found (also when inactive); Not Found for a path that is not a code',
        410: 'Link expired (and no expired_url), or Link disabled (its host is blocked)',
      },
      pagesForPeople: true,
    },
  },
  'GET /{code}+': {
    rewrittenTo: 'GET /urls/{id}/stats-page',
    operationId: 'showStatsPage',
    entry: {
      summary: "A link's statistics page, in its short form",
      description:
        "The short link with a `+` appended (Bitly's convention): the same as `GET /urls/{code}/stats-page`.",
      pathParameters: { schema: shortLinkPath, meanings: { code: "The URL's short code." } },
      success: { status: 200, description: 'The page', files: ['text/html'] },
      errors: { 404: 'URL not found; Not Found for a path that is not a code' },
      pagesForPeople: true,
    },
  },
};
