import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseIcu, TYPE } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { gzipSync } from 'node:zlib';
import { transformWithOxc, type Plugin, type Rolldown } from 'vite';
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
/**
 * The plan route's own JavaScript: the chunk of PlanPage.tsx and the chunks it imports statically,
 * less those the signed-in app has already loaded (SignedInApp.tsx and the first bundle), gzipped.
 * What the plan page defers (review panel, notes, dialogs) is not counted. Set from the build
 * (bench/README.md, "The plan page"), with room for small changes; above it the build fails.
 */
export const PLAN_ROUTE_JS_BUDGET_KB = 24;
const PLAN_ROUTE = '/src/pages/plan/PlanPage.tsx';

function initialJsReport(): Plugin {
  // An unminified build (`vite build --minify false`, for reading a profile) is reported, never refused.
  let minified = true;
  return {
    name: 'initial-js-report',
    apply: 'build',
    configResolved(config) {
      minified = config.build.minify !== false;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((o): o is Rolldown.OutputChunk => o.type === 'chunk')
          .map((c) => [c.fileName, c]),
      );
      const entry = [...chunks.values()].find((c) => c.isEntry);
      if (!entry) return;
      // A chunk and every chunk it imports statically.
      const closure = (name: string, into = new Set<string>()) => {
        if (into.has(name)) return into;
        into.add(name);
        for (const dep of chunks.get(name)?.imports ?? []) closure(dep, into);
        return into;
      };
      const gzKb = (names: Iterable<string>) => [...names].reduce((sum, name) => sum + gzipSync(chunks.get(name)!.code, { level: 9 }).length, 0) / 1024;
      const initial = closure(entry.fileName);
      const kb = gzKb(initial);
      const line = `initial JavaScript of the landing page: ${kb.toFixed(1)} KB gzipped in ${initial.size} files`;
      if (kb > INITIAL_JS_BUDGET_KB && minified) this.error(`${line}, over the ${INITIAL_JS_BUDGET_KB} KB budget (${[...initial].join(', ')})`);
      this.info(`${line} (${minified ? `within the ${INITIAL_JS_BUDGET_KB} KB budget` : 'unminified: not checked'})`);
      // The GraphQL client loads with the signed-in routes, never with the landing page.
      const apollo = [...initial].filter((name) => chunks.get(name)!.moduleIds.some((id) => id.includes('/@apollo/client/')));
      if (apollo.length) this.error(`the landing page's first bundle holds Apollo Client (${apollo.join(', ')})`);

      const facade = (suffix: string) => [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(suffix));
      const signedIn = facade('/src/SignedInApp.tsx');
      const plan = facade(PLAN_ROUTE);
      if (!signedIn || !plan) this.error(`no chunk of ${signedIn ? PLAN_ROUTE : 'SignedInApp.tsx'}`);
      const loaded = closure(signedIn.fileName, new Set(initial));
      const own = [...closure(plan.fileName)].filter((name) => !loaded.has(name));
      const planKb = gzKb(own);
      const planLine = `the plan route's own JavaScript: ${planKb.toFixed(1)} KB gzipped in ${own.length} files`;
      if (planKb > PLAN_ROUTE_JS_BUDGET_KB && minified) this.error(`${planLine}, over the ${PLAN_ROUTE_JS_BUDGET_KB} KB budget (${own.join(', ')})`);
      this.info(`${planLine} (${minified ? `within the ${PLAN_ROUTE_JS_BUDGET_KB} KB budget` : 'unminified: not checked'})`);
    },
  };
}

const ICU_AST = '?icu-ast';
// As src/i18n/icu-options.ts says (the catalogue test compares the compiled catalogue with it).
const ICU_PARSE_OPTIONS = { ignoreTag: true, shouldParseSkeletons: true } as const;

/**
 * Evaluates a catalogue module (TypeScript that may import other catalogues by relative path, and
 * @planner/shared) as
 * it is now, listing the files it read in `files`.
 */
