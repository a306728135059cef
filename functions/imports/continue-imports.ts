import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { serviceConfig } from '#shared/platform/config.js';
import { goOnWithImports } from '#shared/users-import/import-worker.js';

// Checked at the cold start, not in the middle of an import.
serviceConfig();

/** The imports queue's consumer: goes on with bulk imports their requests handed off, reporting failures. */
export const handler = middy<SQSEvent, SQSBatchResponse>().handler((event, context) =>
  goOnWithImports(event.Records, context),
);
