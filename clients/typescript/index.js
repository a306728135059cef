import createFetchClient from 'openapi-fetch';

/**
 * A client of the URL shortener: openapi-fetch over the service's paths (the types are in index.d.ts and
 * openapi.d.ts). With `apiKey`, every request carries `Authorization: Bearer <apiKey>`.
 */
export function createClient({ apiKey, ...options }) {
  const client = createFetchClient(options);
  if (apiKey) {
    client.use({
      onRequest({ request }) {
        request.headers.set('Authorization', `Bearer ${apiKey}`);
      },
    });
  }
  return client;
}
