import { deleteUserRoute } from '#shared/api/users.js';
import { scheduleEventSweep } from '#shared/events/publisher.js';
import { httpRoute } from '#shared/http/route.js';
import { deleteUserCascade } from '#shared/store/user-deletion.js';

/** DELETE /users/{id}: the user, its URLs and every related event, and a second sweep of them later. */
export const handler = httpRoute(deleteUserRoute, async ({ path }) => {
  await deleteUserCascade(path.id);
  await scheduleEventSweep('user', path.id);
});
