/**
 * Import rules of server/src and client/src, checked by `npm run check:imports` (part of `npm test`),
 * which runs in each package's folder with that package's tsconfig (its paths and `.js` imports), so
 * paths here start at `src/`. The rules name folders, not files.
 *
 * Type-only imports count: a circle of types ties files together as much as one of values (the
 * request context once tied 44 files into one circle through `import type` alone).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle in server/src or client/src.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'client-not-to-server',
      severity: 'error',
      comment: 'The client imports nothing from the server (shared code lives in @planner/shared).',
      from: { path: '^src/' },
      to: { path: '^\\.\\./server/' },
    },

    // The server's layers (README, "Architecture"): adapters (*.rest.ts, *.resolver.ts) -> services
    // (*.service.ts) -> policies (*.policy.ts) and core/. Tests, factories and src/test/ build the
    // whole app, so they may import anything. The server's check runs with --ignore-known
    // server/.dependency-cruiser-known-violations.json: the imports of a service that were there when
    // these rules came (constants and helpers kept in a service file, two services that build their
    // sub-services). New ones fail; moving one out, drop its entry.
    {
      name: 'core-not-to-modules',
      severity: 'error',
      comment:
        'core/ (errors, permissions, rate limits, paging) imports no area. What composes the areas ' +
        "per request lives at the top of src/: loaders.ts (every area's loaders) and context.ts (the " +
        "caller is the accounts area's User); core/policy.ts declares the few caller facts it reads.",
      from: { path: '^src/core/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'policy-not-to-service',
      severity: 'error',
      comment: 'A policy is a pure function over facts the service loaded; it calls no service.',
      from: { path: '\\.policy\\.ts$' },
      to: { path: '\\.service\\.ts$' },
    },
    {
      name: 'rest-only-from-app',
      severity: 'error',
      comment:
        'REST routes are mounted by app.ts alone. Another REST adapter may reuse a JSON shape of one ' +
        '(schoolJson, planJson, progressJson); nothing else imports them.',
      from: { path: '^src/', pathNot: ['^src/app\\.ts$', '\\.rest\\.ts$', '\\.test\\.ts$', '\\.factories\\.ts$', '^src/test/'] },
      to: { path: '\\.rest\\.ts$' },
    },
    {
      name: 'service-only-from-adapters',
      severity: 'error',
      comment: 'Services are reached through the adapters (and wired in services.ts); other services see them ' + 'only as types, for injection (next rule).',
      from: {
        path: '^src/',
        pathNot: ['\\.(rest|resolver|service)\\.ts$', '^src/(adapters|services|app)\\.ts$', '^src/graphql/', '\\.test\\.ts$', '\\.factories\\.ts$', '^src/test/'],
      },
      to: { path: '\\.service\\.ts$' },
    },
    {
      name: 'service-to-service-type-only',
      severity: 'error',
      comment: 'A service receives another service from services.ts; it imports only its type (`import type`).',
      from: { path: '\\.service\\.ts$' },
      to: { path: '\\.service\\.ts$', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
  },
};
