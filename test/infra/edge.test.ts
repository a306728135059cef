import { Match } from 'aws-cdk-lib/assertions';
import { edgeErrorPages, shortLinkRoute } from '../../lib/edge-paths.js';
import { routeName, routes } from '../../shared/api/routes.js';
import { reservedFirstSegments } from '../../shared/domain/reserved-paths.js';
import { synthesized } from './synthesized.js';
import { onlyResource, resourcesOfType } from './template-queries.js';

const { service: template } = await synthesized('default');
/** A stage rate of 250 a second. */
const { service: slower } = await synthesized('slower');
/** The redirect's concurrency chosen (40) and a web ACL given, among other options: stack-variants.ts. */
const { service: withOptions } = await synthesized('options');
/** The WAF with every limit given, and the service it guards. */
const { firewall: firewallTemplate, service: guardedService } = await synthesized('firewall');

describe('CloudFront in front of the service: the short links by the function URL, the API by its stage', () => {
  const [, distribution] = onlyResource(template, 'AWS::CloudFront::Distribution');
  interface Behavior {
    PathPattern?: string;
    TargetOriginId: string;
    AllowedMethods: string[];
    CachePolicyId: unknown;
    OriginRequestPolicyId?: unknown;
    ResponseHeadersPolicyId?: unknown;
    FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
    Compress?: boolean;
  }
  const config = distribution.DistributionConfig as {
    DefaultCacheBehavior: Behavior;
    CacheBehaviors: Behavior[];
    Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; OriginCustomHeaders?: unknown }[];
    CustomErrorResponses?: Record<string, unknown>[];
  };
  const apiOrigin = config.Origins.find((origin) => origin.OriginCustomHeaders !== undefined);
  const urlOrigin = config.Origins.find((origin) => origin.OriginAccessControlId !== undefined);
  const [urlId, functionUrl] = onlyResource(template, 'AWS::Lambda::Url');
  const [redirectId] = onlyResource(template, 'AWS::Lambda::Function', (id) =>
    id.startsWith(routeName(shortLinkRoute)),
  );
  const policyNamed = (comment: string) =>
    onlyResource(template, 'AWS::CloudFront::OriginRequestPolicy', (_, properties) =>
      JSON.stringify(properties).includes(comment),
    );
  const [apiPolicyId, apiPolicy] = policyNamed('What the URL shortener functions read');
  const [shortLinkPolicyId, shortLinkPolicy] = policyNamed('What the redirect reads');
  /** The behaviour CloudFront picks for a path: the first whose pattern matches, else the default. */
  const behaviorFor = (path: string): Behavior => {
    const matches = (pattern: string) =>
      new RegExp(
        `^${pattern
          .split('')
          .map((char) => (char === '*' ? '.*' : char.replace(/[\\^$.+?()[\]{}|]/g, '\\$&')))
          .join('')}$`,
      ).test(path);
    return config.CacheBehaviors.find((behavior) => matches(behavior.PathPattern ?? '')) ?? config.DefaultCacheBehavior;
  };

  it("gives the redirect's function a URL that only signed requests may call (AWS_IAM), reserved concurrency its throttle", () => {
    expect(functionUrl).toMatchObject({
      AuthType: 'AWS_IAM',
      TargetFunctionArn: { 'Fn::GetAtt': [redirectId, 'Arn'] },
    });
    expect(functionUrl.Cors).toBeUndefined();
    // A tenth of the stage's rate: a function URL takes up to 10 requests a second per reserved instance.
    template.hasResourceProperties('AWS::Lambda::Function', {
      ReservedConcurrentExecutions: 100,
      LoggingConfig: Match.anyValue(),
    });
    const reserved = resourcesOfType(template, 'AWS::Lambda::Function').filter(
      ([, properties]) => properties.ReservedConcurrentExecutions !== undefined,
    );
    expect(reserved.map(([id]) => id)).toEqual([redirectId]);
    slower.hasResourceProperties('AWS::Lambda::Function', { ReservedConcurrentExecutions: 25 });
    withOptions.hasResourceProperties('AWS::Lambda::Function', { ReservedConcurrentExecutions: 40 });
  });

  it('lets only this distribution invoke it, through an origin access control that signs every request', () => {
    const [oacId] = onlyResource(template, 'AWS::CloudFront::OriginAccessControl');
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 'lambda',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      }),
    });
    expect(urlOrigin?.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(JSON.stringify(urlOrigin?.DomainName)).toContain(urlId);
    const [distributionId] = onlyResource(template, 'AWS::CloudFront::Distribution');
    const byCloudFront = resourcesOfType(template, 'AWS::Lambda::Permission').filter(
      ([, properties]) => properties.Principal === 'cloudfront.amazonaws.com',
    );
    // Both actions CloudFront needs, on the redirect's function (by its URL's), for this distribution only.
    expect(byCloudFront.map(([, properties]) => properties.Action).sort()).toEqual([
      'lambda:InvokeFunction',
      'lambda:InvokeFunctionUrl',
    ]);
    for (const [, properties] of byCloudFront) {
      expect(JSON.stringify(properties.FunctionName)).toContain(urlId);
      expect(JSON.stringify(properties.SourceArn)).toContain(distributionId);
    }
    // Nobody else may call a function URL; API Gateway invokes the functions as before, by their ARN.
    const others = resourcesOfType(template, 'AWS::Lambda::Permission').filter(
      ([, properties]) => properties.Principal !== 'cloudfront.amazonaws.com',
    );
    for (const [, properties] of others) {
      expect(properties).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'apigateway.amazonaws.com' });
    }
    expect(config.Origins).toHaveLength(2);
  });

  it('sends the short links (the default behaviour) to the function URL: every method, nothing cached, the edge function', () => {
    const [functionId] = onlyResource(template, 'AWS::CloudFront::Function');
    expect(config.DefaultCacheBehavior).toMatchObject({
      TargetOriginId: urlOrigin?.Id,
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      // CloudFront's managed CachingDisabled: every redirect records a click.
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      OriginRequestPolicyId: { Ref: shortLinkPolicyId },
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
      ],
    });
    for (const path of ['/aB3xY9', '/spring-sale', '/docs-guide', '/Users', '/nope/deeper', '/home-page']) {
      expect({ path, origin: behaviorFor(path).TargetOriginId }).toEqual({ path, origin: urlOrigin?.Id });
    }
  });

  it('forwards what the redirect reads to the function URL, and never Host (a function URL answers only its own)', () => {
    expect(shortLinkPolicy).toMatchObject({
      OriginRequestPolicyConfig: {
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: {
          HeaderBehavior: 'whitelist',
          Headers: [
            'Accept',
            'Accept-Language',
            'Origin',
            'Referer',
            'User-Agent',
            'CloudFront-Viewer-Address',
            'CloudFront-Viewer-Country',
          ],
        },
      },
    });
  });

  it('sends every path the API serves to the API stage, by a behaviour of its own (CloudFront picks by path, not by rewrite)', () => {
    const samples = (path: string) =>
      [path.replace(/\{[^}]+\}/g, '42'), path.replace(/\{[^}]+\}/g, 'aB3xY9')].filter(
        (sample, i, all) => all.indexOf(sample) === i,
      );
    for (const route of routes) {
      for (const path of samples(route.path)) {
        expect({ path, origin: behaviorFor(path).TargetOriginId }).toEqual({ path, origin: apiOrigin?.Id });
      }
    }
    // The statistics page's short form, `/<code>+`, as it is sent: the `+`, or percent-encoded in either case.
    for (const path of ['/aB3xY9+', '/spring-sale%2B', '/spring-sale%2b']) {
      expect({ path, origin: behaviorFor(path).TargetOriginId }).toEqual({ path, origin: apiOrigin?.Id });
    }
    expect(config.CacheBehaviors.map((behavior) => behavior.PathPattern)).toEqual(
      expect.arrayContaining(['/*+', '/*%2B', '/*%2b']),
    );
    // The home page: `/` alone, never cached (a browser gets the page, any other client a 404, by `Accept`).
    expect(behaviorFor('/')).toMatchObject({ PathPattern: '/', OriginRequestPolicyId: { Ref: apiPolicyId } });
  });

  it('stays within CloudFront’s 25 behaviours per distribution', () => {
    expect(config.CacheBehaviors.length + 1).toBeLessThanOrEqual(25);
    expect(config.CacheBehaviors.length).toBe(23);
  });

  it('passes the API everything else uncached, with the Authorization header, every method, over HTTPS', () => {
    const [cachePolicyId] = onlyResource(template, 'AWS::CloudFront::CachePolicy', (_, properties) =>
      JSON.stringify(properties).includes('forwards Authorization'),
    );
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: 0,
        MinTTL: 0,
        MaxTTL: 1,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization', 'Accept-Language'] },
          QueryStringsConfig: { QueryStringBehavior: 'all' },
          CookiesConfig: { CookieBehavior: 'none' },
        }),
      }),
    });
    const uncached = config.CacheBehaviors.filter((behavior) => behavior.OriginRequestPolicyId !== undefined).filter(
      (behavior) => JSON.stringify(behavior.OriginRequestPolicyId) === JSON.stringify({ Ref: apiPolicyId }),
    );
    expect(uncached.length).toBe(config.CacheBehaviors.length - 5);
    for (const behavior of uncached) {
      expect(behavior).toMatchObject({
        TargetOriginId: apiOrigin?.Id,
        CachePolicyId: { Ref: cachePolicyId },
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        ViewerProtocolPolicy: 'redirect-to-https',
        FunctionAssociations: [expect.objectContaining({ EventType: 'viewer-request' })],
      });
    }
  });

  it('forwards every query parameter and the headers the functions and CORS read, and no cookie', () => {
    expect(apiPolicy).toMatchObject({
      OriginRequestPolicyConfig: {
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: {
          HeaderBehavior: 'whitelist',
          // At most 10: CloudFront's default quota of headers per origin request policy.
          Headers: [
            'Content-Type',
            'Referer',
            'User-Agent',
            'CloudFront-Viewer-Country',
            'CloudFront-Viewer-Address',
            'X-Viewer-Host',
            'X-Edge-Host',
            'Accept',
            'Idempotency-Key',
            'Origin',
          ],
        },
      },
    });
  });

  it("caches and compresses the API reference (/docs, /docs/*) and the statistics and home pages' files at the edge", () => {
    const [staticPolicyId] = policyNamed('The static pages');
    // Not `/docs*`: a chosen short code such as `docs-guide` is a short link.
    expect(config.CacheBehaviors.slice(0, 4)).toEqual(
      ['/docs', '/docs/*', '/stats-page/*', '/home-page/*'].map((pattern) =>
        expect.objectContaining({
          PathPattern: pattern,
          TargetOriginId: apiOrigin?.Id,
          Compress: true,
          // CloudFront's managed CachingOptimized policy.
          CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6',
          AllowedMethods: ['GET', 'HEAD'],
          // The edge function's X-Viewer-Host: the reference's page then points at the service's root.
          OriginRequestPolicyId: { Ref: staticPolicyId },
          FunctionAssociations: [expect.objectContaining({ EventType: 'viewer-request' })],
        }),
      ),
    );
    template.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['X-Viewer-Host'] },
      }),
    });
  });

  it("answers a 502 (the function URL's own, a crash or a timeout) with the contract's JSON, kept at the edge, never for the path", () => {
    expect(config.CustomErrorResponses).toEqual(
      edgeErrorPages.map((page) => ({
        ErrorCode: page.status,
        ResponseCode: page.status,
        ResponsePagePath: page.path,
        ErrorCachingMinTTL: 0,
      })),
    );
    for (const page of edgeErrorPages) {
      const behavior = behaviorFor(page.path);
      expect(behavior).toMatchObject({ TargetOriginId: apiOrigin?.Id, AllowedMethods: ['GET', 'HEAD'] });
      expect(behavior.FunctionAssociations).toBeUndefined();
      const policyId = (behavior.CachePolicyId as { Ref: string }).Ref;
      expect(template.findResources('AWS::CloudFront::CachePolicy')[policyId]?.Properties).toMatchObject({
        CachePolicyConfig: expect.objectContaining({ MinTTL: 86400 }),
      });
    }
  });

  it('puts the same security headers on every answer, both origins', () => {
    const [policyId] = onlyResource(template, 'AWS::CloudFront::ResponseHeadersPolicy');
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });

  it('runs one CloudFront Function on viewer requests: the statistics page rewrite, the viewer host, no short link rewrite', () => {
    const [functionId, properties] = onlyResource(template, 'AWS::CloudFront::Function');
    const { FunctionCode, FunctionConfig } = properties as {
      FunctionCode: string;
      FunctionConfig: { Runtime: string };
    };
    expect(FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(FunctionCode).toContain('function handler(event)');
    expect(FunctionCode).not.toContain('SHORT_LINK_SETTINGS');
    for (const root of reservedFirstSegments) expect(FunctionCode).toContain(`"${root}"`);
    expect(FunctionCode).toContain('"/urls/{id}/stats-page"');
    expect(FunctionCode).not.toContain('"/urls/{id}/redirect"');
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      if (behavior.PathPattern?.startsWith('/edge-errors/')) continue;
      expect(behavior.FunctionAssociations).toEqual([
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
      ]);
    }
  });

  it('has no web ACL unless one is given; one given covers both origins (it is on the distribution)', () => {
    const [plainDistribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    expect(plainDistribution?.Properties.DistributionConfig.WebACLId).toBeUndefined();
    withOptions.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/abc' }),
    });
  });
});

