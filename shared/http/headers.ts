import type { APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';

/** A request header by name, whatever its case (API Gateway passes names as the client sent them). */
export function requestHeader(event: Pick<APIGatewayProxyEvent, 'headers'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
}

/** The quality an Accept header gives a media type (its own, its type's wildcard, or `*`/`*`), 0 when absent. */
export function acceptQuality(accept: string, type: string): number {
  let best = -1;
  let specificity = -1;
  const [major] = type.split('/');
  for (const part of accept.split(',')) {
    const [spelled = '', ...parameters] = part.toLowerCase().split(';');
    // Whitespace may surround the `;` (RFC 9110, 5.6.6): `text/html ;q=0.8`.
    const range = spelled.trim();
    const matched = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (matched < 0 || matched < specificity) continue;
    const q = Number(
      parameters
        .map((p) => p.trim())
        .find((p) => p.startsWith('q='))
        ?.slice(2) ?? '1',
    );
    if (matched > specificity || q > best) best = Number.isNaN(q) ? 0 : q;
    specificity = matched;
  }
  return Math.max(best, 0);
}

/**
 * The address of the client that sent the request. Behind CloudFront the connection comes from CloudFront,
 * which passes the viewer's as `CloudFront-Viewer-Address` (`ip:port`, an IPv6 address in brackets): a header
 * CloudFront sets itself, whatever the viewer sent under that name (the local gateway does the same).
 * `X-Forwarded-For` is not read: its first entry is whatever the client wrote. Without the header (API Gateway
 * called directly, which the origin check refuses in a deployment), the connection's own address: API
 * Gateway's (a REST event) or the function URL's (a function URL event, whose caller only CloudFront can be).
 */
export function clientAddress(
  event:
    | Pick<APIGatewayProxyEvent, 'headers' | 'requestContext'>
    | Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>,
): string {
  const viewer = requestHeader(event, 'cloudfront-viewer-address');
  if (viewer) return viewer.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
  const context = event.requestContext;
  if (context && 'http' in context) return context.http.sourceIp ?? '';
  return context?.identity?.sourceIp ?? '';
}
