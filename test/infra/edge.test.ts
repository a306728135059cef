import { Match, Template } from 'aws-cdk-lib/assertions';
import { routes } from '../../shared/routes.js';
import { onlyResource, synthesizeService, synthesizeWithFirewall } from './synthesize.js';

describe('CloudFront in front of the API', () => {
  const { template } = synthesizeService();

  it('sends every path to the API stage, caching nothing, over HTTPS, with the Authorization header', () => {
    const [policyId] = onlyResource(template, 'AWS::CloudFront::CachePolicy');
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: 0,
        MinTTL: 0,
        MaxTTL: 1,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
          QueryStringsConfig: { QueryStringBehavior: 'all' },
          CookiesConfig: { CookieBehavior: 'none' },
        }),
      }),
    });
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          CachePolicyId: { Ref: policyId },
          ViewerProtocolPolicy: 'redirect-to-https',
          AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        }),
        Origins: [
          Match.objectLike({
            CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
            OriginPath: Match.anyValue(),
          }),
        ],
      }),
    });
  });

  it('forwards every query parameter and the headers the functions and CORS read, and no cookie', () => {
    template.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: {
          HeaderBehavior: 'whitelist',
          // At most 10: CloudFront's default quota of headers per origin request policy.
          Headers: Match.arrayEquals([
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
          ]),
        },
      }),
    });
  });

  it("caches and compresses the API reference (/docs, /docs/*) and the statistics page's files at the edge, and nothing else", () => {
    const [, distribution] = onlyResource(template, 'AWS::CloudFront::Distribution');
    const config = (distribution as { DistributionConfig: { CacheBehaviors: Record<string, unknown>[] } })
      .DistributionConfig;
    // Not `/docs*`: a chosen short code such as `docs-guide` must reach the rewrite of the default behaviour.
    expect(config.CacheBehaviors).toEqual([
      expect.objectContaining({
        PathPattern: '/docs',
        Compress: true,
        // CloudFront's managed CachingOptimized policy.
        CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6',
        AllowedMethods: ['GET', 'HEAD'],
      }),
      expect.objectContaining({
        PathPattern: '/docs/*',
        Compress: true,
        CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6',
        AllowedMethods: ['GET', 'HEAD'],
        FunctionAssociations: [expect.objectContaining({ EventType: 'viewer-request' })],
      }),
      expect.objectContaining({
        PathPattern: '/stats-page/*',
        Compress: true,
        CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6',
        AllowedMethods: ['GET', 'HEAD'],
      }),
    ]);
  });

  it("sends the static pages the edge function's X-Viewer-Host, so the reference's page points at the service's root", () => {
    const [policyId] = onlyResource(template, 'AWS::CloudFront::OriginRequestPolicy', (_, properties) =>
      JSON.stringify(properties).includes('The static pages'),
    );
    template.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['X-Viewer-Host'] },
      }),
    });
    const [, distribution] = onlyResource(template, 'AWS::CloudFront::Distribution');
    const behaviors = (distribution as { DistributionConfig: { CacheBehaviors: Record<string, unknown>[] } })
      .DistributionConfig.CacheBehaviors;
    for (const behavior of behaviors) expect(behavior.OriginRequestPolicyId).toEqual({ Ref: policyId });
  });

  it('rewrites /<code> with a CloudFront Function on viewer requests', () => {
    const [functionId, properties] = onlyResource(template, 'AWS::CloudFront::Function');
    const { FunctionCode, FunctionConfig } = properties as {
      FunctionCode: string;
      FunctionConfig: { Runtime: string };
    };
    expect(FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(FunctionCode).toContain('function handler(event)');
    expect(FunctionCode).not.toContain('SHORT_LINK_SETTINGS');
    for (const root of new Set(routes.map((route) => route.path.split('/')[1])))
      expect(FunctionCode).toContain(`"${root}"`);
    expect(FunctionCode).toContain('"/urls/{id}/redirect"');
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [
            { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
          ],
        }),
      }),
    });
  });

  it('has no web ACL unless one is given', () => {
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    expect(distribution?.Properties.DistributionConfig.WebACLId).toBeUndefined();
    const { template: guarded } = synthesizeService({
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/abc',
    });
    guarded.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/abc' }),
    });
  });
});

describe('the optional WAF, in its own us-east-1 stack', () => {
  const { firewall, service } = synthesizeWithFirewall({
    requestsPerFiveMinutes: 1500,
    createLinksPerMinute: 10,
    reportsPerMinute: 20,
  });
  const firewallTemplate = Template.fromStack(firewall);

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
    const distribution = Object.values(Template.fromStack(service).findResources('AWS::CloudFront::Distribution'))[0];
    expect(JSON.stringify(distribution?.Properties.DistributionConfig.WebACLId)).toContain('ExportsReader');
  });
});
