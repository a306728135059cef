import { defaultMetricsNamespace } from '../shared/platform/metric-names.js';

/**
 * The namespace and names under which the functions publish their embedded metrics, for the alarms and the
 * dashboard; the names themselves are defined once, in shared/platform/metric-names.ts. The namespace is handed to every
 * function as METRICS_NAMESPACE.
 */
export { metricNames as embeddedMetricNames } from '../shared/platform/metric-names.js';

/** A deployment's own namespace: a second deployment's metrics (`-c stage=staging`) never reach the first's alarms. */
export const metricsNamespaceOf = (stage?: string): string =>
  stage ? `${defaultMetricsNamespace}/${stage}` : defaultMetricsNamespace;
