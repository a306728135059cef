import { listKeysRoute } from '#shared/api/keys.js';
import { ListPage } from '#shared/http/answers.js';
import { httpRoute } from '#shared/http/route.js';
import { listOperatorKeys } from '#shared/store/key-lists.js';

/** GET /keys?page&per_page: the operator keys, by id (an operator's only). */
export const handler = httpRoute(
  listKeysRoute,
  async ({ query }) => new ListPage(await listOperatorKeys(query.page, query.per_page, query.cursor)),
);
