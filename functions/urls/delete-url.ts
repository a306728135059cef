import { httpRoute } from '#shared/http/route.js';
import { idPath } from '#shared/schemas.js';
import { deleteUrlCascade } from '#shared/store/urls.js';

/** DELETE /urls/{id}: the URL, its short code and its events. */
export const handler = httpRoute({ success: 204, path: idPath }, ({ path }) => deleteUrlCascade(path.id));
