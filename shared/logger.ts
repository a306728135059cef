import { Logger } from '@aws-lambda-powertools/logger';
import { config } from './config.js';

/**
 * One structured JSON logger for every function. Request ids are passed with each entry rather than
 * appended as persistent keys, because the local runtime serves many requests concurrently from one process.
 */
export const logger = new Logger({
  serviceName: config.serviceName,
  logLevel: config.logLevel as 'INFO',
});
