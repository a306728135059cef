import { Match } from 'aws-cdk-lib/assertions';
import { synthesized } from './synthesized.js';
import { onlyResource, resourcesOfType } from './template-queries.js';

const { service: byDefault } = await synthesized('default');
const { service: enabled } = await synthesized('seeded');

describe('startup seeding (ENABLE_STARTUP_SEED)', () => {
  it('is absent by default', () => {
    expect(resourcesOfType(byDefault, 'Custom::StartupSeed')).toHaveLength(0);
  });

  describe('when enabled', () => {
    const template = enabled;
    const [seedId, seed] = onlyResource(template, 'AWS::Lambda::Function', (id) =>
      id.startsWith('StartupSeedSeedOnDeploy'),
    );

    it('runs a custom resource through the provider framework, which calls the seed function', () => {
      template.resourceCountIs('Custom::StartupSeed', 1);
      const [, provider] = onlyResource(template, 'AWS::Lambda::Function', (id) => id.includes('Providerframework'));
      expect(JSON.stringify(provider.Environment)).toContain(seedId);
      template.hasResourceProperties('Custom::StartupSeed', {
        ServiceToken: { 'Fn::GetAtt': [Match.stringLikeRegexp('^StartupSeedProviderframeworkonEvent'), 'Arn'] },
      });
    });

    it('gives the seed function the table and time to load it', () => {
      expect(seed).toMatchObject({ Runtime: 'nodejs24.x', Timeout: 600, MemorySize: 1024 });
      expect(JSON.stringify((seed.Environment as { Variables: unknown }).Variables)).toContain('TABLE_NAME');
    });

    it('seeds only after the table exists', () => {
      const [tableId] = onlyResource(template, 'AWS::DynamoDB::GlobalTable');
      expect(JSON.stringify(seed.Environment)).toContain(tableId);
    });
  });
});
