import { checkExchange, type Exchange } from '../support/openapi-check.js';

/** The integration suite's OpenAPI check on made-up exchanges (no network): it must catch each kind of mismatch. */
const user = { id: 1, username: 'ada', email: 'ada@example.com', created_at: '2026-11-22T01:33:12.123' };

function exchange(overrides: Partial<Exchange> & Pick<Exchange, 'method' | 'url' | 'status'>): Exchange {
  const body = overrides.responseText ?? '';
  return {
    responseHeaders: new Headers(body === '' ? {} : { 'Content-Type': 'application/json' }),
    responseText: body,
    ...overrides,
  };
}

describe('OpenAPI check of an exchange (no network)', () => {
  it('passes an answer the document describes', () => {
    expect(
      checkExchange(exchange({ method: 'GET', url: '/users/1', status: 200, responseText: JSON.stringify(user) })),
    ).toEqual([]);
  });

  it('reports a body that does not fit the documented schema', () => {
    const { email: _, ...withoutEmail } = user;
    const problems = checkExchange(
      exchange({ method: 'GET', url: '/users/1', status: 200, responseText: JSON.stringify(withoutEmail) }),
    );
    expect(problems.join()).toContain("must have required property 'email'");
  });

  it('reports a status the operation does not document', () => {
    const problems = checkExchange(exchange({ method: 'GET', url: '/health', status: 418, responseText: '{}' }));
    expect(problems.join()).toContain('status 418 is not documented');
  });

  it('reports a request the document refuses that the service accepted', () => {
    const problems = checkExchange(
      exchange({ method: 'GET', url: '/users?per_page=500', status: 200, responseText: '[]' }),
    );
    expect(problems.join()).toContain('the service accepted a request the document refuses');
  });

  it('reports a request the document accepts that the service refused as invalid', () => {
    const problems = checkExchange(
      exchange({
        method: 'POST',
        url: '/users',
        requestContentType: 'application/json',
        requestBody: '{"username":"ada","email":"ada@example.com"}',
        status: 422,
        responseText: '{"detail":[{"loc":["body","username"],"msg":"x","type":"value_error"}]}',
      }),
    );
    expect(problems.join()).toContain('the document accepts a request the service refused');
  });

  it('accepts a 422 for a rule JSON Schema cannot state (the serialized size of details)', () => {
    const problems = checkExchange(
      exchange({
        method: 'POST',
        url: '/events',
        requestContentType: 'application/json',
        requestBody: JSON.stringify({ url_id: 1, user_id: 1, event_type: 'x', details: { blob: 'x'.repeat(17_000) } }),
        status: 422,
        responseText: '{"detail":[{"loc":["body","details"],"msg":"too big","type":"value_error"}]}',
      }),
    );
    expect(problems).toEqual([]);
  });

  it('reports a redirect without its required Location header', () => {
    const problems = checkExchange(exchange({ method: 'GET', url: '/urls/abcdef/redirect', status: 302 }));
    expect(problems.join()).toContain('header Location is missing');
  });

  it('expects 404 for a path the document does not have, and 405 for a method it does not list', () => {
    expect(
      checkExchange(
        exchange({ method: 'GET', url: '/nope/deeper', status: 404, responseText: '{"detail":"Not Found"}' }),
      ),
    ).toEqual([]);
    expect(
      checkExchange(exchange({ method: 'GET', url: '/nope/deeper', status: 200, responseText: '{}' })).join(),
    ).toContain('is not in the document');
    expect(
      checkExchange(exchange({ method: 'PATCH', url: '/users', status: 200, responseText: '{}' })).join(),
    ).toContain('is not documented');
  });
});
