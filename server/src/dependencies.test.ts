/**
 * What the server depends on, as an audit reads it: server/package.json, the installed packages and
 * the imports of server/src. Unused packages are removed rather than kept up to date; the mail
 * library stays on its current major line (its transport is tested against an SMTP server in
 * modules/outbox/smtp-delivery.test.ts).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const require = createRequire(path.join(SERVER_DIR, 'package.json'));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.ts$/.test(e.name) ? [p] : [];
  });
}
const importsOf = (name: string) =>
  sourceFiles(path.join(SERVER_DIR, 'src'))
    .filter((f) => new RegExp(`from ['"]${name}['"]|import\\(['"]${name}['"]\\)|require\\(['"]${name}['"]\\)`).test(fs.readFileSync(f, 'utf8')))
    .map((f) => path.relative(SERVER_DIR, f));

describe('server dependencies', () => {
  it('has no class-validator: GraphQL inputs are checked with zod, and type-graphql runs with validate: false', () => {
    expect(pkg.dependencies['class-validator']).toBeUndefined();
    expect(pkg.devDependencies['class-validator']).toBeUndefined();
    expect(importsOf('class-validator')).toEqual([]);
    expect(fs.readFileSync(path.join(SERVER_DIR, 'src/graphql/schema.ts'), 'utf8')).toMatch(/validate:\s*false/);
  });

  it('sends mail with nodemailer 10 (its current major), which carries its own types', () => {
    expect(pkg.dependencies.nodemailer).toMatch(/^\^10\./);
    const installed = JSON.parse(fs.readFileSync(require.resolve('nodemailer/package.json'), 'utf8')) as { version: string };
    expect(Number(installed.version.split('.')[0])).toBe(10);
    expect(pkg.devDependencies['@types/nodemailer']).toBeUndefined();
    expect(importsOf('nodemailer')).toEqual(['src/modules/outbox/delivery.ts']);
  });
});
