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
  webhooks: document.getElementById('webhooks-section'),
};
const keyForm = document.getElementById('key-form');
const pickUserForm = document.getElementById('pick-user-form');
const createUserForm = document.getElementById('create-user-form');
const createForm = document.getElementById('create-form');
const list = document.getElementById('links');
const tagFilterForm = document.getElementById('tag-filter-form');
const userTags = document.getElementById('user-tags');
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
/** The tag the list is filtered by (`GET /urls?tag=`), or none. */
let tagFilter;

/** An answer of the API that is not a success, with what it says in words, by the field it is about. */
class ApiError extends Error {
  constructor(status, body, retryAfter) {
    super(typeof body?.detail === 'string' ? body.detail : `The service answered ${status}`);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }

  /**
   * `{field: message}`: a validation error's items by their field's path in the body (`title`,
   * `redirect_rules.0.conditions.1.value`), anything else by what it is about.
   */
  messages() {
    if (Array.isArray(this.body?.detail)) {
      const byField = {};
      for (const item of this.body.detail) {
        const field = item.loc?.[0] === 'body' && item.loc.length > 1 ? item.loc.slice(1).join('.') : 'form';
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

/** What a part of a field's path names, for a message shown at the line of what holds it. */
const partNames = { url: 'Destination', weight: 'Weight', type: 'Condition', name: 'Parameter', value: 'Value' };

/**
 * The error line of a field's path: its own, or else that of the nearest part that holds it (a condition's
 * `value` at its condition's line, `tags.2` at the tags' line).
 */
function errorLine(form, field) {
  for (let path = field.split('.'); path.length > 0; path = path.slice(0, -1)) {
    const line = form.querySelector(`[data-error-for="${CSS.escape(path.join('.'))}"]`);
    if (line) return line;
  }
  return undefined;
}

/** The control a field's path names: by its name, or by its path in a campaign editor. */
function controlOf(form, field) {
  const named = form.elements.namedItem?.(field);
  if (named instanceof HTMLElement) return named;
  return form.querySelector(`[data-path="${CSS.escape(field)}"]`) ?? undefined;
}

/**
 * Shows an error next to its cause: each message at its field's error line (the form's own line for the rest),
 * the field marked invalid, a folded part of the form holding it opened; the first field in error gets the
 * focus, so the keyboard is where the fix is.
 */
function showErrors(form, error, fallback = 'form') {
  clearErrors(form);
  const messages = error instanceof ApiError ? error.messages() : { form: error.message };
  let first;
  for (const [field, message] of Object.entries(messages)) {
    const line = errorLine(form, field) ?? form.querySelector(`[data-error-for="${fallback}"]`);
    if (!line) continue;
    const control = controlOf(form, field);
    // A message about a part of what the line is for says which part: "Weight: ...", "Tag "x": ...".
    const rest = field.startsWith(`${line.dataset.errorFor}.`) ? field.slice(line.dataset.errorFor.length + 1) : '';
    const part = control?.dataset.tag ? `Tag "${control.dataset.tag}"` : partNames[rest.split('.').pop()];
    const text = part ? `${part}: ${message}` : message;
    line.textContent = line.textContent ? `${line.textContent} ${text}` : text;
    for (let details = line.closest('details'); details; details = details.parentElement.closest('details')) {
      details.open = true;
    }
    if (control) {
      control.setAttribute('aria-invalid', 'true');
      // A tag in error is a chip: the keyboard goes to the field that adds tags.
      first ??= control.matches('input, select, button') ? control : line.closest('.field')?.querySelector('input');
    } else if (line.dataset.errorFor !== fallback) {
      // About a whole list (the variants' weights, a rule's conditions): the keyboard goes to its first control.
      const around = line.closest('li, fieldset');
      first ??= around?.querySelector('[data-key="weight"]') ?? around?.querySelector('input:enabled, select');
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
  const { data: links, response } = await api('GET', listPath(who, undefined));
  owner = who;
  tagFilter = undefined;
  tagFilterForm.reset();
  clearErrors(tagFilterForm);
  document.getElementById('acting-as').textContent = who.label;
  document.getElementById('switch-user').hidden = who.userId === undefined;
  show('session', 'create', 'links');
  showLinks(links, response);
  // A user's key names no user: its links do (their tags are asked for by their user's id).
  owner.tagsOf = who.userId ?? links[0]?.user_id;
  showTags();
  showWebhooks().catch(failed);
  document.getElementById('create-original-url').focus();
}

const listPath = (who, tag) =>
  `urls?limit=${LINKS_PER_PAGE}${who.userId === undefined ? '' : `&user_id=${who.userId}`}${tag ? `&tag=${encodeURIComponent(tag)}` : ''}`;

/** The first window of links (of the tag filtered by), and how many there are in the status line. */
function showLinks(links, response) {
  list.replaceChildren();
  appendLinks(links, response);
  const count = `${links.length}${nextPage ? ' or more' : ''} link${links.length === 1 ? '' : 's'}`;
  status.textContent = tagFilter ? `${count} tagged ${tagFilter}.` : `${count}.`;
}

/** Says so when the list is empty: no links yet, or none with the tag filtered by. */
function showEmpty() {
  const empty = list.children.length === 0;
  document.getElementById('links-empty').hidden = !empty || tagFilter !== undefined;
  document.getElementById('links-none-tagged').hidden = !empty || tagFilter === undefined;
}

/** Adds a window of links, and remembers where the next one starts (the API's `Link: <...>; rel="next"`). */
function appendLinks(links, response) {
  const rows = links.filter((link) => !list.querySelector(`[data-id="${link.id}"]`)).map(renderLink);
  list.append(...rows);
  const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('Link') ?? '');
  nextPage = next ? next[1].replace(/^\//, '') : undefined;
  moreLinks.hidden = nextPage === undefined;
  showEmpty();
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
  field('protected').hidden = !link.password_protected;
  field('tags').hidden = link.tags.length === 0;
  field('tags')
    .querySelector('ul')
    .replaceChildren(
      ...link.tags.map((tag) => {
        const button = element('button', tag, { type: 'button', class: 'chip', 'data-action': 'filter-tag' });
        button.dataset.tag = tag;
        button.setAttribute('aria-label', `Show the links tagged ${tag}`);
        return element('li', button);
      }),
    );
  const targets = describeTargets(link);
  field('targets').hidden = targets.length === 0;
  field('targets').replaceChildren(...targets.map((line) => element('li', line)));
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
    // The campaign's editor is made the first time it is needed, with ids of the link's own.
    const editor =
      form.querySelector('.campaign') ?? campaignEditor(form.querySelector('[data-campaign]'), `link-${row.link.id}`);
    fillCampaign(editor, row.link);
    form.elements.original_url.focus();
  },
  async 'filter-tag'(_row, button) {
    await filterBy(button.dataset.tag);
    (userTags.querySelector('[aria-pressed="true"]') ?? document.getElementById('links-heading')).focus();
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
    showEmpty();
    status.textContent = `Deleted ${row.link.short_url}.`;
    document.getElementById('links-heading').focus();
    showTags();
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
      // Each of the campaign's fields as a whole: what the editor shows is what the link then has.
      ...campaignOf(form.querySelector('.campaign'), true),
    });
    fillRow(row, data);
    showTags();
    form.hidden = true;
    row.querySelector('[data-action="edit"]').setAttribute('aria-expanded', 'false');
    row.querySelector('[data-action="edit"]').focus();
    status.textContent = `Saved ${data.short_url}.`;
  } catch (error) {
    showErrors(form, error);
  }
});

/** An element with its text (or child) and attributes. */
function element(tag, content, attributes = {}) {
  const made = document.createElement(tag);
  made.append(content);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  return made;
}

// A link's campaign (docs/decisions.md, "Links for campaigns"): its tags, redirect rules, A/B variants and
// password, in words on its row and in an editor on the create and edit forms.

const TAG = /^[a-z0-9_-]{1,32}$/;
const MAX_TAGS = 10;
const MAX_RULES = 20;
const MAX_CONDITIONS = 10;
const MAX_VARIANTS = 5;
const variantName = (index) => `Variant ${String.fromCharCode(65 + index)}`;
const instant = (value) => `${value.replace(/Z$/, '').replace('T', ' ')} UTC`;

/** A condition in words: "device is ios", "the query has utm_source=mail", "before 2026-12-31 23:59:59 UTC". */
function describeCondition(condition) {
  if (condition.type === 'query') {
    return `the query has ${condition.name}${condition.value === undefined ? '' : `=${condition.value}`}`;
  }
  if (condition.type === 'after') return `at or after ${instant(condition.value)}`;
  if (condition.type === 'before') return `before ${instant(condition.value)}`;
  return `${condition.type} is ${condition.value}`;
}

/** Where a link's visits may go besides its destination, a line each: its rules, then its variants. */
function describeTargets(link) {
  return [
    ...link.redirect_rules.map(
      (rule, index) => `Rule ${index + 1}: when ${rule.conditions.map(describeCondition).join(' and ')} → ${rule.url}`,
    ),
    ...(link.variants ?? []).map((variant, index) => `${variantName(index)} (${variant.weight} %) → ${variant.url}`),
  ];
}

const fromTemplate = (id) => document.getElementById(id).content.firstElementChild.cloneNode(true);
const partOf = (editor, name) => editor.querySelector(`[data-field="${name}"]`);
/** The controls and error lines of a rule, condition or variant that are its own (not its conditions'). */
const ownOf = (item, selector) => [...item.querySelectorAll(selector)].filter((found) => found.closest('li') === item);

/** A campaign editor in a form's `slot`, from the page's template: its ids start with `prefix`. */
function campaignEditor(slot, prefix) {
  const editor = fromTemplate('campaign-template');
  editor.dataset.prefix = prefix;
  for (const named of editor.querySelectorAll('[data-id]')) named.id = `${prefix}-${named.dataset.id}`;
  for (const label of editor.querySelectorAll('label[data-for]')) label.htmlFor = `${prefix}-${label.dataset.for}`;
  for (const described of editor.querySelectorAll('[data-describedby]')) {
    described.setAttribute('aria-describedby', `${prefix}-${described.dataset.describedby}`);
  }
  editor.addEventListener('click', onEditorClick);
  editor.addEventListener('keydown', onEditorKeydown);
  editor.addEventListener('input', onEditorInput);
  editor.addEventListener('change', onEditorChange);
  slot.replaceChildren(editor);
  return editor;
}

/** Shows a link's campaign in the editor (none: an empty one, for a new link). */
function fillCampaign(editor, link) {
  partOf(editor, 'tag-chips').replaceChildren();
  for (const tag of link?.tags ?? []) addTag(editor, tag);
  editor.querySelector('[data-path="tags"]').value = '';
  partOf(editor, 'rules').replaceChildren();
  for (const rule of link?.redirect_rules ?? []) addRule(editor, rule);
  partOf(editor, 'variants').replaceChildren();
  for (const variant of link?.variants ?? []) addVariant(editor, variant);
  showPasswordState(editor, link?.password_protected ?? false);
  renumber(editor);
}

function addTag(editor, tag) {
  const remove = element('button', '×', {
    type: 'button',
    'data-do': 'remove-tag',
    'aria-label': `Remove the tag ${tag}`,
  });
  const chip = element('li', element('span', tag), { class: 'chip' });
  chip.append(remove);
  chip.dataset.tag = tag;
  partOf(editor, 'tag-chips').append(chip);
}

const tagsOf = (editor) => [...partOf(editor, 'tag-chips').children].map((chip) => chip.dataset.tag);

/**
 * Adds the tags typed in the tag field (separated by commas, any case, kept lower-case); what cannot be a tag
 * stays in the field. Answers why, or nothing when every typed tag is added.
 */
function takeTypedTags(editor) {
  const input = editor.querySelector('[data-path="tags"]');
  const refused = [];
  const kept = [];
  const added = [];
  for (const tag of input.value.split(',').map((typed) => typed.trim().toLowerCase())) {
    if (tag === '' || tagsOf(editor).includes(tag)) continue;
    if (!TAG.test(tag)) {
      refused.push(`"${tag}" is no tag: a tag is 1 to 32 characters: a-z, 0-9, _ and -.`);
      kept.push(tag);
    } else if (tagsOf(editor).length >= MAX_TAGS) {
      refused.push(`A link has at most ${MAX_TAGS} tags: "${tag}" is one too many.`);
      kept.push(tag);
    } else {
      addTag(editor, tag);
      added.push(tag);
    }
  }
  input.value = kept.join(', ');
  renumber(editor);
  if (added.length > 0) status.textContent = `Tag${added.length === 1 ? '' : 's'} ${added.join(', ')} added.`;
  return refused.length > 0 ? refused.join(' ') : undefined;
}

/** Says at the tag field why what was typed is no tag, or that it is fine now. */
function showTagRefusal(editor, refusal) {
  const input = editor.querySelector('[data-path="tags"]');
  editor.querySelector('[data-error-for="tags"]').textContent = refusal ?? '';
  if (refusal) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

function addRule(editor, rule) {
  const item = fromTemplate('rule-template');
  item.querySelector('[data-key="url"]').value = rule?.url ?? '';
  for (const condition of rule?.conditions ?? [{ type: 'device', value: 'mobile' }]) addCondition(item, condition);
  partOf(editor, 'rules').append(item);
  return item;
}

/** The control of a condition's value for its type (a list of values, or text). */
const valueControlOf = (condition) =>
  condition.querySelector('label[data-for-types]:not([hidden]) [data-key="value"]') ?? undefined;

function addCondition(rule, condition) {
  const item = fromTemplate('condition-template');
  item.querySelector('[data-key="type"]').value = condition.type;
  showConditionType(item);
  if (condition.type === 'query') item.querySelector('[data-key="name"]').value = condition.name ?? '';
  const value = valueControlOf(item);
  if (condition.value !== undefined) {
    value.value = value.tagName === 'SELECT' ? condition.value.toLowerCase() : condition.value;
  }
  rule.querySelector('.conditions').append(item);
  return item;
}

/** Shows the controls of the condition's type only: a list for a device or a browser, text for the rest. */
function showConditionType(condition) {
  const type = condition.querySelector('[data-key="type"]').value;
  for (const label of condition.querySelectorAll('label[data-for-types]')) {
    label.hidden = !label.dataset.forTypes.split(' ').includes(type);
  }
}

function addVariant(editor, variant) {
  const item = fromTemplate('variant-template');
  item.querySelector('[data-key="url"]').value = variant?.url ?? '';
  item.querySelector('[data-key="weight"]').value = variant?.weight ?? '';
  partOf(editor, 'variants').append(item);
  return item;
}

const weightOf = (variant) => Number(variant.querySelector('[data-key="weight"]').value) || 0;

/** The running total of the weights, and what it lacks to be 100. */
function showWeights(editor) {
  const variants = [...partOf(editor, 'variants').children];
  const line = partOf(editor, 'weights');
  const total = variants.reduce((sum, variant) => sum + weightOf(variant), 0);
  line.hidden = variants.length === 0;
  line.dataset.ok = String(total === 100 && variants.length >= 2);
  line.textContent =
    variants.length === 1
      ? 'An A/B test needs at least 2 variants: add one, or remove this one.'
      : total === 100
        ? 'The weights add up to 100 %.'
        : `The weights add up to ${total} %: they must add up to 100 (${total < 100 ? `${100 - total} to go` : `${total - 100} too many`}).`;
}

/** Whether the link has a password, and what the password field does then (set one, or replace it). */
function showPasswordState(editor, isProtected) {
  partOf(editor, 'password-state').textContent = isProtected
    ? 'Protected: a visitor types the password before the link redirects.'
    : 'Not protected: anyone with the link can visit it.';
  const hint = isProtected
    ? '(8 to 128 characters; empty: keep the current one)'
    : '(8 to 128 characters; empty: none)';
  partOf(editor, 'password-label').replaceChildren(
    isProtected ? 'New password ' : 'Password ',
    element('span', hint, { class: 'hint' }),
  );
  partOf(editor, 'remove-password').hidden = !isProtected;
  const input = editor.querySelector('[data-path="password"]');
  input.value = '';
  input.disabled = false;
  editor.querySelector('[data-id="remove-password"]').checked = false;
}

/**
 * Names every rule, condition and variant by its place (after any is added, removed or moved): its label, its
 * controls' paths and its error lines as the API's `loc` names them, which buttons can act.
 */
function renumber(editor) {
  const prefix = editor.dataset.prefix;
  /** `around`: the ids of the lines about the whole list, which describe its items' controls too. */
  const place = (item, path, label, around) => {
    item.querySelector('[role="group"]').setAttribute('aria-label', label);
    const lines = ownOf(item, '[data-error-rel]');
    for (const line of lines) {
      line.dataset.errorFor = line.dataset.errorRel ? `${path}.${line.dataset.errorRel}` : path;
      line.id = `${prefix}-${line.dataset.errorFor.replaceAll('.', '-')}-error`;
    }
    for (const control of ownOf(item, '[data-key]')) {
      const shown = !control.closest('label[hidden]');
      if (shown) control.dataset.path = `${path}.${control.dataset.key}`;
      else delete control.dataset.path;
      control.setAttribute('aria-describedby', [...lines.map((line) => line.id), ...around].join(' '));
    }
  };
  const button = (item, action) => ownOf(item, `[data-do="${action}"]`)[0];

  [...partOf(editor, 'tag-chips').children].forEach((chip, index) => {
    chip.dataset.path = `tags.${index}`;
  });

  const rules = [...partOf(editor, 'rules').children];
  rules.forEach((rule, index) => {
    const name = `Rule ${index + 1}`;
    rule.querySelector('.rule-name').textContent = name;
    place(rule, `redirect_rules.${index}`, name, [`${prefix}-rules-error`]);
    const conditions = [...rule.querySelector('.conditions').children];
    conditions.forEach((condition, at) => {
      place(condition, `redirect_rules.${index}.conditions.${at}`, `Condition ${at + 1} of rule ${index + 1}`, []);
      button(condition, 'remove-condition').setAttribute(
        'aria-label',
        `Remove condition ${at + 1} of rule ${index + 1}`,
      );
    });
    button(rule, 'add-condition').setAttribute('aria-label', `Add a condition to rule ${index + 1}`);
    button(rule, 'add-condition').disabled = conditions.length >= MAX_CONDITIONS;
    // Each button's name begins with its text, then says which rule it acts on.
    button(rule, 'rule-up').setAttribute('aria-label', `Move up: rule ${index + 1}`);
    button(rule, 'rule-up').disabled = index === 0;
    button(rule, 'rule-down').setAttribute('aria-label', `Move down: rule ${index + 1}`);
    button(rule, 'rule-down').disabled = index === rules.length - 1;
    button(rule, 'remove-rule').setAttribute('aria-label', `Remove rule ${index + 1}`);
  });
  editor.querySelector('[data-do="add-rule"]').disabled = rules.length >= MAX_RULES;

  const variants = [...partOf(editor, 'variants').children];
  variants.forEach((variant, index) => {
    place(variant, `variants.${index}`, variantName(index), [`${prefix}-variants-error`, `${prefix}-weights`]);
    button(variant, 'remove-variant').setAttribute('aria-label', `Remove ${variantName(index).toLowerCase()}`);
  });
  const addVariantButton = editor.querySelector('[data-do="add-variant"]');
  addVariantButton.textContent = variants.length === 0 ? 'Add A/B variants' : 'Add a variant';
  addVariantButton.disabled = variants.length >= MAX_VARIANTS;
  showWeights(editor);
}

/** Where the keyboard goes once an item is removed: the next one's same button, else the one before, else `add`. */
function focusAfterRemoving(item, action, add) {
  const neighbour = item.nextElementSibling ?? item.previousElementSibling;
  item.remove();
  (neighbour ? ownOf(neighbour, `[data-do="${action}"]`)[0] : add).focus();
}

const editorActions = {
  'remove-tag'(editor, chip) {
    const neighbour = chip.nextElementSibling ?? chip.previousElementSibling;
    chip.remove();
    (neighbour?.querySelector('button') ?? editor.querySelector('[data-path="tags"]')).focus();
    status.textContent = `Tag ${chip.dataset.tag} removed.`;
  },
  'add-rule'(editor) {
    const rule = addRule(editor);
    renumber(editor);
    rule.querySelector('[data-key="url"]').focus();
  },
  'remove-rule'(editor, rule) {
    focusAfterRemoving(rule, 'remove-rule', editor.querySelector('[data-do="add-rule"]'));
  },
  'rule-up'(editor, rule, button) {
    rule.previousElementSibling?.before(rule);
    moved(editor, rule, button);
  },
  'rule-down'(editor, rule, button) {
    rule.nextElementSibling?.after(rule);
    moved(editor, rule, button);
  },
  'add-condition'(editor, rule) {
    const condition = addCondition(rule, { type: 'device', value: 'mobile' });
    renumber(editor);
    condition.querySelector('[data-key="type"]').focus();
  },
  'remove-condition'(_editor, condition) {
    const rule = condition.parentElement.closest('li');
    focusAfterRemoving(condition, 'remove-condition', ownOf(rule, '[data-do="add-condition"]')[0]);
  },
  'add-variant'(editor) {
    const variants = partOf(editor, 'variants');
    // A test has 2 variants at least: the first click adds two, half and half; another gets what is left.
    const added =
      variants.children.length === 0
        ? [addVariant(editor, { url: '', weight: 50 }), addVariant(editor, { url: '', weight: 50 })][0]
        : addVariant(editor, {
            url: '',
            weight:
              Math.max(0, 100 - [...variants.children].reduce((sum, variant) => sum + weightOf(variant), 0)) || '',
          });
    renumber(editor);
    added.querySelector('[data-key="url"]').focus();
  },
  'remove-variant'(editor, variant) {
    focusAfterRemoving(variant, 'remove-variant', editor.querySelector('[data-do="add-variant"]'));
  },
};

/** A rule moved up or down keeps the keyboard on its button (or the other one, at the end of the list). */
function moved(editor, rule, button) {
  renumber(editor);
  const other = ownOf(rule, `[data-do="${button.dataset.do === 'rule-up' ? 'rule-down' : 'rule-up'}"]`)[0];
  (button.disabled ? other : button).focus();
  status.textContent = `Moved: it is ${rule.querySelector('.rule-name').textContent.toLowerCase()} now.`;
}

function onEditorClick(event) {
  const button = event.target.closest('[data-do]');
  if (!button) return;
  const editor = event.currentTarget;
  editorActions[button.dataset.do](editor, button.closest('li'), button);
  renumber(editor);
}

/** In the tag field, Enter or a comma adds what is typed (Enter on an empty field sends the form, as anywhere). */
function onEditorKeydown(event) {
  if (event.target.dataset.path !== 'tags' || !['Enter', ','].includes(event.key)) return;
  if (event.key === 'Enter' && event.target.value.trim() === '') return;
  event.preventDefault();
  showTagRefusal(event.currentTarget, takeTypedTags(event.currentTarget));
}

function onEditorInput(event) {
  const editor = event.currentTarget;
  // Tags pasted with commas between them are added at once.
  if (event.target.dataset.path === 'tags' && event.target.value.includes(',')) {
    showTagRefusal(editor, takeTypedTags(editor));
  }
  if (event.target.dataset.key === 'weight') showWeights(editor);
}

function onEditorChange(event) {
  const editor = event.currentTarget;
  if (event.target.dataset.key === 'type') {
    showConditionType(event.target.closest('li'));
    renumber(editor);
  }
  if (event.target.dataset.id === 'remove-password') {
    const input = editor.querySelector('[data-path="password"]');
    input.disabled = event.target.checked;
    if (event.target.checked) input.value = '';
  }
}

/**
 * The campaign as the API takes it. A new link's leaves out what is empty; an update sends each field whole
 * (`[]` and `null` clear), and the password only when it is set or removed. Tags still typed are added first;
 * what cannot be one is a 422 at the tags, as the API would answer.
 */
function campaignOf(editor, update) {
  const refusal = takeTypedTags(editor);
  if (refusal) throw new ApiError(422, { detail: [{ loc: ['body', 'tags'], msg: refusal }] });
  const tags = tagsOf(editor);
  const rules = [...partOf(editor, 'rules').children].map((rule) => ({
    url: rule.querySelector('[data-key="url"]').value.trim(),
    conditions: [...rule.querySelector('.conditions').children].map((condition) => {
      const type = condition.querySelector('[data-key="type"]').value;
      const value = valueControlOf(condition).value.trim();
      if (type !== 'query') return { type, value };
      const name = condition.querySelector('[data-key="name"]').value.trim();
      return value === '' ? { type, name } : { type, name, value };
    }),
  }));
  const variants = [...partOf(editor, 'variants').children].map((variant) => {
    const weight = variant.querySelector('[data-key="weight"]').value.trim();
    return {
      url: variant.querySelector('[data-key="url"]').value.trim(),
      weight: weight === '' ? null : Number(weight),
    };
  });
  const password = editor.querySelector('[data-path="password"]');
  const body = {};
  if (update || tags.length > 0) body.tags = tags;
  if (update || rules.length > 0) body.redirect_rules = rules;
  if (update || variants.length > 0) body.variants = variants.length > 0 ? variants : null;
  if (editor.querySelector('[data-id="remove-password"]').checked) body.password = null;
  else if (password.value !== '') body.password = password.value;
  return body;
}

// The links of one tag: the user's tags (GET /users/{id}/tags) as buttons, or one typed.

/** The user's tags, with how many links carry each, as buttons that filter the list; the one in use pressed. */
async function showTags() {
  const userId = owner?.tagsOf;
  try {
    const { data: tags } = userId === undefined ? { data: [] } : await api('GET', `users/${userId}/tags`);
    const chip = (tag, text) => {
      const button = element('button', text, { type: 'button', class: 'chip' });
      button.dataset.tag = tag;
      return element('li', button);
    };
    userTags
      .querySelector('ul')
      .replaceChildren(chip('', 'All links'), ...tags.map(({ tag, links }) => chip(tag, `${tag} (${links})`)));
    userTags.hidden = tags.length === 0;
    showPressed();
  } catch {
    // The buttons are extra: a tag can still be typed.
    userTags.hidden = true;
  }
}

function showPressed() {
  for (const button of userTags.querySelectorAll('button')) {
    button.setAttribute('aria-pressed', String(button.dataset.tag === (tagFilter ?? '')));
  }
}

/** Lists the links of a tag (none: all of them again). */
async function filterBy(tag) {
  const { data: links, response } = await api('GET', listPath(owner, tag));
  tagFilter = tag;
  tagFilterForm.elements.tag.value = tag ?? '';
  clearErrors(tagFilterForm);
  showPressed();
  showLinks(links, response);
}

userTags.addEventListener('click', async (event) => {
  const button = event.target.closest('button');
  if (!button) return;
  try {
    await filterBy(button.dataset.tag || undefined);
  } catch (error) {
    failed(error);
  }
});

onSubmit(
  tagFilterForm,
  async () => {
    const tag = tagFilterForm.elements.tag.value.trim().toLowerCase();
    if (tag !== '' && !TAG.test(tag)) {
      throw new ApiError(422, {
        detail: [{ loc: ['body', 'tag'], msg: 'A tag is 1 to 32 characters: a-z, 0-9, _ and -.' }],
      });
    }
    await filterBy(tag === '' ? undefined : tag);
  },
  'tag',
);

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

const createEditor = campaignEditor(createForm.querySelector('[data-campaign]'), 'create');
fillCampaign(createEditor);

// A field in error in a folded part of the form (the lifecycle's, the campaign's): showErrors opens it.
onSubmit(createForm, async () => {
  const { data: link } = await api('POST', 'urls', { ...newLink(createForm), ...campaignOf(createEditor, false) });
  createForm.reset();
  fillCampaign(createEditor);
  owner.tagsOf ??= link.user_id;
  showTags();
  // A list filtered by a tag the new link does not carry does not show it.
  if (tagFilter !== undefined && !link.tags.includes(tagFilter)) {
    status.textContent = `Created ${link.short_url} (not listed: it is not tagged ${tagFilter})`;
    return;
  }
  const row = renderLink(link);
  list.prepend(row);
  showEmpty();
  showClicks([row]);
  status.textContent = `Created ${link.short_url}`;
});

// The webhooks of the user whose links are shown (docs/decisions.md, "Webhooks").

const webhookForm = document.getElementById('webhook-form');
const webhookList = document.getElementById('webhooks');
const webhookSecret = document.getElementById('webhook-secret');
const webhooksPath = () => `users/${owner.tagsOf}/webhooks`;

/** Lists the user's webhooks (at most 10: one page); hidden when the user is not known (a key without links). */
async function showWebhooks() {
  webhookSecret.hidden = true;
  sections.webhooks.hidden = owner.tagsOf === undefined;
  if (owner.tagsOf === undefined) return;
  const { data: webhooks } = await api('GET', `${webhooksPath()}?per_page=10`);
  webhookList.replaceChildren(...webhooks.map(renderWebhook));
  document.getElementById('webhooks-empty').hidden = webhooks.length > 0;
}

function renderWebhook(webhook) {
  const row = document.getElementById('webhook-template').content.firstElementChild.cloneNode(true);
  row.dataset.id = webhook.id;
  fillWebhook(row, webhook);
  return row;
}

function fillWebhook(row, webhook) {
  row.querySelector('[data-field="url"]').textContent = webhook.url;
  const state = webhook.status === 'active' ? 'active' : `paused: ${webhook.disabled_reason ?? 'disabled'}`;
  row.querySelector('[data-field="state"]').textContent = state;
  const types = webhook.event_types === null ? 'every event type' : webhook.event_types.join(', ');
  const links = webhook.url_ids === null ? 'all links' : `links ${webhook.url_ids.join(', ') || '(none left)'}`;
  row.querySelector('[data-field="scope"]').textContent = `Receives ${types}, of ${links}.`;
  const toggle = row.querySelector('[data-action="toggle-webhook"]');
  toggle.textContent = webhook.status === 'active' ? 'Pause' : 'Turn on again';
  toggle.dataset.status = webhook.status === 'active' ? 'disabled' : 'active';
}

onSubmit(webhookForm, async () => {
  const types = webhookForm.elements.event_types.value
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  const body = { url: webhookForm.elements.url.value.trim(), ...(types.length > 0 && { event_types: types }) };
  const { data: webhook } = await api('POST', webhooksPath(), body);
  webhookForm.reset();
  webhookList.append(renderWebhook(webhook));
  document.getElementById('webhooks-empty').hidden = true;
  webhookSecret.querySelector('[data-field="secret"]').textContent = webhook.secret;
  webhookSecret.hidden = false;
  status.textContent = `Webhook added for ${webhook.url}. Its secret is shown below, this once.`;
  document.getElementById('copy-webhook-secret').focus();
});

document.getElementById('copy-webhook-secret').addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText(webhookSecret.querySelector('[data-field="secret"]').textContent);
    status.textContent = 'The secret is copied.';
  } catch {
    status.textContent = 'The secret could not be copied: select it and copy it by hand.';
  }
});

