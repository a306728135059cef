import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deploymentSettings } from '../lib/deployment-settings.js';
import { EdgeFirewallStack } from '../lib/edge-firewall-stack.js';
import { ServiceStack } from '../lib/service-stack.js';

const app = new App();
const settings = deploymentSettings(app.node);
// Environment-agnostic unless a Region is given (-c region=...): the same template deploys anywhere, and the
// account and Region are those of the credentials at deployment. The WAF's cross-Region reference needs both.
const firewallRules = {
  requestsPerFiveMinutes: settings.wafRateLimit,
  createLinksPerMinute: settings.createLinksPerMinute,
  reportsPerMinute: settings.reportsPerMinute,
};
const wantsFirewall = Object.values(firewallRules).some((limit) => limit !== undefined);
const region = settings.region ?? (wantsFirewall ? process.env.CDK_DEFAULT_REGION : undefined);
const account = region === undefined ? undefined : process.env.CDK_DEFAULT_ACCOUNT;
const stage = settings.service.stage;

// A web ACL for CloudFront can only live in us-east-1: its own stack there, referenced across Regions.
const firewall = !wantsFirewall
  ? undefined
  : new EdgeFirewallStack(app, stage ? `UrlShortenerEdgeFirewall-${stage}` : 'UrlShortenerEdgeFirewall', {
      env: { account, region: 'us-east-1' },
      crossRegionReferences: true,
      stage,
      ...firewallRules,
    });

new ServiceStack(app, stage ? `UrlShortener-${stage}` : 'UrlShortener', {
  ...(region !== undefined && { env: { account, region } }),
  crossRegionReferences: firewall !== undefined,
  webAclArn: firewall?.webAclArn,
  ...settings.service,
});

Aspects.of(app).add(new AwsSolutionsChecks());
