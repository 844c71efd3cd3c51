import path from 'node:path';
import react from '@vitejs/plugin-react';
import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

const shared = path.resolve(import.meta.dirname, '../shared/src');

/**
 * Build report of issue 10's client budget: the JavaScript the landing page needs before it can
 * run (the entry chunk and every chunk it imports statically, which index.html preloads), gzipped.
 * Screens, PDF, CSV and drag-and-drop code load on demand and are not counted. `npm run bench`
 * measures the same in a browser, adding what the page then loads.
 */
const INITIAL_JS_BUDGET_KB = 170;

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
      const verdict = kb <= INITIAL_JS_BUDGET_KB ? 'within' : 'OVER';
      this.info(`initial JavaScript of the landing page: ${kb.toFixed(1)} KB gzipped in ${initial.size} files (${verdict} the ${INITIAL_JS_BUDGET_KB} KB budget)`);
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