/** A webhook's latest attempts, as a table under its row. */
async function showDeliveries(row, button) {
  const table = row.querySelector('table.deliveries');
  if (button.getAttribute('aria-expanded') === 'true') {
    table.hidden = true;
    row.querySelector('[data-field="no-deliveries"]').hidden = true;
    button.setAttribute('aria-expanded', 'false');
    return;
  }
  const { data: attempts } = await api('GET', `${webhooksPath()}/${row.dataset.id}/deliveries`);
  table.querySelector('tbody').replaceChildren(
    ...attempts.map((attempt) => {
      const line = document.createElement('tr');
      const cells = [
        attempt.at.replace('T', ' '),
        attempt.event_id === null ? attempt.event_type : `${attempt.event_type} #${attempt.event_id}`,
        String(attempt.attempt),
        attempt.status,
        attempt.response_status === null ? 'no answer' : String(attempt.response_status),
        `${attempt.duration_ms} ms`,
      ];
      line.append(...cells.map((text) => element('td', text)));
      return line;
    }),
  );
  table.hidden = attempts.length === 0;
  row.querySelector('[data-field="no-deliveries"]').hidden = attempts.length > 0;
  button.setAttribute('aria-expanded', 'true');
}

webhookList.addEventListener('click', async (event) => {
  const button = event.target.closest('button[data-action]');
  if (!button) return;
  const row = button.closest('li.webhook');
  const path = `${webhooksPath()}/${row.dataset.id}`;
  const error = row.querySelector('[data-error-for="row"]');
  error.textContent = '';
  button.disabled = true;
  try {
    if (button.dataset.action === 'ping') {
      await api('POST', `${path}/test`);
      status.textContent = 'Test ping sent: see its delivery in the latest deliveries.';
    } else if (button.dataset.action === 'deliveries') {
      await showDeliveries(row, button);
    } else if (button.dataset.action === 'toggle-webhook') {
      const { data: webhook } = await api('PUT', path, { status: button.dataset.status });
      fillWebhook(row, webhook);
      status.textContent = webhook.status === 'active' ? 'Webhook turned on again.' : 'Webhook paused.';
    } else if (button.dataset.action === 'delete-webhook') {
      await api('DELETE', path);
      row.remove();
      document.getElementById('webhooks-empty').hidden = webhookList.children.length > 0;
      status.textContent = 'Webhook deleted.';
      document.getElementById('webhook-url').focus();
      return;
    }
  } catch (failure) {
    error.textContent = failure instanceof ApiError ? Object.values(failure.messages()).join(' ') : failure.message;
  } finally {
    button.disabled = false;
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
