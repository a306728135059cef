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

/** The HTML page of an error, with its status and the contract's message. */
export function errorPage(statusCode: number, detail: string, headers: Record<string, string>): APIGatewayProxyResult {
  const title = escapeHtml(detail);
  const explanation = explanations[statusCode] ?? 'Something went wrong with this link.';
  return {
    statusCode,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      ...headers,
    },
    body: `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1d2733}h1{font-size:1.5rem}p{color:#55606e}</style>
</head>
<body>
  <main>
    <h1>${title}</h1>
    <p>${escapeHtml(explanation)}</p>
    <p><small>Error ${statusCode}</small></p>
  </main>
</body>
</html>
`,
  };
}
