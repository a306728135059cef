import { listUserTagsRoute } from '#shared/api/users.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { tagsOfUser } from '#shared/store/link-reads.js';
import { getUser } from '#shared/store/users.js';

/** GET /users/{id}/tags: every tag of the user's links, with how many carry it. */
export const handler = httpRoute(listUserTagsRoute, async ({ path, caller }) => {
  mustBeAbout(caller, path.id);
  await getUser(path.id);
  return tagsOfUser(path.id);
});
