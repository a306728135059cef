// CloudFront Function (cloudfront-js-2.0 runtime), viewer request: lets a short link be shared as
// https://<domain>/<code> by rewriting it to the API's redirect route before the request reaches the origin.
// `settings` is filled in at synth time with the route table's first path segments and the redirect route's
// path (lib/short-link-function.ts), so that no API path can be taken for a short code.
const settings = SHORT_LINK_SETTINGS;

const shortCodePath = /^\/([A-Za-z0-9]{6})$/;

/** The URI to send to the origin instead of `uri`, or null to leave the request alone. */
function shortLinkTarget(uri) {
  const match = shortCodePath.exec(uri);
  if (match === null) return null;
  const code = match[1];
  if (settings.routeRoots.indexOf(code) !== -1) return null;
  return settings.redirectPath.replace('{id}', code);
}

// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls `handler` by name.
function handler(event) {
  const request = event.request;
  const target = shortLinkTarget(request.uri);
  if (target !== null) request.uri = target;
  return request;
}
