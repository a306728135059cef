import { Duration, Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  type BehaviorOptions,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  type DistributionProps,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  FunctionUrlOriginAccessControl,
  HttpVersion,
  PriceClass,
  SecurityPolicyProtocol,
  Signing,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, RestApiOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import {
  apiPathPatterns,
  cachedApiPatterns,
  edgeErrorPages,
  edgeErrorPattern,
  statsPagePatterns,
} from './edge-paths.js';
import { type EdgePolicies, edgePolicies } from './edge-policies.js';
import { shortLinkFunctionCode } from './short-link-function.js';

export interface EdgeDistributionProps {
  api: RestApi;
  /**
   * The URL of the redirect's function (AWS_IAM auth), which serves the short links `/<code>`: the default
   * behaviour's origin, called through an origin access control that signs every request.
   */
  shortLinks: IFunctionUrl;
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
 * CloudFront in front of the service: TLS at the edge, nothing cached (every response is per request, and a
 * cached redirect would lose its click event) but the static files. Two origins, chosen by path (edge-paths.ts):
 * the short links `https://<domain>/<code>` by default go to the redirect's function URL (no API Gateway
 * between: the biggest part of a click's price), every path the API serves to its stage.
 *
 * Behaviours (CloudFront allows 25 per distribution by default): the default (short links) and 22 more, 4 for
 * the cached static files (`/docs`, `/docs/*`, `/stats-page/*`, `/home-page/*`), 14 for the other first
 * segments of the route table (`/x` where a route is `/x`, `/x/*` where routes lie below it) and the home page
 * `/`, 3 for the statistics page's short form (`/*+`, `/*%2B`, `/*%2b`), 1 for the error pages. A route with a
 * new first segment adds one or two; a test holds the count under the limit.
 */
export class EdgeDistribution extends Construct {
  readonly distribution: Distribution;
  readonly shortLinkFunction: CloudFrontFunction;

  constructor(scope: Construct, id: string, props: EdgeDistributionProps) {
    super(scope, id);
    this.shortLinkFunction = this.shortLinkRewrite();
    const behaviors = this.behaviors(props, edgePolicies(this));
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'URL shortener',
      ...behaviors,
      // What the function URL answers by itself is Lambda's own JSON (`{"Message": ...}`). A 502 (the function
      // crashed or timed out) CloudFront answers in the error contract's JSON instead, from a page it keeps
      // (the API's mock resource), as for the API's own 502s. Never cached for the path that failed: the next
      // request tries again. Lambda's 429 (reserved concurrency exhausted) goes out as it is: CloudFront
      // replaces no 429 (docs/decisions.md, "Short links without API Gateway").
      errorResponses: edgeErrorPages.map((page) => ({
        httpStatus: page.status,
        responseHttpStatus: page.status,
        responsePagePath: page.path,
        ttl: Duration.seconds(0),
      })),
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
    if (props.domain?.hostedZoneId) this.addAliasRecords(props.domain.name, props.domain.hostedZoneId);
    suppressDistributionFindings(this.distribution);
  }

  private shortLinkRewrite(): CloudFrontFunction {
    const stack = Stack.of(this);
    return new CloudFrontFunction(this, 'ShortLinkRewrite', {
      // Named, not generated (a generated name keeps only the stack name's first characters), and with the
      // Region: CloudFront Function names are unique in the whole account.
      functionName: `${stack.stackName}-short-links-${stack.region}`,
      comment: 'Rewrites /<short code> to the redirect route',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(shortLinkFunctionCode()),
    });
  }

  /** Which origin serves each path, and how: the short links by default, the API's paths by pattern. */
  private behaviors(
    props: EdgeDistributionProps,
    policies: EdgePolicies,
  ): Pick<DistributionProps, 'defaultBehavior' | 'additionalBehaviors'> {
    const origin = new RestApiOrigin(props.api, {
      customHeaders: {
        // A dynamic reference ({{resolve:secretsmanager:...}}): CloudFormation resolves it at deployment.
        [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap(),
        'X-Origin-Verify-Version': String(props.originSecretVersion ?? 1),
      },
    });
    const viewerRequest = [{ function: this.shortLinkFunction, eventType: FunctionEventType.VIEWER_REQUEST }];
    const apiBehavior: BehaviorOptions = {
      origin,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: policies.apiCaching,
      originRequestPolicy: policies.apiRequests,
      responseHeadersPolicy: policies.securityHeaders,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      functionAssociations: viewerRequest,
    };
    // The API reference (GET /docs and its files) and the statistics and home pages' files are static: cached
    // at the edge and compressed there. The function runs here too, for `/docs/` (the reference's own address with a
    // slash).
    const staticBehavior: BehaviorOptions = {
      ...apiBehavior,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      compress: true,
      originRequestPolicy: policies.staticRequests,
    };
    const errorPageBehavior: BehaviorOptions = {
      origin,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: policies.errorPageCaching,
      responseHeadersPolicy: policies.securityHeaders,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    };
    // Only CloudFront may call the function URL: every request signed (SigV4), whatever the viewer sent.
    const shortLinksOrigin = FunctionUrlOrigin.withOriginAccessControl(props.shortLinks, {
      originAccessControl: new FunctionUrlOriginAccessControl(this, 'ShortLinksAccess', {
        description: 'CloudFront signs every request to the short links function URL',
        signing: Signing.SIGV4_ALWAYS,
      }),
    });
    return {
      // The short links, `/<code>`, and every path no API behaviour takes (the function URL answers those 404).
      // Every method is let through to the edge function, which answers a short link's wrong method 405 itself
      // (origin access control could not sign a POST or PUT body); GET and HEAD are the redirect, OPTIONS its
      // CORS preflight, answered by the function as API Gateway's did.
      defaultBehavior: {
        origin: shortLinksOrigin,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: policies.shortLinkRequests,
        responseHeadersPolicy: policies.securityHeaders,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        functionAssociations: viewerRequest,
      },
      additionalBehaviors: Object.fromEntries([
        ...cachedApiPatterns.map((pattern) => [pattern, staticBehavior]),
        ...[...apiPathPatterns(), ...statsPagePatterns].map((pattern) => [pattern, apiBehavior]),
        [edgeErrorPattern, errorPageBehavior],
      ]),
    };
  }

  /** The custom domain's alias records (IPv4 and IPv6), in the operator's hosted zone. */
  private addAliasRecords(domainName: string, hostedZoneId: string): void {
    const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId, zoneName: domainName });
    const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
    new ARecord(this, 'AliasV4', { zone, recordName: `${domainName}.`, target });
    new AaaaRecord(this, 'AliasV6', { zone, recordName: `${domainName}.`, target });
  }
}

/** cdk-nag's CloudFront findings that do not apply to this service, each with its reason. */
function suppressDistributionFindings(distribution: Distribution): void {
  NagSuppressions.addResourceSuppressions(distribution, [
    {
      id: 'AwsSolutions-CFR1',
      reason: 'A public URL shortener serves every country; no geographic restriction is wanted.',
    },
    {
      id: 'AwsSolutions-CFR2',
      reason:
        "The WAF web ACL is optional (context wafRateLimit); API Gateway stage throttling and the redirect function's reserved concurrency apply always.",
    },
    {
      id: 'AwsSolutions-CFR3',
      reason:
        "Nothing is cached, so every request reaches API Gateway, whose JSON access log records it, or the redirect's function URL, whose metrics count it and whose function logs its failures; standard CloudFront logs would need an ACL-enabled bucket.",
    },
    {
      id: 'AwsSolutions-CFR4',
      reason:
        'The distribution uses the default *.cloudfront.net certificate, for which CloudFront does not allow choosing the minimum TLS version; a custom domain with an ACM certificate would allow TLSv1.2_2021.',
    },
  ]);
}
