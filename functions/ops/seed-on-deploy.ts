import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { logger } from '#shared/platform/logger.js';
import { seedIfEmpty } from '#shared/seed/load-seed.js';

/** The seed CSV files travel in a `seed/` folder next to this bundle (lib/startup-seed.ts puts them there). */
const seedDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed');

/** One resource, whatever happens to it: a changed id would make CloudFormation delete "the old one". */
const PhysicalResourceId = 'startup-seed';

/**
 * ENABLE_STARTUP_SEED in AWS: the startup seed custom resource, called through CDK's provider framework,
 * which reports success or the thrown error to CloudFormation. Loading is skipped when a user exists, so
 * running again on an update is harmless; deleting the resource leaves the data alone.
 */
export async function handler(event: CloudFormationCustomResourceEvent): Promise<{ PhysicalResourceId: string }> {
  if (event.RequestType === 'Delete') return { PhysicalResourceId };
  const report = await seedIfEmpty({ dir: seedDir });
  logger.info(report.seeded ? 'Startup seed loaded' : 'Startup seed skipped: users exist', { ...report });
  return { PhysicalResourceId };
}
