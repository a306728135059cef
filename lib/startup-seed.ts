import { CustomResource, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { ServiceFunction } from './service-function.js';

/** The project folder the seed files come from; the bundle carries them in a folder of the same name. */
const seedFolder = 'seed';
const seedFiles = ['users.csv', 'urls.csv', 'events.csv'];

export interface StartupSeedProps {
  table: ITableV2;
  /** @default RetentionDays.ONE_MONTH */
  logRetention?: RetentionDays;
  /** The deployment's metrics namespace (service-metrics.ts). */
  metricsNamespace: string;
}

/**
 * ENABLE_STARTUP_SEED in AWS: a custom resource whose function loads the seed CSV files bundled with it,
 * through the same loader as the local runtime (which does nothing when a user exists). It runs when the
 * resource is created, that is on the first deployment with seeding enabled.
 */
export class StartupSeed extends Construct {
  readonly handler: ServiceFunction;

  constructor(scope: Construct, id: string, props: StartupSeedProps) {
    super(scope, id);
    const logRetention = props.logRetention ?? RetentionDays.ONE_MONTH;
    this.handler = new ServiceFunction(this, 'SeedOnDeploy', {
      entry: 'functions/ops/seed-on-deploy.ts',
      metricsNamespace: props.metricsNamespace,
      memorySize: 1024,
      // Writing a few thousand rows takes seconds; the margin is for a cold table scaling up.
      timeout: Duration.minutes(10),
      logRetention,
      bundledFiles: [{ folder: seedFolder, from: seedFolder, files: seedFiles }],
    });
    // It loads into an empty table only: whether any user exists is a query of the users' list (GSI1).
    this.handler.useTable(props.table, 'write', ['GSI1']);

    // The provider framework answers CloudFormation (also when the seed fails), so the handler only seeds.
    const frameworkLogs = new LogGroup(this, 'ProviderLogs', {
      retention: logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const frameworkRole = new Role(this, 'ProviderRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    frameworkLogs.grantWrite(frameworkRole);
    const provider = new Provider(this, 'Provider', {
      onEventHandler: this.handler,
      logGroup: frameworkLogs,
      frameworkOnEventRole: frameworkRole,
    });
    new CustomResource(this, 'Seed', { serviceToken: provider.serviceToken, resourceType: 'Custom::StartupSeed' });

    NagSuppressions.addResourceSuppressions(
      frameworkRole,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'The provider framework may invoke any version of the seed function (`<arn>:*`), as CDK grants it; the function is the only resource named.',
        },
      ],
      true,
    );
  }
}
