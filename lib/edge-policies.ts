import { Duration } from 'aws-cdk-lib';
import {
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  ResponseHeadersPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { securityHeaders } from '../shared/http/security-headers.js';
import { apiCacheKeyHeaders, apiForwardedHeaders, shortLinkHeaders, staticPageHeaders } from './edge-headers.js';

/** What CloudFront forwards to each origin, what it keeps, and the headers it adds to every answer. */
export interface EdgePolicies {
  apiRequests: OriginRequestPolicy;
  apiCaching: CachePolicy;
  staticRequests: OriginRequestPolicy;
  shortLinkRequests: OriginRequestPolicy;
  errorPageCaching: CachePolicy;
  securityHeaders: ResponseHeadersPolicy;
}

export function edgePolicies(scope: Construct): EdgePolicies {
  const apiRequests = new OriginRequestPolicy(scope, 'ApiRequests', {
    comment: 'What the URL shortener functions read: every query parameter and a few headers',
    queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    headerBehavior: OriginRequestHeaderBehavior.allowList(...apiForwardedHeaders),
    cookieBehavior: OriginRequestCookieBehavior.none(),
  });
  // CloudFront forwards `Authorization` (access keys) only as part of a cache policy's key; a policy with
  // caching fully off cannot name headers, so this one allows at most a second, and nothing is kept: every
  // answer of the API says `no-store`, and an answer without caching headers is kept 0 s (the default).
  const apiCaching = new CachePolicy(scope, 'ApiPassThrough', {
    comment: 'Nothing cached; forwards Authorization (access keys) to the API',
    defaultTtl: Duration.seconds(0),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.seconds(1),
    headerBehavior: CacheHeaderBehavior.allowList(...apiCacheKeyHeaders),
    queryStringBehavior: CacheQueryStringBehavior.all(),
    cookieBehavior: CacheCookieBehavior.none(),
  });
  // The static pages' requests carry the edge function's X-Viewer-Host, which tells them they are seen from
  // the service's root, not the stage's (shared/http/short-links.ts): without it the API reference's page would
  // point its files at `/<stage>/...`. Not part of the cache key: every request through the edge has it.
  const staticRequests = new OriginRequestPolicy(scope, 'StaticRequests', {
    comment: 'The static pages: the viewer host only, nothing else',
    queryStringBehavior: OriginRequestQueryStringBehavior.none(),
    headerBehavior: OriginRequestHeaderBehavior.allowList(...staticPageHeaders),
    cookieBehavior: OriginRequestCookieBehavior.none(),
  });
  // The short links' requests: no caching (every redirect is a click), only what the redirect reads.
  const shortLinkRequests = new OriginRequestPolicy(scope, 'ShortLinkRequests', {
    comment: 'What the redirect reads: every query parameter and a few headers, never Host',
    queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    headerBehavior: OriginRequestHeaderBehavior.allowList(...shortLinkHeaders),
    cookieBehavior: OriginRequestCookieBehavior.none(),
  });
  // The error pages are the same for everyone, for good: kept at the edge for a day whatever the mock's
  // `no-store` says (which is what viewers see), so a failing moment sends the API almost nothing.
  const errorPageCaching = new CachePolicy(scope, 'ErrorPages', {
    comment: 'The error pages CloudFront answers with: kept at the edge',
    defaultTtl: Duration.days(1),
    minTtl: Duration.days(1),
    maxTtl: Duration.days(1),
    headerBehavior: CacheHeaderBehavior.none(),
    queryStringBehavior: CacheQueryStringBehavior.none(),
    cookieBehavior: CacheCookieBehavior.none(),
  });
  // The service's own security headers (shared/http/security-headers.ts, which the local gateway adds too),
  // where a response does not set them itself, and HSTS on every one.
  const securityHeadersPolicy = new ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    comment: 'URL shortener: the security headers of every answer',
    securityHeadersBehavior: {
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption[securityHeaders['X-Frame-Options']], override: false },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: false },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
    },
  });
  return {
    apiRequests,
    apiCaching,
    staticRequests,
    shortLinkRequests,
    errorPageCaching,
    securityHeaders: securityHeadersPolicy,
  };
}
