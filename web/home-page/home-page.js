// The home page's script (served as it is, no build step): a person's links through the JSON API, as any
// client calls it. Every error the API answers is shown next to the field or the action that caused it.

const main = document.getElementById('home');
const status = document.getElementById('status');
const keysMode = main.dataset.auth === 'keys';
const sections = {
  key: document.getElementById('key-section'),
  user: document.getElementById('user-section'),
  session: document.getElementById('session'),
  create: document.getElementById('create-section'),
  links: document.getElementById('links-section'),
};
const keyForm = document.getElementById('key-form');
const pickUserForm = document.getElementById('pick-user-form');
const createUserForm = document.getElementById('create-user-form');
const createForm = document.getElementById('create-form');
const list = document.getElementById('links');
const moreLinks = document.getElementById('more-links');
const confirmDelete = document.getElementById('confirm-delete');
const numbers = new Intl.NumberFormat('en-US');
const LINKS_PER_PAGE = 20;

// Keys mode: the key is kept in this tab's session storage only (never local storage, a cookie or the address),
// under the statistics page's name, so a statistics page opened from here needs it not again.
const KEY_ITEM = 'url-shortener-access-key';
const storedKey = () => sessionStorage.getItem(KEY_ITEM);
const authorization = () => (keysMode && storedKey() ? { Authorization: `Bearer ${storedKey()}` } : {});
/** Whose links are shown: a user's id (open mode, or an operator's key), or the key's own (a user's key). */
let owner;
let nextPage;

/** An answer of the API that is not a success, with what it says in words, by the field it is about. */
class ApiError extends Error {
  constructor(status, body, retryAfter) {
    super(typeof body?.detail === 'string' ? body.detail : `The service answered ${status}`);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }

  /** `{field: message}`: a validation error's items by their field, anything else by what it is about. */
  messages() {
    if (Array.isArray(this.body?.detail)) {
      const byField = {};
      for (const item of this.body.detail) {
        const field = item.loc?.[0] === 'body' && item.loc.length > 1 ? item.loc[1] : 'form';
        byField[field] = byField[field] ? `${byField[field]} ${item.msg}` : item.msg;
      }
      return byField;
    }
    const detail = this.message;
    if (this.status === 401) return { key: 'This key was not accepted: mistyped, unknown, revoked or expired.' };
    if (this.status === 403) return { form: 'This key may not do that.' };
    if (this.status === 429) return { form: `Too many requests: try again in ${this.retryAfter ?? 'a few'} seconds.` };
    if (detail === 'Short code already in use') return { short_code: 'This short code is taken: choose another.' };
    if (detail === 'Email already registered') return { email: 'A user with this email exists already.' };
    if (detail === 'Username already registered') return { username: 'A user with this name exists already.' };
    return { form: this.status >= 500 ? `${detail}. Try again in a moment.` : `${detail}.` };
  }
}

/** A call of the API (paths relative to the page's base), with the key in keys mode; throws an `ApiError`. */
async function api(method, path, body) {
  const headers = { Accept: 'application/json', ...authorization() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, { detail: 'The service could not be reached: check the connection and try again' });
  }
  const data = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, data, response.headers.get('Retry-After'));
  return { data, response };
}

/** Clears a form's error messages, and the invalid marks of its fields. */
function clearErrors(form) {
  for (const element of form.querySelectorAll('[data-error-for]')) element.textContent = '';
  for (const field of form.querySelectorAll('[aria-invalid]')) field.removeAttribute('aria-invalid');
}

/**
 * Shows an error next to its cause: each message at its field's error line (the form's own line for the rest),
 * the field marked invalid; the first field in error gets the focus, so the keyboard is where the fix is.
 */
function showErrors(form, error, fallback = 'form') {
  clearErrors(form);
  const messages = error instanceof ApiError ? error.messages() : { form: error.message };
  let first;
  for (const [field, message] of Object.entries(messages)) {
    const line =
      form.querySelector(`[data-error-for="${field}"]`) ?? form.querySelector(`[data-error-for="${fallback}"]`);
    if (!line) continue;
    line.textContent = line.textContent ? `${line.textContent} ${message}` : message;
    const input = form.elements.namedItem?.(field);
    if (input instanceof HTMLElement) {
      input.setAttribute('aria-invalid', 'true');
      first ??= input;
    }
  }
  (first ?? form.querySelector('[type="submit"]'))?.focus();
}

/**
 * Runs a form's submission with its button disabled (no second submission while the first is on its way);
 * an error about no field of the form is shown at `fallback`'s line.
 */
function onSubmit(form, action, fallback = 'form') {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('[type="submit"]');
    button.disabled = true;
    try {
      clearErrors(form);
      await action(form);
    } catch (error) {
      showErrors(form, error, fallback);
    } finally {
      button.disabled = false;
    }
  });
}

