import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '../../shared/routes.js';

/**
 * The route table says which routes keep idempotency records (the stack grants those the table); the handlers
 * say which take an Idempotency-Key. Both must name the same routes (no network: the handlers read as text).
 */
describe('idempotent routes (no network)', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

  it('are the four POSTs of the contract, in the route table and in their handlers alike', () => {
    const inTable = routes.filter((route) => route.idempotent).map((route) => `${route.method} ${route.path}`);
    expect(inTable.sort()).toEqual(['POST /events', 'POST /urls', 'POST /users', 'POST /users/bulk']);
    for (const route of routes) {
      const source = readFileSync(path.join(root, route.handler), 'utf8');
      expect({ route: `${route.method} ${route.path}`, idempotent: /\bidempotent:/.test(source) }).toEqual({
        route: `${route.method} ${route.path}`,
        idempotent: route.idempotent === true,
      });
    }
  });
});
