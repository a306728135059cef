import middy from '@middy/core';
import { type ClickStreamEvent, type ClickStreamResponse, countClickStream } from '#shared/events/click-counter.js';
import { serviceConfig } from '#shared/platform/config.js';

// Checked at the cold start, not in the middle of a batch.
serviceConfig();

/** The table stream's consumer: counts clicks stored and deleted into the statistics. */
export const handler = middy<ClickStreamEvent, ClickStreamResponse>().handler((event, context) =>
  countClickStream(event, context),
);
