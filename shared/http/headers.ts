import type { APIGatewayProxyEvent } from 'aws-lambda';

/** A request header by name, whatever its case (API Gateway passes names as the client sent them). */
export function requestHeader(event: Pick<APIGatewayProxyEvent, 'headers'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
}
