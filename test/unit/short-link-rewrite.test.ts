import { runInNewContext } from 'node:vm';
import { shortLinkFunctionCode } from '../../lib/short-link-function.js';

interface ViewerRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
}

interface GeneratedResponse {
  statusCode: number;
  statusDescription: string;
  headers: Record<string, { value: string }>;
  body: { encoding: string; data: string };
}

/** The deployed CloudFront Function's code, run as CloudFront runs it: a script defining `handler`. */
const edge = runInNewContext(`${shortLinkFunctionCode()}\n;({ handler, shortLinkTarget, isShortLink })`) as {
  handler: (event: {
    request: ViewerRequest;
    context?: { distributionDomainName: string };
  }) => ViewerRequest | GeneratedResponse;
  shortLinkTarget: (uri: string) => string | null;
  isShortLink: (uri: string) => boolean;
};

const viewerRequest = (uri: string, method = 'GET'): { request: ViewerRequest } => ({
  request: { method, uri, querystring: {}, headers: { host: { value: 'sho.rt' } } },
});

/** The request the function passes on (a generated response fails the test). */
const passedOn = (event: { request: ViewerRequest; context?: { distributionDomainName: string } }) => {
  const result = edge.handler(event);
  if (!('uri' in result)) throw new Error(`The edge answered ${result.statusCode} by itself`);
  return result;
};

describe('short link rewrite (CloudFront Function)', () => {
  it('passes /<code> on as it is: the default behaviour sends it to the redirect function URL', () => {
    for (const code of ['aB3xY9', 'abc', 'spring-sale', 'Q4_report', 'x'.repeat(64), 'abc12', 'abc-12']) {
      expect(edge.isShortLink(`/${code}`)).toBe(true);
      expect(edge.shortLinkTarget(`/${code}`)).toBeNull();
      expect(passedOn(viewerRequest(`/${code}`)).uri).toBe(`/${code}`);
    }
  });

  it('leaves the API routes alone, in any case, including the six-letter /health and /events', () => {
    for (const uri of [
      '/health',
      '/events',
      '/Health',
      '/docs',
      '/DOCS',
      '/reports',
      '/blocked-hosts',
      '/stats-page',
      '/users',
      '/urls',
      '/metrics/json',
      '/urls/aB3xY9/redirect',
      '/users/12',
    ]) {
      expect(edge.isShortLink(uri)).toBe(false);
      expect(edge.shortLinkTarget(uri)).toBeNull();
      expect(passedOn(viewerRequest(uri)).uri).toBe(uri);
      expect(passedOn(viewerRequest(uri, 'POST')).uri).toBe(uri);
    }
  });

  it('takes nothing that is not exactly one segment of 3-64 [A-Za-z0-9_-] for a short link', () => {
    for (const uri of [
      '/',
      '/ab',
      `/${'x'.repeat(65)}`,
      '/abc.12',
      '/abc%2012',
      '/aB3xY9/',
      '/x/aB3xY9',
      '/%41B3xY9',
    ]) {
      expect(edge.isShortLink(uri)).toBe(false);
      expect(edge.shortLinkTarget(uri)).toBeNull();
    }
  });

  it("answers a short link's other methods itself, 405 in the contract's JSON with Allow, and lets GET, HEAD and OPTIONS through", () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const answer = edge.handler(viewerRequest('/aB3xY9', method));
      expect(answer).toEqual({
        statusCode: 405,
        statusDescription: 'Method Not Allowed',
        headers: {
          'content-type': { value: 'application/json' },
          'cache-control': { value: 'no-store' },
          allow: { value: 'GET, HEAD, OPTIONS' },
        },
        body: { encoding: 'text', data: '{"detail":"Method Not Allowed"}' },
      });
    }
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(passedOn(viewerRequest('/aB3xY9', method)).uri).toBe('/aB3xY9');
  });

  it('keeps the query string', () => {
    const event = viewerRequest('/aB3xY9+');
    event.request.querystring = { utm_source: { value: 'mail' } };
    expect(passedOn(event)).toMatchObject({
      uri: '/urls/aB3xY9/stats-page',
      querystring: { utm_source: { value: 'mail' } },
    });
  });

  it("sends /<code>+ (and its encoded form) to the link's statistics page, and nothing else ending in +", () => {
    expect(passedOn(viewerRequest('/aB3xY9+')).uri).toBe('/urls/aB3xY9/stats-page');
    expect(passedOn(viewerRequest('/aB3xY9%2B')).uri).toBe('/urls/aB3xY9/stats-page');
    expect(passedOn(viewerRequest('/aB3xY9%2b')).uri).toBe('/urls/aB3xY9/stats-page');
    expect(passedOn(viewerRequest('/spring-sale+')).uri).toBe('/urls/spring-sale/stats-page');
    for (const uri of ['/health+', '/events+', '/ab+', '/aB3xY9++', '/aB3xY9+/x']) {
      expect(edge.shortLinkTarget(uri)).toBeNull();
    }
  });

  it('sends /docs/ to the API reference, /docs', () => {
    expect(passedOn(viewerRequest('/docs/')).uri).toBe('/docs');
  });

  it("passes the viewer's host as X-Viewer-Host, never one the viewer sent", () => {
    const event = viewerRequest('/users');
    event.request.headers['x-viewer-host'] = { value: 'evil.example' };
    expect(passedOn(event).headers['x-viewer-host']).toEqual({ value: 'sho.rt' });
    const hostless = viewerRequest('/users');
    hostless.request.headers = { 'x-viewer-host': { value: 'evil.example' } };
    expect(passedOn(hostless).headers['x-viewer-host']).toBeUndefined();
  });

  it("passes the distribution's own domain as X-Edge-Host (links to it are loops), never one the viewer sent", () => {
    const event = { ...viewerRequest('/urls'), context: { distributionDomainName: 'd111.cloudfront.net' } };
    event.request.headers['x-edge-host'] = { value: 'evil.example' };
    expect(passedOn(event).headers['x-edge-host']).toEqual({ value: 'd111.cloudfront.net' });
    const forged = viewerRequest('/urls');
    forged.request.headers['x-edge-host'] = { value: 'evil.example' };
    expect(passedOn(forged).headers['x-edge-host']).toBeUndefined();
  });
});
