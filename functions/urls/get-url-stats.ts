import { ownerOf } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { idPath, statsQuery } from '#shared/schemas.js';
import { statsRange } from '#shared/stats/stats-range.js';
import { statsOfLink } from '#shared/store/stats-reports.js';

/** GET /urls/{id}/stats?from&to&interval: a link's clicks, visitors and top lists; active or not. */
export const handler = httpRoute({ path: idPath, query: statsQuery }, ({ path, query, caller }) =>
  statsOfLink(path.id, statsRange(query), ownerOf(caller)),
);
