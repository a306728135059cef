import { loadConfig, type ServiceConfig } from './service-config.js';

/**
 * The functions' configuration, read from the environment and checked once, when this module is first
 * imported: a bad setup fails the cold start with a clear message rather than a request halfway through.
 */
export const config: ServiceConfig = loadConfig(process.env);
