import { httpRoute } from '#shared/http/route.js';
import { idPath } from '#shared/schemas.js';
import { deleteUserCascade } from '#shared/store/user-deletion.js';

/** DELETE /users/{id}: the user, its URLs and every related event. */
export const handler = httpRoute({ success: 204, path: idPath }, ({ path }) => deleteUserCascade(path.id));
