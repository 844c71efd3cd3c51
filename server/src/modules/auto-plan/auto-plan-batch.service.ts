/**
 * Plans generated for a selection of a counselor's caseload at once, in the background (issue:
 * auto-plan). Starting checks every student (staff of the student's school only: another school's
 * student, or an id of no student, refuses the whole selection with "not found" and saves nothing),
 * stores the batch with one row per student and queues its job, in one transaction. The job
 * generates each student's plan for the pathways they follow (the school's graduation pathway is
 * always added) and saves it as a new what-if plan named for those pathways ("name (2)" when the
 * student has one of that name), never touching the official plan. A student whose pathways
 * cannot be met gets no plan: their row keeps the shortfalls, as the plan page explains them.
 *
 * Progress: each student's result is written with the batch's done count in the transaction that
 * saves their plan, so a job taken back after a crash neither saves a plan twice nor skips one.
 * Solving holds no transaction (the embedded database has one connection). Students are solved
 * `parallel` at a time (the solver pool's threads), saved one after another.
 *
 * Who reads a batch: the staff member who started it; anyone else is told it does not exist.
 */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { AppError, because, notFound, rowReason, type RowReason } from '../../core/errors.js';
import { parseUuid } from '../../core/ids.js';
import { authorize } from '../../core/policy.js';
import { returnedRows } from '../../core/returned-rows.js';
import { valid, type Checked } from '../../core/validation.js';
import { createLoaders, type Loaders } from '../../loaders.js';
import { User, UserType } from '../accounts/user.entity.js';
import type { FollowedPathwaysService } from '../caseload/followed-pathways.js';
import { enqueueJob, JobInterrupted, stopIfAsked, type JobRow } from '../jobs/job-queue.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { MAX_WHAT_IF_NAME } from '../what-if-plans/what-if-input.js';
import { AUTO_PLAN_BATCH_MESSAGES, AUTO_PLAN_BATCH_QUEUE, type BatchOutcome, type BatchStart } from './auto-plan-batch-input.js';
import { can } from './auto-plan.policy.js';
import { planView, type PlanView } from './auto-plan-view.js';
import type { AutoPlanService } from './auto-plan.service.js';

const M = AUTO_PLAN_BATCH_MESSAGES;

export interface BatchStudentResult {
  studentId: number;
  firstName: string;
  lastName: string;
  /** null while the student waits their turn. */
  outcome: BatchOutcome | null;
  /** What the solver proved (OPTIMAL, INFEASIBLE, UNPROVEN); null when it did not run. */
  solverStatus: string | null;
  whatIfPlanId: number | null;
  planName: string | null;
  /** NOT_SAVED and NO_PATHWAY: why. */
  reason: RowReason | null;
  shortfalls: PlanView['shortfalls'];
}

export interface BatchView {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  createdAt: Date;
  finishedAt: Date | null;
  results: BatchStudentResult[];
}

interface BatchRow {
  id: string;
  requested_by: number;
  state: BatchView['state'];
  time_limit_seconds: number | null;
  total: number;
  done: number;
  created_at: Date;
  finished_at: Date | null;
}

/** One student's result, ready to store. */
interface Solved {
  position: number;
  outcome: BatchOutcome;
  solverStatus: string | null;
  reason: RowReason | null;
  shortfalls: PlanView['shortfalls'];
  save: (() => Promise<{ id: number; name: string }>) | null;
}

export class AutoPlanBatchService {
  constructor(
    private readonly db: DataSource,
    private readonly schools: SchoolsService,
    private readonly autoPlan: AutoPlanService,
    private readonly followedPathways: FollowedPathwaysService,
    /** Students solved at once (the solver pool's threads). */
    private readonly parallel: number,
  ) {}

