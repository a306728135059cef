/**
 * The security headers every answer carries, page or JSON (docs/decisions.md, "Hardening"): in AWS CloudFront adds
 * them (a response headers policy built from these values, lib/edge-policies.ts), locally the gateway does,
 * so a page is framed, sniffed and referred the same way in both. A page's own Content-Security-Policy comes
 * from its function. (Strict-Transport-Security is CloudFront's alone: the local gateway speaks plain HTTP.)
 */
export const securityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;
