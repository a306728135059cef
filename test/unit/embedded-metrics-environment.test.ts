import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The local runtime tells the functions' metrics library that it is not on EC2 (local/embedded-metrics-
 * environment.ts), so that loading it asks nothing of EC2's instance metadata address. In a process of its own,
 * without the tests' own setting of AWS_EMF_ENVIRONMENT, since the library detects its environment as it loads.
 */
describe("the local runtime and the functions' metrics library", () => {
  it("sends no request to EC2's instance metadata address when the runtime's modules load", () => {
    const { AWS_EMF_ENVIRONMENT: _set, ...environment } = process.env;
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'test/fixtures/embedded-metrics/load-runtime.ts'],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        encoding: 'utf8',
        env: environment,
      },
    );
    expect(JSON.parse(output)).toEqual([]);
  });
});
