import { hashPassword, isPassword } from '../../shared/links/link-passwords.js';
import { chooseVariant, preferredLanguage, type VisitFacts, visitTarget } from '../../shared/links/visit-target.js';

const visit = (facts: Partial<VisitFacts>): VisitFacts => ({
  userAgent: undefined,
  acceptLanguage: undefined,
  country: undefined,
  query: {},
  now: '2026-11-28T12:00:00.000',
  visitor: undefined,
  ...facts,
});
const link = {
  url_id: 7,
  original_url: 'https://example.com/',
  redirect_rules: [],
  variants: null,
};
const chromeOs =
  'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const ipad =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Where a visit goes: rules, variants and passwords as pure functions (no network). */
describe('a visit’s target (no network)', () => {
  it('reads the most preferred language: highest q, the first on ties, never * or q=0', () => {
    expect(preferredLanguage('de;q=0.5, pt-BR, en;q=0.9')).toBe('pt-br');
    expect(preferredLanguage('fr-CA, fr;q=1, en')).toBe('fr-ca');
    expect(preferredLanguage('*, es;q=0.1')).toBe('es');
    expect(preferredLanguage('en;q=0, it;q=0.2')).toBe('it');
    expect(preferredLanguage(undefined)).toBeUndefined();
    expect(preferredLanguage('')).toBeUndefined();
  });

  it('holds device, country and date conditions as the contract says', () => {
    const rules = [
      { url: 'https://example.com/cros', conditions: [{ type: 'device' as const, value: 'chromeos' }] },
      { url: 'https://example.com/tablet', conditions: [{ type: 'device' as const, value: 'mobile' }] },
      { url: 'https://example.com/de', conditions: [{ type: 'country' as const, value: 'de' }] },
      { url: 'https://example.com/late', conditions: [{ type: 'after' as const, value: '2026-11-28T12:00:00Z' }] },
    ];
    const to = (facts: Partial<VisitFacts>) => visitTarget({ ...link, redirect_rules: rules }, visit(facts));
    expect(to({ userAgent: chromeOs })).toEqual({ url: 'https://example.com/cros', rule: 0 });
    expect(to({ userAgent: ipad })).toEqual({ url: 'https://example.com/tablet', rule: 1 });
    expect(to({ country: 'DE' })).toEqual({ url: 'https://example.com/de', rule: 2 });
    // `after` holds at the instant itself; `before` would not.
    expect(to({})).toEqual({ url: 'https://example.com/late', rule: 3 });
    expect(to({ now: '2026-11-28T11:59:59.999' })).toEqual({ url: 'https://example.com/' });
  });

  it('keeps a visitor on one variant and spreads visitors by weight', () => {
    const variants = [
      { url: 'https://example.com/a', weight: 25 },
      { url: 'https://example.com/b', weight: 75 },
    ];
    const counts = [0, 0];
    for (let visitor = 0; visitor < 20_000; visitor++) {
      const chosen = chooseVariant(7, variants, visitor * 2654435761);
      counts[chosen] = (counts[chosen] ?? 0) + 1;
      if (visitor < 50) expect(chooseVariant(7, variants, visitor * 2654435761)).toBe(chosen);
    }
    expect(Math.abs((counts[0] ?? 0) / 200 - 25)).toBeLessThan(2);
    expect(visitTarget({ ...link, variants }, visit({ visitor: 12345 }))).toMatchObject({
      url: expect.stringMatching(/^https:\/\/example\.com\/[ab]$/),
      variant: expect.any(Number),
    });
  });

  it('hashes a password slowly with a salt, and verifies only that password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword('correct horse')).not.toBe(hash);
    expect(await isPassword('correct horse', hash)).toBe(true);
    expect(await isPassword('correct horsf', hash)).toBe(false);
    expect(await isPassword('correct horse', 'bcrypt$whatever')).toBe(false);
  });
});
