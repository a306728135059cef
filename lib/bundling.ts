import type { BuildOptions } from 'esbuild';

/**
 * How every function is bundled, shared by the stack (NodejsFunction) and `npm run bench` (which builds
 * the same bundles with esbuild to measure their size and start-up).
 */
export const bundleTarget = 'node24';
export const bundleMainFields = ['module', 'main'];
/** Bundled CommonJS dependencies (busboy) call require(); ESM output must define it. */
export const requireBanner =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";
/** The same settings for esbuild's own API (the benchmarks and the bundling test build with it). */
export const bundleBuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: bundleTarget,
  minify: true,
  mainFields: bundleMainFields,
  banner: { js: requireBanner },
} satisfies BuildOptions;
