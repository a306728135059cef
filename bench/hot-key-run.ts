import { firehose, runHotKeyScenario, viralLink, viralLinkLimited } from './hot-keys.js';

/** One run of a hot-key scenario in a process of its own: `hot-key-run.ts <scenario key> on|off`. */
const [name, emulation] = process.argv.slice(2);
const scenario = [viralLink, viralLinkLimited, firehose].find((candidate) => candidate.key === name);
if (!scenario) throw new Error(`No hot-key scenario ${name}`);
const result = await runHotKeyScenario(scenario, emulation === 'on');
console.log(JSON.stringify(result));
