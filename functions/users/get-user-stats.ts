import { getUserStatsRoute } from '#shared/api/users.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { statsRange } from '#shared/stats/stats-range.js';
import { statsOfUser } from '#shared/store/stats-reports.js';

/** GET /users/{id}/stats?from&to&interval: the clicks of all of a user's links, and its top links. */
export const handler = httpRoute(getUserStatsRoute, ({ path, query, caller }) => {
  mustBeAbout(caller, path.id);
  return statsOfUser(path.id, statsRange(query));
});
