#!/usr/bin/env node
/**
 * `npm test`: every check, in order, stopping at the first that fails (its exit code is npm test's),
 * then a table of how long each step took. Each step is an npm script of its own, to run alone.
 * (Not named test.mjs: `node --test scripts/` would take that name for a test file.)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSteps } from './steps.mjs';

const TEST_STEPS = [
  ['typecheck', 'npm run typecheck'],
  // ESLint, then prettier --check (npm run format writes the formatting).
  ['lint', 'npm run lint'],
  ['lint:openapi', 'npm run lint:openapi'],
  ['check:imports', 'npm run check:imports'],
  ['scripts tests', 'npm run test:scripts'],
  ['shared tests', 'npm run test -w shared'],
  ['server tests', 'npm run test -w server'],
  ['client tests', 'npm run test -w client'],
  ['build', 'npm run build'],
  // Replicas behind nginx, a streaming replica and rolling restarts (needs nginx, PostgreSQL's
  // server binaries and a replication connection: README, "A cluster on one machine").
  ['cluster', 'npm run test:cluster'],
  ['e2e', 'npm run test:e2e'],
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.exit(runSteps(TEST_STEPS, { cwd: root, title: 'npm test: time per step', prefix: 'test: ' }));
