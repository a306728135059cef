import type { APIGatewayProxyEvent } from 'aws-lambda';
import { NO_CAMPAIGN, NO_LIFECYCLE } from '../../shared/domain/records.js';
import { publicShortLink, publicUrlRecords, withShortUrl } from '../../shared/http/short-links.js';
import { qrCodeSvg } from '../../shared/links/qr-code.js';
import { useServiceConfig } from '../../shared/platform/config.js';
import { URL_RECORD_FIELDS } from '../support/contract.js';

type Request = Pick<APIGatewayProxyEvent, 'headers' | 'requestContext'>;
const request = (headers: Record<string, string>, context: Partial<APIGatewayProxyEvent['requestContext']> = {}) =>
  ({ headers, requestContext: context }) as Request;
/** A URL record with the given id and code, its other fields fixed. */
const urlRecord = (id: number, short_code: string) => ({
  id,
  user_id: 1,
  short_code,
  original_url: 'https://e.com',
  title: null,
  is_active: true,
  created_at: 'c',
  updated_at: 'u',
  ...NO_LIFECYCLE,
  ...NO_CAMPAIGN,
});

describe('the short link a page or a QR code shows (no network)', () => {
  beforeEach(() => useServiceConfig({ TABLE_NAME: 'unit-test' }));

  it("is the deployment's own domain when one is configured (PUBLIC_BASE_URL), whatever the request says", () => {
    useServiceConfig({ TABLE_NAME: 'unit-test', PUBLIC_BASE_URL: 'https://go.example.com' });
    expect(publicShortLink(request({ 'X-Viewer-Host': 'dxyz.cloudfront.net' }), 'aB3xY9')).toBe(
      'https://go.example.com/aB3xY9',
    );
    expect(Object.keys(withShortUrl(request({}), urlRecord(1, 'aB3xY9')))).toEqual(URL_RECORD_FIELDS);
  });

  it('gives each record of a page the link of its own code, the request read once for the page', () => {
    const page = [urlRecord(1, 'aaa111'), urlRecord(2, 'bbb222')];
    const linksOf = (event: Request) => page.map(publicUrlRecords(event)).map((url) => url.short_url);
    expect(linksOf(request({ 'X-Viewer-Host': 'sho.rt', 'X-Forwarded-Proto': 'http' }))).toEqual([
      'http://sho.rt/aaa111',
      'http://sho.rt/bbb222',
    ]);
    expect(linksOf(request({ Host: 'abc.example' }, { stage: 'prod', path: '/prod/urls' }))).toEqual([
      'https://abc.example/prod/urls/aaa111/redirect',
      'https://abc.example/prod/urls/bbb222/redirect',
    ]);
    useServiceConfig({ TABLE_NAME: 'unit-test', PUBLIC_BASE_URL: 'https://go.example.com' });
    expect(linksOf(request({ Host: 'abc.example' }))).toEqual([
      'https://go.example.com/aaa111',
      'https://go.example.com/bbb222',
    ]);
    expect(page.map(publicUrlRecords(request({})))).toEqual(page.map((url) => withShortUrl(request({}), url)));
  });

  it('refuses a PUBLIC_BASE_URL with a path, or that is not http(s)', () => {
    for (const bad of ['https://go.example.com/x', 'ftp://go.example.com', 'go.example.com']) {
      expect(() => useServiceConfig({ TABLE_NAME: 'unit-test', PUBLIC_BASE_URL: bad })).toThrow(
        'PUBLIC_BASE_URL must be',
      );
    }
  });

  it("is the viewer's host and the short form behind the edge, the redirect route on API Gateway's own URL", () => {
    expect(publicShortLink(request({ 'X-Viewer-Host': 'sho.rt', 'X-Forwarded-Proto': 'https' }), 'aB3xY9')).toBe(
      'https://sho.rt/aB3xY9',
    );
    expect(publicShortLink(request({ 'X-Viewer-Host': 'localhost:3000', 'X-Forwarded-Proto': 'http' }), 'aB3xY9')).toBe(
      'http://localhost:3000/aB3xY9',
    );
    expect(
      publicShortLink(
        request({ Host: 'abc.execute-api.eu-west-1.amazonaws.com' }, { stage: 'prod', path: '/prod/urls/1/qr' }),
        'aB3xY9',
      ),
    ).toBe('https://abc.execute-api.eu-west-1.amazonaws.com/prod/urls/aB3xY9/redirect');
  });

  it('never takes a host that is not one (a client sets these headers), and always draws a QR code', () => {
    const huge = `${'a'.repeat(3000)}.example`;
    const link = publicShortLink(request({ 'X-Viewer-Host': huge }, { domainName: 'api.example' }), 'aB3xY9');
    expect(link).toBe('https://api.example/aB3xY9');
    expect(publicShortLink(request({ Host: 'evil.example/"><script>' }), 'aB3xY9')).toBe(
      'https://localhost/urls/aB3xY9/redirect',
    );
    expect(publicShortLink(request({ Host: 'sho.rt', 'X-Forwarded-Proto': 'javascript' }), 'aB3xY9')).toMatch(
      /^https:\/\/sho\.rt\//,
    );
    expect(qrCodeSvg(link)).toMatch(/^<svg[^>]*viewBox/);
  });
});
