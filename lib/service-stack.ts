import { CfnOutput, Duration, NestedStack, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { type RouteDefinition, routeName, routes } from '../shared/api/routes.js';
import type { AuthMode } from '../shared/platform/service-config.js';
import type { AllowedOrigins } from '../shared/platform/setting-values.js';
import {
  clickStreamSchema,
  eventsQueueSchema,
  importsQueueSchema,
  tableSchema,
  webhookDeliveriesQueueSchema,
} from '../shared/store/table-schema.js';
import { EdgeDistribution } from './edge-distribution.js';
import { shortLinkRoute } from './edge-paths.js';
import { QueuePair } from './queue-pair.js';
import { ServiceApi } from './service-api.js';
import { ServiceFunction } from './service-function.js';
import { metricsNamespaceOf } from './service-metrics.js';
import { ServiceMonitoring } from './service-monitoring.js';
import { ServiceTable } from './service-table.js';
import { StartupSeed } from './startup-seed.js';
import {
  clickCounterFunction,
  eventWriterFunction,
  type FunctionSettings,
  importWorkerFunction,
  webhookDelivererFunction,
  webhookDispatcherFunction,
} from './worker-functions.js';

/** Memory and timeout by the route table's sizing class (API Gateway gives up on a request after 29 s). */
const sizing: Record<RouteDefinition['profile'], { memorySize: number; timeout: Duration }> = {
  standard: { memorySize: 512, timeout: Duration.seconds(10) },
  bulk: { memorySize: 1536, timeout: Duration.seconds(29) },
  cascade: { memorySize: 1024, timeout: Duration.seconds(29) },
};

export interface ServiceStackProps extends StackProps {
  /**
   * Keep the table's data: deletion protection on, and the table retained when the stack is deleted.
   * Turn off only for throwaway environments.
   * @default true
   */
  retainData?: boolean;
  /** Steady requests per second the API accepts before answering 429. @default 1000 */
  throttlingRateLimit?: number;
  /** Requests the API accepts at once above the steady rate. @default 2000 */
  throttlingBurstLimit?: number;
  /**
   * Instances reserved for the redirect's function, and its ceiling: the throttle of the short links, which
   * reach it through its function URL, without the stage. A function URL takes at most 10 requests a second
   * per reserved instance, so the default matches the stage's rate. Lambda keeps 100 of the account's
   * concurrency unreserved: the account's quota must exceed this by 100.
   * @default - a tenth of `throttlingRateLimit` (100)
   */
  redirectConcurrency?: number;
  /** @default - no subscription; subscribe to the AlarmTopicArn output later */
  alarmEmail?: string;
  /** Load the bundled seed files into an empty table on deployment (ENABLE_STARTUP_SEED). @default false */
  enableStartupSeed?: boolean;
  /** A CLOUDFRONT-scope WAF web ACL (from `EdgeFirewallStack`, in us-east-1). @default - no web ACL */
  webAclArn?: string;
  /** How long every log group keeps entries. @default RetentionDays.ONE_MONTH */
  logRetention?: RetentionDays;
  /** Origins browser pages may call the API from (CORS): `*` or a list. @default '*' */
  corsAllowedOrigins?: AllowedOrigins;
  /**
   * Other addresses of this service (`host[:port]`): links to them are refused as loops. The distribution's
   * domain and `domainName` are the service's own without being listed. @default - none
   */
  shortLinkHosts?: readonly string[];
  /**
   * `open` (the specification's: no credentials) or `keys` (access keys and ownership; the first operator key
   * comes from `npm run create-admin-key` with TABLE_NAME, README "Deploy").
   * @default 'open'
   */
  authMode?: AuthMode;
  /**
   * A deployment's name (`staging`), so that several share an account and Region: alarm names start with it
   * (`staging-HighErrorRate`); the stack's own name carries it (bin/app.ts). @default - names as they are
   */
  stage?: string;
  /** The short links' own domain (`go.example.com`); needs `certificateArn`. @default - the CloudFront domain */
  domainName?: string;
  /** The ACM certificate of `domainName`, in us-east-1 (CloudFront's Region for certificates). */
  certificateArn?: string;
  /** A Route 53 hosted zone in which to create `domainName`'s alias records. @default - no records */
  hostedZoneId?: string;
  /** Set the account-wide API Gateway CloudWatch role (see ServiceApi). @default true */
  manageApiGatewayAccount?: boolean;
  /** Bumped after the origin secret's value changes, so that CloudFront reads it again. @default 1 */
  originSecretVersion?: number;
}

/** What the routes' functions are wired to: the storage, the queues they hand work to, and how they answer. */
interface RouteWiring extends FunctionSettings {
  storage: ServiceTable;
  events: QueuePair;
  imports: QueuePair;
  webhookDeliveries: QueuePair;
  originSecret: Secret;
  authMode: AuthMode;
  corsAllowedOrigins: AllowedOrigins;
  publicBaseUrl: string | undefined;
}

/**
 * The whole service: one table, the events queue pair, one function per route plus the event writer, the
 * REST API, CloudFront in front, alarms and a dashboard, and optionally the startup seed.
 */
export class ServiceStack extends Stack {
  constructor(scope: Construct, id: string, props: ServiceStackProps = {}) {
    super(scope, id, props);
    const logRetention = props.logRetention ?? RetentionDays.ONE_MONTH;
    const corsAllowedOrigins = props.corsAllowedOrigins ?? '*';
    const authMode = props.authMode ?? 'open';
    const metricsNamespace = metricsNamespaceOf(props.stage);
    const storage = new ServiceTable(this, 'Storage', { retainData: props.retainData });
    const { table } = storage;
    const events = new QueuePair(this, 'Events', eventsQueueSchema);
    const imports = new QueuePair(this, 'Imports', importsQueueSchema);
    const webhookDeliveries = new QueuePair(this, 'WebhookDeliveries', webhookDeliveriesQueueSchema);
    const originSecret = this.originSecret();
    const publicBaseUrl = props.domainName ? `https://${props.domainName}` : undefined;
    const settings: FunctionSettings = { metricsNamespace, logRetention };

    const routeFunctions = this.routeFunctions(props, {
      ...settings,
      storage,
      events,
      imports,
      webhookDeliveries,
      originSecret,
      authMode,
      corsAllowedOrigins,
      publicBaseUrl,
    });
    // The short links, `/<code>`, reach the redirect's function by its URL, without API Gateway (edge-paths.ts).
    const shortLinks = routeFunctions.find(({ route }) => route === shortLinkRoute)?.handler;
    if (!shortLinks) throw new Error('The redirect route has no function');
    const shortLinksUrl = shortLinks.serveFunctionUrl();
    const writer = eventWriterFunction(this, settings, storage, events);
    const importer = importWorkerFunction(this, settings, storage, imports);
    // What the click counter gives up on (a poison record, records past their age): kept 14 days, for a recount.
    const clicksNotCounted = this.failuresQueue(
      'ClicksNotCounted',
      "It is a dead-letter queue itself: the click counter's on-failure destination, read by a person following the ClicksNotCounted runbook; nothing consumes it that could fail again.",
    );
    const counter = clickCounterFunction(this, settings, storage, clicksNotCounted);
    const webhooksNotDispatched = this.failuresQueue(
      'WebhooksNotDispatched',
      "The webhook dispatcher's on-failure destination, read by a person following the WebhooksNotDispatched runbook; nothing consumes it that could fail again.",
    );
    const dispatcher = webhookDispatcherFunction(this, settings, storage, webhookDeliveries, webhooksNotDispatched);
    const deliverer = webhookDelivererFunction(this, settings, storage, webhookDeliveries);

    const api = new ServiceApi(this, 'Http', {
      routes: routeFunctions,
      throttlingRateLimit: props.throttlingRateLimit,
      throttlingBurstLimit: props.throttlingBurstLimit,
      logRetention,
      corsAllowedOrigins,
      manageApiGatewayAccount: props.manageApiGatewayAccount,
      stage: props.stage,
    });
    const edge = new EdgeDistribution(this, 'Edge', {
      stage: props.stage,
      api: api.api,
      shortLinks: shortLinksUrl,
      webAclArn: props.webAclArn,
      originSecret,
      originSecretVersion: props.originSecretVersion,
      ...(props.domainName &&
        props.certificateArn && {
          domain: { name: props.domainName, certificateArn: props.certificateArn, hostedZoneId: props.hostedZoneId },
        }),
    });

    // The alarms and the dashboard in a nested stack of their own: with them, one stack would pass
    // CloudFormation's 500 resources (docs/decisions.md, "Two stacks").
    const alarms = new NestedStack(this, 'Alarms');
    Validations.of(alarms).acknowledge({
      id: 'CloudFormation Validate::W2509',
      reason:
        "Its parameters are the functions' names; one names the route of a webhook's secret, and holds no secret.",
    });
    const monitoring = new ServiceMonitoring(alarms, 'Monitoring', {
      serviceStackName: this.stackName,
      api: api.api,
      shortLinks,
      table: { tableName: table.tableName, indexNames: tableSchema.indexes.map((index) => index.indexName) },
      accessLogs: api.accessLogs,
      functions: [
        ...routeFunctions.map(({ route, handler }) => ({ name: routeName(route), handler })),
        { name: 'EventWriter', handler: writer },
        { name: 'ClickCounter', handler: counter },
        { name: 'ImportWorker', handler: importer },
        { name: 'WebhookDispatcher', handler: dispatcher },
        { name: 'WebhookDeliverer', handler: deliverer },
      ],
      eventsQueue: events.queue,
      clickCounter: counter,
      deadLetterQueue: events.deadLetterQueue,
      importsDeadLetterQueue: imports.deadLetterQueue,
      clicksNotCounted,
      webhooks: { deadLetterQueue: webhookDeliveries.deadLetterQueue, notDispatched: webhooksNotDispatched },
      alarmEmail: props.alarmEmail,
      stage: props.stage,
      metricsNamespace,
    });

    if (props.enableStartupSeed) new StartupSeed(this, 'StartupSeed', { table, logRetention, metricsNamespace });

    this.addOutputs({ publicBaseUrl, edge, storage, events, imports, clicksNotCounted, monitoring });
  }

  /** What CloudFront sends the API to prove a request came through it (docs/decisions.md, "Deployment"). */
  private originSecret(): Secret {
    const originSecret = new Secret(this, 'OriginSecret', {
      description: 'Sent by CloudFront in X-Origin-Verify; the functions answer only requests that carry it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    NagSuppressions.addResourceSuppressions(originSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotated by hand (docs/operations.md, "The origin secret"): CloudFront reads the value only when the distribution is deployed, so a rotation is a new value and a deployment, which the functions tolerate by accepting the previous value too.',
      },
    ]);
    return originSecret;
  }

  /** One function per route of the route table, given what its route declares it uses. */
  private routeFunctions(
    props: ServiceStackProps,
    wiring: RouteWiring,
  ): { route: RouteDefinition; handler: ServiceFunction }[] {
    const { storage, events, imports, webhookDeliveries, authMode, corsAllowedOrigins, publicBaseUrl } = wiring;
    const { table, visitorSecrets, idempotency } = storage;
    const redirectConcurrency = props.redirectConcurrency ?? Math.ceil((props.throttlingRateLimit ?? 1000) / 10);
    return routes.map((route) => {
      const handler = new ServiceFunction(this, routeName(route), {
        entry: route.handler,
        metricsNamespace: wiring.metricsNamespace,
        ...sizing[route.profile],
        logRetention: wiring.logRetention,
        bundledFiles: route.bundledFiles,
        ...(route === shortLinkRoute && { reservedConcurrency: redirectConcurrency }),
      });
      handler.useTable(table, route.table, route.indexes);
      if (route.sendsEvents) handler.publishEventsTo(events.queue);
      if (route.queuesImports) handler.handOffImportsTo(imports.queue);
      if (route.queuesWebhookDeliveries) handler.queueWebhookDeliveriesTo(webhookDeliveries.queue);
      // Functions that queue events give them ids from a lease of their own; a write route may already.
      if (route.sendsEvents && route.table === 'read') handler.leaseEventIds(table);
      if (route.visitorSecrets) handler.keepVisitorSecrets(visitorSecrets);
      if (route.keepsLinkLimits) handler.keepLinkLimits(table);
      if (route.countsUnlockAttempts) handler.countUnlockAttempts(table);
      // In keys mode a route that serves key holders reads the caller's key, whatever it does with the table.
      if (authMode === 'keys' && route.access !== 'open') handler.identifyCallers(table);
      if (route.idempotent) handler.keepIdempotencyRecords(idempotency);
      handler.addEnvironment('CORS_ALLOWED_ORIGINS', corsAllowedOrigins === '*' ? '*' : corsAllowedOrigins.join(','));
      handler.addEnvironment('AUTH_MODE', authMode);
      handler.verifyOriginWith(wiring.originSecret);
      if (publicBaseUrl) handler.addEnvironment('PUBLIC_BASE_URL', publicBaseUrl);
      if (props.shortLinkHosts?.length) handler.addEnvironment('SHORT_LINK_HOSTS', props.shortLinkHosts.join(','));
      return { route, handler };
    });
  }

  /**
   * An on-failure destination of a stream consumer: what it gave up (a shard and a range of sequence numbers),
   * kept 14 days (SQS's longest) for a person and a recount; never deleted with the stack.
   */
  private failuresQueue(id: string, why: string): Queue {
    const queue = new Queue(this, id, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.seconds(clickStreamSchema.failuresRetentionSeconds),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    NagSuppressions.addResourceSuppressions(queue, [{ id: 'AwsSolutions-SQS3', reason: why }]);
    return queue;
  }

  private addOutputs(built: {
    publicBaseUrl: string | undefined;
    edge: EdgeDistribution;
    storage: ServiceTable;
    events: QueuePair;
    imports: QueuePair;
    clicksNotCounted: Queue;
    monitoring: ServiceMonitoring;
  }): void {
    const { publicBaseUrl, edge, storage, events, imports, clicksNotCounted, monitoring } = built;
    // The address people use; the API Gateway stage's own answers only requests that came through CloudFront.
    new CfnOutput(this, 'ServiceUrl', {
      value: publicBaseUrl ?? `https://${edge.distribution.distributionDomainName}`,
      description: 'The service: https://<domain>/<short code> redirects',
    });
    new CfnOutput(this, 'DistributionDomainName', {
      value: edge.distribution.distributionDomainName,
      description: "CloudFront domain (the target of a custom domain's DNS record)",
    });
    new CfnOutput(this, 'TableName', { value: storage.table.tableName });
    new CfnOutput(this, 'EventsQueueName', { value: events.queue.queueName });
    new CfnOutput(this, 'EventsDeadLetterQueueName', { value: events.deadLetterQueue.queueName });
    new CfnOutput(this, 'ImportsDeadLetterQueueName', { value: imports.deadLetterQueue.queueName });
    new CfnOutput(this, 'ClicksNotCountedQueueName', { value: clicksNotCounted.queueName });
    new CfnOutput(this, 'AlarmTopicArn', { value: monitoring.topic.topicArn });
    new CfnOutput(this, 'DashboardUrl', { value: monitoring.dashboardUrl });
  }
}
