import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Page } from '../domain/records.js';
import { Answer } from './answer.js';

/**
 * What a route's core may answer besides plain data (a window of a list, a file, a redirect, an `Answer` with
 * its own status), and how each becomes the HTTP answer.
 */

/**
 * A core that answers with one window of a list: the items as the JSON array, and, when there may be more,
 * a `Link: <...>; rel="next"` header whose URL repeats the request with the next cursor.
 */
export class ListPage<T> {
  constructor(readonly page: Page<T>) {}
}

/** The request's query again, from where `cursor` resumes: offsets (`skip`, `page`) no longer apply. */
export function nextPageQuery(event: APIGatewayProxyEvent, cursor: string): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) {
    if (value !== undefined && !['cursor', 'skip', 'page'].includes(name)) query.set(name, value);
  }
  query.set('cursor', cursor);
  return query;
}

const nextLink = (event: APIGatewayProxyEvent, cursor: string): string =>
  `<${event.path}?${nextPageQuery(event, cursor)}>; rel="next"`;

/**
 * The `Location` for a stored URL: the URL itself when it is printable ASCII without spaces, otherwise its
 * WHATWG serialization (punycode host, percent-encoded path, query and fragment), which is always valid in
 * a header. Stored URLs passed the URL parser, so serializing them cannot fail.
 */
function locationHeader(url: string): string {
  return /^[\x21-\x7E]+$/.test(url) ? url : new URL(url).href;
}

/** A core that answers with a file (a page, a script, a stylesheet) instead of JSON. */
export class StaticFile {
  constructor(
    readonly contentType: string,
    readonly content: string,
    /** How long browsers and CloudFront may keep it. */
    readonly cacheControl: string,
    readonly extraHeaders: Record<string, string> = {},
  ) {}
}

/** A core that answers with a redirect to `target` instead of JSON. */
export class Redirect {
  readonly location: string;
  constructor(target: string) {
    this.location = locationHeader(target);
  }
}

export function jsonResponse(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
    body: statusCode === 204 ? '' : JSON.stringify(body),
  };
}

/** What a core's result answers: JSON with the route's status, or the answer its kind says. */
export function successAnswer(
  status: 200 | 201 | 202 | 204,
  result: unknown,
  event: APIGatewayProxyEvent,
): APIGatewayProxyResult {
  if (result instanceof ListPage) {
    const { items, next } = result.page;
    return jsonResponse(status, items, next ? { Link: nextLink(event, next) } : {});
  }
  if (result instanceof Answer) return jsonResponse(result.status, result.body, result.headers);
  if (result instanceof Redirect) {
    return { statusCode: 302, headers: { Location: result.location, 'Cache-Control': 'private, no-store' }, body: '' };
  }
  if (result instanceof StaticFile) {
    return {
      statusCode: 200,
      headers: { 'Content-Type': result.contentType, 'Cache-Control': result.cacheControl, ...result.extraHeaders },
      body: result.content,
    };
  }
  if (status === 204) return { statusCode: 204, headers: { 'Cache-Control': 'no-store' }, body: '' };
  return jsonResponse(status, result);
}
