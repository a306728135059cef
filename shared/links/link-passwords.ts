import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * A protected link's password, kept only as a slow salted hash (docs/decisions.md, "Links for campaigns"):
 * scrypt with N = 2^14, r = 8, p = 1 (16 MiB and about 40 ms of one core per hash, Node's defaults and the
 * cost OWASP lists as its floor), a 16-byte random salt and a 32-byte key. The parameters are stored with the
 * hash, `scrypt$<N>$<r>$<p>$<salt>$<key>` (base64url), so that a later cost applies to new passwords and the
 * old ones still verify. Hashing runs on libuv's thread pool: the event loop is not held for its 40 ms.
 */

const COST = { N: 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `hash` was made of; a hash in no known form matches nothing. */
export async function isPassword(password: string, hash: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
