import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { PublicUrlRecord, UrlRecord } from '../domain/records.js';
import { serviceConfig } from '../platform/config.js';
import { requestHeader } from './headers.js';

/**
 * Where the service is, as the person using it sees it. Behind CloudFront (and the local gateway, which runs
 * the same edge function) the edge passes the viewer's host in `X-Viewer-Host`, and short links exist in
 * their short form `/<code>`. Called on API Gateway's own URL, the stage is part of every path and there are
 * no short forms: a link is its redirect route.
 */
type Request = Pick<APIGatewayProxyEvent, 'headers' | 'requestContext'>;

/** Whether the request came through the edge (CloudFront, or the local gateway). */
const throughEdge = (event: Request) => requestHeader(event, 'x-viewer-host') !== undefined;

/** The path every URL of the service starts with: `/`, or `/<stage>/` on API Gateway's own URL. */
export function servicePathPrefix(event: Request): string {
  const stage = event.requestContext?.stage;
  const stagePath = `/${stage}/`;
  return !throughEdge(event) && stage && event.requestContext.path?.startsWith(stagePath) ? stagePath : '/';
}

/**
 * A Host header's value as a URL's host (`go.example.com`, `localhost:3000`, `[::1]:3000`), or nothing for a
 * value that is not just a host and a port: the headers it comes from are the client's to set.
 */
function hostOf(header: string): string | undefined {
  if (!/^[A-Za-z0-9.:[\]-]{1,300}$/.test(header)) return undefined;
  try {
    const url = new URL(`http://${header}`);
    return url.pathname === '/' && !url.username && !url.password ? url.host : undefined;
  } catch {
    return undefined;
  }
}

/** The host the request was made to: the viewer's, else the one API Gateway was called on. */
function requestHost(event: Request): string {
  for (const candidate of [
    requestHeader(event, 'x-viewer-host'),
    requestHeader(event, 'host'),
    event.requestContext?.domainName,
  ]) {
    const host = candidate === undefined ? undefined : hostOf(candidate);
    if (host) return host;
  }
  return 'localhost';
}

/**
 * The short links of one answer, absolute, as they are shared: `https://<domain>/<code>`. A configured base
 * (PUBLIC_BASE_URL: the deployment's own domain) comes first. Where the service is, is read from the request
 * once for all of them: a page of 100 links would otherwise parse the same headers 100 times.
 */
function shortLinksOf(event: Request): (code: string) => string {
  const base = serviceConfig().publicBaseUrl;
  if (base) return (code) => `${base}/${code}`;
  if (throughEdge(event)) {
    const origin = requestOrigin(event);
    return (code) => `${origin}/${code}`;
  }
  const redirects = serviceUrl(event, 'urls/');
  return (code) => `${redirects}${code}/redirect`;
}

/** The short link of a code (shortLinksOf). */
export const publicShortLink = (event: Request, code: string): string => shortLinksOf(event)(code);

/** The scheme and host the request was made to, as the client sees them. */
function requestOrigin(event: Request): string {
  const forwarded = requestHeader(event, 'x-forwarded-proto');
  return `${forwarded === 'http' ? 'http' : 'https'}://${requestHost(event)}`;
}

/** An address of the service (`events?limit=10`), absolute, as the client that made the request reaches it. */
export function serviceUrl(event: Request, relative: string): string {
  return `${requestOrigin(event)}${servicePathPrefix(event)}${relative}`;
}

/**
 * URL records as the API answers them: the spec's fields, then the extension fields in the contract's order:
 * its short link (`short_url`), then its lifecycle, then its campaign (never the password's hash).
 */
export function publicUrlRecords(event: Request): (url: UrlRecord) => PublicUrlRecord {
  const shortLinkOf = shortLinksOf(event);
  return (url) => ({
    id: url.id,
    user_id: url.user_id,
    short_code: url.short_code,
    original_url: url.original_url,
    title: url.title,
    is_active: url.is_active,
    created_at: url.created_at,
    updated_at: url.updated_at,
    short_url: shortLinkOf(url.short_code),
    expires_at: url.expires_at,
    max_clicks: url.max_clicks,
    expired_url: url.expired_url,
    forward_query: url.forward_query,
    tags: url.tags,
    redirect_rules: url.redirect_rules,
    variants: url.variants,
    password_protected: url.password_hash !== null,
  });
}

/** One URL record as the API answers it (publicUrlRecords). */
export const withShortUrl = (event: Request, url: UrlRecord): PublicUrlRecord => publicUrlRecords(event)(url);
