import { App, Aspects, type Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EdgeFirewallStack, type EdgeFirewallStackProps } from '../../lib/edge-firewall-stack.js';
import { ServiceStack, type ServiceStackProps } from '../../lib/service-stack.js';

/**
 * A fresh app that skips bundling: these tests assert on the template, not on the bundled code. The
 * stacks carry cdk-nag's AwsSolutions checks, as `bin/app.ts` does.
 */
export function testApp(): App {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  Aspects.of(app).add(new AwsSolutionsChecks());
  return app;
}

/**
 * The service with the WAF's stack in front, as `bin/app.ts` builds them when a firewall is asked for: the
 * web ACL in us-east-1, the service elsewhere, referencing it across Regions.
 */
export function synthesizeWithFirewall(
  firewallProps: EdgeFirewallStackProps,
  serviceProps: ServiceStackProps = {},
  names = { firewall: 'Firewall', service: 'Service' },
): { firewall: EdgeFirewallStack; service: ServiceStack } {
  const app = testApp();
  const firewall = new EdgeFirewallStack(app, names.firewall, {
    env: { account: '123456789012', region: 'us-east-1' },
    crossRegionReferences: true,
    ...firewallProps,
  });
  const service = new ServiceStack(app, names.service, {
    env: { account: '123456789012', region: 'eu-west-1' },
    crossRegionReferences: true,
    webAclArn: firewall.webAclArn,
    ...serviceProps,
  });
  return { firewall, service };
}

export function synthesizeService(props: ServiceStackProps = {}): { stack: ServiceStack; template: Template } {
  const stack = new ServiceStack(testApp(), 'Test', props);
  return { stack, template: Template.fromStack(stack) };
}

/** cdk-nag's findings left unsuppressed on a synthesized stack, as "rule at path" lines. */
export function unsuppressedNagFindings(stack: Stack, level: 'error' | 'warning'): string[] {
  const annotations = Annotations.fromStack(stack);
  const found =
    level === 'error'
      ? annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-'))
      : annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-'));
  return found.map((finding) => `${String(finding.entry.data).split(':')[0]} at ${finding.id}`);
}

/** The logical ids of one resource type, with their properties. */
export function resourcesOfType(template: Template, type: string): [string, Record<string, unknown>][] {
  return Object.entries(template.findResources(type)).map(([id, resource]) => [id, resource.Properties ?? {}]);
}

/** The one resource of a type (among those `where` accepts), as [logical id, properties]; fails otherwise. */
export function onlyResource(
  template: Template,
  type: string,
  where: (id: string, properties: Record<string, unknown>) => boolean = () => true,
): [string, Record<string, unknown>] {
  const found = resourcesOfType(template, type).filter(([id, properties]) => where(id, properties));
  const [first] = found;
  if (found.length !== 1 || !first) throw new Error(`Expected one ${type}, found ${found.length}`);
  return first;
}
