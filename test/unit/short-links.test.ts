import type { APIGatewayProxyEvent } from 'aws-lambda';
import { publicShortLink, qrCodeSvg } from '../../shared/short-links.js';

type Request = Pick<APIGatewayProxyEvent, 'headers' | 'requestContext'>;
const request = (headers: Record<string, string>, context: Partial<APIGatewayProxyEvent['requestContext']> = {}) =>
  ({ headers, requestContext: context }) as Request;

describe('the short link a page or a QR code shows (no network)', () => {
  it("is the viewer's host and the short form behind the edge, the redirect route on API Gateway's own URL", () => {
    expect(
      publicShortLink(request({ 'X-Viewer-Host': 'sho.rt', 'CloudFront-Forwarded-Proto': 'https' }), 'aB3xY9'),
    ).toBe('https://sho.rt/aB3xY9');
    expect(
      publicShortLink(request({ 'X-Viewer-Host': 'localhost:3000', 'CloudFront-Forwarded-Proto': 'http' }), 'aB3xY9'),
    ).toBe('http://localhost:3000/aB3xY9');
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
