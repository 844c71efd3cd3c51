/**
 * One HiGHS solve, in the thread that calls it (the plan worker, plan-task.ts). Each thread loads
 * the WebAssembly solver once and reuses it; every model is disposed after its solve, so memory
 * does not grow with the number of solves.
 */
import { createRequire } from 'node:module';
import type { Highs } from 'highs';
import type { LinearModel, SolveOutcome } from './plan-model.js';

// highs is CommonJS: its module.exports is the loader that its types call the default export.
const loadHighs = createRequire(import.meta.url)('highs') as typeof import('highs').default;

let ready: Promise<Highs> | null = null;

const finite = (highs: Highs, list: number[]) => list.map((v) => (v === Infinity ? highs.infinity : v === -Infinity ? -highs.infinity : v));

export async function highsSolve(model: LinearModel, timeLimitSeconds: number): Promise<SolveOutcome> {
  if (model.numCols === 0) {
    // Nothing to decide: feasible when every row holds at zero.
    const ok = model.rowLower.every((lo, i) => lo <= 0 && model.rowUpper[i] >= 0);
    return { status: ok ? 'optimal' : 'infeasible', feasible: ok, values: [] };
  }
  ready ??= loadHighs();
  const highs = await ready;
  const status = highs.constants.modelStatus;
  const m = highs.createModel({
    ...model,
    colLower: finite(highs, model.colLower),
    colUpper: finite(highs, model.colUpper),
    rowLower: finite(highs, model.rowLower),
    rowUpper: finite(highs, model.rowUpper),
  } as Parameters<Highs['createModel']>[0]);
  try {
    // A fixed seed, an exact gap: the same model always gives the same plan.
    m.options.set({ output_flag: false, time_limit: Math.max(0.01, timeLimitSeconds), mip_rel_gap: 0, random_seed: 0 });
    m.run();
    const code = m.getModelStatus();
    const feasible = Number(m.info.get('primal_solution_status')) === 2;
    const values = feasible ? Array.from(m.getSolution().colValue) : [];
    const named =
      code === status.optimal ? 'optimal' : code === status.infeasible ? 'infeasible' : code === status.timeLimit || code === status.interrupted ? 'timeLimit' : 'error';
    return { status: named, feasible: feasible && named !== 'infeasible', values };
  } finally {
    m.dispose();
  }
}
