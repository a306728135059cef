import * as generator from '../../../shared/links/short-code.js';
import { testDouble } from './test-doubles.js';

/**
 * The short-code generator, made to collide on demand (a fault no real run produces: 62^6 codes): the codes a
 * test feeds (service.feed('short-codes', [...])) come first, in order, then random ones again. Put in place of
 * shared/links/short-code.ts in a test service's process (service-host.ts, `doubles`).
 */
export const GENERATED_CODE = generator.GENERATED_CODE;

export function randomShortCode(): string {
  return (testDouble('short-codes').shift() as string | undefined) ?? generator.randomShortCode();
}
