/**
 * Which way imports may point (`npm run lint:imports`, part of `npm test`). Type-only imports count: a cycle
 * of types is still two modules that cannot be understood one without the other.
 */

/**
 * The floors of shared/, lowest first (shared/README.md draws them): a folder imports only from its own floor's
 * folder and the floors below, never from a neighbour on its floor, so no two folders can form a cycle.
 */
const sharedFloors = [
  ['platform'],
  ['domain'],
  ['stats'],
  ['schemas', 'store'],
  ['pages', 'events', 'users-import', 'seed'],
  ['api'],
  ['http'],
  ['links'],
  ['webhooks', 'openapi'],
];

const floorRules = sharedFloors.flatMap((floor, level) =>
  floor.map((folder) => {
    const below = sharedFloors.slice(0, level).flat();
    return {
      name: `shared-floor-${folder}`,
      comment: `shared/${folder}/ stands on ${below.length > 0 ? below.map((name) => `${name}/`).join(', ') : 'nothing else of the project'}: it imports no other folder of shared/.`,
      severity: 'error',
      from: { path: `^shared/${folder}/` },
      to: { path: '^shared/', pathNot: `^shared/(${[folder, ...below].join('|')})/` },
    };
  }),
);

module.exports = {
  forbidden: [
    ...floorRules,
    {
      name: 'shared-has-no-loose-modules',
      comment: 'Every module of shared/ is in one of its folders (its floors); the root holds only the README.',
      severity: 'error',
      from: {},
      to: { path: '^shared/[^/]+[.]ts$' },
    },
    {
      name: 'local-iam-below-the-runtime',
      comment: 'local/iam/ checks what the runtime lets each function do: the runtime uses it, not the other way.',
      severity: 'error',
      from: { path: '^local/iam/' },
      to: { path: '^local/[^/]+$' },
    },
    {
      name: 'no-cycles',
      comment: 'A cycle makes one module read the other half-evaluated, and hides which of the two is the lower.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-below-its-users',
      comment: 'shared/ is what the functions, the stack and the local runtime are made of: it knows none of them.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(functions|local|lib|bin|scripts|bench|test|clients)/' },
    },
    {
      name: 'table-below-the-edge',
      comment:
        'What talks to DynamoDB (shared/store/) serves the routes: it reaches neither the route table and its ' +
        'declarations, the request schemas, the OpenAPI document, the pages nor the HTTP layer, not even through ' +
        'another module.',
      severity: 'error',
      from: { path: '^shared/store/' },
      to: {
        path: '^shared/(api/|http/|schemas/|openapi/|pages/)',
        reachable: true,
      },
    },
    {
      name: 'declarations-below-the-handlers',
      comment:
        "A route's declaration (shared/api/) is data its handler, the stack and the reference read: it imports " +
        'schemas, constants and types, never the HTTP layer that serves it (types aside) or a handler.',
      severity: 'error',
      from: { path: '^shared/api/' },
      to: {
        path: '^(shared/http/|shared/openapi/document|functions/)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'route-table-without-the-store',
      comment:
        'The route table and its declarations are loaded by the stack, the local runtime and the benchmarks ' +
        'before any client of the table may be made (the metrics library decides at load whether it runs in ' +
        'Lambda): they reach none of the store but the physical table, and that for its types.',
      severity: 'error',
      from: { path: '^shared/api/' },
      to: { path: '^shared/store/', pathNot: '^shared/store/table-schema[.]ts$', reachable: true },
    },
    {
      name: 'functions-run-in-lambda',
      comment: 'A function is bundled for Lambda: it may not reach the local runtime or the stack.',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^(local|lib|bin|scripts|bench|test|clients)/' },
    },
    {
      name: 'client-package-stands-alone',
      comment:
        'clients/typescript/ is installed into other projects from its folder: it reaches nothing of the ' +
        'repository outside itself (its types are generated into it), only its own dependencies.',
      severity: 'error',
      from: { path: '^clients/typescript/' },
      to: { path: '^(?!clients/typescript/|node_modules/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'] },
  },
};
