import { checkReservedSegments, routes } from '../../shared/api/routes.js';
import { isReservedShortCode, reservedFirstSegments } from '../../shared/domain/reserved-paths.js';

describe('the route table and the path segments it reserves (no network)', () => {
  it('reserves exactly the first segment of every route, so no short code hides one', () => {
    expect(() => checkReservedSegments(routes)).not.toThrow();
    for (const route of routes.filter((route) => route.path !== '/')) {
      expect(isReservedShortCode(route.path.split('/')[1] as string)).toBe(true);
    }
  });

  it('stops a table with a route under a segment nobody reserved, or without a reserved one', () => {
    expect(() => checkReservedSegments([...routes, { path: '/teams/{id}' }])).toThrow(
      "shared/domain/reserved-paths.ts must list the routes' first segments",
    );
    expect(() => checkReservedSegments(routes.filter((route) => !route.path.startsWith('/reports')))).toThrow(
      'shared/domain/reserved-paths.ts',
    );
  });

  it('compares a code with the reserved segments in any case', () => {
    expect(reservedFirstSegments).toContain('docs');
    expect(isReservedShortCode('Docs')).toBe(true);
    expect(isReservedShortCode('HEALTH')).toBe(true);
    expect(isReservedShortCode('healthy')).toBe(false);
  });

  it('declares each method and path once', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const handlers = routes.map((route) => route.handler);
    expect(new Set(handlers).size).toBe(handlers.length);
  });
});
