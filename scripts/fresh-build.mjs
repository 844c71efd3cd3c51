#!/usr/bin/env node
/**
 * Builds shared, client and server (`npm run build:workspaces`) unless nothing that goes into the
 * build changed since the last successful one: `npm start` then starts in seconds instead of
 * rebuilding for ~20 s each time. `--always` builds regardless (`npm run build`).
 *
 * How "changed" is decided: a SHA-256 over the path and content of every build input (INPUTS below)
 * and the VITE_* variables the client build reads, written to STAMP after a successful build. The
 * build runs when there is no stamp, when the hash differs, or when an output in OUTPUTS is missing.
 * Contents, not modification times: a git checkout, a copy that keeps times or a clock change cannot
 * fool it, and a file saved unchanged does not rebuild. The hash is taken before building, so a file
 * edited during a build leaves a stamp that no longer matches. The stamp lives in node_modules/.cache,
 * so a fresh `npm ci` (possibly other dependency versions) rebuilds too.
 *
 * Why not a tool: Vite has no incremental build, and tsc's `--build` would cover the server and
 * shared only. Wireit or Turborepo do this check, but take over every workspace's build script and
 * add a cache of their own; hashing ~7 MB of sources takes about 50 ms with Node's crypto.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders and files the build reads (relative to the repository root). A folder counts every file under it. */
export const INPUTS = [
  'shared/src',
  'shared/package.json',
  'shared/tsconfig.json',
  'shared/tsconfig.build.json',
  'server/src',
  'server/package.json',
  'server/tsconfig.json',
  'server/tsconfig.build.json',
  'client/src',
  'client/public',
  'client/index.html',
  'client/package.json',
  'client/tsconfig.json',
  'client/vite.config.ts',
  'migrations',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

/** What `npm start` needs from a build; any one missing means build. */
export const OUTPUTS = ['shared/dist/index.js', 'client/dist/index.html', 'server/dist/server/src/main.js'];

export const STAMP = 'node_modules/.cache/build-inputs.sha256';

function filesUnder(root, rel) {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [rel];
  return (
    fs
      .readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      // parentPath from Node 20.12 on; `path` before.
      .map((e) => path.relative(root, path.join(e.parentPath ?? e.path, e.name)))
  );
}

/** Hash of every input's path and content, and of the VITE_* variables (the client build inlines them). */
export function inputsHash(root, env = process.env) {
  const hash = createHash('sha256');
  const files = INPUTS.flatMap((rel) => filesUnder(root, rel))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const key of Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort())
    hash.update(`${key}=${env[key]}\0`);
  return hash.digest('hex');
}

/** 'build' or 'skip', and why. */
export function decide(root, env = process.env) {
  const missing = OUTPUTS.find((out) => !fs.existsSync(path.join(root, out)));
  if (missing) return { action: 'build', reason: `${missing} is missing` };
  const stampFile = path.join(root, STAMP);
  if (!fs.existsSync(stampFile)) return { action: 'build', reason: 'no record of a previous build' };
  if (fs.readFileSync(stampFile, 'utf8').trim() !== inputsHash(root, env)) return { action: 'build', reason: 'sources changed since the last build' };
  return { action: 'skip', reason: 'nothing changed since the last build' };
}

export function writeStamp(root, hash) {
  fs.mkdirSync(path.dirname(path.join(root, STAMP)), { recursive: true });
  fs.writeFileSync(path.join(root, STAMP), `${hash}\n`);
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const always = process.argv.includes('--always');
  const { action, reason } = always ? { action: 'build', reason: '--always' } : decide(root);
  if (action === 'skip') {
    console.log(`build: skipped, ${reason} (npm run build forces one)`);
    return 0;
  }
  console.log(`build: building (${reason})`);
  const hash = inputsHash(root);
  // A failed or interrupted build must not leave an older stamp that would match after a revert.
  fs.rmSync(path.join(root, STAMP), { force: true });
  const run = spawnSync('npm', ['run', 'build:workspaces'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (run.status !== 0) return run.status ?? 1;
  writeStamp(root, hash);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
