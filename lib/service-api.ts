import { Duration, RemovalPolicy, Size } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  type MethodOptions,
  MockIntegration,
  PassthroughBehavior,
  ResponseType,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { type HttpMethod, methodsOfResource, type RouteDefinition } from '../shared/api/routes.js';
import { corsAllowedHeaders, corsExposedHeaders, corsMaxAgeSeconds } from '../shared/http/cors.js';
import type { AllowedOrigins } from '../shared/platform/setting-values.js';
import { edgeErrorPages } from './edge-paths.js';

/** The headers every answer of the gateway itself carries, as the functions' answers do. */
const errorHeaders = {
  'Content-Type': "'application/json'",
  'Cache-Control': "'no-store'",
  'X-Content-Type-Options': "'nosniff'",
};

/** API Gateway's own text for the error, already a quoted JSON string (gateway templates only substitute). */
const gatewayMessage = '$context.error.messageString';

interface GatewayErrorResponse {
  type: ResponseType;
  /** @default - the status API Gateway chose */
  statusCode?: string;
  /** The JSON body, in the contract's `{"detail": ...}` shape. */
  body: string;
}

const detail = (text: string) => JSON.stringify({ detail: text });

/**
 * API Gateway's own answers, rewritten to the error contract. The texts are the local gateway's, so that a
 * client sees the same body from both.
 */
const gatewayErrorResponses: readonly GatewayErrorResponse[] = [
  // An unknown path is API Gateway's 403 "Missing Authentication Token"; the contract says 404.
  { type: ResponseType.MISSING_AUTHENTICATION_TOKEN, statusCode: '404', body: detail('Not Found') },
  { type: ResponseType.RESOURCE_NOT_FOUND, statusCode: '404', body: detail('Not Found') },
  { type: ResponseType.THROTTLED, statusCode: '429', body: detail('Too Many Requests') },
  { type: ResponseType.REQUEST_TOO_LARGE, statusCode: '413', body: detail('Request body too large') },
  { type: ResponseType.INTEGRATION_TIMEOUT, statusCode: '504', body: detail('Endpoint request timed out') },
  // The function could not be invoked at all; the local gateway answers a failed function with the same 502.
  { type: ResponseType.INTEGRATION_FAILURE, statusCode: '502', body: detail('Bad Gateway') },
  { type: ResponseType.API_CONFIGURATION_ERROR, statusCode: '500', body: detail('Internal Server Error') },
  { type: ResponseType.DEFAULT_4XX, body: `{"detail":${gatewayMessage}}` },
  { type: ResponseType.DEFAULT_5XX, body: `{"detail":${gatewayMessage}}` },
];

/**
 * One line per request in the access log, as JSON. No client address: the contract stores none, and
 * behind CloudFront it would be an edge server's anyway. `responseType` names the gateway response when
 * the gateway answered by itself; the LoadBalancerDown alarm counts those. The error message goes in as
 * `messageString`, API Gateway's JSON-quoted form, since a message may contain quotes.
 */
const accessLogFields: Record<string, string> = {
  requestId: '"$context.requestId"',
  requestTime: '"$context.requestTimeEpoch"',
  method: '"$context.httpMethod"',
  resource: '"$context.resourcePath"',
  path: '"$context.path"',
  status: '"$context.status"',
  responseLength: '"$context.responseLength"',
  responseLatency: '"$context.responseLatency"',
  integrationStatus: '"$context.integrationStatus"',
  integrationLatency: '"$context.integrationLatency"',
  integrationError: '"$context.integration.error"',
  responseType: '"$context.error.responseType"',
  error: '$context.error.messageString',
};

const accessLogFormat = `{${Object.entries(accessLogFields)
  .map(([name, value]) => `"${name}":${value}`)
  .join(',')}}`;

export interface RouteFunction {
  route: RouteDefinition;
  handler: IFunction;
}

