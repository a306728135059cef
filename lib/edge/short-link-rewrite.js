// CloudFront Function (cloudfront-js-2.0 runtime), viewer request: lets a short link be shared as
// https://<domain>/<code> by rewriting it to the API's redirect route before the request reaches the origin,
// and its statistics page be opened at https://<domain>/<code>+ (Bitly's convention) the same way.
// `settings` is filled in at synth time with the first path segments no short code may take (the route
// table's, lower-cased) and the two routes' paths (lib/short-link-function.ts), so that no API path can be
// taken for a short code.
const settings = SHORT_LINK_SETTINGS;

// A generated code is 6 letters and digits; a chosen one 3 to 64 of letters, digits, `_` and `-`.
const shortCodePath = /^\/([A-Za-z0-9_-]{3,64})$/;
const statsPagePath = /^\/([A-Za-z0-9_-]{3,64})(?:\+|%2[Bb])$/;

/** The URI to send to the origin instead of `uri`, or null to leave the request alone. */
function shortLinkTarget(uri) {
  const link = shortCodePath.exec(uri);
  const page = link === null ? statsPagePath.exec(uri) : null;
  const match = link || page;
  if (match === null) return null;
  const code = match[1];
  if (settings.reserved.indexOf(code.toLowerCase()) !== -1) return null;
  return (link ? settings.redirectPath : settings.statsPagePath).replace('{id}', code);
}

// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls `handler` by name.
function handler(event) {
  const request = event.request;
  const target = shortLinkTarget(request.uri);
  // Whether the viewer asked for a short link's short form: an unknown `/nope` is then an unknown page
  // ("Not Found"), where the redirect route itself says "URL not found". Never one the viewer sent itself.
  delete request.headers['x-short-form'];
  if (target !== null && shortCodePath.test(request.uri)) request.headers['x-short-form'] = { value: 'link' };
  if (target !== null) request.uri = target;
  // The API reference at `/docs/` too (its page's links start from the service's root, wherever it is).
  else if (request.uri === '/docs/') request.uri = '/docs';
  // The host the viewer asked for, for the links the service writes (a QR code, the statistics page):
  // CloudFront sends API Gateway its own host name, not the viewer's. Never one the viewer sent itself.
  delete request.headers['x-viewer-host'];
  if (request.headers.host) request.headers['x-viewer-host'] = { value: request.headers.host.value };
  // The distribution's own domain (d123.cloudfront.net), one of the service's addresses whichever one the
  // viewer used: a link to it is a loop (CONTRACT.md, "Abuse controls").
  delete request.headers['x-edge-host'];
  // biome-ignore lint/complexity/useOptionalChain: CloudFront Functions' runtime 2.0 has ES 5.1's operators, not `?.`.
  if (event.context && event.context.distributionDomainName) {
    request.headers['x-edge-host'] = { value: event.context.distributionDomainName };
  }
  return request;
}
