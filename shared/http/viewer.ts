import type { APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';
import { clientAddress, requestHeader } from './headers.js';

/**
 * What a visit of a short link is told about its viewer, read the same way from either entrance's event (API
 * Gateway's, or the function URL's behind CloudFront): only headers CloudFront passes to the short links
 * (lib/edge-headers.ts), and the country CloudFront itself adds.
 */
export const viewerOf = (event: APIGatewayProxyEvent | APIGatewayProxyEventV2) => ({
  userAgent: requestHeader(event, 'user-agent'),
  referrer: requestHeader(event, 'referer'),
  acceptLanguage: requestHeader(event, 'accept-language'),
  country: requestHeader(event, 'cloudfront-viewer-country'),
  clientAddress: clientAddress(event),
});

/** A visit's query again as a query string (`a=1&a=2&b=`), every value of each name in the order sent. */
function queryString(query: Record<string, string[] | undefined>): string {
  return Object.entries(query)
    .flatMap(([name, values]) =>
      (values ?? []).map((value) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`),
    )
    .join('&');
}

/** Where a protected link's password form posts: its unlock route under `prefix` (`/`, or `/<stage>/`), with the visit's query. */
export function unlockAction(prefix: string, code: string, query: Record<string, string[] | undefined>): string {
  const search = queryString(query);
  return `${prefix}urls/${encodeURIComponent(code)}/unlock${search ? `?${search}` : ''}`;
}
