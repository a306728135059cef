import childProcess from 'node:child_process';

/**
 * What this Jest worker keeps for the test files after the one that made it, by name: made by the first file
 * that asks. Each test file has a module registry of its own, so the values are held by an object every file of
 * the worker shares: Node's own `child_process` module, which Jest hands to every file as it is. Only for what
 * no file changes (a running service, compiled validators).
 */
export function workerShared<T>(name: string, make: () => T): T {
  const holder = childProcess as unknown as Record<symbol, T>;
  const key = Symbol.for(`url-shortener.test.${name}`);
  if (!(key in holder)) holder[key] = make();
  return holder[key];
}
