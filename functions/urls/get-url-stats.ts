import { getUrlStatsRoute } from '#shared/api/urls.js';
import { ownerOf } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { statsRange } from '#shared/stats/stats-range.js';
import { statsOfLink } from '#shared/store/stats-reports.js';

/** GET /urls/{id}/stats?from&to&interval: a link's clicks, visitors and top lists; active or not. */
export const handler = httpRoute(getUrlStatsRoute, ({ path, query, caller }) =>
  statsOfLink(path.id, statsRange(query), ownerOf(caller)),
);
