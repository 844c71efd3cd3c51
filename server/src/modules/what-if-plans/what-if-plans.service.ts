/**
 * What-if plans: up to five named alternative plans a student keeps beside the official one
 * ("Engineering", "Nursing"), started empty, as a copy of the official plan, or from one of their
 * school's baseline plans; renamed, deleted, compared with another plan, and made official.
 *
 * Data model: a what-if plan is a row of what_if_plans (its name and term labels) and its courses
 * are what_if_entries, never scheduled_courses. The official plan stays the only content of
 * scheduled_courses, so every area reading it (caseload, progress, exports, transcripts, PDFs,
 * counts) keeps reading exactly the official plan with no filter to forget. The plan's rules
 * (terms, order, moves, grades, warnings) are not copied: PlansService runs them on either table
 * through the plan store's PlanRef (plans/plan-store.ts), and the compare view asks the one
 * progress engine (pathways/progress.ts) for each plan.
 *
 * Rules (ours):
 * - At most MAX_WHAT_IF_PLANS per student; a sixth is refused (409) with a message saying so.
 * - Names: 1..80 characters once trimmed, unique per student ignoring case (409 otherwise).
 * - "Empty" keeps the official plan's term labels with no courses; a copy takes the official
 *   plan's (or the baseline plan's) labels, courses, order, grades and completed flags.
 * - Making a plan official replaces the official plan's labels and entries with exact copies of
 *   the what-if plan's, in one transaction under the official plan's lock (which stamps
 *   users.plan_changed_at like every plan write). The what-if plan stays, unchanged.
 * - Who: see what-if-plans.policy.ts. Reads by staff or parents (directly, or on a view-as
 *   token) are written to the access log ('what_if_view').
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { Caller, RequestContext } from '../../context.js';
import { conflict, isUniqueViolation, notFound, because } from '../../core/errors.js';
import { authorize } from '../../core/policy.js';
import { parseId } from '../../core/ids.js';
import { valid, type Checked } from '../../core/validation.js';
import { recordAccess } from '../access-log/record-access.js';
import { ParentStudentLink, User, UserType } from '../accounts/user.entity.js';
import { can as baselineCan } from '../baseline-plans/baseline-plans.policy.js';
import { visibleSchoolIds } from '../pathways/pathways.policy.js';
import { ProgressService, type RequirementProgressRow } from '../pathways/progress.js';
import { loadEntries, lockPlan, officialPlan, renumberOfficialPlans, saveLabels, whatIfPlan, type PlanRef } from '../plans/plan-store.js';
import { buildView, type PlanView } from '../plans/plan-view.js';
import type { PlansService } from '../plans/plans.service.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { can, WHAT_IF_POLICY_MESSAGES } from './what-if-plans.policy.js';
import { findWhatIf, listWhatIfs, type WhatIfRow } from './what-if-store.js';
import { MAX_WHAT_IF_NAME, MAX_WHAT_IF_PLANS, WHAT_IF_INPUT_MESSAGES, type ComparedPlan, type WhatIfCreate } from './what-if-input.js';
import type { Reason } from '@planner/shared';

export const WHAT_IF_MESSAGES = {
  ...WHAT_IF_POLICY_MESSAGES,
  ...WHAT_IF_INPUT_MESSAGES,
  tooMany: because('WHAT_IF_TOO_MANY', { max: MAX_WHAT_IF_PLANS }),
  nameTaken: 'WHAT_IF_NAME_TAKEN',
  baselineNotFound: 'BASELINE_PLAN_NOT_FOUND',
} as const;

/** One side of the compare view: which plan, its name, and the progress of every requirement. */
export interface ComparedProgress {
  whatIfPlanId: number | null;
  name: string | null;
  totalUnits: number;
  courseCount: number;
  progress: RequirementProgressRow[];
}

export class WhatIfPlansService {
  private readonly progressEngine: ProgressService;

  constructor(
    private readonly db: DataSource,
    private readonly schools: SchoolsService,
    private readonly plans: PlansService,
  ) {
    this.progressEngine = new ProgressService(db);
  }

  // ---- reading --------------------------------------------------------------------------------

  /** The what-if plans of the caller (a student, or the student viewed as), or of `studentId` for staff and parents. */
  async list(ctx: RequestContext, studentId?: unknown): Promise<{ student: User; plans: WhatIfRow[] }> {
    const { caller, student } = await this.readable(ctx, studentId);
    await this.logRead(caller, student, 'what-if plans listed');
    return { student, plans: await listWhatIfs(this.db, student.id) };
  }

