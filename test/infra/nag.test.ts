import { Template } from 'aws-cdk-lib/assertions';
import { EdgeFirewallStack } from '../../lib/edge-firewall-stack.js';
import { ServiceStack } from '../../lib/service-stack.js';
import { synthesizeService, testApp, unsuppressedNagFindings } from './synthesize.js';

describe("cdk-nag's AwsSolutions checks", () => {
  it('leave no unsuppressed error or warning on the default stack', () => {
    const { stack } = synthesizeService();
    expect(unsuppressedNagFindings(stack, 'error')).toEqual([]);
    expect(unsuppressedNagFindings(stack, 'warning')).toEqual([]);
  });

  it('leave none with every option on: seeding, alarm e-mail, WAF across Regions', () => {
    const app = testApp();
    const firewall = new EdgeFirewallStack(app, 'Firewall', {
      env: { account: '123456789012', region: 'us-east-1' },
      crossRegionReferences: true,
    });
    const service = new ServiceStack(app, 'Service', {
      env: { account: '123456789012', region: 'eu-west-1' },
      crossRegionReferences: true,
      webAclArn: firewall.webAclArn,
      enableStartupSeed: true,
      alarmEmail: 'oncall@example.com',
    });
    Template.fromStack(service);
    for (const stack of [service, firewall]) {
      expect(unsuppressedNagFindings(stack, 'error')).toEqual([]);
      expect(unsuppressedNagFindings(stack, 'warning')).toEqual([]);
    }
  });
});
