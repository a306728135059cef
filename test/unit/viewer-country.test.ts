import { viewerCountry } from '../../local/viewer-country.js';

/** The local gateway's stand-in for CloudFront-Viewer-Country: an offline database, no network. */
describe("the local gateway's viewer country (offline database, no network)", () => {
  it('places public IPv4 and IPv6 addresses, and none that is loopback or private', () => {
    expect(viewerCountry('8.8.8.8')).toBe('US');
    expect(viewerCountry('::ffff:85.214.132.117')).toBe('DE');
    expect(viewerCountry('2a01:4f8::1')).toBe('DE');
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.7', 'not an address']) {
      expect(viewerCountry(address)).toBeUndefined();
    }
  });
});
