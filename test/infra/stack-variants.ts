import path from 'node:path';
import {
  App,
  Aspects,
  CfnElement,
  CloudFormationValidatePlugin,
  NestedStack,
  type PolicyViolatingResource,
  Stack,
  Token,
  Validations,
} from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { EdgeFirewallStack, type EdgeFirewallStackProps } from '../../lib/edge-firewall-stack.js';
import { ServiceStack, type ServiceStackProps } from '../../lib/service-stack.js';
import type { NagFindings, SynthesizedVariant } from './synthesized.js';

/**
 * Every stack the infrastructure tests read. generate-templates.ts synthesizes them all once per test run, in a
 * process of its own, so that CDK, the stacks and cdk-nag are loaded and warmed up once, not once per test
 * file in Jest's module registry; the tests read the templates through synthesized.ts.
 */

const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-0000-4000-8000-000000000000';
const domain = { domainName: 'go.example.com', certificateArn, hostedZoneId: 'Z0123456789ABCDEFGHIJ' };

interface Variant {
  /** Run cdk-nag's AwsSolutions checks and keep their unsuppressed findings (nag.test.ts reads them). */
  nag?: boolean;
  /** The stacks, by the name the tests read them by (`service`, `firewall`). */
  stacks: (app: App) => Record<string, Stack>;
}

/** The service alone: stack `Test`, environment-agnostic. */
const service =
  (props: ServiceStackProps = {}) =>
  (app: App) => ({ service: new ServiceStack(app, 'Test', props) });

/** The service with the WAF's stack in front, as `bin/app.ts` builds them when a firewall is asked for. */
const withFirewall =
  (
    firewallProps: EdgeFirewallStackProps,
    serviceProps: ServiceStackProps = {},
    names = { firewall: 'Firewall', service: 'Service' },
  ) =>
  (app: App) => {
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
  };

/**
 * Every variant, in the order they are made when no test is waiting for one. A test that checks a default reads
 * `default`; one that checks "option X changes Y" may share a variant with other options that touch other
 * resources (`options`), never with one that changes what it reads.
 */
export const variants = {
  /** No options: the defaults every file checks, and cdk-nag's findings on them. */
  default: { nag: true, stacks: service() },
  /** Throttling given (api.test.ts reads the whole REST API from it). */
  throttled: { stacks: service({ throttlingRateLimit: 123, throttlingBurstLimit: 456 }) },
  /**
   * Options whose effects do not overlap, each checked by one test: the access mode (its functions' mode and
   * the key reads of their roles), log retention (every log group), other short-link hosts (the route
   * functions' environment), a throwaway table (its deletion policy), the redirect's reserved concurrency, a
   * web ACL on the distribution, and startup seeding (so that the roles of keys mode are compared with
   * `seeded`'s). Each option's effect here is what it is alone; seeding adds its own resources beside them.
   */
  options: {
    stacks: service({
      authMode: 'keys',
      enableStartupSeed: true,
      logRetention: RetentionDays.ONE_WEEK,
      shortLinkHosts: ['old.example', 'sho.rt:8443'],
      retainData: false,
      redirectConcurrency: 40,
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/abc',
    }),
  },
  /** Startup seeding alone (startup-seed.test.ts, and the open-mode roles in permissions.test.ts). */
  seeded: { stacks: service({ enableStartupSeed: true }) },
  /** A lower stage rate, from which the redirect's reserved concurrency follows (edge.test.ts). */
  slower: { stacks: service({ throttlingRateLimit: 250 }) },
  /** An alarm address (monitoring.test.ts reads every alarm from it). */
  alarmEmail: { stacks: service({ alarmEmail: 'oncall@example.com' }) },
  /** The operator's own domain, a stage and the account's API Gateway role left alone (deployment.test.ts). */
  ownDomain: { stacks: service({ ...domain, stage: 'staging', manageApiGatewayAccount: false }) },
  /** A staged deployment with every named resource: seeding, a domain and the WAF (deployment.test.ts). */
  staged: {
    stacks: withFirewall(
      { stage: 'staging', createLinksPerMinute: 10, reportsPerMinute: 10 },
      { stage: 'staging', enableStartupSeed: true, ...domain },
      { firewall: 'UrlShortenerEdgeFirewall-staging', service: 'UrlShortener-staging' },
    ),
  },
  /** The WAF with every limit given (edge.test.ts). */
  firewall: {
    stacks: withFirewall({ requestsPerFiveMinutes: 1500, createLinksPerMinute: 10, reportsPerMinute: 20 }),
  },
  /** Every option on, for cdk-nag: seeding, alarm e-mail, the WAF across Regions (nag.test.ts). */
  everythingOn: {
    nag: true,
    stacks: withFirewall({}, { enableStartupSeed: true, alarmEmail: 'oncall@example.com' }),
  },
} satisfies Record<string, Variant>;

