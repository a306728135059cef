import { listEventsRoute } from '#shared/api/events.js';
import { ListPage } from '#shared/http/answers.js';
import { listedUser } from '#shared/http/caller.js';
import { csvExport } from '#shared/http/csv-answer.js';
import { httpRoute } from '#shared/http/route.js';
import { eventRecord } from '#shared/schemas/record-schemas.js';
import { listEvents } from '#shared/store/event-lists.js';

/** GET /events?skip&limit&url_id&user_id&event_type, as JSON or (Accept: text/csv) CSV */
export const handler = httpRoute(
  listEventsRoute,
  { csv: csvExport(eventRecord) },
  async ({ query, caller }) =>
    new ListPage(
      await listEvents(
        { url_id: query.url_id, user_id: listedUser(caller, query.user_id), event_type: query.event_type },
        query,
      ),
    ),
);
