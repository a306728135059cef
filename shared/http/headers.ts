import type { APIGatewayProxyEvent } from 'aws-lambda';

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
 * which passes the viewer's as `CloudFront-Viewer-Address` (`ip:port`); called on API Gateway's own URL, the
 * first `X-Forwarded-For` entry is the client; locally, the socket's.
 */
export function clientAddress(event: Pick<APIGatewayProxyEvent, 'headers' | 'requestContext'>): string {
  const viewer = requestHeader(event, 'cloudfront-viewer-address');
  if (viewer) return viewer.replace(/:\d+$/, '');
  const forwarded = requestHeader(event, 'x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || event.requestContext?.identity?.sourceIp || '';
}
