import { App } from 'aws-cdk-lib';
import { ServiceStack } from '../lib/service-stack.js';

const app = new App();
new ServiceStack(app, 'UrlShortener', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
