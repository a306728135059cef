import { createHash, createHmac, createSecretKey, type Hash, type Hmac, type KeyObject } from 'node:crypto';

/**
 * What every AWS SDK client of the functions is given, to spend less CPU per call (measured with
 * `npm run bench -- handler-cpu` and a profile of the local runtime under load: docs/benchmarks.md).
 * Retries, timeouts and error classification are untouched.
 */

/**
 * Drops the SDK's logger middleware. It runs on every call and, even with no logger configured, copies the
 * whole input and output through the command's schema to hide sensitive fields for a log line nobody
 * writes: about a tenth of a redirect's CPU.
 */
export function withoutSdkLogging<T extends { middlewareStack: { remove(name: string): boolean } }>(client: T): T {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

/** Keys seen as strings (the secret access key): a handful per process (one per set of credentials). */
const keysOfText = new Map<string, KeyObject>();
/** Keys seen as bytes (the day's signing key, which the signer keeps and passes again each time). */
const keysOfBytes = new WeakMap<object, KeyObject>();

/** What the SDK hands a hash: text, bytes, or a view of bytes. */
type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytesOf = (data: ArrayBuffer | ArrayBufferView) =>
  ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

function keyObjectOf(secret: SourceData): KeyObject {
  if (typeof secret === 'string') {
    let key = keysOfText.get(secret);
    if (!key) {
      if (keysOfText.size >= 16) keysOfText.clear();
      key = createSecretKey(Buffer.from(secret, 'utf8'));
      keysOfText.set(secret, key);
    }
    return key;
  }
  let key = keysOfBytes.get(secret);
  if (!key) {
    key = createSecretKey(bytesOf(secret));
    keysOfBytes.set(secret, key);
  }
  return key;
}

/**
 * SigV4's SHA-256 and HMAC, as the SDK's own (`sha256` client option), with the HMAC keys held as key
 * objects: Node 24 prepares a raw key on every `createHmac` (~14 µs against ~2.5 µs for a key object), and
 * the signer makes two keyed HMACs per call with keys that rarely change.
 */
export class KeyedSha256 {
  private hash: Hash | Hmac;

  constructor(private readonly secret?: SourceData) {
    this.hash = this.create();
  }

  update(data: SourceData): void {
    this.hash.update(typeof data === 'string' ? data : bytesOf(data));
  }

  async digest(): Promise<Uint8Array> {
    // A plain hash may be read more than once (as the SDK's allows); a keyed one is read once.
    const digest = this.secret === undefined ? (this.hash as Hash).copy().digest() : this.hash.digest();
    return new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength);
  }

  reset(): void {
    this.hash = this.create();
  }

  private create(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', keyObjectOf(this.secret));
  }
}
