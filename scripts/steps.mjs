#!/usr/bin/env node
/**
 * Timing of the steps of `npm test` and CI. runStep runs one command, its output passing through
 * untouched (the test runners' own summary lines included), and records how long it took. With
 * STEP_TIMINGS set to a file, each record is also appended there as `name<TAB>seconds<TAB>exit code`,
 * so .ci/run can add its own steps and print one table at the end: `node scripts/steps.mjs summary`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** @typedef {{ name: string, seconds: number, code: number }} StepTime */

/** Runs `command` through the shell (an npm script line), returns its exit code and time. */
export function runStep(name, command, { cwd } = {}) {
  console.log(`\n▶ ${name}: ${command}`);
  const start = process.hrtime.bigint();
  const run = spawnSync(command, { cwd, stdio: 'inherit', shell: true });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const code = run.status ?? 1;
  if (process.env.STEP_TIMINGS) fs.appendFileSync(process.env.STEP_TIMINGS, `${name}\t${seconds.toFixed(1)}\t${code}\n`);
  return { name, seconds, code };
}

/** Runs the steps in order and stops at the first that fails; prints the table; returns the exit code (the failed step's). */
export function runSteps(/** @type {[string, string][]} */ steps, { cwd, title = 'Time per step', prefix = '' } = {}) {
  const done = [];
  for (const [name, command] of steps) {
    const step = runStep(`${prefix}${name}`, command, { cwd });
    done.push(step);
    if (step.code !== 0) {
      console.log(summary(done, `${title} (stopped: ${name} failed)`));
      return step.code;
    }
  }
  console.log(summary(done, title));
  return 0;
}

const clock = (s) => (s >= 60 ? `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s` : `${s.toFixed(1)} s`);

/** A step that ran others (.ci/run's `npm test (all of the test: steps)`): its name says their prefix. */
const GROUP = /\(all of the (.+) steps\)$/;

/**
 * A table of the steps with each one's share of the whole. A group's steps are listed with the
 * group, but the total counts the group once: its steps (named with its prefix) are inside it.
 */
export function summary(/** @type {StepTime[]} */ rows, title = 'Time per step') {
  const prefixes = rows.map((r) => GROUP.exec(r.name)?.[1]).filter(Boolean);
  const inGroup = (r) => !GROUP.test(r.name) && prefixes.some((p) => r.name.startsWith(p));
  const total = rows.filter((r) => !inGroup(r)).reduce((sum, r) => sum + r.seconds, 0);
  const width = Math.max(...rows.map((r) => r.name.length), 5);
  const lines = rows.map(
    (r) =>
      `  ${r.name.padEnd(width)}  ${clock(r.seconds).padStart(12)}  ${`${Math.round((100 * r.seconds) / (total || 1))}%`.padStart(4)}  ${r.code === 0 ? 'ok' : `exit code ${r.code}`}`,
  );
  return [`\n${title}:`, ...lines, `  ${'total'.padEnd(width)}  ${clock(total).padStart(12)}`].join('\n');
}

export function readTimings(file) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, seconds, code] = line.split('\t');
      return { name, seconds: Number(seconds), code: Number(code) };
    });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== 'summary' || !process.env.STEP_TIMINGS) {
    console.error('usage: STEP_TIMINGS=<file> node scripts/steps.mjs summary [title]');
    process.exit(2);
  }
  console.log(summary(readTimings(process.env.STEP_TIMINGS), rest.join(' ') || undefined));
}
