import type { AllowedOrigins } from '../platform/setting-values.js';

/**
 * Cross-origin access for browser pages on other origins. The API has no credentials (no cookies, no
 * authentication), so by default any origin may call it (`*`); CORS_ALLOWED_ORIGINS narrows that to a list.
 * The functions stamp these headers on their answers, and the local gateway and API Gateway answer the
 * preflight `OPTIONS` themselves with the same values.
 */
/** Headers a page may send, beyond the CORS-safelisted ones. */
export const corsAllowedHeaders = ['Authorization', 'Content-Type', 'Idempotency-Key'];
/** Headers a page may read, beyond the CORS-safelisted ones. */
export const corsExposedHeaders = ['Link', 'Location', 'Retry-After', 'X-Request-Id'];
/** How long a browser may cache a preflight answer, in seconds. */
export const corsMaxAgeSeconds = 600;

/** The origin to allow for a request from `origin`, or undefined when it is not allowed. */
function allowedOrigin(allowed: AllowedOrigins, origin: string | undefined): string | undefined {
  if (allowed === '*') return '*';
  return origin !== undefined && allowed.includes(origin) ? origin : undefined;
}

/** Headers for an actual (non-preflight) answer to a request from `origin`. */
export function corsHeaders(allowed: AllowedOrigins, origin: string | undefined): Record<string, string> {
  const value = allowedOrigin(allowed, origin);
  return {
    ...(value !== undefined && {
      'Access-Control-Allow-Origin': value,
      'Access-Control-Expose-Headers': corsExposedHeaders.join(', '),
    }),
    // A listed origin is echoed, so caches must keep answers for different origins apart.
    ...(allowed !== '*' && { Vary: 'Origin' }),
  };
}

/** Headers of the answer to a preflight `OPTIONS` on a path that has `methods`. */
export function preflightHeaders(
  allowed: AllowedOrigins,
  origin: string | undefined,
  methods: readonly string[],
): Record<string, string> {
  const value = allowedOrigin(allowed, origin);
  return {
    ...corsHeaders(allowed, origin),
    ...(value !== undefined && {
      'Access-Control-Allow-Methods': methods.join(', '),
      'Access-Control-Allow-Headers': corsAllowedHeaders.join(', '),
      'Access-Control-Max-Age': String(corsMaxAgeSeconds),
    }),
  };
}
