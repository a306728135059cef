import { idPath } from '../schemas/primitives.js';
import { statsQuery } from '../schemas/stats.js';
import {
  createLinksBody,
  createOwnUrlBody,
  createUrlBody,
  listUrlsCsvQuery,
  listUrlsQuery,
  shortCodePath,
  statsPageQuery,
  unlockBody,
  updateUrlBody,
} from '../schemas/urls.js';
import { shortCodeExample } from './openapi-examples.js';
import type { PathInput, RouteDeclaration } from './route-declaration.js';

const urlId = { schema: idPath, meanings: { id: "The URL's id." } } satisfies PathInput;
/** API Gateway allows one parameter name per path level, so the short code is `{id}` where it is a path's. */
const shortCode = {
  schema: shortCodePath,
  meanings: { id: "The URL's short code." },
  examples: { id: shortCodeExample },
} satisfies PathInput;

/** How a statistics answer reads its range, for the descriptions of a link's and a user's statistics. */
export const statsRangeAndSeries = 'widened to whole intervals; `series` has one entry per interval, zeros included';

/** Short links: made, listed, followed, counted, changed and deleted. */

export const createUrlRoute = {
  method: 'POST',
  path: '/urls',
  handler: 'functions/urls/create-url.ts',
  table: 'write',
  sendsEvents: true,
  idempotent: true,
  summary: 'Create a short URL',
  description:
    'Under the chosen `short_code` (3-64 letters, digits, `_` and `-`, case-sensitive; not one of the ' +
    "service's own first path segments), or a generated unique 6-character code. `expires_at` and " +
    '`max_clicks` (redirected clicks) make the link expire; it then redirects to `expired_url`, or answers ' +
    '410 "Link expired". `forward_query` appends the short link\'s query string to the target\'s. Emits a ' +
    '`created` event asynchronously.',
  // In keys mode a user key may leave `user_id` out: the link is its user's.
  body: {
    schema: createUrlBody,
    keysModeSchema: createOwnUrlBody,
    example: {
      user_id: 1,
      original_url: 'https://example.com/docs/getting-started',
      title: 'Getting started',
      max_clicks: 1000,
      forward_query: true,
    },
  },
  success: { status: 201, description: 'The new URL', record: 'Url' },
  errors: {
    400: 'Short code already in use',
    404: 'User not found (the owner)',
    503: 'Unable to generate a unique short code',
  },
} satisfies RouteDeclaration;

export const createUrlsRoute = {
  method: 'POST',
  path: '/urls/bulk',
  handler: 'functions/urls/create-urls.ts',
  table: 'write',
  sendsEvents: true,
  idempotent: true,
  profile: 'bulk',
  summary: 'Create up to 1,000 short URLs',
  description:
    'Each link is the body of POST /urls and is created or refused on its own, with the status and the error ' +
    'POST /urls would give it (a 422 `loc` names the field in that link). The answer is 207 with one result ' +
    'per link, in order. A link not tried before the request ran out of time is a 503 of its own: send it ' +
    'again. Each link counts against the link-creation rate limit. Emits a `created` event for each link made.',
  body: {
    schema: createLinksBody,
    // A refused link beside a created one: the request itself is a 207.
    example: {
      links: [
        { user_id: 1, original_url: 'https://example.com/docs/getting-started', short_code: 'start' },
        { user_id: 1, original_url: 'https://example.com/pricing', short_code: 'start' },
      ],
    },
  },
  success: { status: 207, description: 'One result per link, in order', record: 'LinkResults' },
} satisfies RouteDeclaration;

export const listUrlsRoute = {
  method: 'GET',
  path: '/urls',
  handler: 'functions/urls/list-urls.ts',
  table: 'none',
  indexes: ['GSI1', 'GSI2', 'GSI3'],
  summary: 'List URLs',
  query: listUrlsQuery,
  success: {
    status: 200,
    description: 'URLs in id order',
    record: 'Url',
    list: true,
    csv: { query: listUrlsCsvQuery },
  },
} satisfies RouteDeclaration;

export const getUrlRoute = {
  method: 'GET',
  path: '/urls/{id}',
  handler: 'functions/urls/get-url.ts',
  table: 'read',
  sendsEvents: true,
  summary: 'Get an active URL',
  description: 'Emits an `accessed` event asynchronously.',
  pathParameters: urlId,
  success: { status: 200, description: 'The URL', record: 'Url' },
  errors: { 404: 'URL not found (also when inactive)' },
} satisfies RouteDeclaration;

export const redirectRoute = {
  method: 'GET',
  path: '/urls/{id}/redirect',
  handler: 'functions/urls/redirect.ts',
  table: 'read',
  sendsEvents: true,
  visitorSecrets: true,
  keepsLinkLimits: true,
  access: 'open',
  summary: 'Follow a short link',
  description:
    'Emits a `click` event asynchronously, with the referrer and user agent when the request has them ' +
    '(HEAD answers the same without a click). The path parameter is the short code; API Gateway allows one ' +
    'parameter name per path level. An expired link redirects to its `expired_url` or answers 410, records ' +
    "no click, and records one `expired` event. With `forward_query`, the request's query string follows the " +
    "target's own parameters.",
  pathParameters: shortCode,
  success: {
    status: 302,
    description:
      "Redirect to the link's target (the first redirect rule that holds, a variant, or original_url; expired: expired_url)",
  },
  errors: {
    401: 'Password required (a password-protected link: a browser gets a form that posts to POST /urls/{id}/unlock)',
    404: 'URL not found (also when inactive)',
    410: 'Link expired (and no expired_url), or Link disabled (its host is blocked)',
  },
  pagesForPeople: true,
} satisfies RouteDeclaration;

