import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { acceptQuality, requestHeader } from './headers.js';

/**
 * Pages for people a browser following a short link, or opening a
 * statistics page, that meets an error gets a small HTML page with the same status, not raw JSON. Every
 * other client (`*`/`*`, JSON, no Accept) gets the contract's JSON unchanged.
 */

/** Whether the request's Accept header prefers HTML to JSON (a browser following a link). */
export function prefersHtml(event: Pick<APIGatewayProxyEvent, 'headers'>): boolean {
  const accept = requestHeader(event, 'accept');
  if (!accept) return false;
  return acceptQuality(accept, 'text/html') > acceptQuality(accept, 'application/json');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.codePointAt(0)};`);

/** What a person is told under each status a short link or its page can answer with. */
const explanations: Record<number, string> = {
  404: 'This short link does not exist, or it was turned off by its owner.',
  410: 'This short link no longer leads anywhere.',
  503: 'The service is busy for a moment. Try again in a few seconds.',
};

/** A small page for people: its status, its title, and its main part (HTML, escaped by the caller). */
function personPage(
  statusCode: number,
  title: string,
  main: string,
  headers: Record<string, string>,
): APIGatewayProxyResult {
  return {
    statusCode,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      ...headers,
    },
    body: `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1d2733}h1{font-size:1.5rem}p{color:#55606e}label{display:block;margin:1rem 0 .25rem}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}button{font:inherit;margin-top:.75rem;padding:.4rem 1rem}.error{color:#a4001d}</style>
</head>
<body>
  <main>
${main}
  </main>
</body>
</html>
`,
  };
}

/** The HTML page of an error, with its status and the contract's message. */
export function errorPage(statusCode: number, detail: string, headers: Record<string, string>): APIGatewayProxyResult {
  const explanation = explanations[statusCode] ?? 'Something went wrong with this link.';
  return personPage(
    statusCode,
    detail,
    `    <h1>${escapeHtml(detail)}</h1>
    <p>${escapeHtml(explanation)}</p>
    <p><small>Error ${statusCode}</small></p>`,
    headers,
  );
}

/**
 * The page a browser gets for a password-protected link (401): a form that posts the password to `action`
 * (the link's unlock route, with the visit's query), saying so when the last one was wrong.
 */
export function passwordPage(
  detail: 'Password required' | 'Wrong password',
  action: string,
  headers: Record<string, string>,
): APIGatewayProxyResult {
  const wrong = detail === 'Wrong password';
  return personPage(
    401,
    detail,
    `    <h1>This link is protected</h1>
    <p>Its owner asks for a password before it opens.</p>
    <form method="post" action="${escapeHtml(action)}">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" required minlength="1" maxlength="128" autocomplete="current-password" autofocus${wrong ? ' aria-describedby="wrong" aria-invalid="true"' : ''}>
      ${wrong ? '<p id="wrong" class="error" role="alert">Wrong password</p>' : ''}
      <button type="submit">Open the link</button>
    </form>`,
    headers,
  );
}
