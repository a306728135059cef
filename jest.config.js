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
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  // The slowest files first, by Jest's durations of the last run or, in a fresh clone, test/support/durations.json.
  testSequencer: '<rootDir>/test/support/sequencer.js',
  testTimeout: 60_000,
  // Three workers on two cores: a part of every run waits (timers, queues' visibility, the emulators), and a
  // third file fills that time (docs/benchmarks.md, "The test suite").
  maxWorkers: 3,
};
