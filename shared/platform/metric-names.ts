/**
 * The names of every metric the functions count, in one place for the code that counts them, the alarms
 * and the dashboard (lib/), so an alarm cannot watch a name the code no longer writes.
 */
export const defaultMetricsNamespace = 'UrlShortener';

export const metricNames = {
  /** Per response, dimensions route, method, status. */
  requests: 'http_requests_total',
  /** Per response, same dimensions, milliseconds. */
  requestDuration: 'http_request_duration_ms',
  /** Calls to DynamoDB by operation (in-process only: GET /metrics/json and benchmarks). */
  dynamoDbCalls: 'dynamodb_calls_total',
  /** Automatic events accepted by the queue, by event_type (in-process only). */
  eventsPublished: 'events_published_total',
  /** Automatic events a route could not queue (logged whole as `unsent_event`), dimension event_type. */
  eventsUnsent: 'events_unsent_total',
  /** Automatic events the writer stored. */
  eventsStored: 'events_stored_total',
  /** Automatic events the writer dropped because their URL or user no longer exists. */
  eventsDropped: 'events_dropped_total',
  /** Queue messages the writer failed this time (left for redelivery or the dead-letter queue). */
  eventsFailed: 'events_failed_total',
  /** DynamoDB requests still throttled after the retries (a route answers 503), dimension operation. */
  throttledRequests: 'throttled_requests_total',
  /** Milliseconds from an event's creation to its storage by the writer (one value per event). */
  eventDelay: 'event_delay_ms',
  /** Clicks counted into the statistics (stored) or taken out (deleted) from the table's stream. */
  clicksCounted: 'clicks_counted_total',
  /** Milliseconds from a click's storage to its counting: how far the statistics follow the events. */
  countDelay: 'click_count_delay_ms',
  /** Webhook delivery attempts that succeeded. */
  webhooksDelivered: 'webhook_deliveries_delivered_total',
  /** Webhook delivery attempts that failed and will be tried again. */
  webhooksRetried: 'webhook_deliveries_retried_total',
  /** Webhook deliveries given up: the last attempt failed, or the webhook was disabled (the alarm watches it). */
  webhooksFailed: 'webhook_deliveries_failed_total',
  /** Milliseconds from an event's storage to its delivery (one value per delivered event). */
  webhookLatency: 'webhook_delivery_latency_ms',
} as const;
