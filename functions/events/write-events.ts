import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { writeEventBatch } from '#shared/events/event-writer.js';
import { serviceConfig } from '#shared/platform/config.js';

// Checked at the cold start, not in the middle of a batch.
serviceConfig();

/** The events queue's consumer: stores automatic events, reporting partial batch failures. */
export const handler = middy<SQSEvent, SQSBatchResponse>().handler((event, context) =>
  writeEventBatch(event.Records, context),
);