export interface ServiceApiProps {
  /** Every route of the table with the function that serves it. */
  routes: readonly RouteFunction[];
  /** Steady requests per second the stage accepts before answering 429. @default 1000 */
  throttlingRateLimit?: number;
  /** Requests the stage accepts at once above the steady rate. @default 2000 */
  throttlingBurstLimit?: number;
  /** How long access and execution logs are kept. @default RetentionDays.ONE_MONTH */
  logRetention?: RetentionDays;
  /** Origins browser pages may call the API from (CORS). @default '*' */
  corsAllowedOrigins?: AllowedOrigins;
  /** A deployment's stage: the API's name carries it. @default - the name without one */
  stage?: string;
  /**
   * Set the account-wide API Gateway CloudWatch role (needed once per account and Region for access logs).
   * Turn off when another stack or the account's owner manages it.
   * @default true
   */
  manageApiGatewayAccount?: boolean;
}

/**
 * The REST API: one resource and method per route, proxied to its function. A known path called with
 * another method answers 405 from the gateway itself: each resource also has an `ANY` method (explicit
 * methods take precedence over it) backed by a mock integration, with an `Allow` header, as the local
 * gateway answers.
 */
export class ServiceApi extends Construct {
  readonly api: RestApi;
  /** One JSON line per request (see `accessLogFields`). */
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: ServiceApiProps) {
    super(scope, id);
    const logRetention = props.logRetention ?? RetentionDays.ONE_MONTH;
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stageName = 'prod';
    this.api = new RestApi(this, 'Api', {
      // API Gateway's metrics are named by the API's name: a second deployment's must differ.
      restApiName: props.stage ? `url-shortener-${props.stage}` : 'url-shortener',
      description: 'URL shortener: one Lambda function per route',
      // CloudFront is the edge; an edge-optimized API would put a second distribution behind it.
      endpointTypes: [EndpointType.REGIONAL],
      binaryMediaTypes: ['multipart/form-data'],
      // Gzip what a client accepts compressed when it is large: the API reference's script (1.7 MB), long lists.
      minCompressionSize: Size.kibibytes(8),
      // Access logs need the account's API Gateway logging role; the setting is per account and Region, so a
      // deployment can leave it to whoever manages the account (manageApiGatewayAccount: false).
      cloudWatchRole: props.manageApiGatewayAccount ?? true,
      ...((props.manageApiGatewayAccount ?? true) && { cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN }),
      deployOptions: {
        stageName,
        // The load test's 200 users ask about 500 requests a second; the default leaves them room.
        throttlingRateLimit: props.throttlingRateLimit ?? 1000,
        throttlingBurstLimit: props.throttlingBurstLimit ?? 2000,
        accessLogDestination: new LogGroupLogDestination(this.accessLogs),
        accessLogFormat: AccessLogFormat.custom(accessLogFormat),
        // Errors only: enough to see why the gateway failed a request, without logging bodies.
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: false,
      },
    });
    // The stage's own address is not one to use (it answers only requests that came through CloudFront):
    // the stack outputs the service's address instead of the output RestApi adds by itself.
    this.api.node.tryRemoveChild('Endpoint');
    // Created here, with a retention, before API Gateway would create it without one and outside the stack.
    const executionLogs = new LogGroup(this, 'ExecutionLogs', {
      logGroupName: `API-Gateway-Execution-Logs_${this.api.restApiId}/${stageName}`,
      retention: logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.api.deploymentStage.node.addDependency(executionLogs);

    const corsAllowedOrigins = props.corsAllowedOrigins ?? '*';
    const methodsByPath = new Map<string, HttpMethod[]>();
    for (const { route, handler } of props.routes) {
      const resource = this.api.root.resourceForPath(route.path);
      // One permission per function for the whole API, not one per method (GET and HEAD share a function): the
      // stack stays under CloudFormation's 500 resources, and only the methods wired here call the function.
      const integration = new LambdaIntegration(handler, { scopePermissionToMethod: false });
      resource.addMethod(route.method, integration);
      // HEAD is answered by the GET route's function (without a body, without events).
      if (route.method === 'GET') resource.addMethod('HEAD', integration);
      methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
    }
    for (const [path, methods] of methodsByPath) {
      const resource = this.api.root.resourceForPath(path);
      const allowed = methodsOfResource(methods);
      resource.addCorsPreflight({
        allowOrigins: corsAllowedOrigins === '*' ? ['*'] : [...corsAllowedOrigins],
        allowMethods: allowed,
        allowHeaders: corsAllowedHeaders,
        exposeHeaders: corsExposedHeaders,
        maxAge: Duration.seconds(corsMaxAgeSeconds),
      });
      const { integration, options } = methodNotAllowed(allowed);
      resource.addMethod('ANY', integration, options);
    }

    // The gateway's own answers carry CORS headers too, or a page could not read why a call failed. A list
    // of origins cannot be matched here (gateway responses only substitute), so they name `*` or nothing.
    const corsOnErrors: Record<string, string> =
      corsAllowedOrigins === '*'
        ? {
            'Access-Control-Allow-Origin': "'*'",
            'Access-Control-Expose-Headers': `'${corsExposedHeaders.join(', ')}'`,
          }
        : {};
    for (const response of gatewayErrorResponses) {
      this.api.addGatewayResponse(response.type.responseType, {
        type: response.type,
        statusCode: response.statusCode,
        responseHeaders: { ...errorHeaders, ...corsOnErrors },
        templates: { 'application/json': response.body },
      });
    }
    // The pages CloudFront answers with when the short links' function URL answers by itself (edge-paths.ts):
    // not routes, fixed answers of the gateway, with the headers of its own error answers.
    for (const page of edgeErrorPages) {
      const { integration, options } = fixedAnswer(200, detail(page.detail), { ...errorHeaders, ...corsOnErrors });
      this.api.root.resourceForPath(page.path).addMethod('GET', integration, options);
    }

    NagSuppressions.addResourceSuppressions(
      this.api,
      [
        {
          id: 'AwsSolutions-APIG2',
          reason:
            "Each function validates its own input with zod and answers the contract's 422 shape; an API Gateway validator would answer 400 in its own shape instead.",
        },
        {
          id: 'AwsSolutions-APIG3',
          reason:
            'The optional WAF web ACL sits on the CloudFront distribution (WAF for CloudFront lives in us-east-1); the stage has its own throttling.',
        },
        { id: 'AwsSolutions-APIG4', reason: 'The specification defines a public API without authentication.' },
        { id: 'AwsSolutions-COG4', reason: 'The specification defines a public API without authentication.' },
        {
          id: 'AwsSolutions-IAM4',
          reason:
            'The account-wide API Gateway logging role uses AmazonAPIGatewayPushToCloudWatchLogs, the policy AWS documents for it; API Gateway creates and writes log groups by name on its own.',
          appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs'],
        },
      ],
      true,
    );
  }
}

/** The `ANY` method of a resource: a mock integration that answers 405 and lists the resource's methods. */
function methodNotAllowed(methods: readonly string[]): { integration: MockIntegration; options: MethodOptions } {
  return fixedAnswer(405, detail('Method Not Allowed'), { ...errorHeaders, Allow: `'${methods.join(', ')}'` });
}

/** A mock integration that always answers `status` with `body` (JSON) and `headers` (quoted values). */
function fixedAnswer(
  status: number,
  body: string,
  headers: Record<string, string>,
): { integration: MockIntegration; options: MethodOptions } {
  const statusCode = String(status);
  const integration = new MockIntegration({
    // Whatever the request's content type, go on to the one integration response below.
    passthroughBehavior: PassthroughBehavior.WHEN_NO_MATCH,
    requestTemplates: { 'application/json': `{"statusCode": ${status}}` },
    integrationResponses: [
      {
        statusCode,
        responseParameters: Object.fromEntries(
          Object.entries(headers).map(([name, value]) => [`method.response.header.${name}`, value]),
        ),
        responseTemplates: { 'application/json': body },
      },
    ],
  });
  const methodResponse = {
    statusCode,
    responseParameters: Object.fromEntries(
      Object.keys(headers).map((name) => [`method.response.header.${name}`, true]),
    ),
  };
  return { integration, options: { methodResponses: [methodResponse] } };
}
