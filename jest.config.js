/**
 * Jest in ESM mode with ts-jest. DynamoDB Local and the SQS emulator are started once for the whole run
 * (test/support/global-setup.js); each integration test file starts its own gateway on its own table and
 * queues, so files never see each other's data.
 * @type {import('jest').Config}
 */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true }],
  },
  moduleNameMapper: {
    '^#(shared|functions|local|lib)/(.*)\\.js$': '<rootDir>/$1/$2',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  testTimeout: 60_000,
  maxWorkers: 2,
};
