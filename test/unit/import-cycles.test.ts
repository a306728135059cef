import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * No value-import cycle in the code Lambda and the local runtime run (no network: the sources read as text).
 * A cycle makes a module's exports undefined while the other evaluates, depending on which is loaded first.
 * Type-only imports (`import type`, or braces of `type` names only) are erased at build and do not count.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const folders = ['shared', 'functions', 'local', 'lib', 'bin'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

/** The modules a file imports for their values, as absolute paths of .ts files in the project. */
function valueImports(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^import\s+([^;]*?)\s+from\s+'([^']+)';/gms)) {
    const [, clause = '', specifier = ''] = match;
    if (clause.startsWith('type ')) continue;
    const named = /^\{([^}]*)\}$/s.exec(clause.trim());
    if (named?.[1]?.split(',').every((name) => name.trim() === '' || name.trim().startsWith('type '))) continue;
    const target = specifier.startsWith('#')
      ? path.join(root, specifier.slice(1))
      : specifier.startsWith('.')
        ? path.resolve(path.dirname(file), specifier)
        : undefined;
    if (target) found.push(target.replace(/\.js$/, '.ts'));
  }
  return found;
}

/** Every cycle, each as the chain of files that closes it. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('module imports (no network)', () => {
  it('finds a cycle when there is one, and counts type-only imports out', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
    const text = "import type { X } from './x.js';\nimport { type Y } from './y.js';\nimport { z } from './z.js';";
    expect(valueImports(path.join(root, 'shared/m.ts'), text)).toEqual([path.join(root, 'shared/z.ts')]);
  });

  it('has no value-import cycle in shared/, functions/, local/, lib/ or bin/', () => {
    const files = folders.flatMap((folder) => sources(path.join(root, folder)));
    const graph = new Map(files.map((file) => [file, valueImports(file, readFileSync(file, 'utf8'))]));
    const cycles = cyclesOf(graph).map((cycle) => cycle.map((file) => path.relative(root, file)).join(' → '));
    expect(cycles).toEqual([]);
  });
});
