// Tests of the step runner behind `npm test` and CI's timing table (steps.mjs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readTimings, summary } from './steps.mjs';

const steps = path.join(path.dirname(fileURLToPath(import.meta.url)), 'steps.mjs');

/**
 * Runs runSteps in a child process (its output is the step commands' and the table). CI's own
 * STEP_TIMINGS is not passed on: these steps are not CI's.
 */
function run(list, env = {}) {
  const code = `import { runSteps } from ${JSON.stringify(steps)}; process.exit(runSteps(${JSON.stringify(list)}, { title: 'T' }));`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', env: { ...process.env, STEP_TIMINGS: '', ...env } });
}

test('runs every step in order, passes their output through and ends with the table', () => {
  const r = run([
    ['first', 'echo one'],
    ['second', 'echo "# pass 3"'],
  ]);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /one\n[\s\S]*# pass 3\n/);
  assert.match(r.stdout, /T:\n {2}first +\d+\.\d s +\d+% +ok\n {2}second +\d+\.\d s +\d+% +ok\n {2}total +\d+\.\d s/);
});

test('stops at the first failing step with its exit code, and says which', () => {
  const r = run([
    ['ok', 'true'],
    ['broken', 'exit 3'],
    ['never', 'echo SHOULD-NOT-RUN'],
  ]);
  assert.equal(r.status, 3);
  assert.doesNotMatch(r.stdout, /SHOULD-NOT-RUN/);
  assert.match(r.stdout, /T \(stopped: broken failed\):\n {2}ok .* ok\n {2}broken .* exit code 3\n {2}total/);
});

test('appends each step to STEP_TIMINGS for CI, which adds its own and prints one table', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'steps-')), 'timings');
  fs.writeFileSync(file, 'npm ci\t42.0\t0\n');
  run(
    [
      ['a', 'true'],
      ['b', 'exit 2'],
    ],
    { STEP_TIMINGS: file },
  );
  const rows = readTimings(file);
  assert.deepEqual(
    rows.map((r) => [r.name, r.code]),
    [
      ['npm ci', 0],
      ['a', 0],
      ['b', 2],
    ],
  );
  const table = spawnSync(process.execPath, [steps, 'summary', 'CI'], { encoding: 'utf8', env: { ...process.env, STEP_TIMINGS: file } }).stdout;
  assert.match(table, /CI:\n {2}npm ci +42\.0 s +\d+% +ok\n {2}a .*\n {2}b .* exit code 2\n {2}total +\d+\.\d s/);
  fs.rmSync(path.dirname(file), { recursive: true });
});

test('writes minutes past 60 s', () => {
  assert.match(summary([{ name: 'server tests', seconds: 612, code: 0 }]), /server tests +10 min 12 s +100% +ok/);
});

test("counts a group once in the total: CI's npm test row holds the test: steps listed before it", () => {
  const table = summary([
    { name: 'npm ci', seconds: 10, code: 0 },
    { name: 'test: a', seconds: 5, code: 0 },
    { name: 'test: b', seconds: 5, code: 0 },
    { name: 'npm test (all of the test: steps)', seconds: 10.5, code: 0 },
    { name: 'smoke', seconds: 1, code: 0 },
  ]);
  assert.match(table, /\n {2}test: a +5\.0 s +23% +ok\n/);
  assert.match(table, /\n {2}total +21\.5 s$/);
});
