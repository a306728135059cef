import { createHash, createHmac, createSecretKey, type Hash, type Hmac, type KeyObject } from 'node:crypto';
import { getUserAgentMiddlewareOptions, userAgentMiddleware } from '@aws-sdk/core/client';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getSchemaSerdePlugin } from '@smithy/core/schema';

/**
 * What every AWS SDK client of the functions is given, to spend less CPU per call (measured with
 * `npm run bench -- handler-cpu` and a profile of the local runtime under load: docs/benchmarks.md).
 * Retries, timeouts and error classification are untouched.
 */

/** What `leanSdkClient` needs of a client: its resolved configuration and its middleware. */
interface SdkClient {
  config: object;
  middlewareStack: {
    remove(name: string): boolean;
    use(plugin: ReturnType<typeof getSchemaSerdePlugin>): void;
    add(middleware: ReturnType<typeof userAgentMiddleware>, options: typeof getUserAgentMiddlewareOptions): void;
  };
}

/** The SDK's `signer` option as its SigV4 configuration resolves it: a signer for an auth scheme. */
type SignerFactory = (authScheme?: { name?: string; signingName?: string; signingRegion?: string }) => Promise<unknown>;

/**
 * One signer per set of credentials and auth scheme instead of one per call. The SDK's factory builds a new
 * SigV4 signer for every request, spreading the whole resolved configuration into its parameters; what it
 * builds depends only on the scheme's signing name and region and on the client's credentials provider
 * (`credentialsOf`), which it holds rather than credentials: a kept signer still signs with credentials the
 * provider refreshes, and credentials assigned to the client later get signers of their own.
 */
function oneSignerPerScheme(makeSigner: SignerFactory, credentialsOf: () => unknown): SignerFactory {
  const signersByCredentials = new WeakMap<object, Map<string, Promise<unknown>>>();
  const noCredentials = {};
  return (authScheme) => {
    const credentials = credentialsOf();
    const owner =
      typeof credentials === 'function' || (typeof credentials === 'object' && credentials !== null)
        ? credentials
        : noCredentials;
    let signers = signersByCredentials.get(owner);
    if (!signers) {
      signers = new Map();
      signersByCredentials.set(owner, signers);
    }
    const scheme = `${authScheme?.name}|${authScheme?.signingName}|${authScheme?.signingRegion}`;
    let signer = signers.get(scheme);
    if (!signer) {
      const kept = signers;
      signer = makeSigner(authScheme);
      kept.set(scheme, signer);
      signer.catch(() => kept.delete(scheme));
    }
    return signer;
  };
}

type BuildHandler = ReturnType<ReturnType<typeof userAgentMiddleware>>;
type BuildContext = Parameters<ReturnType<typeof userAgentMiddleware>>[1];

/** The two headers the SDK's user-agent middleware sets. */
const userAgentHeaders = ['user-agent', 'x-amz-user-agent'] as const;

/**
 * The SDK's user-agent middleware, run once per command and set of features: on every call it rebuilds the
 * same two headers (asking the OS for its release, escaping each section with regular expressions, listing
 * the features in use), about 30 µs, the most expensive step of a call after signing. The headers of the
 * first call are kept and set again on the next ones.
 */
function userAgentOncePerCommand(config: Parameters<typeof userAgentMiddleware>[0]) {
  const sdkUserAgent = userAgentMiddleware(config);
  const agents = new Map<string, Record<string, string>>();
  return (next: BuildHandler, context: BuildContext): BuildHandler =>
    async (args) => {
      const headers = (args.request as { headers?: Record<string, string> } | undefined)?.headers;
      if (!headers) return next(args);
      const { __smithy_context: smithy, __aws_sdk_context: sdk } = context as {
        __smithy_context?: { features?: object };
        __aws_sdk_context?: { features?: object };
      };
      const agent = `${context.commandName}|${Object.keys(smithy?.features ?? {})}|${Object.keys(sdk?.features ?? {})}`;
      const known = agents.get(agent);
      if (known) {
        Object.assign(headers, known);
        return next(args);
      }
      return sdkUserAgent((built) => {
        const set: Record<string, string> = {};
        for (const name of userAgentHeaders) if (headers[name] !== undefined) set[name] = headers[name];
        agents.set(agent, set);
        return next(built);
      }, context)(args);
    };
}