describe('the optional WAF, in its own us-east-1 stack', () => {
  it('limits each client IP per 5 minutes and answers 429 in the contract JSON', () => {
    firewallTemplate.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      CustomResponseBodies: {
        'too-many-requests': { ContentType: 'APPLICATION_JSON', Content: '{"detail":"Too Many Requests"}' },
      },
      Rules: Match.arrayWith([
        Match.objectLike({
          Statement: { RateBasedStatement: { AggregateKeyType: 'IP', EvaluationWindowSec: 300, Limit: 1500 } },
          Action: {
            Block: {
              CustomResponse: Match.objectLike({ ResponseCode: 429, CustomResponseBodyKey: 'too-many-requests' }),
            },
          },
        }),
      ]),
    });
  });

  it('limits link creations and reports per minute, per client IP and per access key, with Retry-After', () => {
    const rules = Object.values(firewallTemplate.findResources('AWS::WAFv2::WebACL'))[0]?.Properties.Rules as {
      Name: string;
      Priority: number;
      Statement: { RateBasedStatement: Record<string, unknown> };
      Action: { Block: { CustomResponse: { ResponseHeaders: { Name: string; Value: string }[] } } };
    }[];
    const scopedTo = (method: string, path: string) => ({
      AndStatement: {
        Statements: [
          { ByteMatchStatement: Match.objectLike({ FieldToMatch: { Method: {} }, SearchString: method }) },
          {
            ByteMatchStatement: Match.objectLike({
              FieldToMatch: { UriPath: {} },
              PositionalConstraint: 'EXACTLY',
              SearchString: path,
            }),
          },
        ],
      },
    });
    const byKey = {
      AggregateKeyType: 'CUSTOM_KEYS',
      // Normalized as far as WAF can: `bearer K`, `BEARER K` and `Bearer  K` count as one key.
      CustomKeys: [
        {
          Header: {
            Name: 'authorization',
            TextTransformations: [
              { Priority: 0, Type: 'COMPRESS_WHITE_SPACE' },
              { Priority: 1, Type: 'LOWERCASE' },
            ],
          },
        },
      ],
    };
    for (const [name, aggregation, limit, method, path] of [
      ['create-links-per-ip', { AggregateKeyType: 'IP' }, 10, 'POST', '/urls'],
      ['create-links-per-key', byKey, 10, 'POST', '/urls'],
      ['create-links-in-bulk-per-ip', { AggregateKeyType: 'IP' }, 10, 'POST', '/urls/bulk'],
      ['create-links-in-bulk-per-key', byKey, 10, 'POST', '/urls/bulk'],
      ['reports-per-ip', { AggregateKeyType: 'IP' }, 20, 'POST', '/reports'],
      ['reports-per-key', byKey, 20, 'POST', '/reports'],
    ] as const) {
      const rule = rules.find((candidate) => candidate.Name === name);
      expect(rule).toBeDefined();
      expect(
        Match.objectLike({
          ...aggregation,
          EvaluationWindowSec: 60,
          Limit: limit,
          ScopeDownStatement: scopedTo(method, path),
        }).test(rule?.Statement.RateBasedStatement).isSuccess,
      ).toBe(true);
      expect(rule?.Action.Block.CustomResponse.ResponseHeaders).toContainEqual({ Name: 'Retry-After', Value: '60' });
    }
    expect(new Set(rules.map((rule) => rule.Priority)).size).toBe(rules.length);
  });

  it('attaches the web ACL to the distribution across Regions', () => {
    const distribution = Object.values(guardedService.findResources('AWS::CloudFront::Distribution'))[0];
    expect(JSON.stringify(distribution?.Properties.DistributionConfig.WebACLId)).toContain('ExportsReader');
  });
});
