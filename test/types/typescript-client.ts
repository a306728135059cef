import { createClient } from '../../clients/typescript/index.js';

/**
 * Type tests: `npm run typecheck` compiles this function, never called; each `@ts-expect-error` fails the type
 * check when the line below it compiles, so a misspelled or mistyped field must stay a compile error.
 */
export async function typeTests() {
  const client = createClient({ baseUrl: 'http://localhost:3000' });
  await client.POST('/urls', { body: { user_id: 1, original_url: 'https://example.com', title: 'Example' } });
  // @ts-expect-error a misspelled field of a body
  await client.POST('/urls', { body: { user_id: 1, original_url: 'https://example.com', titel: 'Example' } });
  // @ts-expect-error a field of the wrong type
  await client.POST('/urls', { body: { user_id: 1, original_url: 'https://example.com', max_clicks: '10' } });
  // @ts-expect-error a required field missing
  await client.POST('/urls', { body: { user_id: 1 } });
  // @ts-expect-error a misspelled field of a body whose fields are all optional
  await client.PUT('/urls/{id}', { params: { path: { id: 1 } }, body: { titel: 'Example' } });
  // @ts-expect-error a misspelled query parameter
  await client.GET('/urls', { params: { query: { limt: 10 } } });
  // @ts-expect-error a path parameter missing
  await client.GET('/urls/{id}');
  // @ts-expect-error a path the API does not have
  await client.GET('/links');

  const { data, error } = await client.POST('/users', { body: { username: 'ada', email: 'ada@example.com' } });
  if (data) {
    const id: number = data.id;
    // @ts-expect-error an answer's field that does not exist
    data.name;
    return id;
  }
  // A 422's detail lists the wrong fields; other errors' is a sentence.
  const detail: string | { loc: (string | number)[]; msg: string; type: string }[] = error.detail;
  return detail;
}
