import path from 'node:path';
import react from '@vitejs/plugin-react';
import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

const shared = path.resolve(import.meta.dirname, '../shared/src');

/**
 * Build check of the client budget: the JavaScript the landing page needs before it can run (the
 * entry chunk and every chunk it imports statically, which index.html preloads), gzipped. Screens,
 * the GraphQL client, PDF, CSV and drag-and-drop code load on demand and are not counted. Above the
 * budget the build fails. `npm run bench` measures the same in a browser, adding what the page
 * then loads.
 */
export const INITIAL_JS_BUDGET_KB = 100;

function initialJsReport(): Plugin {
  return {
    name: 'initial-js-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk').map((c) => [c.fileName, c]));
      const entry = [...chunks.values()].find((c) => c.isEntry);
      if (!entry) return;
      const initial = new Set<string>();
      const visit = (name: string) => {
        if (initial.has(name)) return;
        initial.add(name);
        for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
      };
      visit(entry.fileName);
      const bytes = [...initial].reduce((sum, name) => sum + gzipSync(chunks.get(name)!.code, { level: 9 }).length, 0);
      const kb = bytes / 1024;
      const line = `initial JavaScript of the landing page: ${kb.toFixed(1)} KB gzipped in ${initial.size} files`;
      if (kb > INITIAL_JS_BUDGET_KB) this.error(`${line}, over the ${INITIAL_JS_BUDGET_KB} KB budget (${[...initial].join(', ')})`);
      this.info(`${line} (within the ${INITIAL_JS_BUDGET_KB} KB budget)`);
      // The GraphQL client loads with the signed-in routes, never with the landing page.
      const apollo = [...initial].filter((name) => chunks.get(name)!.moduleIds.some((id) => id.includes('/@apollo/client/')));
      if (apollo.length) this.error(`the landing page's first bundle holds Apollo Client (${apollo.join(', ')})`);
    },
  };
}

export default defineConfig({
  plugins: [react(), initialJsReport()],
  // @planner/shared is bundled from its TypeScript source (as the client's tsconfig paths say).
  resolve: {
    alias: [
      { find: /^@planner\/shared$/, replacement: `${shared}/index.ts` },
      { find: /^@planner\/shared\/(.*)$/, replacement: `${shared}/$1.ts` },
    ],
  },
  server: {
    port: 5173,
    fs: { allow: ['..'] },
    proxy: { '/api': 'http://localhost:4000', '/graphql': 'http://localhost:4000', '/files': 'http://localhost:4000' },
  },
  // No source maps in the build: they were 28 MB of readable source, served to anyone. Hashed files
  // go to dist/assets/, which the server lets browsers cache for a year (server/src/core/client-assets.ts).
  build: { outDir: 'dist', assetsDir: 'assets', sourcemap: false },
  // GraphiQL's editor loads its web workers with `?worker` imports, which the dev server's
  // dependency pre-bundling cannot follow: serve those packages unbundled in development.
  optimizeDeps: { exclude: ['graphiql/setup-workers/vite', '@graphiql/react/setup-workers/vite'] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
