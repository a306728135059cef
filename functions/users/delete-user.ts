import { scheduleEventSweep } from '#shared/events/publisher.js';
import { httpRoute } from '#shared/http/route.js';
import { idPath } from '#shared/schemas.js';
import { deleteUserCascade } from '#shared/store/user-deletion.js';

/** DELETE /users/{id}: the user, its URLs and every related event, and a second sweep of them later. */
export const handler = httpRoute({ access: 'operator', success: 204, path: idPath }, async ({ path }) => {
  await deleteUserCascade(path.id);
  await scheduleEventSweep('user', path.id);
});
