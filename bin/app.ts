import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deploymentSettings } from '../lib/deployment-settings.js';
import { EdgeFirewallStack } from '../lib/edge-firewall-stack.js';
import { ServiceStack } from '../lib/service-stack.js';

const app = new App();
const settings = deploymentSettings(app.node);
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;

// A web ACL for CloudFront can only live in us-east-1: its own stack there, referenced across Regions.
const firewall =
  settings.wafRateLimit === undefined
    ? undefined
    : new EdgeFirewallStack(app, 'UrlShortenerEdgeFirewall', {
        env: { account, region: 'us-east-1' },
        crossRegionReferences: true,
        requestsPerFiveMinutes: settings.wafRateLimit,
      });

new ServiceStack(app, 'UrlShortener', {
  env: { account, region },
  crossRegionReferences: firewall !== undefined,
  webAclArn: firewall?.webAclArn,
  ...settings.service,
});

Aspects.of(app).add(new AwsSolutionsChecks());
