import { addressOf } from '../../shared/platform/hosts.js';
import { isPublicAddress } from '../../shared/webhooks/webhook-targets.js';

/** What a webhook may send to: public addresses only, whatever the spelling (pure, no service). */
describe('webhook targets', () => {
  const canonical = (host: string) => String(addressOf(`http://${host}/`)?.host);

  it.each([
    '127.0.0.1',
    '127.1',
    '0x7f000001',
    '2130706433',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '100.64.0.1',
    '169.254.169.254',
    '224.0.0.251',
    '255.255.255.255',
    '[::1]',
    '[::]',
    '[::ffff:10.0.0.1]',
    '[::ffff:7f00:1]',
    '[64:ff9b::a00:1]',
    '[fc00::1]',
    '[fd12:3456::1]',
    '[fe80::1]',
    '[ff02::1]',
  ])('%s is not public', (host) => {
    expect(isPublicAddress(canonical(host))).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '[2606:4700::1111]', '[::ffff:8.8.8.8]'])(
    '%s is public',
    (host) => {
      expect(isPublicAddress(canonical(host))).toBe(true);
    },
  );

  it('takes a name for no address: only addresses are judged', () => {
    expect(isPublicAddress('example.com')).toBe(false);
  });
});
