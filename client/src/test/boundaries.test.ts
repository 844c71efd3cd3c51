/**
 * The client reaches the server's code only over HTTP: what both sides share lives in
 * @planner/shared. No source file, test or build configuration of the client imports from the
 * server's folder, by relative path or by an alias pointing there.
 */
// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.resolve(CLIENT, '../server');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(e.name) ? [full] : [];
  });
}

/** The module specifiers of static imports, re-exports and dynamic imports. */
function specifiers(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
}

const inServer = (file: string, spec: string) => spec.startsWith('.') && path.resolve(path.dirname(file), spec).startsWith(SERVER + path.sep);

describe('the client and the server folder', () => {
  it('reads the specifiers it checks (import, export from, dynamic import)', () => {
    const code = "import a from '../x';\nexport { b } from \"@planner/shared/password\";\nconst c = import('../../y');";
    expect(specifiers(code)).toEqual(['../x', '@planner/shared/password', '../../y']);
    expect(inServer(path.join(CLIENT, 'src/pages/a.ts'), '../../../server/src/main')).toBe(true);
    expect(inServer(path.join(CLIENT, 'src/pages/a.ts'), '../../../shared/src/index')).toBe(false);
  });

  it('no client file imports from server/', () => {
    const files = [...sourceFiles(path.join(CLIENT, 'src')), path.join(CLIENT, 'vite.config.ts')];
    const offending = files.flatMap((file) =>
      specifiers(fs.readFileSync(file, 'utf8'))
        .filter((spec) => inServer(file, spec) || spec.startsWith('@planner/server'))
        .map((spec) => `${path.relative(CLIENT, file)}: ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it('no alias or path of the build and type configuration points into server/', () => {
    for (const config of ['vite.config.ts', 'tsconfig.json']) {
      expect(fs.readFileSync(path.join(CLIENT, config), 'utf8'), config).not.toMatch(/\.\.\/server\b/);
    }
  });
});
