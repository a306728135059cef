import mix from '../mix.json' with { type: 'json' };

/**
 * The traffic mix, think time, thresholds and seed sizes. They live in `mix.json` so that the k6 scripts
 * (which cannot import TypeScript) and this runner read the same numbers and cannot drift apart.
 */
export type RouteName = keyof typeof mix.weights;

export const routeWeights: Readonly<Record<RouteName, number>> = mix.weights;
export const thinkTimeMs = mix.thinkTimeMs;
export const thresholds = mix.thresholds;
export const datasetSize = mix.dataset;
