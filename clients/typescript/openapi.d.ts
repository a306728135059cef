/**
 * The URL shortener's API as TypeScript types: openapi-typescript's output for the OpenAPI document as a service in
 * keys mode serves it (docs/openapi.json's operations, plus the bearer security, the 401 and 403 answers, and a
 * POST /urls body whose user_id a user key may leave out), so that one client fits both modes.
 * Written by `npm run openapi`; `npm test` fails while it differs from what that would write. Do not edit.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness check */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Liveness check (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["healthHead"];
        patch?: never;
        trace?: never;
    };
    "/metrics/json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Request counters and process figures
         * @description Of the instance that answers: locally the whole service, in AWS one function instance. Needs an operator key.
         */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Request counters and process figures (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["metricsHead"];
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This description of the API */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * This description of the API (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["openapiHead"];
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API reference page
         * @description Swagger UI over this description; every file it loads is served by the service itself.
         */
        get: operations["apiReferencePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * The API reference page (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["apiReferencePageHead"];
        patch?: never;
        trace?: never;
    };
    "/docs/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A script or stylesheet of the API reference page */
        get: operations["apiReferenceFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * A script or stylesheet of the API reference page (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["apiReferenceFileHead"];
        patch?: never;
        trace?: never;
    };
    "/stats-page/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A script or stylesheet of the statistics page */
        get: operations["statsPageFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * A script or stylesheet of the statistics page (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["statsPageFileHead"];
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The home page
         * @description The page people manage their links on, for a browser: a request whose `Accept` prefers `text/html` to JSON. Every other client gets `404 {"detail": "Not Found"}`. The page calls this API like any client; in keys mode it asks for a key and keeps it in the browser tab only.
         */
        get: operations["homePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * The home page (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["homePageHead"];
        patch?: never;
        trace?: never;
    };
    "/home-page/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A script or stylesheet of the home page */
        get: operations["homePageFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * A script or stylesheet of the home page (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["homePageFileHead"];
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description Needs an operator key.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user
         * @description The email is stored lower-cased; usernames and emails are unique, compared case-insensitively. Needs an operator key.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        /**
         * List users (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["listUsersHead"];
        patch?: never;
        trace?: never;
    };
    "/users/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import users from a CSV file
         * @description Rows with an empty or invalid username or email, or an email (or, without an id column, a username) already registered, are skipped and not counted. Ids in the file are not used. Needs an operator key.
         */
        post: operations["importUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a bulk import
         * @description An import that POST /users/bulk answered with 202: `running` with its counts so far, then `done` with the rows skipped (as the 200 of POST /users/bulk), or `failed` with why. Kept for 7 days. Needs an operator key.
         */
        get: operations["getImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Follow a bulk import (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["getImportHead"];
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user
         * @description Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        get: operations["getUser"];
        /**
         * Rename a user
         * @description Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        put: operations["renameUser"];
        post?: never;
        /**
         * Delete a user, its URLs, its keys and every related event
         * @description Needs an operator key.
         */
        delete: operations["deleteUser"];
        options?: never;
        /**
         * Get a user (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["getUserHead"];
        patch?: never;
        trace?: never;
    };
    "/users/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statistics of a user's links
         * @description The clicks of all of the user's links (not those deleted since) over a range, widened to whole intervals; `series` has one entry per interval, zeros included, and its top links. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        get: operations["getUserStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Statistics of a user's links (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["getUserStatsHead"];
        patch?: never;
        trace?: never;
    };
    "/users/{id}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tags of a user's links
         * @description Every tag of the user's links, active or not, with how many carry it, by tag. `GET /urls?tag=` lists the links of one. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        get: operations["listUserTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * The tags of a user's links (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["listUserTagsHead"];
        patch?: never;
        trace?: never;
    };
    "/users/{id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a user's access keys
         * @description Each with its first 8 characters and the key that made it; the keys themselves are never shown again. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        get: operations["listUserKeys"];
        put?: never;
        /**
         * Make an access key for a user
         * @description The key is in this answer only: it is stored as a hash. Send it as `Authorization: Bearer <key>` once the service runs with AUTH_MODE=keys (keys can be made before the switch; in open mode no route needs one). A user holds at most 100 keys that are neither revoked nor expired. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        post: operations["createUserKey"];
        delete?: never;
        options?: never;
        /**
         * List a user's access keys (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["listUserKeysHead"];
        patch?: never;
        trace?: never;
    };
    "/users/{id}/keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an access key
         * @description The key, and every key it made (and they made), stop working within a second. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        delete: operations["revokeUserKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a user's webhooks
         * @description Oldest first; their secrets are never shown again. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Make a webhook
         * @description Each event of a subscribed type on a subscribed link is POSTed to `url` once it is stored, at least once (deduplicate by the `webhook-id` header), signed with the secret in this answer (shown this once) as Standard Webhooks sign: `webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`. A failed attempt is tried again after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; a 410 answer, or 5 days without a success, disables the webhook. The target must be a public address (not loopback, private, link-local or multicast) and not this service. A user has at most 10 webhooks. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        /**
         * List a user's webhooks (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["listWebhooksHead"];
        patch?: never;
        trace?: never;
    };
    "/users/{id}/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook
         * @description Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        get: operations["getWebhook"];
        /**
         * Change a webhook
         * @description Changes the fields sent and leaves the others. `status: "active"` turns a disabled webhook on again; events stored while it was disabled are not sent. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        put: operations["updateWebhook"];
        post?: never;
        /**
         * Delete a webhook
         * @description Nothing more is sent to it, retries included. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        /**
         * Get a webhook (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["getWebhookHead"];
        patch?: never;
        trace?: never;
    };
    "/users/{id}/webhooks/{webhook_id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook's secret
         * @description A new secret, shown this once. For 24 hours deliveries carry two signatures, the new secret's and the previous one's, so the receiver can switch without losing one. Takes no body (none, or `{}`). Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/webhooks/{webhook_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test ping
         * @description Sends a delivery of type `ping` at once (`data`: `{"webhook_id"}`, `webhook-id: ping_<uuid>`), signed as every delivery is, even to a disabled webhook (to try a receiver before turning it on again); it is not tried again. Its attempt shows in the deliveries. Takes no body (none, or `{}`). Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook's latest delivery attempts
         * @description The latest 100 attempts, newest first (each kept a week). Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * A webhook's latest delivery attempts (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["listWebhookDeliveriesHead"];
        patch?: never;
        trace?: never;
    };
    "/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the operator keys
         * @description Operator keys only; the keys themselves are never shown again. Needs an operator key.
         */
        get: operations["listKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * List the operator keys (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["listKeysHead"];
        patch?: never;
        trace?: never;
    };
    "/keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke any access key
         * @description An operator's, or a user's with every key it made; it stops working within a second. Needs an operator key.
         */
        delete: operations["revokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/urls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List URLs
         * @description Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        get: operations["listUrls"];
        put?: never;
        /**
         * Create a short URL
         * @description Under the chosen `short_code` (3-64 letters, digits, `_` and `-`, case-sensitive; not one of the service's own first path segments), or a generated unique 6-character code. `expires_at` and `max_clicks` (redirected clicks) make the link expire; it then redirects to `expired_url`, or answers 410 "Link expired". `forward_query` appends the short link's query string to the target's. Emits a `created` event asynchronously. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        post: operations["createUrl"];
        delete?: never;
        options?: never;
        /**
         * List URLs (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["listUrlsHead"];
        patch?: never;
        trace?: never;
    };
    "/urls/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create up to 1,000 short URLs
         * @description Each link is the body of POST /urls and is created or refused on its own, with the status and the error POST /urls would give it (a 422 `loc` names the field in that link). The answer is 207 with one result per link, in order. A link not tried before the request ran out of time is a 503 of its own: send it again. Each link counts against the link-creation rate limit. Emits a `created` event for each link made. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        post: operations["createUrls"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/urls/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an active URL
         * @description Emits an `accessed` event asynchronously. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        get: operations["getUrl"];
        /**
         * Update a URL
         * @description At least one field. An inactive URL can be updated, for example reactivated; its target can be changed (earlier events keep the target they were recorded with); `null` clears `title`, `expires_at`, `max_clicks` and `expired_url`. New limits make an expired link live again unless they are already reached. The short code never changes. Emits an `updated` event asynchronously. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        put: operations["updateUrl"];
        post?: never;
        /**
         * Delete a URL and its events
         * @description Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        delete: operations["deleteUrl"];
        options?: never;
        /**
         * Get an active URL (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["getUrlHead"];
        patch?: never;
        trace?: never;
    };
    "/urls/{id}/redirect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a short link
         * @description Emits a `click` event asynchronously, with the referrer and user agent when the request has them (HEAD answers the same without a click). The path parameter is the short code; API Gateway allows one parameter name per path level. An expired link redirects to its `expired_url` or answers 410, records no click, and records one `expired` event. With `forward_query`, the request's query string follows the target's own parameters.
         */
        get: operations["redirect"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Follow a short link (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["redirectHead"];
        patch?: never;
        trace?: never;
    };
    "/urls/{id}/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a password-protected link
         * @description The password form's target: with the right password, the answer the visit would have had (a 302 to the target, its `click` recorded, with rules, variants, limits and expiry applied); the query string is the visit's (for `query` conditions and `forward_query`). After 10 wrong passwords for a link from one client address within 10 minutes, every attempt is a 429 with Retry-After until the 10 minutes are over.
         */
        post: operations["unlockUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/urls/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statistics of a link's clicks
         * @description Clicks, humans and bots, unique visitors and top lists over a range, widened to whole intervals; `series` has one entry per interval, zeros included. Active or not; a deleted link's statistics are gone with it. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        get: operations["getUrlStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Statistics of a link's clicks (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["getUrlStatsHead"];
        patch?: never;
        trace?: never;
    };
    "/urls/{id}/qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * QR code of a short link
         * @description An SVG image of the short link (`https://<domain>/<code>`), active or not. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        get: operations["getUrlQr"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * QR code of a short link (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["getUrlQrHead"];
        patch?: never;
        trace?: never;
    };
    "/urls/{id}/stats-page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A link's statistics page
         * @description The page people read: the link, its QR code, a chart and table of its clicks, its top lists, for a range they pick. The path parameter is the short code; shared as `/{code}+`. In keys mode the page is a shell, open to anyone and the same for every code: it shows nothing of the link until a key is given, then its script asks for `part=link` with that key (JSON `{"url_id", "facts"}`, `facts` the HTML of its title, target, state and limits), which needs a key that may see the link.
         */
        get: operations["statsPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * A link's statistics page (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["statsPageHead"];
        patch?: never;
        trace?: never;
    };
    "/blocked-hosts/{host}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Block a host
         * @description Links to it and to its subdomains (compared case-insensitively, after IDNA conversion, without a trailing dot) can no longer be made, and existing ones answer 410 "Link disabled" within 10 seconds. Needs an operator key.
         */
        put: operations["blockHost"];
        post?: never;
        /**
         * Unblock a host
         * @description Its links redirect again within 10 seconds. Needs an operator key.
         */
        delete: operations["unblockHost"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/blocked-hosts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the blocked hosts
         * @description Needs an operator key.
         */
        get: operations["listBlockedHosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * List the blocked hosts (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["listBlockedHostsHead"];
        patch?: never;
        trace?: never;
    };
    "/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the reports
         * @description Needs an operator key.
         */
        get: operations["listReports"];
        put?: never;
        /**
         * Report a short link
         * @description Open to anyone: phishing, spam, malware... The operator reads the reports (GET /reports).
         */
        post: operations["createReport"];
        delete?: never;
        options?: never;
        /**
         * List the reports (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["listReportsHead"];
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        get: operations["listEvents"];
        put?: never;
        /**
         * Record an event
         * @description Synchronous, unlike the automatic events; any event_type of 1-100 characters. Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.
         */
        post: operations["createEvent"];
        delete?: never;
        options?: never;
        /**
         * List events (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["listEventsHead"];
        patch?: never;
        trace?: never;
    };
    "/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a short link, in its short form
         * @description The link as it is shared: `/<code>` for a code of 3-64 letters, digits, `_` and `-`, the same as `GET /urls/{code}/redirect` (a click is recorded; HEAD records none). Paths of the API are never codes.
         */
        get: operations["followShortLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Follow a short link, in its short form (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["followShortLinkHead"];
        patch?: never;
        trace?: never;
    };
    "/{code}+": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A link's statistics page, in its short form
         * @description The short link with a `+` appended (Bitly's convention): the same as `GET /urls/{code}/stats-page`.
         */
        get: operations["showStatsPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * A link's statistics page, in its short form (headers only)
         * @description The answer of the GET without its body. Emits no event.
         */
        head: operations["showStatsPageHead"];
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        User: {
            id: number;
            username: string;
            /** Format: email */
            email: string;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            created_at: string;
        };
        Url: {
            id: number;
            user_id: number;
            /** @description Generated: 6 letters and digits; chosen: 3 to 64 letters, digits, _ and -. Case-sensitive */
            short_code: string;
            original_url: string;
            title: string | null;
            is_active: boolean;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            created_at: string;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            updated_at: string;
            /** @description The short link, as it is shared: the service's address (its own domain in AWS) and the short code */
            short_url: string;
            /** @description When the link expires; null: never by date */
            expires_at: string | null;
            /** @description After how many redirected clicks the link expires; null: no limit */
            max_clicks: number | null;
            /** @description Where the link leads once expired; null: it answers 410 */
            expired_url: string | null;
            /** @description Whether the short link's query string is added after the target's own parameters */
            forward_query: boolean;
            /** @description Its tags, lower-case, sorted */
            tags: string[];
            /** @description Its redirect rules, in order, as they were sent; the first that holds decides */
            redirect_rules: {
                url: string;
                conditions: ({
                    /** @enum {string} */
                    type: "device";
                    value: string;
                } | {
                    /** @enum {string} */
                    type: "browser";
                    value: string;
                } | {
                    /** @enum {string} */
                    type: "language";
                    value: string;
                } | {
                    /** @enum {string} */
                    type: "country";
                    value: string;
                } | {
                    /** @enum {string} */
                    type: "after" | "before";
                    value: string;
                } | {
                    /** @enum {string} */
                    type: "query";
                    name: string;
                    value?: string;
                })[];
            }[];
            /** @description Its A/B variants with their weights; null: none */
            variants: {
                url: string;
                weight: number;
            }[] | null;
            /** @description Whether a visit must give a password first */
            password_protected: boolean;
        };
        Event: {
            id: number;
            url_id: number;
            user_id: number;
            event_type: string;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            timestamp: string;
            /** @description Any JSON object of at most 16384 bytes serialized (UTF-8) and 256 levels deep, returned exactly as sent */
            details: Record<string, unknown>;
        };
        LinkStats: {
            url_id: number;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            from: string;
            /** @description Exclusive */
            to: string;
            /** @enum {string} */
            interval: "hour" | "day";
            totals: {
                clicks: number;
                /** @description Clicks not made by a known bot or crawler */
                human_clicks: number;
                bot_clicks: number;
                /** @description Distinct visitors (address and user agent, keyed with a secret of the day): exact below 1,000, within 2 % beyond. Over a range of several days, the sum of each day’s. */
                unique_visitors: number;
            };
            /** @description One entry per interval from `from` to `to`, oldest first, intervals without clicks included */
            series: {
                /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
                start: string;
                clicks: number;
                /** @description Clicks not made by a known bot or crawler */
                human_clicks: number;
                bot_clicks: number;
                /** @description Distinct visitors (address and user agent, keyed with a secret of the day): exact below 1,000, within 2 % beyond. Over a range of several days, the sum of each day’s. */
                unique_visitors: number;
            }[];
            /** @description At most 10 referrer hosts (direct: none sent) by clicks, then "other" with the rest: they add up to the clicks */
            referrers: {
                name: string;
                clicks: number;
            }[];
            /** @description At most 10 browsers by clicks, then "other" with the rest: they add up to the clicks */
            browsers: {
                name: string;
                clicks: number;
            }[];
            /** @description At most 10 operating systems by clicks, then "other" with the rest: they add up to the clicks */
            operating_systems: {
                name: string;
                clicks: number;
            }[];
            /** @description At most 10 device classes (desktop, mobile, tablet, tv, bot, unknown) by clicks, then "other" with the rest: they add up to the clicks */
            devices: {
                name: string;
                clicks: number;
            }[];
            /** @description At most 10 countries (ISO 3166 codes from CloudFront, unknown without) by clicks, then "other" with the rest: they add up to the clicks */
            countries: {
                name: string;
                clicks: number;
            }[];
            /** @description At most 10 targets the visits were sent to (the link, a rule's or a variant's URL, its expired_url) by clicks, then "other" with the rest: they add up to the clicks */
            targets: {
                name: string;
                clicks: number;
            }[];
        };
        UserStats: {
            user_id: number;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            from: string;
            /** @description Exclusive */
            to: string;
            /** @enum {string} */
            interval: "hour" | "day";
            totals: {
                clicks: number;
                /** @description Clicks not made by a known bot or crawler */
                human_clicks: number;
                bot_clicks: number;
                /** @description Distinct visitors (address and user agent, keyed with a secret of the day): exact below 1,000, within 2 % beyond. Over a range of several days, the sum of each day’s. */
                unique_visitors: number;
            };
            /** @description One entry per interval from `from` to `to`, oldest first, intervals without clicks included */
            series: {
                /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
                start: string;
                clicks: number;
                /** @description Clicks not made by a known bot or crawler */
                human_clicks: number;
                bot_clicks: number;
                /** @description Distinct visitors (address and user agent, keyed with a secret of the day): exact below 1,000, within 2 % beyond. Over a range of several days, the sum of each day’s. */
                unique_visitors: number;
            }[];
            /** @description At most 10 links by clicks, then one entry with url_id and short_code null for the rest */
            links: {
                url_id: number | null;
                short_code: string | null;
                clicks: number;
            }[];
            /** @description At most 10 browsers by clicks, then "other" with the rest: they add up to the clicks */
            browsers: {
                name: string;
                clicks: number;
            }[];
            /** @description At most 10 operating systems by clicks, then "other" with the rest: they add up to the clicks */
            operating_systems: {
                name: string;
                clicks: number;
            }[];
            /** @description At most 10 device classes (desktop, mobile, tablet, tv, bot, unknown) by clicks, then "other" with the rest: they add up to the clicks */
            devices: {
                name: string;
                clicks: number;
            }[];
            /** @description At most 10 countries (ISO 3166 codes from CloudFront, unknown without) by clicks, then "other" with the rest: they add up to the clicks */
            countries: {
                name: string;
                clicks: number;
            }[];
            /** @description At most 10 referrer hosts of all of its links (direct: none sent); an extension, after the fields of the contract by clicks, then "other" with the rest: they add up to the clicks */
            referrers: {
                name: string;
                clicks: number;
            }[];
        };
        UserTag: {
            tag: string;
            /** @description How many of the user's links carry it, active or not */
            links: number;
        };
        Health: {
            /** @constant */
            status: "ok";
        };
        ImportCount: {
            /** @description Users stored; skipped rows are not counted */
            count: number;
            /** @description Rows not imported, by row: the first 100 (an extension, after the spec's count) */
            skipped: {
                /** @description The row's place among the data rows, from 1 (the line after the header) */
                row: number;
                /** @description invalid username, invalid email, email (or username) repeated in the file, or already registered */
                reason: string;
            }[];
            /** @description How many rows were skipped in all */
            skipped_total: number;
        };
        ImportProgress: {
            /** @description The import's id */
            import_id: string;
            /** @enum {string} */
            status: "running" | "done" | "failed";
            /** @description Data rows in the file, the header not counted */
            rows_read: number;
            /** @description Users stored so far */
            count: number;
            /** @description Rows skipped so far */
            skipped_total: number;
            /** @description Where to follow the import: GET /imports/{import_id} */
            status_url: string;
            /** @description Once done: the first 100 rows skipped, by row */
            skipped?: {
                /** @description The row's place among the data rows, from 1 (the line after the header) */
                row: number;
                /** @description invalid username, invalid email, email (or username) repeated in the file, or already registered */
                reason: string;
            }[];
            /** @description Once failed: why, and how many users were stored */
            detail?: string;
        };
        LinkResults: {
            results: ({
                /** @constant */
                status: 201;
                url: {
                    id: number;
                    user_id: number;
                    /** @description Generated: 6 letters and digits; chosen: 3 to 64 letters, digits, _ and -. Case-sensitive */
                    short_code: string;
                    original_url: string;
                    title: string | null;
                    is_active: boolean;
                    /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
                    created_at: string;
                    /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
                    updated_at: string;
                    /** @description The short link, as it is shared: the service's address (its own domain in AWS) and the short code */
                    short_url: string;
                    /** @description When the link expires; null: never by date */
                    expires_at: string | null;
                    /** @description After how many redirected clicks the link expires; null: no limit */
                    max_clicks: number | null;
                    /** @description Where the link leads once expired; null: it answers 410 */
                    expired_url: string | null;
                    /** @description Whether the short link's query string is added after the target's own parameters */
                    forward_query: boolean;
                    /** @description Its tags, lower-case, sorted */
                    tags: string[];
                    /** @description Its redirect rules, in order, as they were sent; the first that holds decides */
                    redirect_rules: {
                        url: string;
                        conditions: ({
                            /** @enum {string} */
                            type: "device";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "browser";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "language";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "country";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "after" | "before";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "query";
                            name: string;
                            value?: string;
                        })[];
                    }[];
                    /** @description Its A/B variants with their weights; null: none */
                    variants: {
                        url: string;
                        weight: number;
                    }[] | null;
                    /** @description Whether a visit must give a password first */
                    password_protected: boolean;
                };
            } | {
                status: number;
                /** @description The error POST /urls would give the link: a string, or a 422's list of fields */
                detail: string | {
                    /** @description Where: body, query or path, then the field name (and index, inside an array) */
                    loc: (string | number)[];
                    msg: string;
                    /** @description The kind of failure, in pydantic terms: missing, int_parsing, ... */
                    type: string;
                }[];
            })[];
        };
        AccessKey: {
            id: number;
            name: string;
            /** @description The key's first 8 characters */
            prefix: string;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            created_at: string;
            expires_at: string | null;
            created_by: number | null;
        };
        OperatorKey: {
            id: number;
            name: string;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            created_at: string;
            expires_at: string | null;
            created_by: number | null;
        };
        LinkFacts: {
            url_id: number;
            /** @description The HTML of the link's title, target, state and limits, escaped */
            facts: string;
        };
        BlockedHost: {
            host: string;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            created_at: string;
        };
        Report: {
            id: number;
            short_code: string;
            reason: string;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            created_at: string;
        };
        ListedReport: {
            id: number;
            short_code: string;
            reason: string;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            created_at: string;
            email: string | null;
        };
        NewAccessKey: {
            id: number;
            name: string;
            /** @description The key, to send as `Authorization: Bearer <key>`; shown this once, stored only as a hash */
            key: string;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            created_at: string;
            expires_at: string | null;
            created_by: number | null;
        };
        Webhook: {
            id: string;
            user_id: number;
            url: string;
            /** @description The event types it receives; null: every type */
            event_types: string[] | null;
            /** @description The links whose events it receives; null: all of the user's, those made later included */
            url_ids: number[] | null;
            /** @enum {string} */
            status: "active" | "disabled";
            /** @description Why it was disabled; null while active */
            disabled_reason: string | null;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            created_at: string;
        };
        NewWebhook: {
            id: string;
            user_id: number;
            url: string;
            /** @description The event types it receives; null: every type */
            event_types: string[] | null;
            /** @description The links whose events it receives; null: all of the user's, those made later included */
            url_ids: number[] | null;
            /** @enum {string} */
            status: "active" | "disabled";
            /** @description Why it was disabled; null while active */
            disabled_reason: string | null;
            /** @description UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123 */
            created_at: string;
            /** @description `whsec_` and the base64 of 32 random bytes: the HMAC key of the signatures; shown this once */
            secret: string;
        };
        WebhookSecret: {
            /** @description `whsec_` and the base64 of 32 random bytes: the HMAC key of the signatures; shown this once */
            secret: string;
        };
        WebhookPing: {
            webhook_id: string;
            /** @description The `webhook-id` header the ping is sent with */
            message_id: string;
        };
        WebhookDelivery: {
            /** @description The event's id; null for a ping */
            event_id: number | null;
            /** @description The event's type, or `ping` */
            event_type: string;
            /** @description Counts from 1 for each event */
            attempt: number;
            /** @enum {string} */
            status: "delivered" | "failed" | "retrying";
            /** @description The receiver's status code; null when no answer came */
            response_status: number | null;
            /** @description When the attempt started */
            at: string;
            duration_ms: number;
        };
        Metrics: {
            http_requests_total: {
                total: number;
                by_status: {
                    [key: string]: number;
                };
                series: ({
                    route: string;
                    method: string;
                    status: string;
                    value: number;
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            };
            /** @description Figures of the process that answered */
            process: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        OpenApiDocument: {
            openapi: string;
            info: {
                title: string;
                version: string;
            } & {
                [key: string]: unknown;
            };
            paths: {
                [key: string]: {
                    [key: string]: unknown;
                };
            };
        } & {
            [key: string]: unknown;
        };
        Error: {
            detail: string;
        };
        ValidationError: {
            detail: {
                /** @description Where: body, query or path, then the field name (and index, inside an array) */
                loc: (string | number)[];
                msg: string;
                /** @description The kind of failure, in pydantic terms: missing, int_parsing, ... */
                type: string;
            }[];
        };
    };
    responses: {
        /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
        ValidationFailed: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ValidationError"];
            };
        };
        /** @description The request body, or the uploaded CSV (at most 4 MiB), is too large */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
        MethodNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                /** @description The methods the path has */
                Allow: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                /** @description Seconds to wait before sending the request again */
                "Retry-After"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
        HeadersTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
        InternalServerError: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The function could not be run: {"detail": "Bad Gateway"} */
        BadGateway: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
        GatewayTimeout: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
        Overloaded: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                /** @description Seconds to wait before sending the request again */
                "Retry-After": string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request does not fit its schema (every wrong field listed with its loc, msg and type); or its Idempotency-Key was used before with another request: {"detail": "Idempotency key reused with another request"} */
        ValidationFailedOrKeyReused: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ValidationError"] | components["schemas"]["Error"];
            };
        };
        /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
        NotAuthenticated: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                /** @description How to authenticate: Bearer */
                "WWW-Authenticate": string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
        NotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A request with this Idempotency-Key is still running: {"detail": "Request with this idempotency key is in progress"}; send it again in a moment */
        IdempotentRequestInProgress: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The gateway's request id, also in every log line about the request */
        RequestId: string;
        /** @description `<...>; rel="next"`, sent when the window is full: the same request, resumed after its last item by `cursor` */
        NextPage: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    healthHead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counters */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Metrics"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    metricsHead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counters */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    openapiHead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    apiReferencePage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    apiReferencePageHead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    apiReferenceFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description swagger-ui.css, swagger-ui-bundle.js or swagger-initializer.js.
                 * @example swagger-ui.css
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                    "text/javascript": string;
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    apiReferenceFileHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description swagger-ui.css, swagger-ui-bundle.js or swagger-initializer.js.
                 * @example swagger-ui.css
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not Found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    statsPageFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description stats-page.js, stats-page.css, uPlot.esm.js or uPlot.min.css.
                 * @example stats-page.css
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                    "text/javascript": string;
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    statsPageFileHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description stats-page.js, stats-page.css, uPlot.esm.js or uPlot.min.css.
                 * @example stats-page.css
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not Found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    homePage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not Found (not a browser) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    homePageHead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not Found (not a browser) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    homePageFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description home-page.js or home-page.css.
                 * @example home-page.css
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                    "text/javascript": string;
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    homePageFileHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description home-page.js or home-page.css.
                 * @example home-page.css
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not Found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /**
                 * @description Page to return, counted from 1.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Users per page.
                 * @example 10
                 */
                per_page?: number;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Users in id order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "username": "ada",
                     *         "email": "ada@example.com",
                     *         "created_at": "2026-11-22T01:33:12.123"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["User"][];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to send again: the same key with the same request within 24 hours gets the first answer's status and body and does nothing more. Send it when a retry must not create a second record: an answer of 503, or no answer at all, may mean the request was carried out. Without it, a retry after such an answer may create the record twice. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "username": "ada",
                 *       "email": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    username: string;
                    email: string;
                    /** @description A field of the record: ignored here */
                    readonly id?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly created_at?: unknown;
                };
            };
        };
        responses: {
            /** @description The new user */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "username": "ada",
                     *       "email": "ada@example.com",
                     *       "created_at": "2026-11-22T01:33:12.123"
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Email already registered, or Username already registered */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["IdempotentRequestInProgress"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailedOrKeyReused"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            /** @description The database is busy past its retries: Service temporarily overloaded. A 503 may come after the request was carried out: send it again with the same Idempotency-Key to get its answer without doing it twice. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listUsersHead: {
        parameters: {
            query?: {
                /**
                 * @description Page to return, counted from 1.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Users per page.
                 * @example 10
                 */
                per_page?: number;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Users in id order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    importUsers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to send again: the same key with the same request within 24 hours gets the first answer's status and body and does nothing more. Send it when a retry must not create a second record: an answer of 503, or no answer at all, may mean the request was carried out. Without it, a retry after such an answer may create the record twice. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description A CSV whose file name ends in .csv, UTF-8, with username and email columns (an id column allows repeated usernames); at most 4 MiB
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description How many users were stored */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "count": 2,
                     *       "skipped": [
                     *         {
                     *           "row": 3,
                     *           "reason": "invalid email"
                     *         }
                     *       ],
                     *       "skipped_total": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ImportCount"];
                };
            };
            /** @description The file is read and the import goes on without the client (it did not finish within the request): follow it at `Location`, GET /imports/{id} */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Where to follow it (its `status_url`) */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportProgress"];
                };
            };
            /** @description Only CSV files allowed; CSV must be UTF-8 encoded; CSV must include username and email columns; Malformed CSV data (nothing from the file is imported) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["IdempotentRequestInProgress"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailedOrKeyReused"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            /** @description The import could not be handed on; the detail says how many rows were stored, and uploading the file again imports the rest; or, when the database stays busy, Service temporarily overloaded. A 503 may come after the request was carried out: send it again with the same Idempotency-Key to get its answer without doing it twice. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The import's id (`import_id`).
                 * @example 0f8fad5b-d9cb-469f-a165-70867728950e
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "import_id": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *       "status": "running",
                     *       "rows_read": 20000,
                     *       "count": 6000,
                     *       "skipped_total": 12,
                     *       "status_url": "https://sho.rt/imports/0f8fad5b-d9cb-469f-a165-70867728950e"
                     *     }
                     */
                    "application/json": components["schemas"]["ImportProgress"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description Import not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getImportHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The import's id (`import_id`).
                 * @example 0f8fad5b-d9cb-469f-a165-70867728950e
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Import not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "username": "ada",
                     *       "email": "ada@example.com",
                     *       "created_at": "2026-11-22T01:33:12.123"
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    renameUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "username": "ada.lovelace"
                 *     }
                 */
                "application/json": {
                    username: string;
                    /** @description A field of the record: ignored here */
                    readonly id?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly email?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly created_at?: unknown;
                };
            };
        };
        responses: {
            /** @description The renamed user */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "username": "ada",
                     *       "email": "ada@example.com",
                     *       "created_at": "2026-11-22T01:33:12.123"
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Username already registered */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getUserHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getUserStats: {
        parameters: {
            query?: {
                /**
                 * @description Start of the range: a date (2026-11-01) or a UTC timestamp (2026-11-01T10:00:00), widened to the start of its interval. Default: 7 days (168 hours) before `to`.
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description End of the range, exclusive, in the same forms, widened to the end of its interval. Default: the end of the current interval. At most 400 days or 744 hours from `from`.
                 * @example 2026-11-08
                 */
                to?: string;
                /**
                 * @description The length of each entry of `series`.
                 * @example day
                 */
                interval?: "hour" | "day";
            };
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statistics */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": 1,
                     *       "from": "2026-11-21T00:00:00.000",
                     *       "to": "2026-11-23T00:00:00.000",
                     *       "interval": "day",
                     *       "totals": {
                     *         "clicks": 3,
                     *         "human_clicks": 2,
                     *         "bot_clicks": 1,
                     *         "unique_visitors": 2
                     *       },
                     *       "series": [
                     *         {
                     *           "start": "2026-11-21T00:00:00.000",
                     *           "clicks": 0,
                     *           "human_clicks": 0,
                     *           "bot_clicks": 0,
                     *           "unique_visitors": 0
                     *         },
                     *         {
                     *           "start": "2026-11-22T00:00:00.000",
                     *           "clicks": 3,
                     *           "human_clicks": 2,
                     *           "bot_clicks": 1,
                     *           "unique_visitors": 2
                     *         }
                     *       ],
                     *       "links": [
                     *         {
                     *           "url_id": 1,
                     *           "short_code": "vcZO5s",
                     *           "clicks": 3
                     *         }
                     *       ],
                     *       "browsers": [
                     *         {
                     *           "name": "Firefox",
                     *           "clicks": 2
                     *         }
                     *       ],
                     *       "operating_systems": [
                     *         {
                     *           "name": "Linux",
                     *           "clicks": 2
                     *         }
                     *       ],
                     *       "devices": [
                     *         {
                     *           "name": "desktop",
                     *           "clicks": 2
                     *         },
                     *         {
                     *           "name": "bot",
                     *           "clicks": 1
                     *         }
                     *       ],
                     *       "countries": [
                     *         {
                     *           "name": "unknown",
                     *           "clicks": 3
                     *         }
                     *       ],
                     *       "referrers": [
                     *         {
                     *           "name": "direct",
                     *           "clicks": 3
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["UserStats"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getUserStatsHead: {
        parameters: {
            query?: {
                /**
                 * @description Start of the range: a date (2026-11-01) or a UTC timestamp (2026-11-01T10:00:00), widened to the start of its interval. Default: 7 days (168 hours) before `to`.
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description End of the range, exclusive, in the same forms, widened to the end of its interval. Default: the end of the current interval. At most 400 days or 744 hours from `from`.
                 * @example 2026-11-08
                 */
                to?: string;
                /**
                 * @description The length of each entry of `series`.
                 * @example day
                 */
                interval?: "hour" | "day";
            };
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statistics */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listUserTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tags, by tag */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "tag": "onboarding",
                     *         "links": 2
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["UserTag"][];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listUserTagsHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tags, by tag */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listUserKeys: {
        parameters: {
            query?: {
                /**
                 * @description Page to return, counted from 1.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Users per page.
                 * @example 10
                 */
                per_page?: number;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the user's keys by id */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "name": "laptop",
                     *         "prefix": "usk_Zm9v",
                     *         "created_at": "2026-11-22T01:33:12.123",
                     *         "expires_at": null,
                     *         "created_by": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["AccessKey"][];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createUserKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "laptop"
                 *     }
                 */
                "application/json": {
                    name: string;
                    expires_at?: string | null;
                    /** @description A field of the record: ignored here */
                    readonly id?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly key?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly prefix?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly created_at?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly created_by?: unknown;
                };
            };
        };
        responses: {
            /** @description The new key, with the key itself */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "name": "laptop",
                     *       "key": "usk_Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg",
                     *       "created_at": "2026-11-22T01:33:12.123",
                     *       "expires_at": null,
                     *       "created_by": null
                     *     }
                     */
                    "application/json": components["schemas"]["NewAccessKey"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            /** @description The request does not fit its schema (every wrong field listed with its loc, msg and type); or {"detail": "Too many keys"} */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listUserKeysHead: {
        parameters: {
            query?: {
                /**
                 * @description Page to return, counted from 1.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Users per page.
                 * @example 10
                 */
                per_page?: number;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the user's keys by id */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    revokeUserKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
                /**
                 * @description The key's id (from GET /users/{id}/keys).
                 * @example 1
                 */
                key_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found, or Key not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /**
                 * @description Page to return, counted from 1.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Users per page.
                 * @example 10
                 */
                per_page?: number;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the user's webhooks */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "wh_0mhxk3c1sQ2hX9lZ0aYbP",
                     *         "user_id": 1,
                     *         "url": "https://hooks.example.com/url-shortener",
                     *         "event_types": [
                     *           "click",
                     *           "created"
                     *         ],
                     *         "url_ids": null,
                     *         "status": "active",
                     *         "disabled_reason": null,
                     *         "created_at": "2026-11-22T01:33:12.123"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Webhook"][];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/url-shortener",
                 *       "event_types": [
                 *         "click",
                 *         "created"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description An absolute http or https URL, at most 2048 characters after trimming, with no control characters */
                    url: string;
                    event_types?: string[] | null;
                    url_ids?: number[] | null;
                    /** @description A field of the record: ignored here */
                    readonly id?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly user_id?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly status?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly disabled_reason?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly created_at?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly secret?: unknown;
                };
            };
        };
        responses: {
            /** @description The new webhook, with its secret */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_0mhxk3c1sQ2hX9lZ0aYbP",
                     *       "user_id": 1,
                     *       "url": "https://hooks.example.com/url-shortener",
                     *       "event_types": [
                     *         "click",
                     *         "created"
                     *       ],
                     *       "url_ids": null,
                     *       "status": "active",
                     *       "disabled_reason": null,
                     *       "created_at": "2026-11-22T01:33:12.123",
                     *       "secret": "whsec_ZXhhbXBsZS1zZWNyZXQtc2hvd24tb25jZS0wMDAwMDA="
                     *     }
                     */
                    "application/json": components["schemas"]["NewWebhook"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            /** @description The request does not fit its schema (every wrong field listed with its loc, msg and type); or {"detail": "Too many webhooks"} */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listWebhooksHead: {
        parameters: {
            query?: {
                /**
                 * @description Page to return, counted from 1.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Users per page.
                 * @example 10
                 */
                per_page?: number;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the user's webhooks */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description User not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
                /**
                 * @description The webhook's id (from POST or GET /users/{id}/webhooks).
                 * @example wh_0mhxk3c1sQ2hX9lZ0aYbP
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_0mhxk3c1sQ2hX9lZ0aYbP",
                     *       "user_id": 1,
                     *       "url": "https://hooks.example.com/url-shortener",
                     *       "event_types": [
                     *         "click",
                     *         "created"
                     *       ],
                     *       "url_ids": null,
                     *       "status": "active",
                     *       "disabled_reason": null,
                     *       "created_at": "2026-11-22T01:33:12.123"
                     *     }
                     */
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found, or Webhook not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
                /**
                 * @description The webhook's id (from POST or GET /users/{id}/webhooks).
                 * @example wh_0mhxk3c1sQ2hX9lZ0aYbP
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "active"
                 *     }
                 */
                "application/json": {
                    /** @description An absolute http or https URL, at most 2048 characters after trimming, with no control characters */
                    url?: string;
                    event_types?: string[] | null;
                    url_ids?: number[] | null;
                    /**
                     * @description `active` again after it was disabled, or `disabled`
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                    /** @description A field of the record: ignored here */
                    readonly id?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly user_id?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly disabled_reason?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly created_at?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly secret?: unknown;
                };
            };
        };
        responses: {
            /** @description The webhook as changed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_0mhxk3c1sQ2hX9lZ0aYbP",
                     *       "user_id": 1,
                     *       "url": "https://hooks.example.com/url-shortener",
                     *       "event_types": [
                     *         "click",
                     *         "created"
                     *       ],
                     *       "url_ids": null,
                     *       "status": "active",
                     *       "disabled_reason": null,
                     *       "created_at": "2026-11-22T01:33:12.123"
                     *     }
                     */
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found, or Webhook not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
                /**
                 * @description The webhook's id (from POST or GET /users/{id}/webhooks).
                 * @example wh_0mhxk3c1sQ2hX9lZ0aYbP
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found, or Webhook not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getWebhookHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
                /**
                 * @description The webhook's id (from POST or GET /users/{id}/webhooks).
                 * @example wh_0mhxk3c1sQ2hX9lZ0aYbP
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description User not found, or Webhook not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
                /**
                 * @description The webhook's id (from POST or GET /users/{id}/webhooks).
                 * @example wh_0mhxk3c1sQ2hX9lZ0aYbP
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description The new secret */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "secret": "whsec_ZXhhbXBsZS1zZWNyZXQtYWZ0ZXItcm90YXRpb24tMDA="
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookSecret"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found, or Webhook not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
                /**
                 * @description The webhook's id (from POST or GET /users/{id}/webhooks).
                 * @example wh_0mhxk3c1sQ2hX9lZ0aYbP
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description The ping is on its way */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhook_id": "wh_0mhxk3c1sQ2hX9lZ0aYbP",
                     *       "message_id": "ping_0f8fad5b-d9cb-469f-a165-70867728950e"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookPing"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found, or Webhook not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
                /**
                 * @description The webhook's id (from POST or GET /users/{id}/webhooks).
                 * @example wh_0mhxk3c1sQ2hX9lZ0aYbP
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its latest attempts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "event_id": 42,
                     *         "event_type": "click",
                     *         "attempt": 1,
                     *         "status": "delivered",
                     *         "response_status": 200,
                     *         "at": "2026-11-22T01:33:12.123",
                     *         "duration_ms": 87
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["WebhookDelivery"][];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found, or Webhook not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listWebhookDeliveriesHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id.
                 * @example 1
                 */
                id: number;
                /**
                 * @description The webhook's id (from POST or GET /users/{id}/webhooks).
                 * @example wh_0mhxk3c1sQ2hX9lZ0aYbP
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its latest attempts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description User not found, or Webhook not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listKeys: {
        parameters: {
            query?: {
                /**
                 * @description Page to return, counted from 1.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Users per page.
                 * @example 10
                 */
                per_page?: number;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the operator keys by id */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 2,
                     *         "name": "deploy pipeline",
                     *         "created_at": "2026-11-22T01:33:12.123",
                     *         "expires_at": null,
                     *         "created_by": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["OperatorKey"][];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listKeysHead: {
        parameters: {
            query?: {
                /**
                 * @description Page to return, counted from 1.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Users per page.
                 * @example 10
                 */
                per_page?: number;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the operator keys by id */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The key's id (from GET /keys or GET /users/{id}/keys).
                 * @example 1
                 */
                key_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description Key not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listUrls: {
        parameters: {
            query?: {
                /**
                 * @description Records to pass over, in id order.
                 * @example 0
                 */
                skip?: number;
                /**
                 * @description Most records to return. As JSON 1-1,000, default 100; as CSV (`Accept: text/csv`) 1-10,000, default 1,000.
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description Only records of this user.
                 * @example 1
                 */
                user_id?: number;
                /**
                 * @description Only active (true) or only inactive (false) URLs; true, false, 1, 0, yes, no, on, off, in any case.
                 * @example true
                 */
                is_active?: string;
                tag?: string;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description URLs in id order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "user_id": 1,
                     *         "short_code": "vcZO5s",
                     *         "original_url": "https://example.com/docs/getting-started",
                     *         "title": "Getting started",
                     *         "is_active": true,
                     *         "created_at": "2026-11-22T01:33:12.123",
                     *         "updated_at": "2026-11-22T01:33:12.123",
                     *         "short_url": "http://localhost:3000/vcZO5s",
                     *         "expires_at": null,
                     *         "max_clicks": 1000,
                     *         "expired_url": null,
                     *         "forward_query": true,
                     *         "tags": [
                     *           "docs",
                     *           "onboarding"
                     *         ],
                     *         "redirect_rules": [
                     *           {
                     *             "url": "https://example.com/docs/getting-started/ios",
                     *             "conditions": [
                     *               {
                     *                 "type": "device",
                     *                 "value": "ios"
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "variants": null,
                     *         "password_protected": false
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Url"][];
                    /**
                     * @example id,user_id,short_code,original_url,title,is_active,created_at,updated_at,short_url,expires_at,max_clicks,expired_url,forward_query,tags,redirect_rules,variants,password_protected
                     *     1,1,vcZO5s,https://example.com/docs/getting-started,Getting started,true,2026-11-22T01:33:12.123,2026-11-22T01:33:12.123,http://localhost:3000/vcZO5s,,1000,,true,"[""docs"",""onboarding""]","[{""url"":""https://example.com/docs/getting-started/ios"",""conditions"":[{""type"":""device"",""value"":""ios""}]}]",,false
                     */
                    "text/csv": string;
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createUrl: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to send again: the same key with the same request within 24 hours gets the first answer's status and body and does nothing more. Send it when a retry must not create a second record: an answer of 503, or no answer at all, may mean the request was carried out. Without it, a retry after such an answer may create the record twice. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "user_id": 1,
                 *       "original_url": "https://example.com/docs/getting-started",
                 *       "title": "Getting started",
                 *       "max_clicks": 1000,
                 *       "forward_query": true
                 *     }
                 */
                "application/json": {
                    user_id?: number;
                    /** @description An absolute http or https URL, at most 2048 characters after trimming, with no control characters */
                    original_url: string;
                    title?: string | null;
                    /** @description 3 to 64 letters, digits, `_` and `-`, case-sensitive; not one of the service's own first path segments */
                    short_code?: string;
                    /** @default true */
                    is_active?: boolean;
                    expires_at?: string | null;
                    max_clicks?: number | null;
                    expired_url?: string | null;
                    forward_query?: boolean | null;
                    tags?: string[] | null;
                    redirect_rules?: {
                        /** @description An absolute http or https URL, at most 2048 characters after trimming, with no control characters */
                        url: string;
                        conditions: ({
                            /** @enum {string} */
                            type: "device";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "browser";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "language";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "country";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "after" | "before";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "query";
                            name: string;
                            value?: string;
                        })[];
                    }[] | null;
                    variants?: {
                        /** @description An absolute http or https URL, at most 2048 characters after trimming, with no control characters */
                        url: string;
                        weight: number;
                    }[] | null;
                    password?: string | null;
                    /** @description A field of the record: ignored here */
                    readonly id?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly created_at?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly updated_at?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly short_url?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly password_protected?: unknown;
                };
            };
        };
        responses: {
            /** @description The new URL */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "user_id": 1,
                     *       "short_code": "vcZO5s",
                     *       "original_url": "https://example.com/docs/getting-started",
                     *       "title": "Getting started",
                     *       "is_active": true,
                     *       "created_at": "2026-11-22T01:33:12.123",
                     *       "updated_at": "2026-11-22T01:33:12.123",
                     *       "short_url": "http://localhost:3000/vcZO5s",
                     *       "expires_at": null,
                     *       "max_clicks": 1000,
                     *       "expired_url": null,
                     *       "forward_query": true,
                     *       "tags": [
                     *         "docs",
                     *         "onboarding"
                     *       ],
                     *       "redirect_rules": [
                     *         {
                     *           "url": "https://example.com/docs/getting-started/ios",
                     *           "conditions": [
                     *             {
                     *               "type": "device",
                     *               "value": "ios"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "variants": null,
                     *       "password_protected": false
                     *     }
                     */
                    "application/json": components["schemas"]["Url"];
                };
            };
            /** @description Short code already in use */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found (the owner) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["IdempotentRequestInProgress"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailedOrKeyReused"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            /** @description Unable to generate a unique short code; or, when the database stays busy, Service temporarily overloaded. A 503 may come after the request was carried out: send it again with the same Idempotency-Key to get its answer without doing it twice. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listUrlsHead: {
        parameters: {
            query?: {
                /**
                 * @description Records to pass over, in id order.
                 * @example 0
                 */
                skip?: number;
                /**
                 * @description Most records to return. As JSON 1-1,000, default 100; as CSV (`Accept: text/csv`) 1-10,000, default 1,000.
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description Only records of this user.
                 * @example 1
                 */
                user_id?: number;
                /**
                 * @description Only active (true) or only inactive (false) URLs; true, false, 1, 0, yes, no, on, off, in any case.
                 * @example true
                 */
                is_active?: string;
                tag?: string;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description URLs in id order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createUrls: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to send again: the same key with the same request within 24 hours gets the first answer's status and body and does nothing more. Send it when a retry must not create a second record: an answer of 503, or no answer at all, may mean the request was carried out. Without it, a retry after such an answer may create the record twice. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "links": [
                 *         {
                 *           "user_id": 1,
                 *           "original_url": "https://example.com/docs/getting-started",
                 *           "short_code": "start"
                 *         },
                 *         {
                 *           "user_id": 1,
                 *           "original_url": "https://example.com/pricing",
                 *           "short_code": "start"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description 1 to 1000 links, each the body of POST /urls */
                    links: unknown[];
                };
            };
        };
        responses: {
            /** @description One result per link, in order */
            207: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "results": [
                     *         {
                     *           "status": 201,
                     *           "url": {
                     *             "id": 1,
                     *             "user_id": 1,
                     *             "short_code": "vcZO5s",
                     *             "original_url": "https://example.com/docs/getting-started",
                     *             "title": "Getting started",
                     *             "is_active": true,
                     *             "created_at": "2026-11-22T01:33:12.123",
                     *             "updated_at": "2026-11-22T01:33:12.123",
                     *             "short_url": "http://localhost:3000/vcZO5s",
                     *             "expires_at": null,
                     *             "max_clicks": 1000,
                     *             "expired_url": null,
                     *             "forward_query": true,
                     *             "tags": [
                     *               "docs",
                     *               "onboarding"
                     *             ],
                     *             "redirect_rules": [
                     *               {
                     *                 "url": "https://example.com/docs/getting-started/ios",
                     *                 "conditions": [
                     *                   {
                     *                     "type": "device",
                     *                     "value": "ios"
                     *                   }
                     *                 ]
                     *               }
                     *             ],
                     *             "variants": null,
                     *             "password_protected": false
                     *           }
                     *         },
                     *         {
                     *           "status": 400,
                     *           "detail": "Short code already in use"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["LinkResults"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["IdempotentRequestInProgress"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailedOrKeyReused"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            /** @description The database is busy past its retries: Service temporarily overloaded. A 503 may come after the request was carried out: send it again with the same Idempotency-Key to get its answer without doing it twice. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The URL's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The URL */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "user_id": 1,
                     *       "short_code": "vcZO5s",
                     *       "original_url": "https://example.com/docs/getting-started",
                     *       "title": "Getting started",
                     *       "is_active": true,
                     *       "created_at": "2026-11-22T01:33:12.123",
                     *       "updated_at": "2026-11-22T01:33:12.123",
                     *       "short_url": "http://localhost:3000/vcZO5s",
                     *       "expires_at": null,
                     *       "max_clicks": 1000,
                     *       "expired_url": null,
                     *       "forward_query": true,
                     *       "tags": [
                     *         "docs",
                     *         "onboarding"
                     *       ],
                     *       "redirect_rules": [
                     *         {
                     *           "url": "https://example.com/docs/getting-started/ios",
                     *           "conditions": [
                     *             {
                     *               "type": "device",
                     *               "value": "ios"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "variants": null,
                     *       "password_protected": false
                     *     }
                     */
                    "application/json": components["schemas"]["Url"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description URL not found (also when inactive) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    updateUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The URL's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Getting started, 2nd edition",
                 *       "is_active": true
                 *     }
                 */
                "application/json": {
                    /** @description An absolute http or https URL, at most 2048 characters after trimming, with no control characters */
                    original_url?: string;
                    title?: string | null;
                    is_active?: boolean;
                    expires_at?: string | null;
                    max_clicks?: number | null;
                    expired_url?: string | null;
                    forward_query?: boolean | null;
                    tags?: string[] | null;
                    redirect_rules?: {
                        /** @description An absolute http or https URL, at most 2048 characters after trimming, with no control characters */
                        url: string;
                        conditions: ({
                            /** @enum {string} */
                            type: "device";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "browser";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "language";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "country";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "after" | "before";
                            value: string;
                        } | {
                            /** @enum {string} */
                            type: "query";
                            name: string;
                            value?: string;
                        })[];
                    }[] | null;
                    variants?: {
                        /** @description An absolute http or https URL, at most 2048 characters after trimming, with no control characters */
                        url: string;
                        weight: number;
                    }[] | null;
                    password?: string | null;
                    /** @description A field of the record: ignored here */
                    readonly id?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly user_id?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly short_code?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly created_at?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly updated_at?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly short_url?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly password_protected?: unknown;
                };
            };
        };
        responses: {
            /** @description The updated URL */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "user_id": 1,
                     *       "short_code": "vcZO5s",
                     *       "original_url": "https://example.com/docs/getting-started",
                     *       "title": "Getting started",
                     *       "is_active": true,
                     *       "created_at": "2026-11-22T01:33:12.123",
                     *       "updated_at": "2026-11-22T01:33:12.123",
                     *       "short_url": "http://localhost:3000/vcZO5s",
                     *       "expires_at": null,
                     *       "max_clicks": 1000,
                     *       "expired_url": null,
                     *       "forward_query": true,
                     *       "tags": [
                     *         "docs",
                     *         "onboarding"
                     *       ],
                     *       "redirect_rules": [
                     *         {
                     *           "url": "https://example.com/docs/getting-started/ios",
                     *           "conditions": [
                     *             {
                     *               "type": "device",
                     *               "value": "ios"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "variants": null,
                     *       "password_protected": false
                     *     }
                     */
                    "application/json": components["schemas"]["Url"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description URL not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    deleteUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The URL's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description URL not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getUrlHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The URL's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The URL */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description URL not found (also when inactive) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    redirect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The URL's short code.
                 * @example vcZO5s
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the link's target (the first redirect rule that holds, a variant, or original_url; expired: expired_url) */
            302: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The original URL: as stored when it is printable ASCII without spaces, otherwise its standard ASCII serialization (punycode host, percent-encoded path, query and fragment) */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Password required (a password-protected link: a browser gets a form that posts to POST /urls/{id}/unlock) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description URL not found (also when inactive) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            /** @description Link expired (and no expired_url), or Link disabled (its host is blocked) */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    redirectHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The URL's short code.
                 * @example vcZO5s
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the link's target (the first redirect rule that holds, a variant, or original_url; expired: expired_url) */
            302: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The original URL: as stored when it is printable ASCII without spaces, otherwise its standard ASCII serialization (punycode host, percent-encoded path, query and fragment) */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Password required (a password-protected link: a browser gets a form that posts to POST /urls/{id}/unlock) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description URL not found (also when inactive) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Link expired (and no expired_url), or Link disabled (its host is blocked) */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    unlockUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The URL's short code.
                 * @example vcZO5s
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/json": {
                    /** @description The link's password */
                    password: string;
                };
                /**
                 * @example {
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description The link's password */
                    password: string;
                };
            };
        };
        responses: {
            /** @description The right password: redirect to where the visit goes */
            302: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The original URL: as stored when it is printable ASCII without spaces, otherwise its standard ASCII serialization (punycode host, percent-encoded path, query and fragment) */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Wrong password (a browser gets the form again, saying so) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description URL not found (also when inactive) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            /** @description Link expired (and no expired_url), or Link disabled (its host is blocked) */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getUrlStats: {
        parameters: {
            query?: {
                /**
                 * @description Start of the range: a date (2026-11-01) or a UTC timestamp (2026-11-01T10:00:00), widened to the start of its interval. Default: 7 days (168 hours) before `to`.
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description End of the range, exclusive, in the same forms, widened to the end of its interval. Default: the end of the current interval. At most 400 days or 744 hours from `from`.
                 * @example 2026-11-08
                 */
                to?: string;
                /**
                 * @description The length of each entry of `series`.
                 * @example day
                 */
                interval?: "hour" | "day";
            };
            header?: never;
            path: {
                /**
                 * @description The URL's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statistics */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url_id": 1,
                     *       "from": "2026-11-21T00:00:00.000",
                     *       "to": "2026-11-23T00:00:00.000",
                     *       "interval": "day",
                     *       "totals": {
                     *         "clicks": 3,
                     *         "human_clicks": 2,
                     *         "bot_clicks": 1,
                     *         "unique_visitors": 2
                     *       },
                     *       "series": [
                     *         {
                     *           "start": "2026-11-21T00:00:00.000",
                     *           "clicks": 0,
                     *           "human_clicks": 0,
                     *           "bot_clicks": 0,
                     *           "unique_visitors": 0
                     *         },
                     *         {
                     *           "start": "2026-11-22T00:00:00.000",
                     *           "clicks": 3,
                     *           "human_clicks": 2,
                     *           "bot_clicks": 1,
                     *           "unique_visitors": 2
                     *         }
                     *       ],
                     *       "referrers": [
                     *         {
                     *           "name": "direct",
                     *           "clicks": 3
                     *         }
                     *       ],
                     *       "browsers": [
                     *         {
                     *           "name": "Firefox",
                     *           "clicks": 2
                     *         }
                     *       ],
                     *       "operating_systems": [
                     *         {
                     *           "name": "Linux",
                     *           "clicks": 2
                     *         }
                     *       ],
                     *       "devices": [
                     *         {
                     *           "name": "desktop",
                     *           "clicks": 2
                     *         },
                     *         {
                     *           "name": "bot",
                     *           "clicks": 1
                     *         }
                     *       ],
                     *       "countries": [
                     *         {
                     *           "name": "unknown",
                     *           "clicks": 3
                     *         }
                     *       ],
                     *       "targets": [
                     *         {
                     *           "name": "https://example.com/docs/getting-started",
                     *           "clicks": 2
                     *         },
                     *         {
                     *           "name": "https://example.com/docs/getting-started/ios",
                     *           "clicks": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["LinkStats"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description URL not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getUrlStatsHead: {
        parameters: {
            query?: {
                /**
                 * @description Start of the range: a date (2026-11-01) or a UTC timestamp (2026-11-01T10:00:00), widened to the start of its interval. Default: 7 days (168 hours) before `to`.
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description End of the range, exclusive, in the same forms, widened to the end of its interval. Default: the end of the current interval. At most 400 days or 744 hours from `from`.
                 * @example 2026-11-08
                 */
                to?: string;
                /**
                 * @description The length of each entry of `series`.
                 * @example day
                 */
                interval?: "hour" | "day";
            };
            header?: never;
            path: {
                /**
                 * @description The URL's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statistics */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description URL not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getUrlQr: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The URL's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description URL not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getUrlQrHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The URL's id.
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description URL not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    statsPage: {
        parameters: {
            query?: {
                /** @description `link`: not the page but the link's id and facts, for the page's script. */
                part?: "link";
            };
            header?: never;
            path: {
                /**
                 * @description The URL's short code.
                 * @example vcZO5s
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page; with `part=link`, what the key may see of the link */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["LinkFacts"];
                };
            };
            /** @description URL not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    statsPageHead: {
        parameters: {
            query?: {
                /** @description `link`: not the page but the link's id and facts, for the page's script. */
                part?: "link";
            };
            header?: never;
            path: {
                /**
                 * @description The URL's short code.
                 * @example vcZO5s
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page; with `part=link`, what the key may see of the link */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description URL not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    blockHost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A host name (its subdomains are blocked with it), an IP address (IPv6 with or without brackets) or a CIDR range (`10.0.0.0%2F8`, its `/` percent-encoded). Compared canonical: lower case, IDNA, without trailing dots; an IPv6 address that embeds an IPv4 address is that IPv4 address.
                 * @example phishing.example
                 */
                host: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Blocked (already blocked: the same) */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    unblockHost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A host name (its subdomains are blocked with it), an IP address (IPv6 with or without brackets) or a CIDR range (`10.0.0.0%2F8`, its `/` percent-encoded). Compared canonical: lower case, IDNA, without trailing dots; an IPv6 address that embeds an IPv4 address is that IPv4 address.
                 * @example phishing.example
                 */
                host: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unblocked */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description Host not blocked */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listBlockedHosts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The blocked hosts, by name */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "host": "phishing.example",
                     *         "created_at": "2026-11-22T01:33:12.123"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["BlockedHost"][];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listBlockedHostsHead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The blocked hosts, by name */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listReports: {
        parameters: {
            query?: {
                /**
                 * @description Page to return, counted from 1.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Users per page.
                 * @example 10
                 */
                per_page?: number;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reports, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "short_code": "vcZO5s",
                     *         "reason": "It leads to a page that asks for bank passwords.",
                     *         "created_at": "2026-11-22T01:33:12.123",
                     *         "email": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ListedReport"][];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "short_code": "vcZO5s",
                 *       "reason": "It leads to a page that asks for bank passwords."
                 *     }
                 */
                "application/json": {
                    short_code: string;
                    reason: string;
                    email?: string;
                    /** @description A field of the record: ignored here */
                    readonly id?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly created_at?: unknown;
                };
            };
        };
        responses: {
            /** @description The report */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "short_code": "vcZO5s",
                     *       "reason": "It leads to a page that asks for bank passwords.",
                     *       "created_at": "2026-11-22T01:33:12.123"
                     *     }
                     */
                    "application/json": components["schemas"]["Report"];
                };
            };
            /** @description URL not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listReportsHead: {
        parameters: {
            query?: {
                /**
                 * @description Page to return, counted from 1.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Users per page.
                 * @example 10
                 */
                per_page?: number;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reports, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /**
                 * @description Records to pass over, in id order.
                 * @example 0
                 */
                skip?: number;
                /**
                 * @description Most records to return. As JSON 1-1,000, default 100; as CSV (`Accept: text/csv`) 1-10,000, default 1,000.
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description Only events of this URL.
                 * @example 1
                 */
                url_id?: number;
                /**
                 * @description Only records of this user.
                 * @example 1
                 */
                user_id?: number;
                /**
                 * @description Only events of this type.
                 * @example signup
                 */
                event_type?: string;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events in id order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "url_id": 1,
                     *         "user_id": 1,
                     *         "event_type": "signup",
                     *         "timestamp": "2026-11-22T01:33:12.123",
                     *         "details": {
                     *           "plan": "pro"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Event"][];
                    /**
                     * @example id,url_id,user_id,event_type,timestamp,details
                     *     1,1,1,signup,2026-11-22T01:33:12.123,"{""plan"":""pro""}"
                     */
                    "text/csv": string;
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to send again: the same key with the same request within 24 hours gets the first answer's status and body and does nothing more. Send it when a retry must not create a second record: an answer of 503, or no answer at all, may mean the request was carried out. Without it, a retry after such an answer may create the record twice. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url_id": 1,
                 *       "user_id": 1,
                 *       "event_type": "signup",
                 *       "details": {
                 *         "plan": "pro"
                 *       }
                 *     }
                 */
                "application/json": {
                    url_id: number;
                    user_id: number;
                    event_type: string;
                    /**
                     * @description Any JSON object of at most 16384 bytes serialized (UTF-8) and 256 levels deep, returned exactly as sent
                     * @default {}
                     */
                    details?: Record<string, unknown>;
                    /** @description A field of the record: ignored here */
                    readonly id?: unknown;
                    /** @description A field of the record: ignored here */
                    readonly timestamp?: unknown;
                };
            };
        };
        responses: {
            /** @description The new event */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "url_id": 1,
                     *       "user_id": 1,
                     *       "event_type": "signup",
                     *       "timestamp": "2026-11-22T01:33:12.123",
                     *       "details": {
                     *         "plan": "pro"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Event"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["NotAllowed"];
            /** @description User not found, or URL not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["IdempotentRequestInProgress"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailedOrKeyReused"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            /** @description The database is busy past its retries: Service temporarily overloaded. A 503 may come after the request was carried out: send it again with the same Idempotency-Key to get its answer without doing it twice. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listEventsHead: {
        parameters: {
            query?: {
                /**
                 * @description Records to pass over, in id order.
                 * @example 0
                 */
                skip?: number;
                /**
                 * @description Most records to return. As JSON 1-1,000, default 100; as CSV (`Accept: text/csv`) 1-10,000, default 1,000.
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description Only events of this URL.
                 * @example 1
                 */
                url_id?: number;
                /**
                 * @description Only records of this user.
                 * @example 1
                 */
                user_id?: number;
                /**
                 * @description Only events of this type.
                 * @example signup
                 */
                event_type?: string;
                /** @description The cursor of a previous answer's `Link: <...>; rel="next"` header: the list resumes after its last item. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events in id order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"} */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description How to authenticate: Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A valid key asking for what it may not do: {"detail": "Not allowed"} */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    followShortLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The URL's short code.
                 * @example vcZO5s
                 */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the original URL (or, expired, to expired_url) */
            302: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The original URL: as stored when it is printable ASCII without spaces, otherwise its standard ASCII serialization (punycode host, percent-encoded path, query and fragment) */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description URL not found (also when inactive); Not Found for a path that is not a code */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            /** @description Link expired (and no expired_url), or Link disabled (its host is blocked) */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    followShortLinkHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The URL's short code.
                 * @example vcZO5s
                 */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the original URL (or, expired, to expired_url) */
            302: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The original URL: as stored when it is printable ASCII without spaces, otherwise its standard ASCII serialization (punycode host, percent-encoded path, query and fragment) */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description URL not found (also when inactive); Not Found for a path that is not a code */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Link expired (and no expired_url), or Link disabled (its host is blocked) */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    showStatsPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The URL's short code.
                 * @example vcZO5s
                 */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description URL not found; Not Found for a path that is not a code */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Overloaded"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    showStatsPageHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The URL's short code.
                 * @example vcZO5s
                 */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description URL not found; Not Found for a path that is not a code */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The path exists, but not with this method: {"detail": "Method Not Allowed"} */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The methods the path has */
                    Allow: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not fit its schema; every wrong field is listed with its loc, msg and type */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the headers are too large: {"detail": "Request header fields or URL too large"} */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure: {"detail": "Internal Server Error"}, no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The function could not be run: {"detail": "Bad Gateway"} */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"} */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Out of time: {"detail": "Request timed out"} or "Endpoint request timed out" */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
