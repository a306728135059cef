import { bulkImport } from './bulk-import.js';
import { bundles } from './bundles.js';
import { callsPerRequest } from './calls-per-request.js';
import { cost } from './cost.js';
import { eventPipeline } from './event-pipeline.js';
import { handlerCpu } from './handler-cpu.js';
import { firehose, hotKeyBenchmark, viralLink, viralLinkLimited } from './hot-keys.js';
import { statsBenchmark } from './stats.js';
import { webhooksBenchmark } from './webhooks.js';

/** Every benchmark of `npm run bench`, by name. */
export const scenarios: Record<string, () => Promise<string[]>> = {
  'calls-per-request': callsPerRequest,
  'bulk-import': bulkImport,
  bundles,
  'event-pipeline': eventPipeline,
  'handler-cpu': handlerCpu,
  'viral-link': hotKeyBenchmark(viralLink),
  'viral-link-limited': hotKeyBenchmark(viralLinkLimited),
  firehose: hotKeyBenchmark(firehose),
  stats: statsBenchmark,
  cost,
  webhooks: webhooksBenchmark,
};