/** cdk-nag's findings left unsuppressed on a synthesized stack, as "rule at path" lines. */
function unsuppressedNagFindings(stack: Stack): NagFindings {
  const annotations = Annotations.fromStack(stack);
  const lines = (found: ReturnType<Annotations['findError']>) =>
    found.map((finding) => `${String(finding.entry.data).split(':')[0]} at ${finding.id}`);
  return {
    errors: lines(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-'))),
    warnings: lines(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-'))),
  };
}

/**
 * A stack and its nested stacks (the service's alarms: lib/service-stack.ts), each by the name the tests read
 * it by: the stack's, and the stack's followed by the nested stack's id (`serviceAlarms`).
 */
const withNestedStacks = ([name, stack]: [string, Stack]): [string, Stack][] => [
  [name, stack],
  ...stack.node
    .findAll()
    .filter((construct): construct is NestedStack => NestedStack.isNestedStack(construct))
    .map((nested): [string, Stack] => [`${name}${nested.node.id}`, nested]),
];

/** CloudFormation's validation, kept for every variant: its engine starts again only for resource types new to it. */
let validator: CloudFormationValidatePlugin | undefined;

/**
 * What CloudFormation's validation (the check `cdk synth` runs on each synthesis: resource schemas and the
 * rules CDK ships) finds in the stacks' last synthesized templates, nested stacks' included, as "severity rule
 * at path: description" lines.
 */
function cloudFormationFindings(app: App, stacks: [string, Stack][]): string[] {
  const assembly = app.synth();
  const known = (value: string) => (Token.isUnresolved(value) ? undefined : value);
  const stackTemplates = stacks.map(([, stack]) => ({
    stackConstructPath: stack.node.path,
    templatePath: path.join(assembly.directory, stack.templateFile),
    accountId: known(stack.account),
    region: known(stack.region),
  }));
  validator ??= new CloudFormationValidatePlugin();
  const report = validator.validate({
    templatePaths: stackTemplates.map((stack) => stack.templatePath),
    stackTemplates,
    appConstruct: app,
  });
  // Where each finding is in the app: the plugin names a construct's path, or a resource's logical id in a
  // template (as `cdk synth` does, which looks the construct up the same way).
  const byPath = new Map(app.node.findAll().map((construct) => [construct.node.path, construct]));
  const byLogicalId = new Map<string, IConstruct>();
  for (const [, stack] of stacks)
    for (const construct of stack.node.findAll())
      if (CfnElement.isCfnElement(construct) && Stack.of(construct) === stack)
        byLogicalId.set(`${stack.templateFile}\0${stack.resolve(construct.logicalId)}`, construct);
  const constructOf = (resource: PolicyViolatingResource) =>
    resource.constructPath !== undefined
      ? byPath.get(resource.constructPath)
      : byLogicalId.get(`${path.basename(resource.templatePath ?? '')}\0${resource.resourceLogicalId}`);
  // A rule the stack acknowledges (`Validations.of(scope).acknowledge`, with its reason) on the construct or
  // above it, which `cdk synth` does not report.
  const acknowledged = (rule: string, at: IConstruct | undefined) => {
    const id = `${CloudFormationValidatePlugin.PLUGIN_NAME.replaceAll(' ', '-')}::${rule}`;
    for (let construct = at; construct; construct = construct.node.scope)
      if (
        construct.node.metadata.some(
          (entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY && id in (entry.data as object),
        )
      )
        return true;
    return false;
  };
  return report.violations.flatMap((violation) =>
    violation.violatingResources
      .map((resource) => ({ resource, construct: constructOf(resource) }))
      .filter(({ construct }) => !acknowledged(violation.ruleName, construct))
      .map(
        ({ resource, construct }) =>
          `${violation.severity ?? 'finding'} ${violation.ruleName} at ${construct?.node.path ?? resource.resourceLogicalId}: ${violation.description}`,
      ),
  );
}

export function synthesizeVariant(variant: Variant): SynthesizedVariant {
  // Bundling skipped: the tests assert on the template, not on the bundled code. CloudFormation's validation
  // runs below, once and on nested stacks too, rather than built in, where its report would only be printed.
  const app = new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } });
  if (variant.nag) Aspects.of(app).add(new AwsSolutionsChecks());
  const topLevel = Object.entries(variant.stacks(app));
  const stacks = topLevel.flatMap(withNestedStacks);
  // Annotations synthesize the app again each time; the templates come from the last synthesis. A stack's
  // annotations hold its nested stacks' too (they are one artifact).
  const nag = variant.nag
    ? Object.fromEntries(topLevel.map(([name, stack]) => [name, unsuppressedNagFindings(stack)]))
    : undefined;
  const templates = Object.fromEntries(stacks.map(([name, stack]) => [name, Template.fromStack(stack).toJSON()]));
  const cloudFormation = cloudFormationFindings(app, stacks);
  return nag ? { templates, cloudFormation, nag } : { templates, cloudFormation };
}
