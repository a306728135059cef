import { readLocalSettings } from '../../local/settings.js';
import { loadConfig } from '../../shared/platform/service-config.js';

/**
 * `npm start` refuses a wrong setting with one line naming the variable and what it accepts: the local
 * runtime's own (local/settings.ts) and the functions' (shared/platform/service-config.ts), both read before
 * anything starts. (test/integration/runtime-lifecycle.test.ts checks that such a line is all a refused start
 * prints.)
 */
describe('settings, read once before anything starts (no network)', () => {
  const local = (env: NodeJS.ProcessEnv) => () => readLocalSettings(env, ['node', 'local/main.ts'], '/project');
  const functions = (env: NodeJS.ProcessEnv) => () => loadConfig({ TABLE_NAME: 'url-shortener', ...env });

  it.each([
    [
      'LOG_LEVEL',
      'loud',
      functions,
      /^Configuration error: LOG_LEVEL must be one of DEBUG, INFO, WARN, ERROR, CRITICAL, SILENT, got "loud"/,
    ],
    [
      'CORS_ALLOWED_ORIGINS',
      'example.com',
      functions,
      /^Configuration error: CORS_ALLOWED_ORIGINS must be \* or origins/,
    ],
    [
      'ENABLE_STARTUP_SEED',
      'maybe',
      local,
      /^Configuration error: ENABLE_STARTUP_SEED must be true or false .*got "maybe"/,
    ],
    ['LOCAL_IN_MEMORY', 'maybe', local, /^Configuration error: LOCAL_IN_MEMORY must be true or false .*got "maybe"/],
    [
      'LOCAL_WARM_UP_MS',
      'abc',
      local,
      /^Configuration error: LOCAL_WARM_UP_MS must be a whole number from 0 to 600000, got "abc"/,
    ],
    ['PORT', '', local, /^Configuration error: PORT must be a whole number from 1 to 65535, got ""/],
  ])('refuses %s=%j in one line naming it and what it accepts', (name, value, reader, message) => {
    const read = reader({ [name]: value });
    expect(read).toThrow(message);
    try {
      read();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('takes the defaults when nothing is set', () => {
    expect(local({})()).toMatchObject({ port: 3000, host: '127.0.0.1', inMemory: false, seed: undefined });
    expect(functions({})()).toMatchObject({ logLevel: 'INFO', authMode: 'open', corsAllowedOrigins: '*' });
  });
});
