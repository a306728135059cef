import { RequestValidationError } from '../../shared/platform/errors.js';
import {
  A_URL,
  addressOf,
  blockedHostOf,
  canonicalHost,
  EMPTY_LABEL,
  hostOfLink,
  isLoopback,
  isSameMachine,
  isWithinAny,
  NOT_A_HOST,
  NOT_A_RANGE,
  normalizeAddress,
  PORT,
  readBlockedEntry,
  SINGLE_LABEL,
  WILDCARD,
} from '../../shared/platform/hosts.js';

/**
 * Hosts as the abuse controls compare them (shared/platform/hosts.ts; no network): one canonical form for every
 * spelling, blocked entries (names, addresses, CIDR ranges) with their 422s, and loopback as one machine.
 */
describe('hosts as the abuse controls compare them (no network)', () => {
  /** What `blockedHostOf` answers: the canonical text, or the 422's location and message. */
  const block = (raw: string) => {
    try {
      return blockedHostOf(raw);
    } catch (error) {
      if (!(error instanceof RequestValidationError)) throw error;
      return error.issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; ');
    }
  };
  const blocks = (entries: string[], host: string) =>
    isWithinAny(
      canonicalHost(host) ?? '',
      entries.map((entry) => readBlockedEntry(blockedHostOf(entry))),
    );

  it('spells a host name one way: lower case, IDNA, every trailing dot removed', () => {
    const spellings: [string, string][] = [
      ['Bad.Example', 'bad.example'],
      ['bad.example.', 'bad.example'],
      ['blocked.example..', 'blocked.example'],
      ['ex%2Ecom%2E%2E', 'ex.com'],
      ['bücher.example', 'xn--bcher-kva.example'],
      ['XN--BCHER-KVA.EXAMPLE.', 'xn--bcher-kva.example'],
      ['a\u3002b.example', 'a.b.example'],
      ['LOCALHOST.', 'localhost'],
    ];
    for (const [raw, canonical] of spellings)
      expect({ raw, host: canonicalHost(raw) }).toEqual({ raw, host: canonical });
    for (const raw of ['', '.', '%2E', 'not a host', 'a/b', 'user@host', 'example.com:8080', '[example.com]']) {
      expect({ raw, host: canonicalHost(raw) }).toEqual({ raw, host: undefined });
    }
  });

  it('reads an IPv4 address in every form the WHATWG URL parser accepts as that address', () => {
    for (const raw of [
      '127.0.0.1',
      '0x7f.1',
      '2130706433',
      '127.1',
      '0177.0.0.1',
      '0x7f000001',
      '127.1..',
      '127.1%2E',
    ]) {
      expect({ raw, host: canonicalHost(raw) }).toEqual({ raw, host: '127.0.0.1' });
    }
    expect(canonicalHost('0')).toBe('0.0.0.0');
    expect(canonicalHost('1.2.3.999')).toBeUndefined();
  });

  it('reads an IPv6 address that embeds an IPv4 address as that IPv4 address, any other compressed', () => {
    const spellings: [string, string][] = [
      ['[::ffff:127.0.0.1]', '127.0.0.1'],
      ['::ffff:7f00:1', '127.0.0.1'],
      ['[::ffff:a00:1]', '10.0.0.1'],
      ['[::10.0.0.1]', '10.0.0.1'],
      ['[64:ff9b::10.0.0.1]', '10.0.0.1'],
      ['[2002:a00:1::]', '10.0.0.1'],
      ['[2002:a00:1:ff::9]', '10.0.0.1'],
      ['[2001:DB8:0:0:0:0:0:1]', '2001:db8::1'],
      ['2001:db8::1', '2001:db8::1'],
      ['[::1]', '::1'],
      ['[::]', '::'],
      ['[0:0:0:0:0:0:0:1]', '::1'],
    ];
    for (const [raw, canonical] of spellings)
      expect({ raw, host: canonicalHost(raw) }).toEqual({ raw, host: canonical });
    expect(canonicalHost('[::1]:80')).toBeUndefined();
  });

  it('takes the host and port of a link or of host[:port], the default port dropped', () => {
    expect(addressOf('http://[::ffff:127.0.0.1]:4150/x')).toEqual({ host: '127.0.0.1', port: '4150' });
    expect(addressOf('HTTP://LocalHost.:99/x?y=1')).toEqual({ host: 'localhost', port: '99' });
    expect(addressOf('https://x.example:443/')).toEqual({ host: 'x.example', port: '' });
    expect(addressOf('http://0:80/')).toEqual({ host: '0.0.0.0', port: '' });
    expect(hostOfLink('http://blocked.example../')).toBe('blocked.example');
    expect(normalizeAddress('[::1]:3000')).toBe('[::1]:3000');
    expect(normalizeAddress('localhost.:3000')).toBe('localhost:3000');
    expect(normalizeAddress('https://go.example.com')).toBe('go.example.com');
    expect(normalizeAddress('not a host')).toBeUndefined();
  });

  it('knows every loopback spelling as one machine, and nothing else as it', () => {
    const loopback = ['localhost', 'sub.localhost', '127.0.0.1', '127.0.0.2', '127.255.255.254', '0', '0.0.0.0'];
    const spelled = [
      '0x7f.1',
      '[::1]',
      '[::]',
      '[::ffff:127.0.0.1]',
      '[::ffff:0.0.0.0]',
      '[::127.0.0.2]',
      'LocalHost.',
    ];
    for (const raw of [...loopback, ...spelled]) {
      const host = canonicalHost(raw) ?? '';
      expect({ raw, loopback: isLoopback(host), sameMachine: isSameMachine(host, 'localhost') }).toEqual({
        raw,
        loopback: true,
        sameMachine: true,
      });
    }
    for (const raw of [
      '128.0.0.1',
      '0.0.0.1',
      '10.0.0.1',
      'localhost.example',
      'notlocalhost',
      '[::2]',
      'example.com',
    ]) {
      const host = canonicalHost(raw) ?? '';
      expect({ raw, loopback: isLoopback(host) }).toEqual({ raw, loopback: false });
    }
    expect(isSameMachine('go.example.com', 'go.example.com')).toBe(true);
    expect(isSameMachine('go.example.com', 'localhost')).toBe(false);
  });

  it('stores a blocked entry as its canonical text: names, addresses (IPv6 with or without brackets), CIDRs', () => {
    const entries: [string, string][] = [
      ['Bad.Example.', 'bad.example'],
      ['blocked.example..', 'blocked.example'],
      ['b%C3%BCcher.example', 'xn--bcher-kva.example'],
      ['0x7f.1', '127.0.0.1'],
      ['2001:DB8::1', '2001:db8::1'],
      ['[2001:db8::1]', '2001:db8::1'],
      ['[::1]', '::1'],
      ['::ffff:10.0.0.1', '10.0.0.1'],
      ['10.0.0.0%2F8', '10.0.0.0/8'],
      ['10.0.0.0/8', '10.0.0.0/8'],
      ['10.1.2.3/8', '10.0.0.0/8'],
      ['10.0.0.1/32', '10.0.0.1'],
      ['2001:db8:ff::1/32', '2001:db8::/32'],
      ['[2001:db8::]%2F32', '2001:db8::/32'],
      ['::ffff:10.0.0.0/104', '::ffff:a00:0/104'],
      ['::ffff:10.0.0.1/128', '10.0.0.1'],
    ];
    for (const [raw, canonical] of entries) expect({ raw, entry: block(raw) }).toEqual({ raw, entry: canonical });
  });

  it('refuses what cannot be blocked, 422 at path.host saying why, trailing dots removed first', () => {
    const refusals: [string, string][] = [
      ['a..b', EMPTY_LABEL],
      ['.example.com', EMPTY_LABEL],
      ['*.wild.example', WILDCARD],
      ['example.com:8080', PORT],
      ['[::1]:80', PORT],
      ['com', SINGLE_LABEL],
      ['com..', SINGLE_LABEL],
      ['not a host', NOT_A_HOST],
      ['http://evil.example', A_URL],
      ['https%3A%2F%2Fevil.example%2F', A_URL],
      ['10/8', NOT_A_RANGE],
      ['010.0.0.0/8', NOT_A_RANGE],
      ['10.0.0.0/33', NOT_A_RANGE],
      ['::/129', NOT_A_RANGE],
      ['10.0.0.0/', NOT_A_RANGE],
      ['example.com/8', NOT_A_RANGE],
    ];
    for (const [raw, msg] of refusals)
      expect({ raw, refusal: block(raw) }).toEqual({ raw, refusal: `path.host: ${msg}` });
    expect(block('example.com.')).toBe('example.com');
  });

  it('blocks a name with its subdomains on whole labels, and nothing that only ends like it', () => {
    for (const host of ['bad.example', 'WWW.BAD.EXAMPLE.', 'a.b.bad.example', 'a..bad.example']) {
      expect({ host, blocked: blocks(['bad.example'], host) }).toEqual({ host, blocked: true });
    }
    for (const host of ['notbad.example', 'bad.example.org', 'example']) {
      expect({ host, blocked: blocks(['bad.example'], host) }).toEqual({ host, blocked: false });
    }
  });

  it('blocks an IPv4 address under every spelling, IPv6 ones that embed it included', () => {
    for (const host of [
      '10.0.0.1',
      '0xa.1',
      '167772161',
      '[::ffff:a00:1]',
      '[::10.0.0.1]',
      '[64:ff9b::10.0.0.1]',
      '[2002:a00:1::]',
    ]) {
      expect({ host, blocked: blocks(['10.0.0.1'], host) }).toEqual({ host, blocked: true });
    }
    for (const host of ['[::ffff:127.0.0.1]', '[::1]', '127.1']) {
      expect({ host, blocked: blocks(['127.0.0.1'], host) }).toEqual({ host, blocked: host !== '[::1]' });
    }
    expect(blocks(['10.0.0.1'], '10.0.0.2')).toBe(false);
  });

  it('blocks an IPv6 address, and every address of a CIDR range, IPv4 hosts checked against IPv6 ranges too', () => {
    expect(blocks(['[2001:db8::1]'], '[2001:DB8:0::1]')).toBe(true);
    expect(blocks(['2001:db8::1'], '[2001:db8::2]')).toBe(false);
    const ranges = ['10.0.0.0%2F8', '2001:db8::/32'];
    for (const host of ['10.0.0.0', '10.255.255.255', '0xa.1', '[::ffff:10.9.8.7]', '[2001:db8:ffff::1]']) {
      expect({ host, blocked: blocks(ranges, host) }).toEqual({ host, blocked: true });
    }
    for (const host of ['11.0.0.0', '9.255.255.255', '[2001:db9::1]', 'ten.example']) {
      expect({ host, blocked: blocks(ranges, host) }).toEqual({ host, blocked: false });
    }
    // An IPv4 host is within an IPv6 range that holds an IPv6 address embedding it (mapped, NAT64, 6to4).
    expect(blocks(['::ffff:0:0/96'], '192.0.2.1')).toBe(true);
    expect(blocks(['64:ff9b::/96'], '192.0.2.1')).toBe(true);
    expect(blocks(['2002:c000:201::/48'], '192.0.2.1')).toBe(true);
    expect(blocks(['2002:c000:201::/48'], '192.0.2.2')).toBe(false);
    expect(blocks(['::/0'], 'example.com')).toBe(false);
  });
});