/**
 * Makes a client cheaper per call, without touching its retries, timeouts or error classification:
 *
 * - Drops the SDK's logger middleware. It runs on every call and, even with no logger configured, copies the
 *   whole input and output through the command's schema to hide sensitive fields for a log line nobody
 *   writes: about a tenth of a redirect's CPU.
 * - Keeps one request signer per set of credentials and auth scheme (`oneSignerPerScheme`) and builds the
 *   user agent once per command (`userAgentOncePerCommand`).
 * - Gives the client its resolved configuration again as an object V8 keeps in fast mode. The SDK builds it
 *   property by property (about 50) and V8 ends up storing it as a dictionary; every call then spreads it
 *   three times (`{ ...config, ...context }` to serialise and to parse, `{ ...config }` for the endpoint), at
 *   about 7.5 µs a spread against 1.2 µs for the same object in fast mode. The copy keeps every property as
 *   it is, the credentials accessor too. Commands resolve against `client.config` when sent; the two
 *   serialisation middlewares were bound to the old object when the client was built, so they are bound again
 *   (the SDK's own plugin, which replaces them by name). The signing middleware keeps the old object, which
 *   is where the clock-skew correction it learns is kept: nothing else reads it.
 */
export function leanSdkClient<T extends SdkClient>(client: T): T {
  client.middlewareStack.remove('loggerMiddleware');
  const resolved = client.config as { signer?: SignerFactory; credentials?: unknown };
  if (typeof resolved.signer === 'function') {
    resolved.signer = oneSignerPerScheme(resolved.signer, () => resolved.credentials);
  }
  client.config = Object.defineProperties({}, Object.getOwnPropertyDescriptors(client.config));
  client.middlewareStack.use(getSchemaSerdePlugin(client.config as Parameters<typeof getSchemaSerdePlugin>[0]));
  client.middlewareStack.add(
    userAgentOncePerCommand(client.config as Parameters<typeof userAgentMiddleware>[0]),
    getUserAgentMiddlewareOptions,
  );
  return client;
}

/** A command's handler once its middleware is resolved: it takes the command and answers with its output. */
type ResolvedHandler = (command: unknown) => Promise<{ output: unknown }>;

/** What `resolvedOncePerCommand` uses of a lib-dynamodb command (members its base class keeps protected). */
interface DocumentCommand {
  constructor: object;
  middlewareStack: unknown;
  clientCommand: { resolveMiddleware(stack: unknown, config: unknown, options: undefined): ResolvedHandler };
  addMarshallingMiddleware(config: unknown): void;
}

const isDocumentCommand = (command: unknown): command is DocumentCommand =>
  typeof (command as Partial<DocumentCommand>).addMarshallingMiddleware === 'function' &&
  typeof (command as Partial<DocumentCommand>).clientCommand?.resolveMiddleware === 'function';

/**
 * The DynamoDB document client with each kind of command's middleware resolved once, as the SDK's
 * `cacheMiddleware` does for plain clients. lib-dynamodb cannot use that option (the handler it resolves
 * sends the command it was resolved for, whatever it is given later), so on every call it added its two
 * marshalling steps, concatenated the client's and the command's stacks and sorted them: 25-40 µs of a call.
 * Here the handler lib-dynamodb builds for the first command of a kind is kept and given each later command's
 * inner command, whose input it marshals. As with the SDK's own cache, calls of one kind share the handler's
 * context (the per-call values the middleware writes there, the endpoint and the chosen identity, are the
 * same for every call of this service), and middleware added to the client after a kind's first call is not
 * seen by that kind; retries, timeouts and errors are those of the same middleware.
 */
