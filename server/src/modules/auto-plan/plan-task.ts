/**
 * What a plan worker thread does (plan.worker.cjs loads this module): the whole generation for one
 * student, from the plain data the service loaded to the finished plan or shortfalls. Building
 * each model, the solves and decoding them all happen here, off the server's event loop; the main
 * thread only reads the database and posts the input.
 */
import { autoPlan, type AutoPlanInput, type AutoPlanResult } from './plan-model.js';
import { highsSolve } from './highs-solve.js';

export interface PlanJob {
  input: AutoPlanInput;
  timeLimitSeconds: number;
}

export function runPlan({ input, timeLimitSeconds }: PlanJob): Promise<AutoPlanResult> {
  return autoPlan(input, highsSolve, timeLimitSeconds);
}
