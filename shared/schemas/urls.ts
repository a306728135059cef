import * as z from 'zod/mini';
import { withBodyFields } from './body-fields.js';
import { campaignFields, TAG_ANY_CASE } from './campaign-fields.js';
import { constrainedAs } from './documented-json-schema.js';
import { chosenShortCode, lifecycleFields, originalUrl, title } from './link-fields.js';
import { csvLimit, cursor, limit, skip } from './list-pages.js';
import { positiveId, queryBoolean, queryId } from './primitives.js';
import { recordFields, requestBody } from './request-body.js';

/** POST /urls; `is_active` false makes the link switched off from the start. */
const createUrlFields = {
  user_id: positiveId,
  original_url: originalUrl,
  title: z.optional(z.nullable(title)),
  short_code: z.optional(chosenShortCode),
  is_active: z._default(z.optional(z.boolean()), true),
  ...lifecycleFields,
  ...campaignFields,
};
export const createUrlBody = requestBody(createUrlFields, 'url');

/**
 * POST /urls in `keys` mode: a user key may leave `user_id` out (the URL is then its user's); an operator key
 * must still send it, which the route checks.
 */
export const createOwnUrlBody = requestBody({ ...createUrlFields, user_id: z.optional(positiveId) }, 'url');

/** The most links one POST /urls/bulk may carry (docs/decisions.md, "Links in bulk"). */
export const MAX_BULK_LINKS = 1000;

/**
 * POST /urls/bulk: `links`, each the body of a POST /urls, checked one by one by the route (a bad link is that
 * link's 422, not the request's).
 */
export const createLinksBody = withBodyFields(
  z.object({
    links: z
      .array(z.unknown())
      .check(
        z.minLength(1),
        z.maxLength(MAX_BULK_LINKS),
        z.describe(`1 to ${MAX_BULK_LINKS} links, each the body of POST /urls`),
      ),
  }),
  ['links'],
  [],
);

/** What PUT /urls/{id} may change: everything but the short code, which never changes. */
const changeableUrlFields = {
  original_url: z.optional(originalUrl),
  title: z.optional(z.nullable(title)),
  is_active: z.optional(z.boolean()),
  ...lifecycleFields,
  ...campaignFields,
};
export const updateUrlBody = withBodyFields(
  constrainedAs(
    z.object(changeableUrlFields).check(
      z.refine((body) => Object.values(body).some((value) => value !== undefined), {
        message: `At least one of ${Object.keys(changeableUrlFields).join(', ')} is required`,
        params: { type: 'missing' },
      }),
    ),
    { anyOf: Object.keys(changeableUrlFields).map((field) => ({ required: [field] })) },
  ),
  Object.keys(changeableUrlFields),
  recordFields.url,
);

/** `?tag=`: links that carry the tag, any case. */
const queryTag = z.optional(
  z.pipe(
    z.string().check(z.regex(TAG_ANY_CASE), z.describe('Only links that carry this tag (any case)')),
    z.transform((tag: string) => tag.toLowerCase()),
  ),
);

export const listUrlsQuery = z.object({
  skip,
  limit,
  user_id: queryId,
  is_active: queryBoolean,
  tag: queryTag,
  cursor,
});
export const listUrlsCsvQuery = z.object({ ...listUrlsQuery.shape, limit: csvLimit });

/** Path parameter of the redirect. API Gateway requires one name per path level, so it is `{id}` there too. */
export const shortCodePath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** GET /urls/{code}/stats-page: `part=link` asks for what the reader's key may see of the link, not the page. */
export const statsPageQuery = z.object({ part: z.optional(z.literal('link')) });

/** The short form of a link, `/<code>`, which the edge rewrites to the redirect route. */
export const shortLinkPath = z.object({ code: z.string().check(z.regex(/^[A-Za-z0-9_-]{3,64}$/)) });

/** POST /urls/{code}/unlock: the password, as a form field or in JSON. */
export const unlockBody = withBodyFields(
  z.object({ password: z.string().check(z.minLength(1), z.maxLength(1024), z.describe("The link's password")) }),
  ['password'],
  [],
);
