import { loadConfig, type ServiceConfig } from './service-config.js';

/**
 * The functions' configuration, read from the environment and checked once. Every handler asks for it
 * when its module loads (shared/http/route.ts, functions/events/write-events.ts), so a bad setup fails the
 * cold start with a clear message rather than a request halfway through. Modules ask for it when they use
 * it, never at import, so a test can give it directly (`useServiceConfig`) instead of setting
 * `process.env` before importing.
 */
let current: ServiceConfig | undefined;

export function serviceConfig(): ServiceConfig {
  current ??= loadConfig(process.env);
  return current;
}

/**
 * Gives the functions their configuration directly: a whole configuration, or the variables to read it
 * from (checked as at a cold start). For tests and the local runtime, before the first request.
 */
const isServiceConfig = (given: ServiceConfig | NodeJS.ProcessEnv): given is ServiceConfig =>
  typeof (given as Partial<ServiceConfig>).hotKeyReadsPerSecond === 'number';

export function useServiceConfig(given: ServiceConfig | NodeJS.ProcessEnv): ServiceConfig {
  current = isServiceConfig(given) ? given : loadConfig(given);
  return current;
}
