/**
 * How every function is bundled, shared by the stack (NodejsFunction) and `npm run bench` (which builds
 * the same bundles with esbuild to measure their size and start-up).
 */
export const bundleTarget = 'node24';
export const bundleMainFields = ['module', 'main'];
/** Bundled CommonJS dependencies (busboy) call require(); ESM output must define it. */
export const requireBanner =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";
