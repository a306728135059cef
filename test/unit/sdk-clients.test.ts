import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { KeyedSha256, leanSdkClient, resolvedOncePerCommand } from '../../shared/sdk-clients.js';

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

  it('gives the same HMAC under a text key for the same message, and a new one for another', async () => {
    const macOf = async (key: string, message: string) => {
      const hmac = new KeyedSha256(key);
      hmac.update(message);
      return hmac.digest();
    };
    const first = await macOf('secret', 'AKIDEXAMPLE');
    const expected = createHmac('sha256', 'secret').update('AKIDEXAMPLE').digest('hex');
    expect(hex(first)).toBe(expected);
    // What a caller does with the bytes it got does not change the next caller's.
    first.fill(0);
    expect(hex(await macOf('secret', 'AKIDEXAMPLE'))).toBe(expected);
    expect(hex(await macOf('secret', 'AKIDOTHER'))).toBe(
      createHmac('sha256', 'secret').update('AKIDOTHER').digest('hex'),
    );
    expect(hex(await macOf('other secret', 'AKIDEXAMPLE'))).toBe(
      createHmac('sha256', 'other secret').update('AKIDEXAMPLE').digest('hex'),
    );
  });
});

describe('a lean SDK client (no network)', () => {
  /** A request handler that keeps each request as signed and answers an empty GetItem. */
  function capturingHandler() {
    const sent: HttpRequest[] = [];
    return {
      sent,
      handle: async (request: HttpRequest) => {
        sent.push(request);
        const body = Readable.from([Buffer.from('{}')]);
        return { response: { statusCode: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body } };
      },
    };
  }
  type HttpRequest = { headers: Record<string, string> };
  type Signer = { sign(request: HttpRequest, options: { signingDate: Date }): Promise<HttpRequest> };

  it("signs each request as the SDK's own signer does, with the credentials of the moment", async () => {
    const keys: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }[] = [
      { accessKeyId: 'AKIDFIRST', secretAccessKey: 'first secret' },
      { accessKeyId: 'AKIDFIRST', secretAccessKey: 'first secret' },
      { accessKeyId: 'AKIDROTATED', secretAccessKey: 'rotated secret', sessionToken: 'token' },
    ];
    let current = keys[0];
    // Credentials that expire within the SDK's refresh window are fetched again for every request.
    const credentials = async () => ({
      accessKeyId: '',
      secretAccessKey: '',
      ...current,
      expiration: new Date(Date.now() + 60_000),
    });
    const lean = capturingHandler();
    const client = leanSdkClient(
      new DynamoDBClient({ region: 'eu-west-1', requestHandler: lean, sha256: KeyedSha256, credentials }),
    );
    const plain = capturingHandler();
    const reference = new DynamoDBClient({ region: 'eu-west-1', requestHandler: plain, credentials });
    for (const [i, key] of keys.entries()) {
      current = key;
      const command = () => new GetItemCommand({ TableName: 'links', Key: { PK: { S: `URL#${i}` } } });
      expect((await client.send(command())).Item).toBeUndefined();
      await reference.send(command());
      const [request, expected] = [lean.sent[i], plain.sent[i]];
      if (!request || !expected) throw new Error('a request was not sent');
      // Signed by the SDK's own signer at the lean request's time, with the same headers but the signature.
      const signer = await (
        new DynamoDBClient({ region: 'eu-west-1', credentials: key }).config.signer as () => Promise<Signer>
      )();
      const unsigned = { ...request, headers: { ...request.headers } };
      delete unsigned.headers.authorization;
      const amzDate = String(request.headers['x-amz-date']);
      const signingDate = new Date(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
      expect(request.headers.authorization).toBe((await signer.sign(unsigned, { signingDate })).headers.authorization);
      expect(request.headers.authorization).toContain(`Credential=${key.accessKeyId}/`);
      // The user agent built once is the one the SDK builds every time.
      expect(request.headers['user-agent']).toBe(expected.headers['user-agent']);
      expect(request.headers['x-amz-user-agent']).toBe(expected.headers['x-amz-user-agent']);
    }
    // Credentials assigned to the client later are the ones its next request is signed with.
    const assigned = { accessKeyId: 'AKIDASSIGNED', secretAccessKey: 'assigned secret' };
    (client.config as { credentials: unknown }).credentials = assigned;
    await client.send(new GetItemCommand({ TableName: 'links', Key: { PK: { S: 'URL#9' } } }));
    expect(lean.sent.at(-1)?.headers.authorization).toContain('Credential=AKIDASSIGNED/');
  });
});

describe('a document client that resolves each command once (no network)', () => {
  /** Answers GetItem with the key it was asked for, and fails a conditional PutItem as DynamoDB does. */
  function echoingHandler() {
    const bodies: Record<string, unknown>[] = [];
    return {
      bodies,
      handle: async (request: { headers: Record<string, string>; body?: string | Uint8Array }) => {
        const text = typeof request.body === 'string' ? request.body : Buffer.from(request.body ?? '').toString('utf8');
        const body = JSON.parse(text) as Record<string, unknown>;
        bodies.push(body);
        const target = String(request.headers['x-amz-target']);
        const [status, answer] = target.endsWith('GetItem')
          ? [200, { Item: { ...(body.Key as object), seen: { N: String(bodies.length) } } }]
          : body.ConditionExpression
            ? [400, { __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException', message: 'no' }]
            : [200, {}];
        const headers = { 'content-type': 'application/x-amz-json-1.0' };
        return {
          response: { statusCode: status, headers, body: Readable.from([Buffer.from(JSON.stringify(answer))]) },
        };
      },
    };
  }

  it("marshals each command's own input and unmarshals its own output, concurrently too", async () => {
    const handler = echoingHandler();
    const documents = resolvedOncePerCommand(
      DynamoDBDocumentClient.from(
        new DynamoDBClient({
          region: 'eu-west-1',
          requestHandler: handler,
          credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
        }),
        { marshallOptions: { removeUndefinedValues: true } },
      ),
    );
    const reads = await Promise.all(
      ['URL#1', 'URL#2', 'URL#3'].map((PK) => documents.send(new GetCommand({ TableName: 'links', Key: { PK } }))),
    );
    expect(reads.map((out) => out.Item?.PK)).toEqual(['URL#1', 'URL#2', 'URL#3']);
    expect(reads.every((out) => typeof out.Item?.seen === 'number')).toBe(true);
    expect(handler.bodies.map((body) => body.Key)).toEqual([
      { PK: { S: 'URL#1' } },
      { PK: { S: 'URL#2' } },
      { PK: { S: 'URL#3' } },
    ]);

    await documents.send(new PutCommand({ TableName: 'links', Item: { PK: 'URL#4', hits: 2, gone: undefined } }));
    expect(handler.bodies.at(-1)?.Item).toEqual({ PK: { S: 'URL#4' }, hits: { N: '2' } });
    // An error keeps its name, which is what the store's error classification reads.
    await expect(
      documents.send(
        new PutCommand({ TableName: 'links', Item: { PK: 'URL#5' }, ConditionExpression: 'attribute_not_exists(PK)' }),
      ),
    ).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    expect(handler.bodies.at(-1)?.Item).toEqual({ PK: { S: 'URL#5' } });
  });
});
