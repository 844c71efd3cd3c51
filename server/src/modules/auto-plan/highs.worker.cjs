/**
 * One HiGHS solve in a worker thread (solver-pool.ts runs this file in a piscina pool).
 *
 * Plain JavaScript on purpose: a worker thread loads its file with Node itself, under every way
 * the server runs (tsx in development, vitest in tests, the compiled build), and Node 20 cannot
 * load TypeScript. It only turns a model (plan-model.ts, LinearModel) into HiGHS' answer; all the
 * planning logic stays in TypeScript.
 *
 * Each worker loads the WebAssembly solver once and reuses it; every model is disposed after its
 * solve, so the worker's memory does not grow with the number of solves.
 */
'use strict';
// A CommonJS worker file (see above) loads its library with require.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadHighs = require('highs');

const ready = loadHighs();

const finite = (highs, list) => list.map((v) => (v === Infinity ? highs.infinity : v === -Infinity ? -highs.infinity : v));

module.exports = async function solve({ model, timeLimitSeconds }) {
  const highs = await ready;
  const status = highs.constants.modelStatus;
  if (model.numCols === 0) {
    // Nothing to decide: feasible when every row holds at zero.
    const ok = model.rowLower.every((lo, i) => lo <= 0 && model.rowUpper[i] >= 0);
    return { status: ok ? 'optimal' : 'infeasible', feasible: ok, values: [] };
  }
  const m = highs.createModel({
    ...model,
    colLower: finite(highs, model.colLower),
    colUpper: finite(highs, model.colUpper),
    rowLower: finite(highs, model.rowLower),
    rowUpper: finite(highs, model.rowUpper),
  });
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
};
