import { cloudFormationFindings, unsuppressedNagFindings, type VariantName } from './synthesized.js';

/** Only these two variants run the checks (stack-variants.ts); their findings are synthesized with them. */
const byDefault = await unsuppressedNagFindings('default');
const everythingOn = await unsuppressedNagFindings('everythingOn');

describe("cdk-nag's AwsSolutions checks", () => {
  it('leave no unsuppressed error or warning on the default stack', () => {
    expect(byDefault.service.errors).toEqual([]);
    expect(byDefault.service.warnings).toEqual([]);
  });

  it('leave none with every option on: seeding, alarm e-mail, WAF across Regions', () => {
    for (const stack of [everythingOn.service, everythingOn.firewall]) {
      expect(stack.errors).toEqual([]);
      expect(stack.warnings).toEqual([]);
    }
  });
});

/**
 * Every variant, by name: listed here rather than read from stack-variants.ts, which would load CDK and the stacks
 * into this file; the type check fails when one is missing.
 */
const allVariants = [
  'default',
  'throttled',
  'options',
  'seeded',
  'slower',
  'alarmEmail',
  'ownDomain',
  'staged',
  'firewall',
  'everythingOn',
] as const satisfies readonly VariantName[];
const everyVariant: [Exclude<VariantName, (typeof allVariants)[number]>] extends [never] ? typeof allVariants : never =
  allVariants;

describe("CloudFormation's validation (what `cdk synth` checks: resource schemas and CDK's rules)", () => {
  it.each(everyVariant)('finds nothing in the %s variant, nested stacks included', async (name) => {
    expect(await cloudFormationFindings(name)).toEqual([]);
  });
});
