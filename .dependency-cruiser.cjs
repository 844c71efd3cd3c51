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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
  },
};
