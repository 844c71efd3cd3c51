import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const rules = path.resolve(import.meta.dirname, '../server/src/rules');

export default defineConfig({
  plugins: [react()],
  // Account rules are written once, in the server's rules folder, and bundled into the client from there.
  resolve: { alias: { '@rules': rules } },
  server: {
    port: 5173,
    fs: { allow: ['..'] },
    proxy: { '/api': 'http://localhost:4000', '/graphql': 'http://localhost:4000', '/files': 'http://localhost:4000' },
  },
  build: { outDir: 'dist', sourcemap: true },
  // GraphiQL's editor loads its web workers with `?worker` imports, which the dev server's
  // dependency pre-bundling cannot follow: serve those packages unbundled in development.
  optimizeDeps: { exclude: ['graphiql/setup-workers/vite', '@graphiql/react/setup-workers/vite'] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
