import { Duration, Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { RestApiOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { securityHeaders } from '../shared/http/security-headers.js';
import { shortLinkFunctionCode } from './short-link-function.js';

/**
 * The request headers the functions read, and nothing else (in particular not `Host`, which would not
 * match API Gateway's: the edge function passes the viewer's as `X-Viewer-Host`). `Referer` and `User-Agent`
 * go into click events; `Content-Type` selects JSON or a multipart upload; `CloudFront-Viewer-Country` is the
 * only location the service stores; `CloudFront-Viewer-Address` is only hashed, with a secret of the month,
 * into the visitor tag of unique visitors (store/visitor-secrets.ts), never stored. `X-Edge-Host` and
 * `X-Short-Form` come from the edge function; `Idempotency-Key` makes a POST safe to retry
 * (shared/http/idempotency.ts); `Origin` picks the CORS answer.
 *
 * Ten: CloudFront's default quota of headers per origin request policy, so a first deploy needs no quota
 * increase. Left out because nothing depends on them: `CloudFront-Forwarded-Proto` (every viewer request
 * reaching the API is HTTPS: plain HTTP is redirected first, and API Gateway's own `X-Forwarded-Proto` says
 * `https`), and the preflight's `Access-Control-Request-Method`/`-Headers` (API Gateway answers a preflight
 * itself, with fixed lists). A header added here must take the place of another, or come with that quota.
 */
const forwardedHeaders = [
  'Content-Type',
  'Referer',
  'User-Agent',
  'CloudFront-Viewer-Country',
  'CloudFront-Viewer-Address',
  'X-Viewer-Host',
  'X-Edge-Host',
  'X-Short-Form',
  'Idempotency-Key',
  'Origin',
] as const;

export interface EdgeDistributionProps {
  api: RestApi;
  /**
   * A CLOUDFRONT-scope WAF web ACL to attach. Such ACLs exist only in us-east-1, so the app creates it in
   * its own stack (`EdgeFirewallStack`) and passes its ARN here.
   * @default - no web ACL
   */
  webAclArn?: string;
  /**
   * A domain of the operator's own for the short links (`go.example.com`), its ACM certificate (in us-east-1),
   * and optionally the Route 53 hosted zone in which to create its alias records.
   * @default - the distribution's own *.cloudfront.net domain
   */
  domain?: { name: string; certificateArn: string; hostedZoneId?: string };
  /**
   * The secret CloudFront sends to the API in `X-Origin-Verify`, which the functions check: the API answers
   * only requests that came through CloudFront. The template holds a reference to it, never its value.
   */
  originSecret: ISecret;
  /**
   * Bumped after the secret's value is changed (docs/operations.md, "The origin secret"), so that CloudFront
   * reads it again. @default 1
   */
  originSecretVersion?: number;
  /** A deployment's stage: the function's name carries it (CloudFront Function names are per account). */
  stage?: string;
}

/** The header in which CloudFront proves to the API that a request came through it. */
export const ORIGIN_VERIFY_HEADER = 'X-Origin-Verify';

/**
 * CloudFront in front of the API: TLS at the edge, nothing cached (every response is per request, and a
 * cached redirect would lose its click event), and short links shared as `https://<domain>/<code>`.
 */
export class EdgeDistribution extends Construct {
  readonly distribution: Distribution;
  readonly shortLinkFunction: CloudFrontFunction;

  constructor(scope: Construct, id: string, props: EdgeDistributionProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.shortLinkFunction = new CloudFrontFunction(this, 'ShortLinkRewrite', {
      // Named, not generated (a generated name keeps only the stack name's first characters), and with the
      // Region: CloudFront Function names are unique in the whole account.
      functionName: `${stack.stackName}-short-links-${stack.region}`,
      comment: 'Rewrites /<short code> to the redirect route',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(shortLinkFunctionCode()),
    });
    const originRequestPolicy = new OriginRequestPolicy(this, 'ApiRequests', {
      comment: 'What the URL shortener functions read: every query parameter and a few headers',
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      headerBehavior: OriginRequestHeaderBehavior.allowList(...forwardedHeaders),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    // CloudFront forwards `Authorization` (access keys) only as part of a cache policy's key; a policy with
    // caching fully off cannot name headers, so this one allows at most a second, and nothing is kept: every
    // answer of the API says `no-store`, and an answer without caching headers is kept 0 s (the default).
    const cachePolicy = new CachePolicy(this, 'ApiPassThrough', {
      comment: 'Nothing cached; forwards Authorization (access keys) to the API',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
    });
    // The static pages' requests carry the edge function's X-Viewer-Host, which tells them they are seen from
    // the service's root, not the stage's (shared/short-links.ts): without it the API reference's page would
    // point its files at `/<stage>/...`. Not part of the cache key: every request through the edge has it.
    const staticRequestPolicy = new OriginRequestPolicy(this, 'StaticRequests', {
      comment: 'The static pages: the viewer host only, nothing else',
      queryStringBehavior: OriginRequestQueryStringBehavior.none(),
      headerBehavior: OriginRequestHeaderBehavior.allowList('X-Viewer-Host'),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    // The service's own security headers (shared/http/security-headers.ts, which the local gateway adds too),
    // where a response does not set them itself, and HSTS on every one.
    const securityHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'URL shortener: the security headers of every answer',
      securityHeadersBehavior: {
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption[securityHeaders['X-Frame-Options']], override: false },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: false },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });
    const origin = new RestApiOrigin(props.api, {
      customHeaders: {
        // A dynamic reference ({{resolve:secretsmanager:...}}): CloudFormation resolves it at deployment.
        [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap(),
        'X-Origin-Verify-Version': String(props.originSecretVersion ?? 1),
      },
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'URL shortener',
      defaultBehavior: {
        origin,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy,
        originRequestPolicy,
        responseHeadersPolicy: securityHeadersPolicy,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        functionAssociations: [{ function: this.shortLinkFunction, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: Object.fromEntries(
        // The API reference (GET /docs and its files) and the statistics page's files are static: cached at
        // the edge and compressed there. Exactly `/docs` and `/docs/*`, not `/docs*`: a chosen short code may
        // start with `docs` (`/docs-guide`), and must reach the function that rewrites it. The function runs
        // here too, for `/docs/` (the reference's own address with a slash).
        ['/docs', '/docs/*', '/stats-page/*'].map((pattern) => [
          pattern,
          {
            origin,
            allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
            cachePolicy: CachePolicy.CACHING_OPTIMIZED,
            compress: true,
            originRequestPolicy: staticRequestPolicy,
            responseHeadersPolicy: securityHeadersPolicy,
            viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
            functionAssociations: [{ function: this.shortLinkFunction, eventType: FunctionEventType.VIEWER_REQUEST }],
          },
        ]),
      ),
      // North America and Europe only: the cheapest class; other viewers are served from those edges.
      priceClass: PriceClass.PRICE_CLASS_100,
      httpVersion: HttpVersion.HTTP2_AND_3,
      webAclId: props.webAclArn,
      ...(props.domain && {
        domainNames: [props.domain.name],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
    });
    if (props.domain?.hostedZoneId) {
      const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: props.domain.hostedZoneId,
        zoneName: props.domain.name,
      });
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'AliasV4', { zone, recordName: `${props.domain.name}.`, target });
      new AaaaRecord(this, 'AliasV6', { zone, recordName: `${props.domain.name}.`, target });
    }

    NagSuppressions.addResourceSuppressions(this.distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'A public URL shortener serves every country; no geographic restriction is wanted.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'The WAF web ACL is optional (context wafRateLimit); API Gateway stage throttling applies always.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason:
          'Nothing is cached, so every request reaches API Gateway, whose JSON access log records it; standard CloudFront logs would need an ACL-enabled bucket.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate, for which CloudFront does not allow choosing the minimum TLS version; a custom domain with an ACM certificate would allow TLSv1.2_2021.',
      },
    ]);
  }
}
