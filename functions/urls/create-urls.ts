import { createUrlRoute, createUrlsRoute } from '#shared/api/urls.js';
import { urlEventBatch } from '#shared/events/publisher.js';
import { Answer } from '#shared/http/answer.js';
import { answerEachItem } from '#shared/http/answer-each-item.js';
import { idempotentRequests } from '#shared/http/idempotency.js';
import { ownAddresses } from '#shared/http/own-addresses.js';
import { httpRoute } from '#shared/http/route.js';
import { publicUrlRecords } from '#shared/http/short-links.js';
import { createShortLink } from '#shared/links/create-short-link.js';
import { linkTargetCheck } from '#shared/links/link-rules.js';
import { serviceConfig } from '#shared/platform/config.js';
import { reserveIds } from '#shared/store/ids.js';

/**
 * Time kept back from the function's timeout: the links in flight at the deadline finish, their last events
 * are queued, and every link's result is answered, before the gateway's 29 s run out even on a slow store.
 */
const ANSWER_MARGIN_MS = 8000;
/** The events' sends end this long before the function's timeout, on a queue that hangs too. */
const SEND_MARGIN_MS = 2000;

/**
 * POST /urls/bulk: up to 1,000 links, each created or refused on its own as POST /urls would (207, one result
 * per link in order); emits `created` for each link made, ten to an SQS request.
 */
export const handler = httpRoute(
  createUrlsRoute,
  { idempotent: idempotentRequests() },
  async ({ body, idempotency, caller, event, context }) => {
    // Each link is POST /urls's body, as that route declares it.
    const { schema, keysModeSchema } = createUrlRoute.body;
    const linkBody = serviceConfig().authMode === 'keys' ? keysModeSchema : schema;
    const timeoutAt = Date.now() + context.getRemainingTimeInMillis();
    const deadline = timeoutAt - ANSWER_MARGIN_MS;
    // One counter update for the request's ids, not one per link: the counter is a single item.
    const firstId = await reserveIds('url', body.links.length);
    const checkTarget = await linkTargetCheck(ownAddresses(event));
    const asPublic = publicUrlRecords(event);
    // The links' `created` events go to the queue ten a request, all of them before the answer.
    const events = urlEventBatch({ sendBy: timeoutAt - SEND_MARGIN_MS });
    const results = await answerEachItem(body.links, {
      schema: linkBody,
      deadline,
      inOrderOf: (link) => link.short_code,
      create: async (link, index) => ({
        url: asPublic(
          await createShortLink(link, {
            caller,
            checkTarget,
            identity: idempotency && `${idempotency.identity}#${index}`,
            assignId: async () => firstId + index,
            events,
          }),
        ),
      }),
    });
    await events.flush();
    return new Answer(207, { results });
  },
);
