import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { homePageFiles, homePageFolder } from './page-files.js';
import { staticFiles } from './static-files.js';
import { statsPagePolicy } from './stats-page.js';

/**
 * The home page, at `/` for a browser (docs/decisions.md, "The home page"): a person lists, creates, changes,
 * deactivates and deletes their links, copies a short link, sees its QR code and opens its statistics page.
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
        <div class="actions">
          <button type="submit">Shorten</button>
          <p class="error" data-error-for="form"></p>
        </div>
      </form>
    </section>
    <section id="links-section" aria-labelledby="links-heading" hidden>
      <h2 id="links-heading" tabindex="-1">Your links</h2>
      <p class="note">Clicks: the last 7 days, from the link's statistics.</p>
      <ul id="links" class="links"></ul>
      <p id="links-empty" hidden>No links yet: shorten one above.</p>
      <button type="button" id="more-links" hidden>Show more links</button>
    </section>
  </main>
  <template id="link-template">
    <li class="link">
      <div class="link-head">
        <a class="short" data-field="short_url"></a>
        <span class="state" data-field="state"></span>
        <span class="clicks"><span data-field="clicks">–</span> <span class="unit">clicks</span></span>
      </div>
      <p class="title" data-field="title"></p>
      <p class="destination">→ <a data-field="original_url" rel="noopener noreferrer"></a></p>
      <p class="lifecycle" data-field="lifecycle"></p>
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
        <div class="actions">
          <button type="submit">Save</button>
          <button type="button" data-action="cancel-edit">Cancel</button>
          <p class="error" data-error-for="form"></p>
        </div>
      </form>
    </li>
  </template>
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
