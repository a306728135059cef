import path from 'node:path';
import { freePort } from '../../local/ports.js';
import {
  exitOf,
  javaProcessesUsing,
  serviceEnvironment,
  serviceProcesses,
  startService,
} from '../support/npm-start.js';

/**
 * `npm start` refuses to start wrongly, in one line, before it starts anything (real processes). A second start
 * on a data folder in use is refused beside a running service (npm-run-tools.test.ts).
 */
describe('npm start: refused starts (real processes)', () => {
  const { dataRoot, started } = serviceProcesses('refusals');

  // Each setting's refusal is a unit test of the settings (test/unit/settings.test.ts); here, that a refused
  // start prints that one line and nothing else, for a setting of the runtime's and one of the functions'.
  it.each([
    ['ENABLE_STARTUP_SEED', 'maybe', /ENABLE_STARTUP_SEED must be true or false .*got "maybe"/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of DEBUG, INFO, WARN, ERROR, CRITICAL, SILENT, got "loud"/],
  ])('refuses %s=%j with one line naming it and what it accepts, starting nothing', async (name, value, message) => {
    const dataDir = path.join(dataRoot, `refused-${name}`);
    const service = started(
      startService(serviceEnvironment({ PORT: String(await freePort()), DATA_DIR: dataDir, [name]: value })),
    );
    expect(await exitOf(service.child)).toBe(1);
    const lines = service.output().trim().split('\n');
    expect(lines).toEqual([expect.stringMatching(message)]);
    expect(javaProcessesUsing(dataDir)).toEqual([]);
  });

  it('exits non-zero with one clear line when Java is missing', async () => {
    const env = serviceEnvironment({
      PORT: String(await freePort()),
      DATA_DIR: path.join(dataRoot, 'no-java'),
      PATH: path.dirname(process.execPath),
    });
    const service = started(startService(env));
    expect(await exitOf(service.child)).toBe(1);
    expect(service.output()).toMatch(/Java 17\+ is required to run DynamoDB Local, and no 'java' was found on PATH/);
  });
});
