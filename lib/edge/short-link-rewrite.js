// CloudFront Function (cloudfront-js-2.0 runtime), viewer request: lets a short link be shared as
// https://<domain>/<code> by rewriting it to the API's redirect route before the request reaches the origin,
// and its statistics page be opened at https://<domain>/<code>+ (Bitly's convention) the same way.
// `settings` is filled in at synth time with the route table's first path segments and the two routes'
// paths (lib/short-link-function.ts), so that no API path can be taken for a short code.
const settings = SHORT_LINK_SETTINGS;

const shortCodePath = /^\/([A-Za-z0-9]{6})$/;
const statsPagePath = /^\/([A-Za-z0-9]{6})(?:\+|%2[Bb])$/;

/** The URI to send to the origin instead of `uri`, or null to leave the request alone. */
function shortLinkTarget(uri) {
  const link = shortCodePath.exec(uri);
  const page = link === null ? statsPagePath.exec(uri) : null;
  const match = link || page;
  if (match === null) return null;
  const code = match[1];
  if (settings.routeRoots.indexOf(code) !== -1) return null;
  return (link ? settings.redirectPath : settings.statsPagePath).replace('{id}', code);
}

// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls `handler` by name.
function handler(event) {
  const request = event.request;
  const target = shortLinkTarget(request.uri);
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
