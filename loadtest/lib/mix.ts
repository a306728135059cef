import mix from '../mix.json' with { type: 'json' };

/**
 * The traffic mix, think time, thresholds and seed sizes. They live in `mix.json` so that the k6 scripts
 * (which cannot import TypeScript) and this runner read the same numbers and cannot drift apart.
 */
export type RouteName = keyof typeof mix.weights | keyof typeof mix.referenceWeights;

/**
 * The mixes a run can send: `spec`, the spec's (the k6 scripts send it too), and `reference`, the k6 mix of
 * the reference implementation the service is compared with (20 % `GET /urls/{id}`, no redirects).
 */
export const mixes = { spec: mix.weights, reference: mix.referenceWeights } as const;
export type MixName = keyof typeof mixes;

export const routeWeights: Readonly<Partial<Record<RouteName, number>>> = mix.weights;
export const thinkTimeMs = mix.thinkTimeMs;
export const thresholds = mix.thresholds;
export const datasetSize = mix.dataset;
