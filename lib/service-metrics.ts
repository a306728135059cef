/**
 * The namespace and names under which the functions publish their embedded metrics, for the alarms and the
 * dashboard; the names themselves are defined once, in shared/metric-names.ts. The namespace is also handed
 * to every function as METRICS_NAMESPACE.
 */
export {
  defaultMetricsNamespace as metricsNamespace,
  metricNames as embeddedMetricNames,
} from '../shared/metric-names.js';