async function importCatalogue(file: string, files: string[]): Promise<Record<string, unknown>> {
  const url = async (at: string): Promise<string> => {
    files.push(at);
    const { code } = await transformWithOxc(await readFile(at, 'utf8'), at, { lang: 'ts' });
    // Relative imports (with or without .js) and @planner/shared, which is TypeScript source too (the English of the server's refusals comes from it).
    const imported = /from\s*(["'])((?:\.{1,2}\/|@planner\/shared)[^"']*)\1/g;
    const source = (spec: string): string =>
      spec.startsWith('@planner/shared')
        ? spec === '@planner/shared'
          ? `${shared}/index.ts`
          : `${shared}${spec.slice('@planner/shared'.length)}.ts`
        : path.resolve(path.dirname(at), `${spec.replace(/\.js$/, '')}.ts`);
    const urls = new Map<string, string>();
    for (const [, , spec] of code.matchAll(imported)) urls.set(spec, await url(source(spec)));
    const js = code.replace(imported, (_, _quote, spec: string) => `from ${JSON.stringify(urls.get(spec))}`);
    return `data:text/javascript;base64,${Buffer.from(js).toString('base64')}`;
  };
  return (await import(/* @vite-ignore */ await url(file))) as Record<string, unknown>;
}

/**
 * The catalogues' ICU messages compiled at build time (the FormatJS way, as `formatjs compile
 * --ast` does): `import compiled from './es?icu-ast'` gives the catalogue that es.ts exports with
 * each message parsed to its AST (except plain texts, which are their own AST), so the browser
 * never parses a message and FormatJS's own imports
 * of the parser get its no-parser build (the parser alone was ~10 KB gzipped of the landing page).
 */
function icuAst(): Plugin {
  return {
    name: 'icu-ast',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source.endsWith(ICU_AST)) {
        const file = await this.resolve(source.slice(0, -ICU_AST.length), importer, { ...options, skipSelf: true });
        return file && `${file.id}${ICU_AST}`;
      }
      if (source === '@formatjs/icu-messageformat-parser' && importer?.includes(`${path.sep}node_modules${path.sep}`)) {
        const parser = await this.resolve(source, importer, { ...options, skipSelf: true });
        return parser && path.join(path.dirname(parser.id), 'no-parser.js');
      }
      return null;
    },
    async load(id) {
      if (!id.endsWith(ICU_AST)) return null;
      const file = id.slice(0, -ICU_AST.length);
      const dependencies: string[] = [];
      const module = await importCatalogue(file, dependencies);
      for (const dep of dependencies) this.addWatchFile(dep);
      const catalogues = Object.values(module).filter(
        (v): v is Record<string, string> => !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((m) => typeof m === 'string'),
      );
      if (catalogues.length !== 1) this.error(`${file} must export exactly one catalogue of messages`);
      // A plain text is its own AST (one literal): it is left out, and the runtime takes the text.
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(catalogues[0])) {
        try {
          const ast = parseIcu(message, ICU_PARSE_OPTIONS);
          const plain = ast.length === 1 && ast[0].type === TYPE.literal && ast[0].value === message;
          if (!plain) compiled[key] = ast;
        } catch (e) {
          this.error(`${file}: the message ${key} is not valid ICU (${(e as Error).message}): ${message}`);
        }
      }
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}

export default defineConfig({
  plugins: [icuAst(), react(), initialJsReport()],
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
  // No modulepreload polyfill (0.5 KB of the landing page): the browsers schools use (Chromium,
  // Safari 17+, Firefox 115+) preload modules themselves.
  build: { outDir: 'dist', assetsDir: 'assets', sourcemap: false, modulePreload: { polyfill: false } },
  // GraphiQL's editor loads its web workers with `?worker` imports, which the dev server's
  // dependency pre-bundling cannot follow: serve those packages unbundled in development.
  optimizeDeps: { exclude: ['graphiql/setup-workers/vite', '@graphiql/react/setup-workers/vite'] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // With the screens' waits at 5 s (src/test/setup.ts), a test gets room for a few of them.
    testTimeout: 15_000,
  },
});
