import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { writeEventBatch } from '#shared/events/event-writer.js';

/** The events queue's consumer: stores automatic events, reporting partial batch failures. */
export const handler = middy<SQSEvent, SQSBatchResponse>().handler((event, context) =>
  writeEventBatch(event.Records, context),
);
