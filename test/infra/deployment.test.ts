import { Match } from 'aws-cdk-lib/assertions';
import { synthesized } from './synthesized.js';
import { onlyResource, resourcesOfType } from './template-queries.js';

const { service: plain } = await synthesized('default');
/** A custom domain with its hosted zone, stage `staging`, the account's API Gateway role left alone. */
const { service: full } = await synthesized('ownDomain');
/** Both stacks of a staged deployment with every named resource: seeding, a domain, the WAF's limits. */
const staged = await synthesized('staged');

/**
 * What a real deployment needs of the template: the operator's own domain, an API that answers only through
 * CloudFront, several deployments per account and Region, and a template bound to no Region unless asked.
 */
describe('deployment settings in the template', () => {
  const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-0000-4000-8000-000000000000';
  const routeFunctionEnvironments = (template: typeof plain) =>
    resourcesOfType(template, 'AWS::Lambda::Function')
      .map(
        ([, properties]) => (properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables,
      )
      .filter((variables) => variables?.AUTH_MODE !== undefined);

  it('serves a custom domain with its certificate, and points Route 53 alias records at the distribution', () => {
    full.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['go.example.com'],
        ViewerCertificate: Match.objectLike({
          AcmCertificateArn: certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        }),
      }),
    });
    for (const type of ['A', 'AAAA']) {
      full.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: 'go.example.com.',
        Type: type,
        HostedZoneId: 'Z0123456789ABCDEFGHIJ',
        AliasTarget: Match.objectLike({ DNSName: Match.anyValue() }),
      });
    }
    plain.resourceCountIs('AWS::Route53::RecordSet', 0);
  });

  it('tells the functions the public base URL, and outputs the address people use', () => {
    for (const variables of routeFunctionEnvironments(full))
      expect(variables?.PUBLIC_BASE_URL).toBe('https://go.example.com');
    for (const variables of routeFunctionEnvironments(plain)) expect(variables?.PUBLIC_BASE_URL).toBeUndefined();
    expect(full.findOutputs('ServiceUrl').ServiceUrl?.Value).toBe('https://go.example.com');
  });

  it('sends an origin secret from CloudFront by reference, never its value, and every route function checks it', () => {
    const [secretId] = onlyResource(plain, 'AWS::SecretsManager::Secret');
    const [, distribution] = onlyResource(plain, 'AWS::CloudFront::Distribution');
    const origins = (
      distribution.DistributionConfig as {
        Origins: { OriginCustomHeaders?: unknown[]; OriginAccessControlId?: unknown }[];
      }
    ).Origins;
    // The API's origin; the short links' function URL needs none: only CloudFront's signed requests reach it.
    const [api, ...others] = origins.filter((origin) => origin.OriginCustomHeaders !== undefined);
    expect(others).toEqual([]);
    expect(origins.filter((origin) => origin.OriginAccessControlId !== undefined)).toHaveLength(1);
    const header = JSON.stringify(api?.OriginCustomHeaders);
    expect(header).toContain('X-Origin-Verify');
    expect(header).toContain('{{resolve:secretsmanager:');
    expect(header).toContain(secretId);
    const environments = routeFunctionEnvironments(plain);
    expect(environments.length).toBeGreaterThan(20);
    for (const variables of environments) expect(JSON.stringify(variables?.ORIGIN_SECRET_ARN)).toContain(secretId);
  });

  it('names every resource of a staged deployment with its stage, in both stacks (every *Name property listed)', () => {
    const found = new Map<string, string[]>();
    const walk = (value: unknown, path: string) => {
      if (Array.isArray(value)) for (const item of value) walk(item, path);
      else if (value !== null && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key.startsWith('Fn::') || key === 'Ref') continue;
          const at = `${path}.${key}`;
          if (/Name(space)?$/.test(key)) found.set(at, [...(found.get(at) ?? []), JSON.stringify(inner)]);
          walk(inner, at);
        }
      }
    };
    for (const stack of [staged.firewall, staged.service, staged.serviceAlarms]) {
      for (const [, properties] of Object.entries(
        stack.toJSON().Resources as Record<string, { Type: string; Properties: unknown }>,
      )) {
        // A nested stack's parameters pass references to it, under names CDK derives: no resource's name.
        if (properties.Type !== 'AWS::CloudFormation::Stack') walk(properties.Properties, properties.Type);
      }
    }
    // A resource's own name in the account and Region (or, for CloudFront, the account): must carry the stage.
    const carriesStage = [
      'AWS::ApiGateway::RestApi.Name',
      'AWS::CloudFront::CachePolicy.CachePolicyConfig.Name',
      'AWS::CloudFront::Function.Name',
      'AWS::CloudFront::OriginAccessControl.OriginAccessControlConfig.Name',
      'AWS::CloudFront::OriginRequestPolicy.OriginRequestPolicyConfig.Name',
      'AWS::CloudFront::ResponseHeadersPolicy.ResponseHeadersPolicyConfig.Name',
      'AWS::CloudWatch::Alarm.AlarmName',
      'AWS::CloudWatch::CompositeAlarm.AlarmName',
      'AWS::CloudWatch::Dashboard.DashboardName',
      'AWS::Logs::MetricFilter.MetricTransformations.MetricNamespace',
      'AWS::WAFv2::WebACL.Name',
      'AWS::WAFv2::WebACL.VisibilityConfig.MetricName',
      'AWS::WAFv2::WebACL.Rules.VisibilityConfig.MetricName',
    ];
    // Namespaces of the metrics alarms watch: AWS's own (their dimensions name the stage's resources) or ours.
    const namespaces = [
      'AWS::CloudWatch::Alarm.Namespace',
      'AWS::CloudWatch::Alarm.Metrics.MetricStat.Metric.Namespace',
    ];
    // Not names of resources: keys and indexes, names within their parent (a stage of the API, an inline policy
    // of a role, a rule of the web ACL, a header, a metric or dimension), references, the operator's domain.
    const notResourceNames = [
      'AWS::ApiGateway::Stage.StageName',
      'AWS::CloudFront::Distribution.DistributionConfig.Origins.DomainName',
      'AWS::CloudFront::Distribution.DistributionConfig.Origins.OriginCustomHeaders.HeaderName',
      'AWS::CloudWatch::Alarm.Dimensions.Name',
      'AWS::CloudWatch::Alarm.MetricName',
      'AWS::CloudWatch::Alarm.Metrics.MetricStat.Metric.Dimensions.Name',
      'AWS::CloudWatch::Alarm.Metrics.MetricStat.Metric.MetricName',
      'AWS::DynamoDB::GlobalTable.AttributeDefinitions.AttributeName',
      'AWS::DynamoDB::GlobalTable.GlobalSecondaryIndexes.IndexName',
      'AWS::DynamoDB::GlobalTable.GlobalSecondaryIndexes.KeySchema.AttributeName',
      'AWS::DynamoDB::GlobalTable.KeySchema.AttributeName',
      'AWS::DynamoDB::GlobalTable.Replicas.GlobalSecondaryIndexes.IndexName',
      'AWS::DynamoDB::GlobalTable.TimeToLiveSpecification.AttributeName',
      'AWS::DynamoDB::Table.AttributeDefinitions.AttributeName',
      'AWS::DynamoDB::Table.KeySchema.AttributeName',
      'AWS::DynamoDB::Table.TimeToLiveSpecification.AttributeName',
      'AWS::IAM::Policy.PolicyName',
      'AWS::IAM::Role.Policies.PolicyName',
      'AWS::Lambda::EventSourceMapping.FunctionName',
      'AWS::Lambda::Permission.FunctionName',
      'AWS::Logs::LogGroup.LogGroupName',
      'AWS::Logs::MetricFilter.LogGroupName',
      'AWS::Logs::MetricFilter.MetricTransformations.MetricName',
      'AWS::Route53::RecordSet.AliasTarget.DNSName',
      'AWS::Route53::RecordSet.Name',
      'AWS::SNS::Topic.DisplayName',
      'AWS::WAFv2::WebACL.Rules.Action.Block.CustomResponse.ResponseHeaders.Name',
      'AWS::WAFv2::WebACL.Rules.Name',
      'AWS::WAFv2::WebACL.Rules.Statement.RateBasedStatement.CustomKeys.Header.Name',
    ];
    expect([...found.keys()].sort()).toEqual([...carriesStage, ...namespaces, ...notResourceNames].sort());
    for (const path of carriesStage) {
      for (const name of found.get(path) ?? [])
        expect({ path, name }).toEqual({ path, name: expect.stringContaining('staging') });
    }
    for (const path of namespaces) {
      for (const name of found.get(path) ?? [])
        expect({ path, name }).toEqual({ path, name: expect.stringMatching(/^"(AWS\/|UrlShortener\/staging")/) });
    }
    // The names the specification gives the alerts are kept after the stage.
    expect(found.get('AWS::CloudWatch::CompositeAlarm.AlarmName')).toEqual(['"staging-AppInstanceDown"']);
    expect(found.get('AWS::CloudWatch::Alarm.AlarmName')).toEqual(expect.arrayContaining(['"staging-HighErrorRate"']));
  });

  it("leaves the account's API Gateway CloudWatch role alone when asked", () => {
    plain.resourceCountIs('AWS::ApiGateway::Account', 1);
    full.resourceCountIs('AWS::ApiGateway::Account', 0);
  });

  it('keeps the dead-letter queues, and their messages, when the stack is deleted', () => {
    const resources = plain.toJSON().Resources as Record<
      string,
      { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string }
    >;
    const deadLetters = Object.values(resources).filter(
      (resource) => resource.Type === 'AWS::SQS::Queue' && !resource.Properties.RedrivePolicy,
    );
    // The events', the imports' and the webhook deliveries' dead-letter queues, and what the click counter and
    // the webhook dispatcher gave up.
    expect(deadLetters).toHaveLength(5);
    for (const deadLetter of deadLetters) expect(deadLetter.DeletionPolicy).toBe('Retain');
  });

  it('binds the template to no Region when none is given', () => {
    const text = JSON.stringify({ ...plain.toJSON(), Metadata: undefined });
    expect(text).not.toMatch(/:us-east-1:|"us-east-1[A-Z]/);
  });
});
