import { readFile } from 'node:fs/promises';
import { createClient } from '../../clients/typescript/index.js';
import { clientTypes, clientTypesFile } from '../../scripts/client-types.js';

/** The typed client (clients/typescript/) without a service: its types against the document (no network). */
describe('typed TypeScript client (no network)', () => {
  it('has the types openapi-typescript writes from the OpenAPI document (`npm run openapi` writes them)', async () => {
    expect(await readFile(clientTypesFile, 'utf8')).toBe(await clientTypes());
  });

  it('sends the access key as a bearer token, and nothing when it has none', async () => {
    const sent: (string | null)[] = [];
    const fetch = async (request: Request) => {
      sent.push(request.headers.get('authorization'));
      return Response.json({ status: 'ok' });
    };
    await createClient({ baseUrl: 'http://service.test', apiKey: 'usk_key', fetch }).GET('/health');
    await createClient({ baseUrl: 'http://service.test', fetch }).GET('/health');
    expect(sent).toEqual(['Bearer usk_key', null]);
  });
});
