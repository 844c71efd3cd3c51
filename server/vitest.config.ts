import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);
const shared = path.resolve(import.meta.dirname, '../shared/src');

export default defineConfig({
  resolve: {
    // One copy of graphql: type-graphql and Apollo load the CommonJS build through Node, so the
    // test files must too, or "Cannot use GraphQLSchema from another module or realm".
    alias: [
      { find: /^graphql$/, replacement: require.resolve('graphql') },
      // @planner/shared from its TypeScript source, as the tsconfig paths say (no build needed).
      { find: /^@planner\/shared$/, replacement: `${shared}/index.ts` },
      { find: /^@planner\/shared\/(.*)$/, replacement: `${shared}/$1.ts` },
    ],
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Two cores and one shared database: files run one after another.
    fileParallelism: false,
    globalSetup: ['src/test/global-setup.ts'],
    // scrypt hashing takes a noticeable fraction of a second per sign-in.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