const show = (...names) => {
  for (const [name, section] of Object.entries(sections)) section.hidden = !names.includes(name);
};

// The key, in keys mode.

function askForKey(message) {
  sessionStorage.removeItem(KEY_ITEM);
  owner = undefined;
  show('key');
  status.textContent = message ?? 'Enter an access key to see your links.';
  keyForm.elements.key.focus();
}

onSubmit(
  keyForm,
  async () => {
    sessionStorage.setItem(KEY_ITEM, keyForm.elements.key.value.trim());
    keyForm.reset();
    try {
      await startWithKey();
    } catch (error) {
      sessionStorage.removeItem(KEY_ITEM);
      show('key');
      throw error;
    }
  },
  'key',
);

/** An operator's key picks a user as the open mode does; a user's key shows its own links. */
async function startWithKey() {
  document.getElementById('forget-key').hidden = false;
  if (storedKey().startsWith('ask_')) return chooseUser();
  return showLinksOf({ label: `Your links (key ${storedKey().slice(0, 8)}…)` });
}

document.getElementById('forget-key').addEventListener('click', () => askForKey('The key is forgotten.'));

// Whose links: a user, picked or created (open mode, or an operator's key).

async function chooseUser(message) {
  show('user');
  status.textContent = message ?? 'Pick a user, or create one.';
  const select = pickUserForm.elements.user_id;
  const { data: users } = await api('GET', 'users?per_page=100');
  select.replaceChildren(...users.map((user) => new Option(`${user.username} (${user.email})`, String(user.id))));
  select.disabled = users.length === 0;
  if (users.length === 0) select.append(new Option('No users yet: create one', ''));
  window.history.replaceState(null, '', window.location.pathname);
  (users.length > 0 ? select : createUserForm.elements.username).focus();
}

onSubmit(
  pickUserForm,
  async () => {
    const id = Number(pickUserForm.elements.user_id.value);
    if (!id) throw new ApiError(422, { detail: [{ loc: ['body', 'user_id'], msg: 'Create a user first.' }] });
    await showUser(id);
  },
  'user_id',
);

onSubmit(createUserForm, async () => {
  const body = { username: createUserForm.elements.username.value, email: createUserForm.elements.email.value };
  const { data: user } = await api('POST', 'users', body);
  createUserForm.reset();
  await showUser(user.id);
});

async function showUser(id) {
  const { data: user } = await api('GET', `users/${id}`);
  await showLinksOf({ userId: user.id, label: `Links of ${user.username} (${user.email})` });
  // Open mode: the user is in the address, so a reload or a bookmark comes back to it (it is no secret).
  if (!keysMode) window.history.replaceState(null, '', `${window.location.pathname}?user=${user.id}`);
}

document.getElementById('switch-user').addEventListener('click', () => chooseUser().catch(failed));

// The links.

async function showLinksOf(who) {
  const { data: links, response } = await api('GET', listPath(who));
  owner = who;
  document.getElementById('acting-as').textContent = who.label;
  document.getElementById('switch-user').hidden = who.userId === undefined;
  show('session', 'create', 'links');
  list.replaceChildren();
  appendLinks(links, response);
  status.textContent = `${links.length}${nextPage ? ' or more' : ''} link${links.length === 1 ? '' : 's'}.`;
  document.getElementById('create-original-url').focus();
}

const listPath = (who) => `urls?limit=${LINKS_PER_PAGE}${who.userId === undefined ? '' : `&user_id=${who.userId}`}`;

/** Adds a window of links, and remembers where the next one starts (the API's `Link: <...>; rel="next"`). */
function appendLinks(links, response) {
  const rows = links.filter((link) => !list.querySelector(`[data-id="${link.id}"]`)).map(renderLink);
  list.append(...rows);
  const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('Link') ?? '');
  nextPage = next ? next[1].replace(/^\//, '') : undefined;
  moreLinks.hidden = nextPage === undefined;
  document.getElementById('links-empty').hidden = list.children.length > 0;
  showClicks(rows);
}

moreLinks.addEventListener('click', async () => {
  try {
    const { data, response } = await api('GET', nextPage);
    appendLinks(data, response);
    status.textContent = `${list.children.length} links shown.`;
  } catch (error) {
    failed(error);
  }
});

const utc = (timestamp) => `${timestamp.slice(0, 16).replace('T', ' ')} UTC`;

/** A link's state in words: whether it redirects now (as far as its record says), and what stops it. */
function describe(link) {
  const expired = link.expires_at !== null && Date.parse(`${link.expires_at}Z`) <= Date.now();
  const state = !link.is_active ? 'Inactive' : expired ? 'Expired' : 'Active';
  const facts = [
    link.expires_at ? `expires ${utc(link.expires_at)}` : '',
    link.max_clicks !== null ? `stops after ${numbers.format(link.max_clicks)} clicks` : '',
    link.expired_url ? `then leads to ${link.expired_url}` : '',
    link.forward_query ? 'forwards its query string' : '',
  ].filter(Boolean);
  return { state, lifecycle: facts.join(' · ') };
}

