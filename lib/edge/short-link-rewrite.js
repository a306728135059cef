// CloudFront Function (cloudfront-js-2.0 runtime), viewer request, on every behaviour of the distribution.
// A short link, https://<domain>/<code>, goes as it is to the default behaviour: the redirect function's URL.
// Its statistics page, https://<domain>/<code>+ (Bitly's convention), has behaviours of its own on the API,
// and is rewritten here to the page's route. `settings` is filled in at synth time
// (lib/short-link-function.ts) with the first path segments no short code may take (the route table's,
// lower-cased), the statistics page's route and the methods a short link answers.
const settings = SHORT_LINK_SETTINGS;

// A generated code is 6 letters and digits; a chosen one 3 to 64 of letters, digits, `_` and `-`.
const shortCodePath = /^\/([A-Za-z0-9_-]{3,64})$/;
const statsPagePath = /^\/([A-Za-z0-9_-]{3,64})(?:\+|%2[Bb])$/;

const isReserved = (code) => settings.reserved.indexOf(code.toLowerCase()) !== -1;

/** The URI to send to the origin instead of `uri` (a statistics page's short form), or null to leave it alone. */
function shortLinkTarget(uri) {
  const page = statsPagePath.exec(uri);
  if (page === null || isReserved(page[1])) return null;
  return settings.statsPagePath.replace('{id}', page[1]);
}

/** Whether `uri` is a short link: one segment of a code's characters that is none of the API's. */
function isShortLink(uri) {
  const link = shortCodePath.exec(uri);
  return link !== null && !isReserved(link[1]);
}

/**
 * A short link is only read. Any other method is answered here, as the redirect function answers it (405,
 * the error contract's JSON, `Allow`): origin access control cannot sign a POST or PUT body the viewer did not
 * hash, so such a request would never reach the function, and none costs an invocation.
 */
function methodNotAllowed() {
  return {
    statusCode: 405,
    statusDescription: 'Method Not Allowed',
    headers: {
      'content-type': { value: 'application/json' },
      'cache-control': { value: 'no-store' },
      allow: { value: settings.shortLinkMethods.join(', ') },
    },
    body: { encoding: 'text', data: '{"detail":"Method Not Allowed"}' },
  };
}

// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls `handler` by name.
function handler(event) {
  const request = event.request;
  if (isShortLink(request.uri) && settings.shortLinkMethods.indexOf(request.method) === -1) {
    return methodNotAllowed();
  }
  const target = shortLinkTarget(request.uri);
  if (target !== null) request.uri = target;
  // The API reference at `/docs/` too (its page's links start from the service's root, wherever it is).
  else if (request.uri === '/docs/') request.uri = '/docs';
  // The host the viewer asked for, for the links the service writes (a QR code, the statistics page):
  // CloudFront sends API Gateway its own host name, not the viewer's. Never one the viewer sent itself.
  delete request.headers['x-viewer-host'];
  if (request.headers.host) request.headers['x-viewer-host'] = { value: request.headers.host.value };
  // The distribution's own domain (d123.cloudfront.net), one of the service's addresses whichever one the
  // viewer used: a link to it is a loop (docs/decisions.md, "Abuse controls").
  delete request.headers['x-edge-host'];
  // biome-ignore lint/complexity/useOptionalChain: CloudFront Functions' runtime 2.0 has ES 5.1's operators, not `?.`.
  if (event.context && event.context.distributionDomainName) {
    request.headers['x-edge-host'] = { value: event.context.distributionDomainName };
  }
  return request;
}
