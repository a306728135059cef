import { unsuppressedNagFindings } from './synthesized.js';

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
