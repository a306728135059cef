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
}

/**
 * The optional WAF web ACL in front of CloudFront: a rate-based rule per client IP. A web ACL for CloudFront
 * must be created in us-east-1, whatever the Region of the service, hence a stack of its own whose ARN the
 * service stack receives (a cross-Region reference).
 */
export class EdgeFirewallStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeFirewallStackProps = {}) {
    super(scope, id, props);
    const metrics = (name: string) => ({
      metricName: name,
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
    });
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'URL shortener: request rate limit per client IP',
      defaultAction: { allow: {} },
      visibilityConfig: metrics('url-shortener-edge'),
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
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: 'too-many-requests',
                responseHeaders: [{ name: 'Cache-Control', value: 'no-store' }],
              },
            },
          },
          visibilityConfig: metrics('url-shortener-rate-per-client-ip'),
        },
      ],
    });
    this.webAclArn = webAcl.attrArn;
  }
}
