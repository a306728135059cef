import type { APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';

/** A request header by name, whatever its case (API Gateway passes names as the client sent them). */
export function requestHeader(event: Pick<APIGatewayProxyEvent, 'headers'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
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
