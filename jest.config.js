/**
 * The slow tier: whole processes and whole services as their subject (npm start's lifecycle, its sockets and
 * DynamoDB Local's JVM; the bundled seed; what ships, from its bundles; the service under faults, injected or
 * written (a poison record, forced collisions, redeliveries, an import's failed deliveries), and DynamoDB's
 * limits; the service's own stop; the local queue pollers' pace, timed against the SQS emulator) and pages in
 * a browser. `npm test` runs every tier; `npm run test:quick`, the edit loop, leaves this one out, and
 * `npm run test:slow` runs it alone (TEST_TIER below).
 */
const slowTier = [
  '/test/process/',
  '/test/browser/',
  '/test/integration/seed.test.ts',
  '/test/integration/what-ships.test.ts',
  '/test/integration/hot-keys.test.ts',
  '/test/integration/dynamodb-limits.test.ts',
  '/test/integration/click-counter-stop.test.ts',
  '/test/integration/stats-agreement.test.ts',
  '/test/integration/user-imports.test.ts',
  '/test/integration/event-pipeline.test.ts',
  '/test/integration/clicks-not-counted.test.ts',
  '/test/integration/short-code-collisions.test.ts',
  '/test/integration/shutdown.test.ts',
  '/test/integration/queue-poller.test.ts',
];
const tier = process.env.TEST_TIER;
if (tier !== undefined && tier !== 'quick' && tier !== 'slow')
  throw new Error(`TEST_TIER is 'quick' or 'slow', not '${tier}'`);
const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Jest in ESM mode, TypeScript stripped by SWC. DynamoDB Local and the SQS emulator are started once for the whole run
 * (test/support/global-setup.js); each test service has its own table and queues, for one file or shared by the
 * files of a worker that keep their data apart (test/support/service.ts, docs/local-development.md "Tests").
 * @type {import('jest').Config}
 */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    // SWC strips the types and nothing more (the type check is `npm run typecheck`, once for the project).
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2023', keepClassNames: true },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
  moduleNameMapper: {
    '^#(shared|functions|local|lib)/(.*)\\.js$': '<rootDir>/$1/$2',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch:
    tier === 'slow'
      ? slowTier.map((part) => `<rootDir>${part}${part.endsWith('/') ? '**/*.test.ts' : ''}`)
      : ['<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...(tier === 'quick' ? slowTier.map(escaped) : [])],
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  // The slowest files first, by Jest's durations of the last run or, in a fresh clone, test/support/durations.json.
  testSequencer: '<rootDir>/test/support/sequencer.js',
  testTimeout: 60_000,
  // Three workers on two cores: a part of every run waits (timers, queues' visibility, the emulators), and a
  // third file fills that time (docs/benchmarks.md, "Load test, and the test suite").
  maxWorkers: 3,
};
