import middy from '@middy/core';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { serviceConfig } from '#shared/platform/config.js';
import { dispatchStoredEvents } from '#shared/webhooks/webhook-dispatch.js';

// Checked at the cold start, not in the middle of a batch.
serviceConfig();

/**
 * The table stream's second consumer: queues a delivery of each stored event to the webhooks that take it. A
 * failure fails the batch, which the event source mapping splits and tries again (duplicates, never gaps).
 */
export const handler = middy<DynamoDBStreamEvent, void>().handler(async (event) => {
  await dispatchStoredEvents(event.Records);
});
