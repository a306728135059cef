import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable, ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import {
  type AddToPrincipalPolicyResult,
  PolicyDocument,
  PolicyStatement,
  Role,
  ServicePrincipal,
} from 'aws-cdk-lib/aws-iam';
import { Architecture, type FunctionUrl, FunctionUrlAuthType, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { RouteDefinition } from '../shared/api/routes.js';
import { leaseAttributes } from '../shared/store/click-allowance.js';
import { keys } from '../shared/store/keys.js';
import type { IndexName } from '../shared/store/table-schema.js';
import { unlockAttemptAttributes } from '../shared/store/unlock-attempts.js';
import { expiryClaimAttributes } from '../shared/store/urls.js';
import { bundleMainFields, bundleTarget, requireBanner } from './bundling.js';
import { type TableAccess, tableAccessStatements } from './table-access.js';

export type BundledFiles = NonNullable<RouteDefinition['bundledFiles']>;

/**
 * A function's role with its grants written into the role itself (one inline policy) rather than into a
 * separate AWS::IAM::Policy: the same permissions, one resource fewer per function, which keeps the stack
 * under CloudFormation's 500 resources. The grants' dependents depend on the role, which carries them.
 */
class FunctionRole extends Role {
  private readonly inlineGrants: PolicyDocument;

  constructor(scope: Construct, id: string) {
    const grants = new PolicyDocument();
    super(scope, id, { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), inlinePolicies: { grants } });
    this.inlineGrants = grants;
  }

  override addToPrincipalPolicy(statement: PolicyStatement): AddToPrincipalPolicyResult {
    this.inlineGrants.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServiceFunctionProps {
  /** Handler module relative to the project root (from the route table). */
  entry: string;
  /** @default 512 */
  memorySize?: number;
  /** @default Duration.seconds(10) */
  timeout?: Duration;
  /** How long the function's log group keeps entries. @default RetentionDays.ONE_MONTH */
  logRetention?: RetentionDays;
  /** The CloudWatch namespace of its embedded metrics (service-metrics.ts, `metricsNamespaceOf`). */
  metricsNamespace: string;
  /**
   * Files the function reads at run time: `files` of the project folder `from`, copied into `folder` next
   * to the bundle (the startup seed's CSV files, the API reference's scripts).
   * @default - only the bundle is deployed
   */
  bundledFiles?: BundledFiles;
  /**
   * Concurrent instances set aside for the function, and its ceiling: what throttles a function that no API
   * Gateway stage stands in front of (its function URL answers 429 past it).
   * @default - none reserved: the account's unreserved concurrency
   */
  reservedConcurrency?: number;
}

/**
 * Every function of the service: Node 24 on arm64, bundled here with the local esbuild as minified ESM
 * with source maps and the AWS SDK inside (no Docker, and no dependence on the runtime's SDK version).
 * The only place a NodejsFunction is created.
 *
 * Each function has its own role that starts with nothing but writing to its own log group; `useTable`
 * and `publishEventsTo` add exactly what a route needs, together with the setting that tells the code
 * where to find it (the variables `shared/platform/config.ts` reads).
 */
export class ServiceFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // An explicit role instead of AWSLambdaBasicExecutionRole, whose log permissions cover every log group.
    const role = new FunctionRole(scope, `${id}Role`);
    const bundled = props.bundledFiles;
    super(scope, id, {
      entry: path.join(projectRoot, props.entry),
      handler: 'handler',
      projectRoot,
      depsLockFilePath: path.join(projectRoot, 'package-lock.json'),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role,
      reservedConcurrentExecutions: props.reservedConcurrency,
      loggingFormat: LoggingFormat.JSON,
      logGroup,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        // The alarms read this namespace; setting it here keeps the two from drifting apart.
        METRICS_NAMESPACE: props.metricsNamespace,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: bundleTarget,
        minify: true,
        sourceMap: true,
        externalModules: [],
        mainFields: bundleMainFields,
        banner: requireBanner,
        ...(bundled && {
          commandHooks: {
            beforeBundling: () => [],
            beforeInstall: () => [],
            afterBundling: (inputDir: string, outputDir: string) =>
              bundled.flatMap((set) => [
                `mkdir -p "${outputDir}/${set.folder}"`,
                ...set.files.map((file) => `cp "${inputDir}/${set.from}/${file}" "${outputDir}/${set.folder}/"`),
              ]),
          },
        }),
      },
    });
    logGroup.grantWrite(role);
  }

  /**
   * Lets the function use the table at the route's access level and query the indexes it lists from, and
   * tells it the table's name.
   */
  useTable(table: ITableV2, access: TableAccess, indexes: readonly IndexName[] = []): void {
    // Every function loads shared/platform/config.ts, which requires TABLE_NAME, even those that never touch the table.
    this.addEnvironment('TABLE_NAME', table.tableName);
    for (const statement of tableAccessStatements(table, access, indexes)) this.addToRolePolicy(statement);
  }

  /**
   * Lets a function that only reads the table lease event ids (store/id-leases.ts): an update of the event
   * counter item and nothing else, by the `dynamodb:LeadingKeys` condition.
   */
  leaseEventIds(table: ITableV2): void {
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [keys.counter('event').PK] } },
      }),
    );
  }

  /**
   * Lets the redirect keep a link's limits on its short code's item: lease clicks of its allowance
   * (store/click-allowance.ts, answered with the new `leased`) and record its expiry (store/urls.ts,
   * `claimExpiredEvent`, answered with nothing). An update of `CODE#` items that may name only those
   * attributes.
   */
  keepLinkLimits(table: ITableV2): void {
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [keys.shortCode('*').PK] },
          'ForAllValues:StringEquals': {
            'dynamodb:Attributes': [
              ...new Set([...Object.keys(keys.shortCode('')), ...expiryClaimAttributes, ...leaseAttributes]),
            ],
          },
          StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE', 'UPDATED_NEW'] },
        },
      }),
    );
  }

  /**
   * Lets the unlock count the passwords tried on a protected link (store/unlock-attempts.ts): updates of
   * `UNLOCK#` items naming only their own attributes, answered with nothing (it reads them back with the
   * table's read access).
   */
  countUnlockAttempts(table: ITableV2): void {
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [keys.unlockAttempts('*', '').PK] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...unlockAttemptAttributes] },
          StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE'] },
        },
      }),
    );
  }

  /**
   * Lets a route that serves key holders (`keys` mode) identify its caller: a read of an access key's lookup
   * item and nothing else (a route that reads the table may already).
   */
  identifyCallers(table: ITableV2): void {
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [keys.accessKey('*').PK] } },
      }),
    );
  }

  /**
   * Makes the function answer only requests that came through CloudFront: it reads the origin secret (its
   * current and previous value, so a rotation drops no request) and checks each request's X-Origin-Verify.
   */
  verifyOriginWith(secret: ISecret): void {
    this.addEnvironment('ORIGIN_SECRET_ARN', secret.secretArn);
    secret.grantRead(this);
  }

  /**
   * Gives the function a URL of its own that only signed requests may call (AWS_IAM): CloudFront's, through
   * its origin access control (edge-distribution.ts), which alone is granted to invoke it. Buffered answers,
   * and no CORS configuration: the function answers preflights and stamps CORS headers itself.
   */
  serveFunctionUrl(): FunctionUrl {
    return this.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
  }

  /**
   * Lets a route keep the answers of requests sent with an Idempotency-Key (shared/http/idempotency.ts): the
   * four operations Powertools' DynamoDB persistence makes, on the idempotency table only.
   */
  keepIdempotencyRecords(records: ITable): void {
    this.useSmallTable('IDEMPOTENCY_TABLE', records, ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem']);
  }

  /**
   * Lets the redirect keep the month's visitor secret (store/visitor-secrets.ts) in the secrets' own table:
   * read it, make it, and delete the past months'.
   */
  keepVisitorSecrets(secrets: ITable): void {
    this.useSmallTable('VISITOR_SECRETS_TABLE', secrets, ['Query', 'GetItem', 'PutItem', 'DeleteItem']);
  }

  /** One of the service's small tables beside the main one: its name in `variable`, these actions on it only. */
  private useSmallTable(variable: string, table: ITable, actions: string[]): void {
    this.addEnvironment(variable, table.tableName);
    this.addToRolePolicy(
      new PolicyStatement({ actions: actions.map((action) => `dynamodb:${action}`), resources: [table.tableArn] }),
    );
  }

  /** Lets the function queue automatic events (send only), and tells it the queue's URL. */
  publishEventsTo(queue: IQueue): void {
    this.sendTo('EVENTS_QUEUE_URL', queue);
  }

  /** Hands bulk imports to the import worker through its queue (IMPORTS_QUEUE_URL). */
  handOffImportsTo(queue: IQueue): void {
    this.sendTo('IMPORTS_QUEUE_URL', queue);
  }

  /** Queues webhook deliveries for the deliverer (WEBHOOK_DELIVERIES_QUEUE_URL), ten a request. */
  queueWebhookDeliveriesTo(queue: IQueue): void {
    this.addEnvironment('WEBHOOK_DELIVERIES_QUEUE_URL', queue.queueUrl);
    this.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
  }

  private sendTo(variable: string, queue: IQueue): void {
    this.addEnvironment(variable, queue.queueUrl);
    this.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
  }
}
