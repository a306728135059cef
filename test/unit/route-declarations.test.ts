import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '../../shared/routes.js';

/**
 * The route table says which routes keep idempotency records (the stack grants those the table) and who may
 * call each in keys mode (the OpenAPI document says so); the handlers declare the same. Both must agree (no
 * network: the handlers read as text).
 */
describe('what the route table and the handlers declare (no network)', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

  it("declare the route table's access in their handlers (what keys mode asks of a caller)", () => {
    for (const route of routes) {
      const source = readFileSync(path.join(root, route.handler), 'utf8');
      const declared = /\baccess: '(open|operator|user)'/.exec(source)?.[1] ?? 'user';
      expect({ route: `${route.method} ${route.path}`, access: declared }).toEqual({
        route: `${route.method} ${route.path}`,
        access: route.access,
      });
    }
  });

  it("are the contract's POSTs (the four, and the links in bulk), in the route table and in their handlers alike", () => {
    const inTable = routes.filter((route) => route.idempotent).map((route) => `${route.method} ${route.path}`);
    expect(inTable.sort()).toEqual([
      'POST /events',
      'POST /urls',
      'POST /urls/bulk',
      'POST /users',
      'POST /users/bulk',
    ]);
    for (const route of routes) {
      const source = readFileSync(path.join(root, route.handler), 'utf8');
      expect({ route: `${route.method} ${route.path}`, idempotent: /\bidempotent:/.test(source) }).toEqual({
        route: `${route.method} ${route.path}`,
        idempotent: route.idempotent === true,
      });
    }
  });
});
