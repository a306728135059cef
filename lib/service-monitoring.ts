import { Aws, Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { Alarm, CompositeAlarm, Dashboard, IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { alarmOnEventPipeline, alarmOnTableContention, alarmOnWebhooks } from './data-alarms.js';
import { concurrencyUtilization, entranceMetrics, type MonitoredFunction } from './monitoring-metrics.js';
import {
  type AlarmContext,
  alarmOnConcurrency,
  alarmOnErrorRate,
  alarmOnFailingFunctions,
  alarmOnFleetDown,
  alarmOnGatewayFailures,
  alarmOnLatency,
  countGatewayFailures,
} from './service-alarms.js';
import { addServiceDashboard } from './service-dashboard.js';

export interface ServiceMonitoringProps {
  api: RestApi;
  /**
   * The redirect's function, whose URL serves the short links without API Gateway: its URL's requests, errors
   * and latency count with the API's in the alarms on the whole service.
   */
  shortLinks: IFunction;
  /** The table, and the names of its indexes, whose throttling and conflicts are watched. */
  table: { tableName: string; indexNames: readonly string[] };
  /** The API's access log group, in the JSON format of `ServiceApi`. */
  accessLogs: ILogGroup;
  /** Every function that serves a request or an event. */
  functions: readonly MonitoredFunction[];
  eventsQueue: IQueue;
  /** The function that counts the statistics from the table's stream: its iterator age is their lag. */
  clickCounter: IFunction;
  deadLetterQueue: IQueue;
  /** Where an import the worker could not finish goes, once it is marked failed. */
  importsDeadLetterQueue: IQueue;
  /** What the click counter gave up on: batches of the table's stream it could not count. */
  clicksNotCounted: IQueue;
  /** The webhook deliveries' dead-letter queue, and what the webhook dispatcher gave up on. */
  webhooks: { deadLetterQueue: IQueue; notDispatched: IQueue };
  /**
   * An e-mail address subscribed to the alarm topic (AWS sends it a confirmation link first).
   * @default - no subscription: subscribe to the AlarmTopic output later
   */
  alarmEmail?: string;
  /**
   * A deployment's stage (`staging`): every alarm's name starts with it (`staging-HighErrorRate`), so that
   * several deployments can share an account and Region. @default - the names of the specification, as they are
   */
  stage?: string;
  /** The namespace of the functions' embedded metrics (service-metrics.ts). */
  metricsNamespace: string;
  /** The name the alarms and the dashboard are named after. @default the name of the stack they are in */
  serviceStackName?: string;
}

/**
 * The spec's alerts, mapped to what a serverless deployment has (there are no instances, replicas or load
 * balancer), plus the event pipeline's own alarms, all notifying one SNS topic; and a dashboard.
 * docs/operations.md has the table of what each alarm watches and what to do.
 */
export class ServiceMonitoring extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: IAlarm[] = [];

  constructor(scope: Construct, id: string, props: ServiceMonitoringProps) {
    super(scope, id);
    // The service's stack, not the nested stack the alarms may live in: its name is the one people know.
    const stackName = props.serviceStackName ?? Stack.of(this).stackName;
    const alarms: AlarmContext = {
      scope: this,
      stackName,
      named: (name) => (props.stage ? `${props.stage}-${name}` : name),
      notify: (alarm) => this.notify(alarm),
    };
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'URL shortener alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const entrances = entranceMetrics(props.api, props.shortLinks);
    alarmOnFailingFunctions(alarms, props.functions);
    alarmOnFleetDown(alarms, entrances);
    const gatewayFailures = countGatewayFailures(this, props.accessLogs, props.metricsNamespace);
    alarmOnGatewayFailures(alarms, gatewayFailures);
    alarmOnErrorRate(alarms, entrances);
    alarmOnLatency(alarms, entrances);
    const concurrency = concurrencyUtilization();
    alarmOnConcurrency(alarms, concurrency);
    const eventPipeline = alarmOnEventPipeline(alarms, props);
    alarmOnWebhooks(alarms, props);
    alarmOnTableContention(alarms, props.table);

    this.dashboard = addServiceDashboard(this, {
      stackName,
      alarms: this.alarms,
      functions: props.functions,
      entrances,
      gatewayFailures,
      concurrencyUtilization: concurrency,
      eventsQueue: props.eventsQueue,
      eventPipeline,
      table: props.table,
      metricsNamespace: props.metricsNamespace,
    });
  }

  /** A link to the dashboard in the console of the stack's Region. */
  get dashboardUrl(): string {
    return `https://${Aws.REGION}.console.aws.amazon.com/cloudwatch/home?region=${Aws.REGION}#dashboards:name=${this.dashboard.dashboardName}`;
  }

  private notify<T extends Alarm | CompositeAlarm>(alarm: T): T {
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
    return alarm;
  }
}
