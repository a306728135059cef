import { runInNewContext } from 'node:vm';
import { shortLinkFunctionCode } from '../../lib/short-link-function.js';

interface ViewerRequest {
  uri: string;
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
}

/** The deployed CloudFront Function's code, run as CloudFront runs it: a script defining `handler`. */
const edge = runInNewContext(`${shortLinkFunctionCode()}\n;({ handler, shortLinkTarget })`) as {
  handler: (event: { request: ViewerRequest; context?: { distributionDomainName: string } }) => ViewerRequest;
  shortLinkTarget: (uri: string) => string | null;
};

const viewerRequest = (uri: string): { request: ViewerRequest } => ({
  request: { uri, querystring: {}, headers: { host: { value: 'sho.rt' } } },
});

describe('short link rewrite (CloudFront Function)', () => {
  it('sends /<code> to the redirect route: generated (6 characters) and chosen (3-64 of A-Z a-z 0-9 _ -)', () => {
    expect(edge.shortLinkTarget('/aB3xY9')).toBe('/urls/aB3xY9/redirect');
    expect(edge.handler(viewerRequest('/Zz0000')).uri).toBe('/urls/Zz0000/redirect');
    for (const code of ['abc', 'spring-sale', 'Q4_report', 'x'.repeat(64), 'abc12', 'abc-12']) {
      expect(edge.shortLinkTarget(`/${code}`)).toBe(`/urls/${code}/redirect`);
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
      expect(edge.shortLinkTarget(uri)).toBeNull();
      expect(edge.handler(viewerRequest(uri)).uri).toBe(uri);
    }
  });

  it('leaves anything that is not exactly one segment of 3-64 [A-Za-z0-9_-] alone', () => {
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
      expect(edge.shortLinkTarget(uri)).toBeNull();
    }
  });

  it('keeps the query string', () => {
    const event = viewerRequest('/aB3xY9');
    event.request.querystring = { utm_source: { value: 'mail' } };
    expect(edge.handler(event)).toMatchObject({
      uri: '/urls/aB3xY9/redirect',
      querystring: { utm_source: { value: 'mail' } },
    });
  });

  it("sends /<code>+ (and its encoded form) to the link's statistics page, and nothing else ending in +", () => {
    expect(edge.handler(viewerRequest('/aB3xY9+')).uri).toBe('/urls/aB3xY9/stats-page');
    expect(edge.handler(viewerRequest('/aB3xY9%2B')).uri).toBe('/urls/aB3xY9/stats-page');
    expect(edge.handler(viewerRequest('/aB3xY9%2b')).uri).toBe('/urls/aB3xY9/stats-page');
    expect(edge.handler(viewerRequest('/spring-sale+')).uri).toBe('/urls/spring-sale/stats-page');
    for (const uri of ['/health+', '/events+', '/ab+', '/aB3xY9++', '/aB3xY9+/x']) {
      expect(edge.shortLinkTarget(uri)).toBeNull();
    }
  });

  it("passes the viewer's host as X-Viewer-Host, never one the viewer sent", () => {
    const event = viewerRequest('/users');
    event.request.headers['x-viewer-host'] = { value: 'evil.example' };
    expect(edge.handler(event).headers['x-viewer-host']).toEqual({ value: 'sho.rt' });
    const hostless = viewerRequest('/users');
    hostless.request.headers = { 'x-viewer-host': { value: 'evil.example' } };
    expect(edge.handler(hostless).headers['x-viewer-host']).toBeUndefined();
  });

  it("passes the distribution's own domain as X-Edge-Host (links to it are loops), never one the viewer sent", () => {
    const event = { ...viewerRequest('/urls'), context: { distributionDomainName: 'd111.cloudfront.net' } };
    event.request.headers['x-edge-host'] = { value: 'evil.example' };
    expect(edge.handler(event).headers['x-edge-host']).toEqual({ value: 'd111.cloudfront.net' });
    const forged = viewerRequest('/urls');
    forged.request.headers['x-edge-host'] = { value: 'evil.example' };
    expect(edge.handler(forged).headers['x-edge-host']).toBeUndefined();
  });
});
