import { expiryOf, withForwardedQuery } from '../../shared/domain/link-lifecycle.js';
import type { ShortCodeTarget } from '../../shared/store/urls.js';

const target = (fields: Partial<ShortCodeTarget>): ShortCodeTarget => ({
  url_id: 1,
  user_id: 1,
  short_code: 'abc',
  original_url: 'https://e.com',
  is_active: true,
  expires_at: null,
  max_clicks: null,
  expired_url: null,
  forward_query: false,
  redirect_rules: [],
  variants: null,
  password_hash: null,
  limits_at: '2026-11-25T10:00:00.000',
  leased: 0,
  expiry_recorded: null,
  ...fields,
});

describe('link lifecycle', () => {
  it('expires by date at the millisecond it names, not before', () => {
    const link = target({ expires_at: '2026-12-01T00:00:00.000' });
    expect(expiryOf(link, '2026-11-30T23:59:59.999')).toBeUndefined();
    expect(expiryOf(link, '2026-12-01T00:00:00.000')).toBe('date');
    expect(expiryOf(link, '2027-01-01T00:00:00.000')).toBe('date');
  });

  it('expires by clicks once the clicks handed out reach the limit, whatever the limits were before', () => {
    const now = '2026-11-25T12:00:00.000';
    expect(expiryOf(target({ max_clicks: 5, leased: 5 }), now)).toBe('clicks');
    expect(expiryOf(target({ max_clicks: 5, leased: 7 }), now)).toBe('clicks');
    // A limit raised above what was handed out: live again.
    expect(expiryOf(target({ max_clicks: 9, leased: 5 }), now)).toBeUndefined();
    // The limit cleared: live, whatever was handed out.
    expect(expiryOf(target({ leased: 5 }), now)).toBeUndefined();
    expect(expiryOf(target({ max_clicks: 5 }), now)).toBeUndefined();
  });

  it("appends the request's query after the target's parameters and before its fragment, encoded", () => {
    const query = { utm_source: ['x'], tag: ['a b', 'ü&='] };
    expect(withForwardedQuery('https://e.com/p?a=1', query)).toBe(
      'https://e.com/p?a=1&utm_source=x&tag=a%20b&tag=%C3%BC%26%3D',
    );
    expect(withForwardedQuery('https://e.com/p', { a: ['1'] })).toBe('https://e.com/p?a=1');
    expect(withForwardedQuery('https://e.com/p?', { a: ['1'] })).toBe('https://e.com/p?a=1');
    expect(withForwardedQuery('https://e.com/p?a=1&', { b: ['2'] })).toBe('https://e.com/p?a=1&b=2');
    expect(withForwardedQuery('https://e.com/p?a=1#part?x', { b: ['2'] })).toBe('https://e.com/p?a=1&b=2#part?x');
    expect(withForwardedQuery('https://e.com/p#top', { b: [''] })).toBe('https://e.com/p?b=#top');
    expect(withForwardedQuery('https://e.com/p', null)).toBe('https://e.com/p');
    expect(withForwardedQuery('https://e.com/p', {})).toBe('https://e.com/p');
  });
});