export function resolvedOncePerCommand<T extends DynamoDBDocumentClient>(documents: T): T {
  const handlers = new Map<object, ResolvedHandler>();
  const send = documents.send.bind(documents) as (...args: unknown[]) => Promise<unknown>;
  const sendResolvedOnce = async (command: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || !isDocumentCommand(command)) return send(command, ...rest);
    let handler = handlers.get(command.constructor);
    if (!handler) {
      command.addMarshallingMiddleware(documents.config);
      const stack = documents.middlewareStack.concat(command.middlewareStack as typeof documents.middlewareStack);
      handler = command.clientCommand.resolveMiddleware(stack, documents.config, undefined);
      handlers.set(command.constructor, handler);
    }
    return (await handler(command.clientCommand)).output;
  };
  documents.send = sendResolvedOnce as T['send'];
  return documents;
}

/** Keys seen as bytes (the day's signing key, which the signer keeps and passes again each time). */
const keysOfBytes = new WeakMap<object, KeyObject>();

/** What the SDK hands a hash: text, bytes, or a view of bytes. */
type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytesOf = (data: ArrayBuffer | ArrayBufferView) =>
  ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

function keyObjectOf(secret: ArrayBuffer | ArrayBufferView): KeyObject {
  let key = keysOfBytes.get(secret);
  if (!key) {
    key = createSecretKey(bytesOf(secret));
    keysOfBytes.set(secret, key);
  }
  return key;
}

/**
 * HMACs keyed by text, by key and message. Text keys are the secret access key: the signer computes the HMAC
 * of the access key id under it on every call, only to name its cache of signing keys, so the same bytes
 * each time (and once a day the first step of a new signing key). Computed once per message, so the key is
 * not worth keeping as a key object.
 */
const macsOfText = new Map<string, Map<string, Buffer>>();

function macOfText(secret: string, message: Buffer): Buffer {
  let macs = macsOfText.get(secret);
  if (!macs) {
    if (macsOfText.size >= 16) macsOfText.clear();
    macs = new Map();
    macsOfText.set(secret, macs);
  }
  const id = message.toString('latin1');
  let mac = macs.get(id);
  if (!mac) {
    if (macs.size >= 64) macs.clear();
    mac = createHmac('sha256', secret).update(message).digest();
    macs.set(id, mac);
  }
  return mac;
}

/**
 * SigV4's SHA-256 and HMAC, as the SDK's own (`sha256` client option), cheaper where the signer repeats
 * itself: HMAC keys are held as key objects (Node 24 prepares a raw key on every `createHmac`, ~14 µs
 * against ~2.5 µs for a key object) and an HMAC under a text key is computed once per message.
 */
export class KeyedSha256 {
  private hash: Hash | Hmac | undefined;
  /** Under a text key: the message so far, to look its HMAC up. */
  private message: Buffer[] = [];

  constructor(private readonly secret?: SourceData) {
    this.reset();
  }

  update(data: SourceData): void {
    if (this.hash) this.hash.update(typeof data === 'string' ? data : bytesOf(data));
    else this.message.push(typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(bytesOf(data)));
  }

  async digest(): Promise<Uint8Array> {
    if (typeof this.secret === 'string') return new Uint8Array(macOfText(this.secret, Buffer.concat(this.message)));
    // A plain hash may be read more than once (as the SDK's allows); a keyed one is read once.
    const digest = this.secret === undefined ? (this.hash as Hash).copy().digest() : (this.hash as Hmac).digest();
    return new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength);
  }

  reset(): void {
    this.message = [];
    if (this.secret === undefined) this.hash = createHash('sha256');
    else if (typeof this.secret !== 'string') this.hash = createHmac('sha256', keyObjectOf(this.secret));
  }
}
