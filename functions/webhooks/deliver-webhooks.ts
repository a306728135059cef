import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { serviceConfig } from '#shared/platform/config.js';
import { deliverQueuedMessages } from '#shared/webhooks/webhook-delivery.js';

// Checked at the cold start, not in the middle of a batch.
serviceConfig();

/** The webhook deliveries queue's consumer: one attempt of each message, its retry queued if it fails. */
export const handler = middy<SQSEvent, SQSBatchResponse>().handler((event) => deliverQueuedMessages(event.Records));
