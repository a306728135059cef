import { createHash, createHmac } from 'node:crypto';
import { KeyedSha256 } from '../../shared/sdk-clients.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe("the SDK clients' SHA-256 (no network)", () => {
  it('hashes and keys HMACs exactly as Node does, whatever form the key and data come in', async () => {
    const plain = new KeyedSha256();
    plain.update('canonical request');
    const expected = createHash('sha256').update('canonical request').digest('hex');
    expect(hex(await plain.digest())).toBe(expected);
    // A plain hash may be read twice, as the SDK's own allows.
    expect(hex(await plain.digest())).toBe(expected);

    const signingKey = new Uint8Array(32).fill(7);
    for (const key of ['AWS4secret', signingKey, signingKey.buffer, signingKey]) {
      const hmac = new KeyedSha256(key);
      hmac.update(new TextEncoder().encode('string to sign'));
      const raw = typeof key === 'string' ? key : Buffer.from(key instanceof ArrayBuffer ? key : key.buffer);
      expect(hex(await hmac.digest())).toBe(createHmac('sha256', raw).update('string to sign').digest('hex'));
    }
  });

  it('starts again after reset', async () => {
    const hmac = new KeyedSha256('secret');
    hmac.update('discarded');
    hmac.reset();
    hmac.update('kept');
    expect(hex(await hmac.digest())).toBe(createHmac('sha256', 'secret').update('kept').digest('hex'));
  });
});