/** A link's row, from the page's template; each control's name says which link it acts on. */
function renderLink(link) {
  const row = document.getElementById('link-template').content.firstElementChild.cloneNode(true);
  fillRow(row, link);
  const prefix = `link-${link.id}`;
  for (const line of row.querySelectorAll('.edit-form [data-error-for]')) {
    line.id = `${prefix}-${line.dataset.errorFor}-error`;
    row.querySelector(`.edit-form [name="${line.dataset.errorFor}"]`)?.setAttribute('aria-describedby', line.id);
  }
  return row;
}

function fillRow(row, link) {
  const { state, lifecycle } = describe(link);
  row.dataset.id = String(link.id);
  row.link = link;
  const field = (name) => row.querySelector(`[data-field="${name}"]`);
  field('short_url').textContent = link.short_url;
  field('short_url').href = link.short_url;
  field('state').textContent = state;
  field('state').dataset.state = state.toLowerCase();
  field('title').textContent = link.title ?? '';
  field('title').hidden = link.title === null;
  field('original_url').textContent = link.original_url;
  field('original_url').href = link.original_url;
  field('lifecycle').textContent = lifecycle;
  field('lifecycle').hidden = lifecycle === '';
  const name = link.short_code;
  const action = (which) => row.querySelector(`[data-action="${which}"]`);
  action('copy').setAttribute('aria-label', `Copy ${link.short_url}`);
  action('qr').setAttribute('aria-label', `QR code of ${name}`);
  action('stats').href = `${link.short_url}+`;
  action('stats').setAttribute('aria-label', `Statistics of ${name}`);
  action('edit').setAttribute('aria-label', `Edit ${name}`);
  action('toggle').textContent = link.is_active ? 'Deactivate' : 'Activate';
  action('toggle').setAttribute('aria-label', `${link.is_active ? 'Deactivate' : 'Activate'} ${name}`);
  action('delete').setAttribute('aria-label', `Delete ${name}`);
  row.querySelector('.qr-box img').alt = `QR code of ${link.short_url}`;
}

/**
 * Clicks of the last 7 days: the owner's statistics name its top 10 links in one call; only when it has more
 * links with clicks (an `other` entry) are the rows it does not name asked for one by one.
 */
async function showClicks(rows) {
  const userId = owner?.userId ?? rows[0]?.link.user_id;
  if (rows.length === 0 || userId === undefined) return;
  const set = (row, clicks) => {
    row.querySelector('[data-field="clicks"]').textContent = numbers.format(clicks);
    row.querySelector('.clicks .unit').textContent = clicks === 1 ? 'click' : 'clicks';
  };
  try {
    const { data: stats } = await api('GET', `users/${userId}/stats`);
    const top = new Map(stats.links.filter((entry) => entry.url_id !== null).map((entry) => [entry.url_id, entry]));
    const more = stats.links.some((entry) => entry.url_id === null);
    for (const row of rows) {
      const known = top.get(row.link.id);
      if (known || !more) set(row, known?.clicks ?? 0);
      else
        api('GET', `urls/${row.link.id}/stats`).then(
          ({ data }) => set(row, data.totals.clicks),
          () => {},
        );
    }
  } catch {
    // The counts are extra: the links stay usable without them, shown as "–".
  }
}

/** Where a row's action reports its error: its own line, under its buttons. */
function rowError(row, error) {
  const line = row.querySelector('[data-error-for="row"]');
  line.textContent = error instanceof ApiError ? Object.values(error.messages()).join(' ') : error.message;
}

list.addEventListener('click', async (event) => {
  const control = event.target.closest('[data-action]');
  const row = control?.closest('li.link');
  if (!row || control.dataset.action === 'stats') return;
  row.querySelector('[data-error-for="row"]').textContent = '';
  try {
    await rowActions[control.dataset.action]?.(row, control);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && keysMode) askForKey(error.messages().key);
    else rowError(row, error);
  }
});