  async start(ctx: RequestContext, checked: Checked<BatchStart>): Promise<BatchView> {
    const caller = authorize(ctx, can, 'batch', null);
    const input = valid(checked);
    const rows: { id: number; user_type: UserType; school_id: number | null }[] = await this.db.query(
      `SELECT id, user_type, school_id FROM users WHERE id = ANY($1::int[]) AND deactivated_at IS NULL`,
      [input.studentIds],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const reach = await this.schools.accessibleSchoolIds(caller.user);
    for (const id of input.studentIds) {
      const r = byId.get(id);
      authorize(ctx, can, 'batch', { student: r ? { id: r.id, type: r.user_type, schoolId: r.school_id } : null, reach });
    }
    const id = await this.db.transaction(async (m) => {
      const [created]: { id: string }[] = await m.query(`INSERT INTO auto_plan_batches (requested_by, time_limit_seconds, total) VALUES ($1, $2, $3) RETURNING id`, [
        caller.user.id,
        input.timeLimitSeconds,
        input.studentIds.length,
      ]);
      await m.query(
        `INSERT INTO auto_plan_batch_students (batch_id, position, student_id)
         SELECT $1, ord::int - 1, s FROM unnest($2::int[]) WITH ORDINALITY AS x(s, ord)`,
        [created.id, input.studentIds],
      );
      await enqueueJob(m, AUTO_PLAN_BATCH_QUEUE, { batchId: created.id }, { singletonKey: created.id, maxAttempts: 5 });
      return created.id;
    });
    return this.view(id);
  }

  /** A batch's progress and results so far, for the staff member who started it. */
  async status(ctx: RequestContext, rawId: unknown): Promise<BatchView> {
    const caller = authorize(ctx, can, 'batch', null);
    const id = parseUuid(rawId, 'batch');
    const [row]: { requested_by: number }[] = await this.db.query(`SELECT requested_by FROM auto_plan_batches WHERE id = $1`, [id]);
    if (!row || row.requested_by !== caller.user.id) throw notFound(because(M.notFound));
    return this.view(id);
  }

  /** The job: every student still waiting, `parallel` solved at once, each saved with the progress. */
  async process(batchId: string, job: Pick<JobRow, 'attempts' | 'max_attempts'>, stopping: AbortSignal): Promise<void> {
    const [batch] = returnedRows<BatchRow>(
      await this.db.query(`UPDATE auto_plan_batches SET state = 'running' WHERE id = $1 AND state IN ('queued', 'running') RETURNING *`, [batchId]),
    );
    if (!batch) return;
    const loaders = createLoaders(this.db);
    try {
      for (;;) {
        stopIfAsked(stopping);
        const waiting: { position: number; student_id: number }[] = await this.db.query(
          `SELECT position, student_id FROM auto_plan_batch_students WHERE batch_id = $1 AND outcome IS NULL ORDER BY position LIMIT $2`,
          [batchId, Math.max(1, this.parallel)],
        );
        if (!waiting.length) break;
        const solved = await Promise.all(waiting.map((w) => this.solveOne(loaders, w.position, w.student_id, batch.time_limit_seconds)));
        for (const s of solved) await this.record(batchId, s);
      }
      await this.db.query(`UPDATE auto_plan_batches SET state = 'done', finished_at = now() WHERE id = $1`, [batchId]);
    } catch (e) {
      if (job.attempts >= job.max_attempts && !(e instanceof JobInterrupted)) {
        await this.db.query(`UPDATE auto_plan_batches SET state = 'failed', finished_at = now() WHERE id = $1`, [batchId]);
      }
      throw e;
    }
  }

  /** Generates one student's plan for the pathways they follow; a refusal of ours (no school, no pathway) is their result, not the job's failure. */
  private async solveOne(loaders: Loaders, position: number, studentId: number, timeLimitSeconds: number | null): Promise<Solved> {
    const none = { solverStatus: null, shortfalls: [], save: null };
    try {
      const student = await this.db.getRepository(User).findOneBy({ id: studentId });
      const school = student?.schoolId == null ? null : await loaders.schoolById.load(student.schoolId);
      if (!student || !school) return { position, outcome: 'NOT_SAVED', reason: rowReason(because('NO_SCHOOL_OF_RECORD')), ...none };
      const followed = await this.followedPathways.followedBy(loaders, { id: student.id, schoolId: student.schoolId });
      if (!followed.length) return { position, outcome: 'NO_PATHWAY', reason: rowReason(because('AUTO_PLAN_NO_PATHWAY')), ...none };
      const generated = await this.autoPlan.generateFor(loaders, student, school, {
        studentId,
        pathwayIds: followed.map((f) => f.pathway.id),
        movePlanned: false,
        timeLimitSeconds,
      });
      const status = generated.result.status;
      const shortfalls = planView(generated).shortfalls;
      if (status === 'INFEASIBLE' || !generated.result.entries.length) {
        return { position, outcome: status === 'INFEASIBLE' ? 'INFEASIBLE' : 'UNPROVEN', solverStatus: status, reason: null, shortfalls, save: null };
      }
      const name = [...followed.map((f) => f.pathway.name)].join(', ').slice(0, MAX_WHAT_IF_NAME);
      return { position, outcome: 'SAVED', solverStatus: status, reason: null, shortfalls, save: () => this.autoPlan.saveGenerated(generated, name, true) };
    } catch (e) {
      if (e instanceof AppError) return { position, outcome: 'NOT_SAVED', reason: rowReason(because(e.reason, e.params)), ...none };
      throw e;
    }
  }

  /** Saves the student's plan (when there is one) and records their result with the progress. */
  private async record(batchId: string, s: Solved): Promise<void> {
    let outcome = s.outcome;
    let reason = s.reason;
    let saved: { id: number; name: string } | null = null;
    if (s.save) {
      try {
        saved = await s.save();
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        outcome = 'NOT_SAVED';
        reason = rowReason(because(e.reason, e.params));
      }
    }
    const [updated] = returnedRows<{ position: number }>(
      await this.db.query(
        `UPDATE auto_plan_batch_students SET outcome = $3, solver_status = $4, what_if_plan_id = $5, plan_name = $6, reason = $7::jsonb, shortfalls = $8::jsonb
          WHERE batch_id = $1 AND position = $2 AND outcome IS NULL RETURNING position`,
        [batchId, s.position, outcome, s.solverStatus, saved?.id ?? null, saved?.name ?? null, reason ? JSON.stringify(reason) : null, JSON.stringify(s.shortfalls)],
      ),
    );
    if (updated) await this.db.query(`UPDATE auto_plan_batches SET done = done + 1 WHERE id = $1`, [batchId]);
  }

  private async view(id: string): Promise<BatchView> {
    const [b]: BatchRow[] = await this.db.query(`SELECT * FROM auto_plan_batches WHERE id = $1`, [id]);
    const rows: {
      student_id: number;
      first_name: string | null;
      last_name: string | null;
      outcome: BatchOutcome | null;
      solver_status: string | null;
      what_if_plan_id: number | null;
      plan_name: string | null;
      reason: RowReason | null;
      shortfalls: PlanView['shortfalls'];
    }[] = await this.db.query(
      `SELECT s.student_id, u.first_name, u.last_name, s.outcome, s.solver_status, s.what_if_plan_id, s.plan_name, s.reason, s.shortfalls
         FROM auto_plan_batch_students s JOIN users u ON u.id = s.student_id WHERE s.batch_id = $1 ORDER BY s.position`,
      [id],
    );
    return {
      id: b.id,
      state: b.state,
      total: b.total,
      done: b.done,
      createdAt: b.created_at,
      finishedAt: b.finished_at,
      results: rows.map((r) => ({
        studentId: r.student_id,
        firstName: r.first_name ?? '',
        lastName: r.last_name ?? '',
        outcome: r.outcome,
        solverStatus: r.solver_status,
        whatIfPlanId: r.what_if_plan_id,
        planName: r.plan_name,
        reason: r.reason,
        shortfalls: Array.isArray(r.shortfalls) ? r.shortfalls : [],
      })),
    };
  }
}
