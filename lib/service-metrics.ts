/**
 * The names under which the functions publish their embedded metrics (`shared/metrics.ts`), in one place
 * for the alarms and the dashboard. The namespace is also handed to every function as METRICS_NAMESPACE.
 */
export const metricsNamespace = 'UrlShortener';

export const embeddedMetricNames = {
  /** Per response, dimensions route, method, status. */
  requests: 'http_requests_total',
  /** Per response, same dimensions, milliseconds. */
  requestDuration: 'http_request_duration_ms',
  /** Automatic events the writer dropped because their URL or user no longer exists. */
  eventsDropped: 'events_dropped_total',
  /** Automatic events a route could not queue (logged whole as `unsent_event`), dimension event_type. */
  eventsUnsent: 'events_unsent_total',
} as const;
