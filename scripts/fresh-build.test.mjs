// Tests of the check `npm start` makes before building (fresh-build.mjs), on a small copy of the repository's layout.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { decide, INPUTS, inputsHash, OUTPUTS, STAMP, writeStamp } from './fresh-build.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One file in each watched folder, and the watched single files. */
const SOURCES = [
  'shared/src/index.ts',
  'server/src/main.ts',
  'client/src/main.tsx',
  'client/public/favicon.svg',
  'migrations/1-Foundation.ts',
  'client/index.html',
  'client/vite.config.ts',
  'package-lock.json',
  'package.json',
  'tsconfig.json',
  'shared/tsconfig.json',
  'shared/tsconfig.build.json',
  'server/tsconfig.json',
  'server/tsconfig.build.json',
  'client/tsconfig.json',
  'shared/package.json',
  'server/package.json',
  'client/package.json',
];

let root;
const write = (rel, text) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
const built = () => writeStamp(root, inputsHash(root, {}));
const action = (env = {}) => decide(root, env).action;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-build-'));
  for (const rel of [...SOURCES, ...OUTPUTS]) write(rel, `// ${rel}\n`);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the build check of npm start', () => {
  test('builds when no build was recorded (a fresh clone)', () => {
    assert.deepEqual(decide(root, {}), { action: 'build', reason: 'no record of a previous build' });
  });

  test('skips right after a build', () => {
    built();
    assert.deepEqual(decide(root, {}), { action: 'skip', reason: 'nothing changed since the last build' });
  });

  for (const rel of SOURCES) {
    test(`builds after ${rel} is edited`, () => {
      built();
      fs.appendFileSync(path.join(root, rel), '// edited\n');
      assert.equal(action(), 'build');
    });
  }

  for (const dir of ['shared/src', 'server/src', 'client/src', 'client/public', 'migrations']) {
    test(`builds after a file is added to or removed from ${dir}`, () => {
      built();
      write(`${dir}/deep/new.ts`, 'export {};\n');
      assert.equal(action(), 'build');
      built();
      fs.rmSync(path.join(root, dir, 'deep/new.ts'));
      assert.equal(action(), 'build');
    });
  }

  for (const rel of OUTPUTS) {
    test(`builds after ${rel} is deleted`, () => {
      built();
      fs.rmSync(path.join(root, rel));
      assert.deepEqual(decide(root, {}), { action: 'build', reason: `${rel} is missing` });
    });
  }

  test('builds when a VITE_ variable the client inlines changes', () => {
    writeStamp(root, inputsHash(root, { VITE_DUAL_SCHOOL_SIGNUP_CODE: 'A' }));
    assert.equal(action({ VITE_DUAL_SCHOOL_SIGNUP_CODE: 'A', OTHER: 'x' }), 'skip');
    assert.equal(action({ VITE_DUAL_SCHOOL_SIGNUP_CODE: 'B' }), 'build');
  });

  test('skips when a file is saved unchanged, or a file outside the build changes', () => {
    built();
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'server/src/main.ts'), later, later);
    write('e2e/journey.spec.ts', 'test();\n');
    write('README.md', '# edited\n');
    assert.equal(action(), 'skip');
  });

  test('every input it watches exists in the repository', () => {
    for (const rel of INPUTS) assert.ok(fs.existsSync(path.join(repo, rel)), `${rel} is not in the repository`);
  });
});

describe('npm start build step (the script run as npm start runs it)', () => {
  // A stand-in for build:workspaces that counts its runs and writes the outputs, or fails when told.
  const fakeBuild = `node -e "const fs=require('fs');if(process.env.FAIL_BUILD)process.exit(3);fs.appendFileSync('runs','x');for(const f of ${JSON.stringify(OUTPUTS).replaceAll('"', "'")})fs.writeFileSync(f,'built')"`;
  const run = (env = {}, args = []) =>
    spawnSync(process.execPath, [path.join(root, 'scripts/fresh-build.mjs'), ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
  const runs = () => (fs.existsSync(path.join(root, 'runs')) ? fs.readFileSync(path.join(root, 'runs'), 'utf8').length : 0);

  beforeEach(() => {
    fs.mkdirSync(path.join(root, 'scripts'));
    fs.copyFileSync(path.join(repo, 'scripts/fresh-build.mjs'), path.join(root, 'scripts/fresh-build.mjs'));
    write('package.json', JSON.stringify({ name: 'fixture', private: true, scripts: { 'build:workspaces': fakeBuild } }));
    for (const rel of OUTPUTS) fs.rmSync(path.join(root, rel));
  });

  test('builds once, then skips until a source changes; --always builds anyway', () => {
    assert.equal(run().status, 0);
    assert.equal(runs(), 1);
    const second = run();
    assert.equal(second.status, 0);
    assert.match(second.stdout, /build: skipped, nothing changed since the last build/);
    assert.equal(runs(), 1);
    fs.appendFileSync(path.join(root, 'client/src/main.tsx'), '// edited\n');
    assert.equal(run().status, 0);
    assert.equal(runs(), 2);
    assert.equal(run({}, ['--always']).status, 0);
    assert.equal(runs(), 3);
  });

  test('a failed build exits non-zero and leaves no record, so the next start builds again', () => {
    assert.equal(run().status, 0);
    fs.appendFileSync(path.join(root, 'server/src/main.ts'), '// broken\n');
    assert.equal(run({ FAIL_BUILD: '1' }).status, 3);
    assert.equal(fs.existsSync(path.join(root, STAMP)), false);
    fs.writeFileSync(path.join(root, 'server/src/main.ts'), '// server/src/main.ts\n'); // reverted
    assert.equal(decide(root, {}).action, 'build');
  });
});
