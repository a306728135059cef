/**
 * The first path segments the service keeps for itself, lower-cased: no short code may take one, so that a
 * link never hides a route or page of the service (docs/decisions.md, "Link lifecycle"; `/health`, `/events`
 * and `/users` would otherwise be valid codes). The route table checks when it loads that these are exactly
 * its routes' first segments: a route under a new one stops every build and test until it is added here.
 * Kept apart from the route table so that the schemas of a link (which the table holds) and the redirect read
 * it without loading every route's declaration.
 */
export const reservedFirstSegments: readonly string[] = [
  'health',
  'metrics',
  'openapi.json',
  'docs',
  'stats-page',
  'home-page',
  'users',
  'imports',
  'keys',
  'urls',
  'blocked-hosts',
  'reports',
  'events',
];

/** A code is compared case-insensitively, so that `/Docs` cannot be mistaken for the reference either. */
export const isReservedShortCode = (code: string): boolean => reservedFirstSegments.includes(code.toLowerCase());