export const unlockUrlRoute = {
  method: 'POST',
  path: '/urls/{id}/unlock',
  handler: 'functions/urls/unlock-url.ts',
  table: 'read',
  sendsEvents: true,
  visitorSecrets: true,
  keepsLinkLimits: true,
  countsUnlockAttempts: true,
  access: 'open',
  summary: 'Open a password-protected link',
  description:
    "The password form's target: with the right password, the answer the visit would have had (a 302 to the " +
    'target, its `click` recorded, with rules, variants, limits and expiry applied); the query string is the ' +
    "visit's (for `query` conditions and `forward_query`). After 10 wrong passwords for a link from one client " +
    'address within 10 minutes, every attempt is a 429 with Retry-After until the 10 minutes are over.',
  pathParameters: shortCode,
  body: { schema: unlockBody, form: true, example: { password: 'correct horse battery' } },
  success: { status: 302, description: 'The right password: redirect to where the visit goes' },
  errors: {
    401: 'Wrong password (a browser gets the form again, saying so)',
    404: 'URL not found (also when inactive)',
    410: 'Link expired (and no expired_url), or Link disabled (its host is blocked)',
    429: 'Too Many Requests: 10 wrong passwords from this address within 10 minutes (Retry-After)',
  },
  pagesForPeople: true,
} satisfies RouteDeclaration;

export const getUrlStatsRoute = {
  method: 'GET',
  path: '/urls/{id}/stats',
  handler: 'functions/urls/get-url-stats.ts',
  table: 'read',
  summary: "Statistics of a link's clicks",
  description: `Clicks, humans and bots, unique visitors and top lists over a range, ${statsRangeAndSeries}. Active or not; a deleted link's statistics are gone with it.`,
  pathParameters: urlId,
  query: statsQuery,
  success: { status: 200, description: 'The statistics', record: 'LinkStats' },
  errors: { 404: 'URL not found' },
} satisfies RouteDeclaration;

export const getUrlQrRoute = {
  method: 'GET',
  path: '/urls/{id}/qr',
  handler: 'functions/urls/get-url-qr.ts',
  table: 'read',
  summary: 'QR code of a short link',
  description: 'An SVG image of the short link (`https://<domain>/<code>`), active or not.',
  pathParameters: urlId,
  success: { status: 200, description: 'The image', files: ['image/svg+xml'] },
  errors: { 404: 'URL not found' },
} satisfies RouteDeclaration;

// The statistics page, `/<code>+` at the edge; `{id}` is the short code, as for the redirect.
export const statsPageRoute = {
  method: 'GET',
  path: '/urls/{id}/stats-page',
  handler: 'functions/urls/stats-page.ts',
  table: 'read',
  access: 'open',
  summary: "A link's statistics page",
  description:
    'The page people read: the link, its QR code, a chart and table of its clicks, its top lists, for a range ' +
    'they pick. The path parameter is the short code; shared as `/{code}+`. In keys mode the page is a shell, ' +
    'open to anyone and the same for every code: it shows nothing of the link until a key is given, then its ' +
    'script asks for `part=link` with that key (JSON `{"url_id", "facts"}`, `facts` the HTML of its title, ' +
    'target, state and limits), which needs a key that may see the link.',
  pathParameters: shortCode,
  query: statsPageQuery,
  success: {
    status: 200,
    description: 'The page; with `part=link`, what the key may see of the link',
    files: ['text/html', 'application/json'],
    json: 'LinkFacts',
  },
  errors: { 404: 'URL not found' },
  pagesForPeople: true,
} satisfies RouteDeclaration;

export const updateUrlRoute = {
  method: 'PUT',
  path: '/urls/{id}',
  handler: 'functions/urls/update-url.ts',
  table: 'write',
  sendsEvents: true,
  summary: 'Update a URL',
  description:
    'At least one field. An inactive URL can be updated, for example reactivated; its target can be changed ' +
    '(earlier events keep the target they were recorded with); `null` clears `title`, `expires_at`, ' +
    '`max_clicks` and `expired_url`. New limits make an expired link live again unless they are already ' +
    'reached. The short code never changes. Emits an `updated` event asynchronously.',
  pathParameters: urlId,
  body: { schema: updateUrlBody, example: { title: 'Getting started, 2nd edition', is_active: true } },
  success: { status: 200, description: 'The updated URL', record: 'Url' },
  errors: { 404: 'URL not found' },
} satisfies RouteDeclaration;

export const deleteUrlRoute = {
  method: 'DELETE',
  path: '/urls/{id}',
  handler: 'functions/urls/delete-url.ts',
  table: 'write',
  profile: 'cascade',
  sendsEvents: true,
  summary: 'Delete a URL and its events',
  pathParameters: urlId,
  success: { status: 204, description: 'Deleted' },
  errors: { 404: 'URL not found' },
} satisfies RouteDeclaration;
