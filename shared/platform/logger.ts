import { Logger } from '@aws-lambda-powertools/logger';
import { serviceConfig } from './config.js';

/**
 * One structured JSON logger for every function, made on first use from the configuration. Request ids
 * are passed with each entry rather than appended as persistent keys, because the local runtime serves
 * many requests concurrently from one process.
 */
let made: Logger | undefined;

function instance(): Logger {
  if (!made) {
    const { serviceName, logLevel } = serviceConfig();
    made = new Logger({ serviceName, logLevel: logLevel as 'INFO' });
  }
  return made;
}

/** A message and the structured attributes that go with it. */
type LogArgs = [message: string, ...attributes: Record<string, unknown>[]];

export const logger = {
  debug: (...args: LogArgs) => instance().debug(...args),
  info: (...args: LogArgs) => instance().info(...args),
  warn: (...args: LogArgs) => instance().warn(...args),
  error: (...args: LogArgs) => instance().error(...args),
};
