import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Each local function its own instance of every project module, though the loader resolves and transforms
 * each file once for all of them (local/function-instances.ts): a module's state is never another function's,
 * nor another runtime's. In a process of its own, since Jest's module registry ignores Node's loader hooks.
 */
describe('local function instances', () => {
  it('gives each function, and each runtime, its own module state', () => {
    const projectRoot = path.resolve(import.meta.dirname, '../..');
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'test/fixtures/function-instances/load-twice.ts'],
      {
        cwd: projectRoot,
        encoding: 'utf8',
      },
    );
    expect(JSON.parse(output)).toEqual({
      'one/First': [1, 2, 3],
      'one/Second': [1, 2, 3],
      'two/First': [1, 2, 3],
    });
  });
});