  /** One what-if plan as the plan screens show it; read-only for anyone but the student. */
  async view(ctx: RequestContext, id: unknown): Promise<PlanView> {
    const caller = authorize(ctx, can, 'read', null);
    const row = await findWhatIf(this.db, parseId(id, 'what-if plan'));
    // The student (or a view-as token acting as them) reads it through the plan service, like the official plan.
    if (row && row.studentId === caller.user.id) return this.plans.plan(ctx, row.id);
    const student = row ? await this.db.getRepository(User).findOneBy({ id: row.studentId }) : null;
    await this.authorizeRead(ctx, caller, student, WHAT_IF_MESSAGES.notFound);
    await this.logRead(caller, student!, 'what-if plan read');
    const entries = await loadEntries(this.db, whatIfPlan(student!.id, row!.id));
    const labelled = Object.assign(new User(), student, { academicYearLabels: row!.labels });
    return { ...buildView(labelled, true, entries), whatIf: { id: row!.id, name: row!.name } };
  }

  /**
   * Two plans' requirement progress side by side, each from the one progress engine (the same
   * numbers the student's progress page shows for the official plan).
   */
  async compare(ctx: RequestContext, checked: Checked<[ComparedPlan, ComparedPlan]>, studentId?: unknown): Promise<[ComparedProgress, ComparedProgress]> {
    const { caller, student } = await this.readable(ctx, studentId);
    const sides = valid(checked);
    const rows = await Promise.all(
      sides.map(async (side) => {
        if (side.kind === 'official') return null;
        const row = await findWhatIf(this.db, side.id);
        if (!row || row.studentId !== student.id) throw notFound(because(WHAT_IF_MESSAGES.notFound));
        return row;
      }),
    );
    await this.logRead(caller, student, 'what-if plans compared');
    const reach = await ctx.loaders.reach.load(student.id);
    const official = rows.some((r) => r === null)
      ? ((
          await this.db.query(
            `SELECT count(*)::int AS n, COALESCE(sum(c.units), 0)::float8 AS units FROM scheduled_courses sc JOIN courses c ON c.id = sc.course_id WHERE sc.user_id = $1`,
            [student.id],
          )
        )[0] as { n: number; units: number })
      : null;
    const out = [];
    for (const row of rows) {
      const plan: PlanRef = row ? whatIfPlan(student.id, row.id) : officialPlan(student.id);
      out.push({
        whatIfPlanId: row?.id ?? null,
        name: row?.name ?? null,
        totalUnits: row ? row.totalUnits : Math.round(Number(official!.units) * 100) / 100,
        courseCount: row ? row.courseCount : official!.n,
        progress: await this.progressEngine.forStudent(student, visibleSchoolIds(reach), undefined, plan),
      });
    }
    return [out[0], out[1]];
  }

  // ---- writing (the student alone) ------------------------------------------------------------

