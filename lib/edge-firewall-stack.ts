import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

export interface EdgeFirewallStackProps extends StackProps {
  /**
   * Requests one client IP address may make in any 5 minutes; above it, its requests are answered
   * `429 {"detail": "Too Many Requests"}` until its rate falls back under the limit.
   * @default 2000
   */
  requestsPerFiveMinutes?: number;
  /** Link creations (POST /urls) one client address, or one access key, may make in any minute. @default - none */
  createLinksPerMinute?: number;
  /** Reports (POST /reports) one client address, or one access key, may make in any minute. @default - none */
  reportsPerMinute?: number;
  /** A deployment's stage: the web ACL's name and its metrics' carry it. @default - names without one */
  stage?: string;
}

/** The least limit a WAF rate-based rule takes. */
const WAF_LEAST_LIMIT = 10;

/** A route whose requests a rule counts: its method and exact path (as the viewer sends it, before rewrites). */
interface LimitedRoute {
  name: string;
  method: string;
  path: string;
  perMinute?: number;
}

/** Who a per-route rule counts separately: the client's address, and the access key (the Authorization header). */
const limitedClients: ({ name: string } & Pick<
  CfnWebACL.RateBasedStatementProperty,
  'aggregateKeyType' | 'customKeys'
>)[] = [
  { name: 'ip', aggregateKeyType: 'IP' },
  {
    name: 'key',
    aggregateKeyType: 'CUSTOM_KEYS',
    // A request without the header is not counted by this rule (WAF skips it), only by the address rule. The
    // header is normalized as the caller check reads it, as far as WAF can: `bearer K`, `BEARER K` and
    // `Bearer  K` are one budget (lower case, runs of spaces as one). WAF cannot trim, so a trailing space makes
    // another; lower-casing may join two keys differing only in case (docs/decisions.md, "Abuse controls").
    customKeys: [
      {
        header: {
          name: 'authorization',
          textTransformations: [
            { priority: 0, type: 'COMPRESS_WHITE_SPACE' },
            { priority: 1, type: 'LOWERCASE' },
          ],
        },
      },
    ],
  },
];

const exactly = (field: CfnWebACL.FieldToMatchProperty, value: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: field,
    positionalConstraint: 'EXACTLY',
    searchString: value,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/**
 * The optional WAF web ACL in front of CloudFront: a rate-based rule per client IP, and the abuse controls' limits
 * on link creations and reports (docs/decisions.md, "Abuse controls"; the local gateway holds the same exactly). A web ACL for CloudFront
 * must be created in us-east-1, whatever the Region of the service, hence a stack of its own whose ARN the
 * service stack receives (a cross-Region reference).
 */
export class EdgeFirewallStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeFirewallStackProps = {}) {
    super(scope, id, props);
    const prefix = props.stage ? `url-shortener-${props.stage}` : 'url-shortener';
    const metrics = (name: string) => ({
      metricName: `${prefix}-${name}`,
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
    });
    // WAF answers with fixed headers: Retry-After is the rule's window, the longest a blocked client waits.
    const block = (windowSeconds: number) => ({
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: 'too-many-requests',
          responseHeaders: [
            { name: 'Cache-Control', value: 'no-store' },
            { name: 'Retry-After', value: String(windowSeconds) },
          ],
        },
      },
    });
    const routes: LimitedRoute[] = [
      { name: 'create-links', method: 'POST', path: '/urls', perMinute: props.createLinksPerMinute },
      // WAF counts requests, not what they carry: a bulk request of up to 1,000 links is one request to it. Its
      // own rule takes a hundredth as many (WAF's least is 10); the local gateway counts each link exactly
      // (docs/decisions.md, "Abuse controls").
      {
        name: 'create-links-in-bulk',
        method: 'POST',
        path: '/urls/bulk',
        perMinute:
          props.createLinksPerMinute === undefined
            ? undefined
            : Math.max(WAF_LEAST_LIMIT, Math.ceil(props.createLinksPerMinute / 100)),
      },
      { name: 'reports', method: 'POST', path: '/reports', perMinute: props.reportsPerMinute },
    ];
    // Per route, per client: a 60 s window, WAF's shortest. WAF counts approximately and acts within tens of
    // seconds of the limit being passed, so a client may get a few more through (docs/decisions.md).
    const routeRules = routes.flatMap(({ name, method, path, perMinute }) =>
      perMinute === undefined
        ? []
        : limitedClients.map(({ name: client, ...aggregation }) => ({
            name: `${name}-per-${client}`,
            statement: {
              rateBasedStatement: {
                ...aggregation,
                evaluationWindowSec: 60,
                limit: perMinute,
                scopeDownStatement: {
                  andStatement: {
                    statements: [exactly({ method: {} }, method), exactly({ uriPath: {} }, path)],
                  },
                },
              },
            },
          })),
    );
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'URL shortener: request rate limits per client IP and access key',
      defaultAction: { allow: {} },
      name: `${prefix}-edge`,
      visibilityConfig: metrics('edge'),
      customResponseBodies: {
        'too-many-requests': { contentType: 'APPLICATION_JSON', content: '{"detail":"Too Many Requests"}' },
      },
      rules: [
        {
          name: 'rate-per-client-ip',
          priority: 0,
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              evaluationWindowSec: 300,
              limit: props.requestsPerFiveMinutes ?? 2000,
            },
          },
          action: block(300),
          visibilityConfig: metrics('rate-per-client-ip'),
        },
        ...routeRules.map((rule, index) => ({
          ...rule,
          priority: index + 1,
          action: block(60),
          visibilityConfig: metrics(rule.name),
        })),
      ],
    });
    this.webAclArn = webAcl.attrArn;
  }
}
