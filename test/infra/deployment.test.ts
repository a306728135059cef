import { Match } from 'aws-cdk-lib/assertions';
import { onlyResource, resourcesOfType, synthesizeService } from './synthesize.js';

/**
 * What a real deployment needs of the template: the operator's own domain, an API that answers only through
 * CloudFront, several deployments per account and Region, and a template bound to no Region unless asked.
 */
describe('deployment settings in the template', () => {
  const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-0000-4000-8000-000000000000';
  const { template: plain } = synthesizeService();
  const { template: full } = synthesizeService({
    domainName: 'go.example.com',
    certificateArn,
    hostedZoneId: 'Z0123456789ABCDEFGHIJ',
    stage: 'staging',
    manageApiGatewayAccount: false,
  });
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
    const origins = (distribution.DistributionConfig as { Origins: { OriginCustomHeaders?: unknown[] }[] }).Origins;
    const header = JSON.stringify(origins[0]?.OriginCustomHeaders);
    expect(header).toContain('X-Origin-Verify');
    expect(header).toContain('{{resolve:secretsmanager:');
    expect(header).toContain(secretId);
    const environments = routeFunctionEnvironments(plain);
    expect(environments.length).toBeGreaterThan(20);
    for (const variables of environments) expect(JSON.stringify(variables?.ORIGIN_SECRET_ARN)).toContain(secretId);
  });

  it('names alarms after the stage, so that a staging deployment sits beside production', () => {
    const names = (template: typeof plain) =>
      resourcesOfType(template, 'AWS::CloudWatch::Alarm').map(([, properties]) => String(properties.AlarmName));
    expect(names(plain)).toContain('HighErrorRate');
    expect(names(full)).toContain('staging-HighErrorRate');
    // The per-function alarms carry the stack's name, which bin/app.ts gives the stage too (UrlShortener-staging).
    expect(names(full).filter((name) => !name.startsWith('staging-') && !name.startsWith('Test-'))).toEqual([]);
  });

  it("leaves the account's API Gateway CloudWatch role alone when asked", () => {
    plain.resourceCountIs('AWS::ApiGateway::Account', 1);
    full.resourceCountIs('AWS::ApiGateway::Account', 0);
  });

  it('keeps the dead-letter queue, and its messages, when the stack is deleted', () => {
    const [id] = onlyResource(plain, 'AWS::SQS::Queue', (_, properties) => !properties.RedrivePolicy);
    expect(plain.toJSON().Resources[id].DeletionPolicy).toBe('Retain');
  });

  it('binds the template to no Region when none is given', () => {
    const text = JSON.stringify({ ...plain.toJSON(), Metadata: undefined });
    expect(text).not.toMatch(/:us-east-1:|"us-east-1[A-Z]/);
  });
});
