import { corsHeaders, preflightHeaders } from '../../shared/http/cors.js';
import { parseAllowedOrigins } from '../../shared/platform/setting-values.js';

/** The CORS policy on its own (no network): `*` by default, or a list of origins that is echoed. */
describe('CORS policy (no network)', () => {
  it('allows any origin by default, without Vary', () => {
    expect(parseAllowedOrigins('CORS_ALLOWED_ORIGINS', undefined)).toBe('*');
    expect(corsHeaders('*', 'https://a.example')).toEqual({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': 'Link, Location, Retry-After, X-Request-Id',
    });
  });

  it('echoes a listed origin with Vary: Origin, and allows no other', () => {
    const allowed = parseAllowedOrigins('CORS_ALLOWED_ORIGINS', 'https://app.example, http://localhost:5173');
    expect(allowed).toEqual(['https://app.example', 'http://localhost:5173']);
    expect(corsHeaders(allowed, 'http://localhost:5173')).toMatchObject({
      'Access-Control-Allow-Origin': 'http://localhost:5173',
      Vary: 'Origin',
    });
    expect(corsHeaders(allowed, 'https://evil.example')).toEqual({ Vary: 'Origin' });
    expect(preflightHeaders(allowed, 'https://evil.example', ['GET'])).toEqual({ Vary: 'Origin' });
    expect(preflightHeaders(allowed, 'https://app.example', ['GET', 'HEAD', 'OPTIONS'])).toMatchObject({
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Max-Age': '600',
    });
  });

  it.each(['example.com', 'https://app.example/path', 'ftp://files.example', ''])('refuses %j as an origin', (raw) => {
    expect(() => parseAllowedOrigins('CORS_ALLOWED_ORIGINS', raw)).toThrow(/CORS_ALLOWED_ORIGINS must be \*/);
  });
});
