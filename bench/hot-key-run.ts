import { firehose, runHotKeyScenario, viralLink } from './hot-keys.js';

/** One run of a hot-key scenario in a process of its own: `hot-key-run.ts viral-link|firehose on|off`. */
const [name, emulation] = process.argv.slice(2);
const scenario = name === 'firehose' ? firehose : viralLink;
const result = await runHotKeyScenario(scenario, emulation === 'on');
console.log(JSON.stringify(result));