const rowActions = {
  async copy(row) {
    try {
      await navigator.clipboard.writeText(row.link.short_url);
    } catch {
      throw new Error('The browser did not let the page copy: select the short link and copy it yourself.');
    }
    status.textContent = `Copied ${row.link.short_url}`;
  },
  async qr(row, button) {
    const box = row.querySelector('.qr-box');
    const image = box.querySelector('img');
    if (!box.hidden) {
      box.hidden = true;
      button.setAttribute('aria-expanded', 'false');
      return;
    }
    // Fetched with the key (keys mode), and shown from memory.
    const response = await fetch(`urls/${row.link.id}/qr`, { headers: authorization() });
    if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
    if (image.src) URL.revokeObjectURL(image.src);
    image.src = URL.createObjectURL(await response.blob());
    box.hidden = false;
    button.setAttribute('aria-expanded', 'true');
  },
  edit(row, button) {
    const form = row.querySelector('.edit-form');
    form.hidden = !form.hidden;
    button.setAttribute('aria-expanded', String(!form.hidden));
    if (form.hidden) return;
    clearErrors(form);
    form.elements.original_url.value = row.link.original_url;
    form.elements.title.value = row.link.title ?? '';
    form.elements.original_url.focus();
  },
  'cancel-edit'(row) {
    row.querySelector('.edit-form').hidden = true;
    const edit = row.querySelector('[data-action="edit"]');
    edit.setAttribute('aria-expanded', 'false');
    edit.focus();
  },
  async toggle(row, button) {
    const { data } = await api('PUT', `urls/${row.link.id}`, { is_active: !row.link.is_active });
    fillRow(row, data);
    status.textContent = `${data.short_url} is ${data.is_active ? 'active again' : 'deactivated: it no longer redirects'}.`;
    button.focus();
  },
  async delete(row) {
    confirmDelete.querySelector('[data-field="short_url"]').textContent = row.link.short_url;
    confirmDelete.returnValue = '';
    confirmDelete.showModal();
    const answer = await new Promise((resolve) =>
      confirmDelete.addEventListener('close', () => resolve(confirmDelete.returnValue), { once: true }),
    );
    if (answer !== 'delete') return;
    await api('DELETE', `urls/${row.link.id}`);
    row.remove();
    document.getElementById('links-empty').hidden = list.children.length > 0;
    status.textContent = `Deleted ${row.link.short_url}.`;
    document.getElementById('links-heading').focus();
  },
};

list.addEventListener('submit', async (event) => {
  const form = event.target.closest('.edit-form');
  const row = form?.closest('li.link');
  if (!row) return;
  event.preventDefault();
  try {
    clearErrors(form);
    const title = form.elements.title.value;
    const { data } = await api('PUT', `urls/${row.link.id}`, {
      original_url: form.elements.original_url.value,
      title: title.trim() === '' ? null : title,
    });
    fillRow(row, data);
    form.hidden = true;
    row.querySelector('[data-action="edit"]').setAttribute('aria-expanded', 'false');
    row.querySelector('[data-action="edit"]').focus();
    status.textContent = `Saved ${data.short_url}.`;
  } catch (error) {
    showErrors(form, error);
  }
});

// A new link.

/** The create form as the API takes it: empty optional fields left out, the expiry from local time to UTC. */
function newLink(form) {
  const value = (name) => form.elements[name].value.trim();
  const body = { original_url: form.elements.original_url.value };
  if (owner.userId !== undefined) body.user_id = owner.userId;
  for (const name of ['title', 'short_code', 'expired_url'])
    if (value(name) !== '') body[name] = form.elements[name].value;
  if (value('expires_at') !== '') body.expires_at = new Date(value('expires_at')).toISOString();
  if (value('max_clicks') !== '') body.max_clicks = Number(value('max_clicks'));
  if (form.elements.forward_query.checked) body.forward_query = true;
  return body;
}

onSubmit(createForm, async () => {
  try {
    const { data: link } = await api('POST', 'urls', newLink(createForm));
    createForm.reset();
    const row = renderLink(link);
    list.prepend(row);
    document.getElementById('links-empty').hidden = true;
    showClicks([row]);
    status.textContent = `Created ${link.short_url}`;
  } catch (error) {
    // A field of the lifecycle in error: open its part of the form, so the message is seen.
    const fields = error instanceof ApiError ? Object.keys(error.messages()) : [];
    if (fields.some((field) => ['expires_at', 'max_clicks', 'expired_url', 'forward_query'].includes(field))) {
      document.getElementById('create-more').open = true;
    }
    throw error;
  }
});

/** An error with no field or row of its own (the list could not be read): said in the status line. */
function failed(error) {
  if (error instanceof ApiError && error.status === 401 && keysMode) return askForKey(error.messages().key);
  status.textContent = `Something went wrong: ${error.message}`;
}

async function start() {
  if (keysMode) {
    if (!storedKey()) return askForKey();
    try {
      return await startWithKey();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return askForKey(error.messages().key);
      throw error;
    }
  }
  const user = Number(new URLSearchParams(window.location.search).get('user'));
  if (!user) return chooseUser();
  try {
    await showUser(user);
  } catch (error) {
    await chooseUser();
    showErrors(pickUserForm, error.status === 404 ? new Error(`User ${user} was not found.`) : error, 'user_id');
  }
}

start().catch(failed);