  async create(ctx: RequestContext, checked: Checked<WhatIfCreate>): Promise<WhatIfRow> {
    const caller = authorize(ctx, can, 'write', null);
    const input = valid(checked);
    const student = caller.user;
    const baseline = input.start === 'baseline' ? await this.baselineFor(ctx, student, input.baselineId!) : null;
    try {
      const id = await this.db.transaction(async (m) => {
        // The student's row is locked so two creations cannot both pass the count.
        const [me]: { academic_year_labels: unknown }[] = await m.query(`SELECT academic_year_labels FROM users WHERE id = $1 FOR UPDATE`, [student.id]);
        const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM what_if_plans WHERE student_id = $1`, [student.id]);
        if (n >= MAX_WHAT_IF_PLANS) throw conflict(WHAT_IF_MESSAGES.tooMany);
        await this.assertNameFree(m, student.id, input.name, null);
        const source = baseline ?? (input.start === 'official' ? student.id : null);
        const labels = baseline ? baseline.academicYearLabels : me?.academic_year_labels;
        const [created] = await m.query(`INSERT INTO what_if_plans (student_id, name, academic_year_labels) VALUES ($1, $2, $3::jsonb) RETURNING id`, [
          student.id,
          input.name,
          JSON.stringify(Array.isArray(labels) ? labels : []),
        ]);
        if (source !== null) await copyIntoWhatIf(m, typeof source === 'number' ? source : source.id, created.id);
        return created.id as number;
      });
      return (await findWhatIf(this.db, id))!;
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(because(WHAT_IF_MESSAGES.nameTaken));
      throw e;
    }
  }

  /**
   * A generated plan saved as a new what-if plan of `studentId`, in the caller's transaction (the
   * generator authorized the caller: auto-plan.policy.ts 'save'). The rules of create hold: at most
   * MAX_WHAT_IF_PLANS (409), names unique per student; with `freeName` a taken name becomes the
   * first free "name (2)", "name (3)"... (a counselor's batch names plans for the pathway).
   */
  async createFilled(
    m: EntityManager,
    studentId: number,
    name: string,
    labels: string[],
    entries: { courseId: number; term: string; position: number }[],
    freeName: boolean,
  ): Promise<{ id: number; name: string }> {
    await m.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [studentId]);
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM what_if_plans WHERE student_id = $1`, [studentId]);
    if (n >= MAX_WHAT_IF_PLANS) throw conflict(WHAT_IF_MESSAGES.tooMany);
    let chosen = name;
    if (freeName) {
      const taken = new Set(
        ((await m.query(`SELECT lower(name) AS name FROM what_if_plans WHERE student_id = $1`, [studentId])) as { name: string }[]).map((r) => r.name),
      );
      for (let i = 2; taken.has(chosen.toLowerCase()); i++) chosen = `${name.slice(0, MAX_WHAT_IF_NAME - ` (${i})`.length)} (${i})`;
    } else await this.assertNameFree(m, studentId, name, null);
    const [created]: { id: number }[] = await m.query(`INSERT INTO what_if_plans (student_id, name, academic_year_labels) VALUES ($1, $2, $3::jsonb) RETURNING id`, [
      studentId,
      chosen,
      JSON.stringify(labels),
    ]);
    await m.query(
      `INSERT INTO what_if_entries (plan_id, course_id, term, position)
       SELECT $1, c, t, p FROM unnest($2::int[], $3::text[], $4::int[]) AS x(c, t, p)`,
      [created.id, entries.map((e) => e.courseId), entries.map((e) => e.term), entries.map((e) => e.position)],
    );
    return { id: created.id, name: chosen };
  }

  async rename(ctx: RequestContext, id: unknown, checked: Checked<string>): Promise<WhatIfRow> {
    const row = await this.own(ctx, id);
    const name = valid(checked);
    try {
      await this.db.transaction(async (m) => {
        await lockPlan(m, whatIfPlan(row.studentId, row.id));
        await this.assertNameFree(m, row.studentId, name, row.id);
        await m.query(`UPDATE what_if_plans SET name = $2 WHERE id = $1`, [row.id, name]);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(because(WHAT_IF_MESSAGES.nameTaken));
      throw e;
    }
    return (await findWhatIf(this.db, row.id))!;
  }

  async remove(ctx: RequestContext, id: unknown): Promise<void> {
    const row = await this.own(ctx, id);
    await this.db.query(`DELETE FROM what_if_plans WHERE id = $1 AND student_id = $2`, [row.id, row.studentId]);
  }

  /**
   * "Make this my plan": the official plan becomes an exact copy of the what-if plan (labels,
   * courses, terms, order, grades, completed). A plan write: it takes the official plan's lock
   * through the plan store, which stamps users.plan_changed_at. Courses from the school's record
   * stay as the record placed them (the student cannot change them on the plan either); the
   * alternative's copy of such a course is left out.
   */
  async makeOfficial(ctx: RequestContext, id: unknown): Promise<PlanView> {
    const row = await this.own(ctx, id);
    await this.db.transaction(async (m) => {
      const official = officialPlan(row.studentId);
      await lockPlan(m, official);
      const [fresh]: { academic_year_labels: unknown }[] = await m.query(`SELECT academic_year_labels FROM what_if_plans WHERE id = $1 AND student_id = $2 FOR UPDATE`, [
        row.id,
        row.studentId,
      ]);
      if (!fresh) throw notFound(because(WHAT_IF_MESSAGES.notFound));
      await m.query(`DELETE FROM scheduled_courses WHERE user_id = $1 AND transcript_record_id IS NULL`, [row.studentId]);
      await m.query(
        `INSERT INTO scheduled_courses (user_id, course_id, term, position, grade, completed)
         SELECT $1, course_id, term, position, grade, completed FROM what_if_entries WHERE plan_id = $2 ORDER BY id
         ON CONFLICT (user_id, course_id) DO NOTHING`,
        [row.studentId, row.id],
      );
      await renumberOfficialPlans(m, [row.studentId]);
      await saveLabels(m, official, Array.isArray(fresh.academic_year_labels) ? fresh.academic_year_labels : []);
    });
    return this.plans.plan(ctx);
  }

  // ---- helpers --------------------------------------------------------------------------------

  /** A what-if plan of the calling student, for a change; anyone else's (or none) is 404. */
  private async own(ctx: RequestContext, id: unknown): Promise<WhatIfRow> {
    const caller = authorize(ctx, can, 'write', null);
    const row = await findWhatIf(this.db, parseId(id, 'what-if plan'));
    const student = row && row.studentId === caller.user.id ? { id: caller.user.id, type: caller.user.userType, schoolId: caller.user.schoolId } : null;
    authorize(ctx, can, 'write', { student, reach: [], linked: false });
    return row!;
  }

  /** The student whose plans are read: the caller (or the student viewed as), or `studentId` for staff and linked parents. */
  private async readable(ctx: RequestContext, studentId: unknown): Promise<{ caller: Caller; student: User }> {
    const caller = authorize(ctx, can, 'read', null);
    if (studentId === undefined || studentId === null || studentId === '') {
      await this.authorizeRead(ctx, caller, caller.user, WHAT_IF_MESSAGES.studentsOnly);
      return { caller, student: caller.user };
    }
    const id = parseId(studentId, 'student');
    const student = id === caller.user.id ? caller.user : await this.db.getRepository(User).findOneBy({ id });
    await this.authorizeRead(ctx, caller, student, WHAT_IF_MESSAGES.studentNotFound);
    return { caller, student: student! };
  }

  private async authorizeRead(ctx: RequestContext, caller: Caller, student: User | null, missing: Reason): Promise<void> {
    const viewer = caller.user;
    const other = student !== null && student.id !== viewer.id && caller.actingUserId === null;
    const reach = other && viewer.userType === UserType.Staff ? await this.schools.accessibleSchoolIds(viewer) : [];
    const linked =
      other && viewer.userType === UserType.Parent && (await this.db.getRepository(ParentStudentLink).existsBy({ parentId: viewer.id, studentId: student.id }));
    authorize(ctx, can, 'read', {
      student: student ? { id: student.id, type: student.userType, schoolId: student.schoolId } : null,
      reach,
      linked,
      missing,
    });
  }

  /** Staff and parents reading a student's what-if plans (directly or viewing as them) leave a row in the access log. */
  private async logRead(caller: Caller, student: User, reason: string): Promise<void> {
    if (caller.user.id === student.id && caller.actingUserId === null) return;
    const how = caller.actingUserId !== null ? ' while viewing as the student' : caller.user.userType === UserType.Parent ? ' by a linked parent' : ' by staff';
    await recordAccess(this.db, caller, { studentId: student.id, action: 'what_if_view', reason: `${reason}${how}` });
  }

  private async assertNameFree(m: EntityManager, studentId: number, name: string, except: number | null): Promise<void> {
    const taken = await m.query(`SELECT 1 FROM what_if_plans WHERE student_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3`, [studentId, name, except]);
    if (taken.length) throw conflict(because(WHAT_IF_MESSAGES.nameTaken));
  }

  /** A baseline plan of the student's school, when the school uses them (the baseline area's own rule). */
  private async baselineFor(ctx: RequestContext, student: User, baselineId: number): Promise<User> {
    authorize(ctx, baselineCan, 'browse', null);
    const school = student.schoolId === null ? null : await ctx.loaders.schoolById.load(student.schoolId);
    authorize(ctx, baselineCan, 'browse', { school: school ?? null });
    const plan = await this.db.getRepository(User).findOneBy({ id: baselineId, userType: UserType.BaselinePlan });
    authorize(ctx, baselineCan, 'browse', { plan, reach: school ? [school.id] : [] });
    return plan!;
  }
}

/** Copies a plan's entries (the official plan of `fromUserId`, a student's or a baseline's) into a what-if plan. */
async function copyIntoWhatIf(m: EntityManager, fromUserId: number, whatIfId: number): Promise<void> {
  await m.query(
    `INSERT INTO what_if_entries (plan_id, course_id, term, position, grade, completed)
     SELECT $2, course_id, term, position, grade, completed FROM scheduled_courses WHERE user_id = $1 ORDER BY id`,
    [fromUserId, whatIfId],
  );
}
