/**
 * The local runtime is neither Lambda nor EC2, and says so to aws-embedded-metrics (its documented
 * `AWS_EMF_ENVIRONMENT`) before the library loads. Every function imports it (shared/platform/metrics.ts), and
 * it starts detecting its environment as it loads: outside Lambda and ECS it asks EC2's instance metadata
 * address (169.254.169.254), which here is a connection out of a developer's machine, and a socket left open
 * for up to a second. `Local` writes embedded-metric records to standard output, where the local runtime keeps
 * the functions' logs (they are written only with EMIT_EMBEDDED_METRICS=true). A value given is kept.
 *
 * Imported first by runtime.ts, which every process that runs a runtime (npm start, the test services, the
 * benchmarks) loads before any function, so that it runs before any import of the library.
 */
process.env.AWS_EMF_ENVIRONMENT ??= 'Local';
