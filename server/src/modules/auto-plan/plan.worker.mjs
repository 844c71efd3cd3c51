/**
 * The entry of a plan worker thread (solver-pool.ts runs this file in a piscina pool): it loads
 * plan-task and runs one generation per call.
 *
 * Plain JavaScript on purpose: a worker thread loads its entry file with Node itself, and Node 20
 * cannot load TypeScript. In the compiled server plan-task.js sits beside this file; where the
 * server runs from its TypeScript sources (tsx in development, vitest in tests) there is none, and
 * tsx (a development dependency, present wherever the sources run) compiles plan-task.ts and what
 * it imports, with the server's tsconfig (its @planner/shared path to the shared sources).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('./plan-task.js', import.meta.url);
const task = fs.existsSync(fileURLToPath(built))
  ? import(built.href)
  : import('tsx/esm/api').then(({ tsImport }) =>
      tsImport('./plan-task.ts', { parentURL: import.meta.url, tsconfig: fileURLToPath(new URL('../../../tsconfig.json', import.meta.url)) }),
    );

export default async function run(job) {
  const { runPlan } = await task;
  return runPlan(job);
}
