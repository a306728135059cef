import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserNames, deviceKinds } from '../schemas/campaign-fields.js';
import { homePageFiles, homePageFolder } from './page-files.js';
import { staticFiles } from './static-files.js';
import { statsPagePolicy } from './stats-page.js';

/**
 * The home page, at `/` for a browser (docs/decisions.md, "The home page"): a person lists, creates, changes,
 * deactivates and deletes their links, copies a short link, sees its QR code and opens its statistics page;
 * and lists, adds, pings, pauses and deletes their webhooks, with each one's latest deliveries.
 * The server writes only the page's frame, the same for everyone; its script (web/home-page) calls the JSON
 * API like any client, with the key given on the page in `keys` mode. Every file is served by the service.
 */

/**
 * The statistics page's policy: scripts, styles and calls only to the service itself, no inline script or
 * style, images from the service or from memory (`blob:`, the QR codes fetched with a key).
 */
export const homePagePolicy = statsPagePolicy;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.codePointAt(0)};`);

/** The page's fields for a link's lifecycle, on the create form (docs/decisions.md, "Link lifecycle"). */
const lifecycleFields = `
        <div class="field">
          <label for="create-expires-at">Expires at <span class="hint">(your local time; empty: never)</span></label>
          <input id="create-expires-at" name="expires_at" type="datetime-local" aria-describedby="create-expires-at-error">
          <p class="error" id="create-expires-at-error" data-error-for="expires_at"></p>
        </div>
        <div class="field">
          <label for="create-max-clicks">Click limit <span class="hint">(empty: none)</span></label>
          <input id="create-max-clicks" name="max_clicks" type="number" min="1" max="1000000000" step="1" inputmode="numeric" aria-describedby="create-max-clicks-error">
          <p class="error" id="create-max-clicks-error" data-error-for="max_clicks"></p>
        </div>
        <div class="field wide">
          <label for="create-expired-url">Fallback once expired <span class="hint">(empty: the link answers "expired")</span></label>
          <input id="create-expired-url" name="expired_url" type="text" inputmode="url" autocomplete="off" spellcheck="false" placeholder="https://example.com/over" aria-describedby="create-expired-url-error">
          <p class="error" id="create-expired-url-error" data-error-for="expired_url"></p>
        </div>
        <div class="field wide checkbox">
          <input id="create-forward-query" name="forward_query" type="checkbox" aria-describedby="create-forward-query-error">
          <label for="create-forward-query">Forward the short link's query string (<code>?utm_source=...</code>) to the destination</label>
          <p class="error" id="create-forward-query-error" data-error-for="forward_query"></p>
        </div>`;

const options = (values: readonly string[]) =>
  values.map((value) => `<option value="${value}">${value}</option>`).join('');

/**
 * A link's campaign as the create and edit forms set it (docs/decisions.md, "Links for campaigns"): its tags,
 * redirect rules, A/B variants and password. The script clones the editor into each form and gives its
 * controls their ids (`data-id`, with the form's prefix); rules, conditions and variants are added from their
 * templates. Each error line's `data-error-for` is the path of the API's `loc` it shows.
 */
const campaignTemplates = `  <template id="campaign-template">
    <div class="campaign">
      <div class="field wide">
        <label data-for="tags">Tags <span class="hint">(up to 10; a-z, 0-9, _ and -; Enter or a comma adds one)</span></label>
        <div class="chips-box">
          <ul class="chips" data-field="tag-chips"></ul>
          <input data-id="tags" data-path="tags" autocomplete="off" spellcheck="false" placeholder="add a tag" data-describedby="tags-error">
        </div>
        <p class="error" data-id="tags-error" data-error-for="tags"></p>
      </div>
      <fieldset class="group wide">
        <legend>Redirect rules</legend>
        <p class="hint">A visit goes to the first rule whose conditions all hold; when none does, to a variant or the destination.</p>
        <ol class="rules" data-field="rules"></ol>
        <p class="error" data-id="rules-error" data-error-for="redirect_rules"></p>
        <button type="button" data-do="add-rule">Add a rule</button>
      </fieldset>
      <fieldset class="group wide">
        <legend>A/B variants</legend>
        <p class="hint">2 to 5 destinations, each with a weight in percent; the weights add up to 100. None: every visit goes to the destination.</p>
        <ol class="variants" data-field="variants"></ol>
        <p class="weights" data-field="weights" data-id="weights" aria-live="polite" hidden></p>
        <p class="error" data-id="variants-error" data-error-for="variants"></p>
        <button type="button" data-do="add-variant">Add A/B variants</button>
      </fieldset>
      <fieldset class="group wide">
        <legend>Password</legend>
        <p class="password-state" data-field="password-state">Not protected: anyone with the link can visit it.</p>
        <div class="field">
          <label data-for="password" data-field="password-label">Password <span class="hint">(8 to 128 characters; empty: none)</span></label>
          <input data-id="password" data-path="password" type="password" autocomplete="new-password" spellcheck="false" data-describedby="password-error">
          <p class="error" data-id="password-error" data-error-for="password"></p>
        </div>
        <div class="field checkbox" data-field="remove-password" hidden>
          <input data-id="remove-password" type="checkbox">
          <label data-for="remove-password">Remove the password</label>
        </div>
      </fieldset>
    </div>
  </template>
  <template id="rule-template">
    <li><div class="rule" role="group">
      <p class="rule-name"></p>
      <div class="field wide">
        <label>Destination <input data-key="url" type="text" inputmode="url" autocomplete="off" spellcheck="false" placeholder="https://example.com/for-them"></label>
        <p class="error" data-error-rel="url"></p>
      </div>
      <p class="hint">When all of these hold:</p>
      <ul class="conditions"></ul>
      <p class="error" data-error-rel="conditions"></p>
      <p class="error" data-error-rel=""></p>
      <div class="row-actions">
        <button type="button" data-do="add-condition">Add a condition</button>
        <button type="button" data-do="rule-up">Move up</button>
        <button type="button" data-do="rule-down">Move down</button>
        <button type="button" data-do="remove-rule" class="danger">Remove rule</button>
      </div>
    </div></li>
  </template>
  <template id="condition-template">
    <li><div class="condition" role="group">
      <label>Condition <select data-key="type">
        <option value="device">Device is</option>
        <option value="browser">Browser is</option>
        <option value="language">Language is</option>
        <option value="country">Country is</option>
        <option value="query">Query has</option>
        <option value="after">At or after</option>
        <option value="before">Before</option>
      </select></label>
      <label data-for-types="device">Device <select data-key="value">${options(deviceKinds)}</select></label>
      <label data-for-types="browser">Browser <select data-key="value">${options(browserNames)}</select></label>
      <label data-for-types="language">Language <input data-key="value" autocomplete="off" spellcheck="false" placeholder="en, pt-BR"></label>
      <label data-for-types="country">Country <input data-key="value" autocomplete="off" spellcheck="false" placeholder="DE"></label>
      <label data-for-types="query">Parameter <input data-key="name" autocomplete="off" spellcheck="false" placeholder="utm_source"></label>
      <label data-for-types="query"><span>Value <span class="hint">(empty: any)</span></span> <input data-key="value" autocomplete="off" spellcheck="false"></label>
      <label data-for-types="after before"><span>Time <span class="hint">(UTC)</span></span> <input data-key="value" autocomplete="off" spellcheck="false" placeholder="2026-12-31T23:59:59Z"></label>
      <button type="button" data-do="remove-condition">Remove</button>
      <p class="error" data-error-rel=""></p>
    </div></li>
  </template>
  <template id="variant-template">
    <li><div class="variant" role="group">
      <label class="variant-url">Destination <input data-key="url" type="text" inputmode="url" autocomplete="off" spellcheck="false" placeholder="https://example.com/b"></label>
      <label class="variant-weight"><span>Weight <span class="hint">(%)</span></span> <input data-key="weight" type="number" min="1" max="100" step="1" inputmode="numeric"></label>
      <button type="button" data-do="remove-variant">Remove</button>
      <p class="error" data-error-rel=""></p>
    </div></li>
  </template>`;

/**
 * The page. `base` is where the service's paths start for the reader (`/`, or a stage's prefix). In `keys`
 * mode it asks for a key first; in `open` mode for a user to act as. Nothing on it depends on the data: the
 * script fills it in.
 */
export function homePageHtml(base: string, keysMode: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <base href="${escapeHtml(base)}">
  <title>Short links</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="home-page/home-page.css">
  <script type="module" src="home-page/home-page.js"></script>
</head>
<body>
  <a class="skip" href="#links-heading">Skip to your links</a>
  <header class="banner">
    <h1>Short links</h1>
    <p>Shorten a link, share it, see who clicks. The whole API is described at <a href="docs">the API reference</a>.</p>
  </header>
  <main id="home" data-auth="${keysMode ? 'keys' : 'open'}">
    <p id="status" role="status" aria-live="polite"></p>
    <section id="key-section" aria-labelledby="key-heading" hidden>
      <h2 id="key-heading">Access key</h2>
      <form id="key-form" novalidate>
        <p>This service asks for an access key: your own (usk_...) or an operator's (ask_...).</p>
        <div class="field">
          <label for="key-input">Access key</label>
          <input id="key-input" type="password" name="key" autocomplete="off" spellcheck="false" required aria-describedby="key-error key-note">
          <p class="error" id="key-error" data-error-for="key"></p>
        </div>
        <button type="submit">Use this key</button>
        <p class="note" id="key-note">The key stays in this browser tab (its session storage) and is sent only to this service.</p>
      </form>
    </section>
    <section id="user-section" aria-labelledby="user-heading" hidden>
      <h2 id="user-heading">Who are you?</h2>
      <div class="user-forms">
        <form id="pick-user-form" novalidate>
          <div class="field">
            <label for="pick-user">Existing user</label>
            <select id="pick-user" name="user_id" aria-describedby="pick-user-error"></select>
            <p class="error" id="pick-user-error" data-error-for="user_id"></p>
          </div>
          <button type="submit">Show this user's links</button>
        </form>
        <form id="create-user-form" novalidate>
          <div class="field">
            <label for="create-username">New user's name</label>
            <input id="create-username" name="username" autocomplete="username" required aria-describedby="create-username-error">
            <p class="error" id="create-username-error" data-error-for="username"></p>
          </div>
          <div class="field">
            <label for="create-email">Email</label>
            <input id="create-email" name="email" type="email" autocomplete="email" required aria-describedby="create-email-error">
            <p class="error" id="create-email-error" data-error-for="email"></p>
          </div>
          <button type="submit">Create this user</button>
          <p class="error" data-error-for="form"></p>
        </form>
      </div>
    </section>
    <section id="session" aria-label="Whose links" hidden>
      <p class="session-line"><span id="acting-as"></span> <button type="button" id="switch-user">Switch user</button> <button type="button" id="forget-key" hidden>Forget the key</button></p>
    </section>
    <section id="create-section" aria-labelledby="create-heading" hidden>
      <h2 id="create-heading">Shorten a link</h2>
      <form id="create-form" novalidate>
        <div class="field wide">
          <label for="create-original-url">Destination</label>
          <input id="create-original-url" name="original_url" type="text" inputmode="url" autocomplete="off" spellcheck="false" required placeholder="https://example.com/a/long/page" aria-describedby="create-original-url-error">
          <p class="error" id="create-original-url-error" data-error-for="original_url"></p>
        </div>
        <div class="field">
          <label for="create-title">Title <span class="hint">(optional)</span></label>
          <input id="create-title" name="title" autocomplete="off" aria-describedby="create-title-error">
          <p class="error" id="create-title-error" data-error-for="title"></p>
        </div>
        <div class="field">
          <label for="create-short-code">Short code <span class="hint">(optional; empty: a generated one)</span></label>
          <input id="create-short-code" name="short_code" autocomplete="off" spellcheck="false" placeholder="spring-sale" aria-describedby="create-short-code-error">
          <p class="error" id="create-short-code-error" data-error-for="short_code"></p>
        </div>
        <details id="create-more">
          <summary>Expiry, click limit, fallback, query forwarding</summary>
          <div class="more-fields">${lifecycleFields}
          </div>
        </details>
        <details id="create-campaign">
          <summary>Tags, redirect rules, A/B variants, password</summary>
          <div class="more-fields" data-campaign="create"></div>
        </details>
        <div class="actions">
          <button type="submit">Shorten</button>
          <p class="error" data-error-for="form"></p>
        </div>
      </form>
    </section>
    <section id="links-section" aria-labelledby="links-heading" hidden>
      <h2 id="links-heading" tabindex="-1">Your links</h2>
      <p class="note">Clicks: the last 7 days, from the link's statistics.</p>
      <div class="tag-filter">
        <form id="tag-filter-form" role="search" aria-label="Filter the links by tag" novalidate>
          <div class="field">
            <label for="tag-filter-input">Filter by tag</label>
            <input id="tag-filter-input" name="tag" autocomplete="off" spellcheck="false" placeholder="spring-sale" aria-describedby="tag-filter-input-error">
            <p class="error" id="tag-filter-input-error" data-error-for="tag"></p>
          </div>
          <button type="submit">Filter</button>
        </form>
        <div id="user-tags" role="group" aria-labelledby="user-tags-label" hidden>
          <span id="user-tags-label" class="hint">Your tags:</span>
          <ul class="chips"></ul>
        </div>
      </div>
      <ul id="links" class="links"></ul>
      <p id="links-empty" hidden>No links yet: shorten one above.</p>
      <p id="links-none-tagged" hidden>No link carries this tag.</p>
      <button type="button" id="more-links" hidden>Show more links</button>
    </section>
    <section id="webhooks-section" aria-labelledby="webhooks-heading" hidden>
      <h2 id="webhooks-heading">Webhooks</h2>
      <p class="note">The events of your links, sent to your system as they happen: signed (Standard Webhooks), tried again when it fails. At most 10.</p>
      <form id="webhook-form" novalidate>
        <div class="field wide">
          <label for="webhook-url">Receiver's address</label>
          <input id="webhook-url" name="url" type="text" inputmode="url" autocomplete="off" spellcheck="false" required placeholder="https://hooks.example.com/short-links" aria-describedby="webhook-url-error">
          <p class="error" id="webhook-url-error" data-error-for="url"></p>
        </div>
        <div class="field wide">
          <label for="webhook-event-types">Event types <span class="hint">(commas between, such as click, created; empty: every type)</span></label>
          <input id="webhook-event-types" name="event_types" autocomplete="off" spellcheck="false" aria-describedby="webhook-event-types-error">
          <p class="error" id="webhook-event-types-error" data-error-for="event_types"></p>
        </div>
        <div class="actions">
          <button type="submit">Add the webhook</button>
          <p class="error" data-error-for="form"></p>
        </div>
      </form>
      <div id="webhook-secret" class="secret" hidden>
        <p id="webhook-secret-label">The new webhook's signing secret, shown this once: keep it where your receiver verifies signatures.</p>
        <p><code data-field="secret" aria-labelledby="webhook-secret-label"></code> <button type="button" id="copy-webhook-secret">Copy the secret</button></p>
      </div>
      <ul id="webhooks" class="webhooks"></ul>
      <p id="webhooks-empty" hidden>No webhooks yet.</p>
    </section>
  </main>
  <template id="webhook-template">
    <li class="webhook">
      <p class="webhook-head"><code data-field="url"></code> <span class="state" data-field="state"></span></p>
      <p class="hint" data-field="scope"></p>
      <div class="row-actions">
        <button type="button" data-action="ping">Send a test ping</button>
        <button type="button" data-action="deliveries" aria-expanded="false">Latest deliveries</button>
        <button type="button" data-action="toggle-webhook"></button>
        <button type="button" data-action="delete-webhook" class="danger">Delete</button>
      </div>
      <p class="error" data-error-for="row" role="alert"></p>
      <table class="deliveries" hidden>
        <caption>Latest deliveries, newest first</caption>
        <thead><tr><th scope="col">When (UTC)</th><th scope="col">Event</th><th scope="col">Attempt</th><th scope="col">Status</th><th scope="col">Answer</th><th scope="col">Took</th></tr></thead>
        <tbody></tbody>
      </table>
      <p class="note" data-field="no-deliveries" hidden>Nothing sent yet.</p>
    </li>
  </template>
  <template id="link-template">
    <li class="link">
      <div class="link-head">
        <a class="short" data-field="short_url"></a>
        <span class="state" data-field="state"></span>
        <span class="badge" data-field="protected" hidden>Password protected</span>
        <span class="clicks"><span data-field="clicks">–</span> <span class="unit">clicks</span></span>
      </div>
      <p class="title" data-field="title"></p>
      <p class="destination">→ <a data-field="original_url" rel="noopener noreferrer"></a></p>
      <p class="lifecycle" data-field="lifecycle"></p>
      <div class="link-tags" data-field="tags" hidden>
        <span class="hint">Tags:</span>
        <ul class="chips"></ul>
      </div>
      <ul class="targets" data-field="targets" hidden></ul>
      <div class="row-actions">
        <button type="button" data-action="copy">Copy</button>
        <button type="button" data-action="qr" aria-expanded="false">QR code</button>
        <a data-action="stats">Statistics</a>
        <button type="button" data-action="edit" aria-expanded="false">Edit</button>
        <button type="button" data-action="toggle"></button>
        <button type="button" data-action="delete" class="danger">Delete</button>
      </div>
      <p class="error" data-error-for="row" role="alert"></p>
      <div class="qr-box" hidden><img alt="" width="160" height="160"></div>
      <form class="edit-form" novalidate hidden>
        <div class="field wide">
          <label>Destination <input name="original_url" type="text" inputmode="url" autocomplete="off" spellcheck="false" required></label>
          <p class="error" data-error-for="original_url"></p>
        </div>
        <div class="field">
          <label>Title <span class="hint">(empty: none)</span> <input name="title" autocomplete="off"></label>
          <p class="error" data-error-for="title"></p>
        </div>
        <div class="campaign-slot" data-campaign></div>
        <div class="actions">
          <button type="submit">Save</button>
          <button type="button" data-action="cancel-edit">Cancel</button>
          <p class="error" data-error-for="form"></p>
        </div>
      </form>
    </li>
  </template>
${campaignTemplates}
  <dialog id="confirm-delete" aria-labelledby="confirm-delete-heading">
    <form method="dialog">
      <h2 id="confirm-delete-heading">Delete this link?</h2>
      <p><span data-field="short_url"></span> will stop working, and its statistics and events are deleted. This cannot be undone.</p>
      <div class="actions">
        <button value="cancel" autofocus>Keep it</button>
        <button value="delete" class="danger">Delete</button>
      </div>
    </form>
  </dialog>
</body>
</html>
`;
}

/** Where a file is: next to the bundle in a deployment, in the project locally. */
function locate(name: string): string | undefined {
  if (!(homePageFiles.files as readonly string[]).includes(name)) return undefined;
  const bundled = path.join(path.dirname(fileURLToPath(import.meta.url)), homePageFolder, name);
  return existsSync(bundled) ? bundled : fileURLToPath(new URL(`../../${homePageFiles.from}/${name}`, import.meta.url));
}

/** One of the page's files by name; anything else is a 404. */
export const homePageFile = staticFiles(locate);
