/**
 * Import rules of server/src and client/src, checked by `npm run check:imports` (part of `npm test`),
 * which runs in each package's folder with that package's tsconfig (its paths and `.js` imports), so
 * paths here start at `src/`. The rules name folders, not files.
 *
 * Type-only imports count: a circle of types ties files together as much as one of values (the
 * request context once tied 44 files into one circle through `import type` alone).
 */
/** Known and being removed: the plans loaders still reach the context through the plans service. */
const PENDING_CIRCLE = 'src/modules/plans/plans\\.loaders\\.ts$';
/** Known and being removed: the account and form rules shared with the client move into their own package. */
const PENDING_SERVER_IMPORT = '^\\.\\./server/src/rules/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle in server/src or client/src.',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { pathNot: PENDING_CIRCLE } },
    },
    {
      name: 'no-circular-pending',
      severity: 'warn',
      comment: 'A known circle, reported until it is gone; delete this rule and PENDING_CIRCLE then.',
      from: { path: '^src/' },
      to: { circular: true, via: { path: PENDING_CIRCLE } },
    },
    {
      name: 'client-not-to-server',
      severity: 'error',
      comment: 'The client imports nothing from the server.',
      from: { path: '^src/' },
      to: { path: '^\\.\\./server/', pathNot: PENDING_SERVER_IMPORT },
    },
    {
      name: 'client-not-to-server-pending',
      severity: 'warn',
      comment: 'Known, reported until the rules package lands; delete this rule and PENDING_SERVER_IMPORT then.',
      from: { path: '^src/' },
      to: { path: PENDING_SERVER_IMPORT },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
  },
};
