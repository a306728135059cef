import { listUrlsRoute } from '#shared/api/urls.js';
import { ListPage } from '#shared/http/answers.js';
import { listedUser } from '#shared/http/caller.js';
import { csvExport } from '#shared/http/csv-answer.js';
import { httpRoute } from '#shared/http/route.js';
import { publicUrlRecords } from '#shared/http/short-links.js';
import { urlRecord } from '#shared/schemas/record-schemas.js';
import { listUrls } from '#shared/store/link-reads.js';

/** GET /urls?skip&limit&user_id&is_active&tag, as JSON or (Accept: text/csv) CSV */
export const handler = httpRoute(listUrlsRoute, { csv: csvExport(urlRecord) }, async ({ query, caller, event }) => {
  const page = await listUrls(
    { user_id: listedUser(caller, query.user_id), is_active: query.is_active, tag: query.tag },
    query,
  );
  return new ListPage({ ...page, items: page.items.map(publicUrlRecords(event)) });
});
