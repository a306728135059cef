import { readFileSync } from 'node:fs';
import path from 'node:path';
import Sequencer from '@jest/test-sequencer';

/**
 * Jest runs the slowest files first, so that the workers end together: by the durations it keeps from the
 * last run on this machine, and, where it has none (a fresh clone, a new file), by the durations in
 * durations.json beside this file (seconds, measured on two cores; refresh with `node
 * test/support/durations.js <jest --json output>`). A file in neither runs first, as Jest runs a new file.
 */
const known = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));

/** The package is CommonJS: its class is its `default` export. */
const JestSequencer = Sequencer.default ?? Sequencer;

export default class KnownDurationsSequencer extends JestSequencer {
  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const seconds = known[path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/')];
    return seconds === undefined ? undefined : seconds * 1000;
  }
}
