/**
 * The academic plan: a student's (or a baseline-plan record's) courses in terms, their order,
 * grades, the term labels, and the prerequisite warnings. The plan's operations and rules live
 * here; beside it: the payloads (plan-input.ts), the rows and the plan's lock (plan-store.ts), and
 * the PlanView that REST, GraphQL, the PDF and the students dashboard read (plan-view.ts).
 *
 * Whose plan: always the caller's own user. Staff reach a student's (or a baseline plan's) plan
 * through a view-as token, which acts as that user; a parent's view-as token reads only.
 *
 * Decisions where the spec says "not shown":
 * - DELETE /api/remove-scheduled-course/{id}/ takes the COURSE id (the student course page knows
 *   the course, not the plan entry); the grade call takes the scheduled-course id, as the spec says.
 *   Wherever a course is named (check-course-scheduled, get-scheduled-course, remove-scheduled-course)
 *   its numeric id and its uuid are both accepted; anything else is a 400 (core/ids.ts), and a course
 *   that does not exist (or that the plan's owner cannot reach and has not scheduled) is a 404,
 *   never "not scheduled".
 * - A student may schedule (and open) a course they reach: the one rule of modules/schools/reach.ts
 *   (their schools, those schools' partners, a course one of their schools accepted as
 *   transferable), the same rule that lets them read it in the catalogue. Anything else is "Course
 *   not found." (404), so the catalogue of unrelated schools is not probed through the plan.
 * - Another student's plan entry answers 404 like a missing one (existence does not leak).
 * - Grades are free text of at most 20 characters; completed is a boolean.
 * - Terms: a term is its 1-based position among academic_year_labels; a course whose term is not
 *   one of them (old data, labels saved shorter through /api/update-user-labels/) is still shown,
 *   in an extra term labelled "Term N" (or its text), so nothing in a plan is ever hidden.
 * - When every label has the form "Season Year" the terms are shown (and warnings computed) in
 *   chronological order (sortTermLabels); otherwise in the student's order.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../../core/context.js';
import { badInput, conflict, notFound } from '../../core/errors.js';
import { authorize, permits, requireCaller } from '../../core/policy.js';
import { can, PLAN_POLICY_MESSAGES } from './plans.policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { isId, parseCourseRef, parseId, parseUuid } from '../../core/ids.js';
import { parseLabels } from '../accounts/profile-input.js';
import { User } from '../accounts/user.entity.js';
import { courseReachFacts } from '../schools/reach.js';
import { moveItem } from './plan-rules.js';
import { applyPositions, loadCourses, loadEntries, lockPlan, renumberTerms, saveLabels, SCHEDULED_NOT_FOUND, writePositions, type PlanCourseInfo, type PlanEntry, type ScheduledFields } from './plan-store.js';
import { buildView, type PlanView } from './plan-view.js';
import { MAX_UPDATES, parseTerm, PLAN_INPUT_MESSAGES, termValue, type GradeInput, type MoveInput, type PositionsInput, type ScheduleInput, type TermInput } from './plan-input.js';
import { REASONS } from '@planner/shared';

export const PLAN_MESSAGES = {
  ...PLAN_POLICY_MESSAGES,
  ...PLAN_INPUT_MESSAGES,
  alreadyScheduled: REASONS.ALREADY_SCHEDULED,
  notScheduled: REASONS.NOT_SCHEDULED,
  scheduledNotFound: SCHEDULED_NOT_FOUND,
  termNotFound: REASONS.TERM_NOT_FOUND,
  termHasCourses: REASONS.TERM_HAS_COURSES,
  wrongTerm: REASONS.POSITIONS_WRONG_TERM,
} as const;

export class PlansService {
  constructor(private readonly db: DataSource) {}

  // ---- reading --------------------------------------------------------------------------------

  /** The caller's plan (or the plan of the student they view as), with terms and warnings. */
  async plan(ctx: RequestContext): Promise<PlanView> {
    const caller = authorize(ctx, can, 'view', null);
    const owner = caller.user;
    // The labels are read fresh: a term edit earlier in the same session must show.
    const fresh = await this.db.getRepository(User).findOneByOrFail({ id: owner.id });
    const entries = await loadEntries(this.db.manager, { userId: owner.id });
    return buildView(fresh, caller.readOnly, entries);
  }

  /** The plan entries alone, in term then position order (GET /api/user-scheduled-courses/). */
  async entries(ctx: RequestContext): Promise<PlanEntry[]> {
    return (await this.plan(ctx)).terms.flatMap((t) => t.courses);
  }

  /** GET /api/check-course-scheduled/{course id or uuid}/: whether the course is in the caller's plan. */
  async isScheduled(ctx: RequestContext, course: string | number): Promise<boolean> {
    const owner = authorize(ctx, can, 'view', null).user;
    return (await this.namedCourse(ctx, owner, course)).entry !== null;
  }

  /** The caller's plan entry for a course, or null. */
  async entryForCourse(ctx: RequestContext, courseId: number): Promise<PlanEntry | null> {
    const caller = requireCaller(ctx);
    if (!permits(caller, can, 'view', null) || !isId(courseId)) return null;
    const [entry] = await loadEntries(this.db.manager, { userId: caller.user.id, courseId });
    return entry ?? null;
  }

  /**
   * GET /api/get-scheduled-course/{course id or uuid}/: the entry's own fields, read with the course
   * in one statement (the course page asks this often and needs no course details); 404 when the
   * course is not in the plan.
   */
  async scheduledFields(ctx: RequestContext, course: string | number): Promise<ScheduledFields> {
    const owner = authorize(ctx, can, 'view', null).user;
    const { entry } = await this.namedCourse(ctx, owner, course);
    if (!entry) throw notFound(PLAN_MESSAGES.notScheduled);
    return entry;
  }

  /** A course the caller can reach, by uuid, as the plan shows it (the student course page). */
  async courseByUuid(ctx: RequestContext, uuid: string): Promise<PlanCourseInfo> {
    const caller = authorize(ctx, can, 'viewCourse', null);
    parseUuid(uuid, 'course');
    const rows: { id: number }[] = await this.db.query(`SELECT id FROM courses WHERE uuid = $1`, [uuid]);
    if (!rows.length) throw notFound(PLAN_MESSAGES.courseNotFound);
    const reach = await ctx.loaders.reach.load(caller.user.id);
    authorize(ctx, can, 'viewCourse', { reach, course: await courseReachFacts(this.db.manager, reach, rows[0].id) });
    const [course] = await loadCourses(this.db.manager, [rows[0].id]);
    return course;
  }

  // ---- scheduling -----------------------------------------------------------------------------

  async schedule(ctx: RequestContext, checked: Checked<ScheduleInput>): Promise<PlanEntry> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const input = valid(checked);
    // Read before the transaction: the embedded database serves one connection, and the transaction holds it.
    const reach = await ctx.loaders.reach.load(owner.id);
    return this.db.transaction(async (m) => {
      const labels = await lockPlan(m, owner.id);
      const term = parseTerm(input.term, labels.length);
      authorize(ctx, can, 'scheduleCourse', { reach, course: await courseReachFacts(m, reach, input.course_id) });
      const taken = await m.query(`SELECT 1 FROM scheduled_courses WHERE user_id = $1 AND course_id = $2`, [owner.id, input.course_id]);
      if (taken.length) throw conflict(PLAN_MESSAGES.alreadyScheduled);
      const [{ next }] = await m.query(
        `SELECT count(*)::int AS next FROM scheduled_courses WHERE user_id = $1 AND term = $2`,
        [owner.id, term],
      );
      const [row] = await m.query(
        `INSERT INTO scheduled_courses (user_id, course_id, term, position) VALUES ($1, $2, $3, $4) RETURNING id`,
        [owner.id, input.course_id, term, next],
      );
      const [entry] = await loadEntries(m, { userId: owner.id, id: row.id });
      return entry;
    });
  }

  /** Removes a course (by course id or uuid) from the plan and closes the gap in its term. */
  async unschedule(ctx: RequestContext, course: string | number): Promise<void> {
    const owner = authorize(ctx, can, 'edit', null).user;
    // Read before the transaction: the embedded database serves one connection, and the transaction holds it.
    const { id: courseId } = await this.namedCourse(ctx, owner, course);
    await this.db.transaction(async (m) => {
      await lockPlan(m, owner.id);
      const rows: { id: number; term: string }[] = await m.query(`SELECT id, term FROM scheduled_courses WHERE user_id = $1 AND course_id = $2`, [owner.id, courseId]);
      if (rows.length) await m.query(`DELETE FROM scheduled_courses WHERE id = $1`, [rows[0].id]);
      if (!rows.length) throw notFound(PLAN_MESSAGES.notScheduled);
      await renumberTerms(m, owner.id, [rows[0].term]);
    });
  }

  async updateGrade(ctx: RequestContext, checked: Checked<GradeInput>): Promise<PlanEntry> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const { scheduledId, grade, completed } = valid(checked);
    const entry = await this.ownEntry(this.db.manager, owner.id, scheduledId);
    const changes: Record<string, unknown> = {};
    if (grade !== undefined) changes.grade = grade;
    if (completed !== undefined) changes.completed = completed;
    if (Object.keys(changes).length) {
      await this.db.query(
        `UPDATE scheduled_courses SET grade = COALESCE($3, grade), completed = COALESCE($4, completed) WHERE id = $1 AND user_id = $2`,
        [entry.id, owner.id, changes.grade ?? null, changes.completed ?? null],
      );
    }
    return { ...entry, grade: (changes.grade as string | undefined) ?? entry.grade, completed: (changes.completed as boolean | undefined) ?? entry.completed };
  }

  // ---- order and terms of courses -------------------------------------------------------------

  /**
   * PUT /api/update-course-positions/: new positions for some of the caller's courses. Each
   * touched term is renumbered 0..n-1 in one transaction, under the plan's lock.
   */
  async updatePositions(ctx: RequestContext, checked: Checked<PositionsInput>): Promise<void> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const { updates } = valid(checked);
    await this.db.transaction(async (m) => {
      await lockPlan(m, owner.id);
      await applyPositions(m, owner.id, new Map(updates.map((u) => [u.id, u.position])));
    });
  }

  /** GraphQL reorderTerm: the courses of one term in their new order (a subset keeps the others after them). */
  async reorderTerm(ctx: RequestContext, rawTerm: string | number, ids: number[]): Promise<void> {
    const owner = authorize(ctx, can, 'edit', null).user;
    if (!Array.isArray(ids) || !ids.length || ids.length > MAX_UPDATES) throw badInput(PLAN_MESSAGES.updatesRequired);
    if (new Set(ids).size !== ids.length) throw badInput(PLAN_MESSAGES.duplicateUpdates);
    const scheduledIds = ids.map((i) => parseId(i, 'scheduled course'));
    await this.db.transaction(async (m) => {
      await lockPlan(m, owner.id);
      const term = termValue(rawTerm);
      const rows: { id: number; term: string }[] = await m.query(
        `SELECT id, term FROM scheduled_courses WHERE user_id = $1 AND id = ANY($2::int[])`,
        [owner.id, scheduledIds],
      );
      if (rows.length !== ids.length) throw notFound(PLAN_MESSAGES.scheduledNotFound);
      if (rows.some((r) => r.term !== term)) throw badInput(PLAN_MESSAGES.wrongTerm);
      await applyPositions(m, owner.id, new Map(ids.map((id, index) => [id, index])));
    });
  }

  /**
   * PUT /api/courses/{scheduledId}/ (term): moves a course to another term, at `position` there
   * (default: the end). Both terms are renumbered in the same transaction.
   */
  async moveToTerm(ctx: RequestContext, checked: Checked<MoveInput>): Promise<PlanEntry> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const input = valid(checked);
    const scheduledId = input.scheduledId;
    return this.db.transaction(async (m) => {
      const labels = await lockPlan(m, owner.id);
      const term = parseTerm(input.term, labels.length);
      const entry = await this.ownEntry(m, owner.id, scheduledId);
      const from = entry.term;
      const target: { id: number }[] = await m.query(
        `SELECT id FROM scheduled_courses WHERE user_id = $1 AND term = $2 AND id <> $3 ORDER BY position, id`,
        [owner.id, term, entry.id],
      );
      const order = target.map((r) => r.id);
      const at = Math.min(input.position ?? order.length, order.length);
      order.splice(at, 0, entry.id);
      await m.query(`UPDATE scheduled_courses SET term = $3 WHERE id = $1 AND user_id = $2`, [entry.id, owner.id, term]);
      await writePositions(m, owner.id, order.map((id, position) => ({ id, position })));
      if (from !== term) await renumberTerms(m, owner.id, [from]);
      const [moved] = await loadEntries(m, { userId: owner.id, id: entry.id });
      return moved;
    });
  }

  // ---- term labels ----------------------------------------------------------------------------

  async addTerm(ctx: RequestContext, checked: Checked<string>): Promise<string[]> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const label = valid(checked);
    return this.db.transaction(async (m) => {
      const labels = parseLabels([...(await lockPlan(m, owner.id)), label]);
      await saveLabels(m, owner.id, labels);
      return labels;
    });
  }

  /**
   * Renames the term at `position` and optionally moves it to `newPosition` (both 1-based). The
   * whole label list is saved and every course's term is renumbered in the same transaction, so
   * courses stay with their term.
   */
  async updateTerm(ctx: RequestContext, checked: Checked<TermInput>, newPosition?: number | null): Promise<string[]> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const { position, label } = valid(checked);
    return this.db.transaction(async (m) => {
      const labels = await lockPlan(m, owner.id);
      if (!Number.isInteger(position) || position < 1 || position > labels.length) throw notFound(PLAN_MESSAGES.termNotFound);
      const to = newPosition ?? position;
      if (!Number.isInteger(to) || to < 1 || to > labels.length) throw badInput(PLAN_MESSAGES.positionInvalid);
      const renamed = labels.slice();
      renamed[position - 1] = label;
      const next = parseLabels(moveItem(renamed, position - 1, to - 1));
      // Where each old position goes: the same move applied to the positions themselves.
      const order = moveItem(labels.map((_, i) => i + 1), position - 1, to - 1);
      const moves = order.map((old, i) => ({ from: String(old), to: String(i + 1) })).filter((x) => x.from !== x.to);
      if (moves.length) {
        await m.query(
          `UPDATE scheduled_courses sc SET term = v.new_term
             FROM (SELECT unnest($2::text[]) AS old_term, unnest($3::text[]) AS new_term) v
            WHERE sc.user_id = $1 AND sc.term = v.old_term`,
          [owner.id, moves.map((x) => x.from), moves.map((x) => x.to)],
        );
      }
      await saveLabels(m, owner.id, next);
      return next;
    });
  }

  /** Deletes an empty term; the later terms (and their courses) move up one place. */
  async deleteTerm(ctx: RequestContext, checked: Checked<number>): Promise<string[]> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const position = valid(checked);
    return this.db.transaction(async (m) => {
      const labels = await lockPlan(m, owner.id);
      if (!Number.isInteger(position) || position < 1 || position > labels.length) throw notFound(PLAN_MESSAGES.termNotFound);
      const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM scheduled_courses WHERE user_id = $1 AND term = $2`, [owner.id, String(position)]);
      if (n > 0) throw conflict(PLAN_MESSAGES.termHasCourses);
      const later = labels.map((_, i) => i + 1).filter((p) => p > position);
      if (later.length) {
        await m.query(
          `UPDATE scheduled_courses sc SET term = v.new_term
             FROM (SELECT unnest($2::text[]) AS old_term, unnest($3::text[]) AS new_term) v
            WHERE sc.user_id = $1 AND sc.term = v.old_term`,
          [owner.id, later.map(String), later.map((p) => String(p - 1))],
        );
      }
      const next = labels.filter((_, i) => i !== position - 1);
      await saveLabels(m, owner.id, next);
      return next;
    });
  }

  // ---- helpers --------------------------------------------------------------------------------

  /**
   * The course a plan call names (its numeric id or uuid; anything else is a 400) with the owner's
   * plan entry for it, in one statement. A course that does not exist is a 404; so is one the owner
   * has not scheduled and cannot reach, so other schools' catalogues are not probed through the plan.
   */
  private async namedCourse(ctx: RequestContext, owner: User, given: string | number): Promise<{ id: number; entry: ScheduledFields | null }> {
    const ref = parseCourseRef(given);
    const [row]: ({ course_id: number } & { [K in keyof ScheduledFields]: ScheduledFields[K] | null })[] = await this.db.query(
      `SELECT c.id AS course_id, s.id, s.grade, s.completed, s.term
         FROM courses c
         LEFT JOIN LATERAL (SELECT id, grade, completed, term FROM scheduled_courses
                             WHERE user_id = $1 AND course_id = c.id ORDER BY position, id LIMIT 1) s ON true
        WHERE ${ref.id !== undefined ? 'c.id = $2' : 'c.uuid = $2'}`,
      [owner.id, ref.id ?? ref.uuid],
    );
    if (!row) throw notFound(PLAN_MESSAGES.courseNotFound);
    if (row.id === null) {
      const reach = await ctx.loaders.reach.load(owner.id);
      authorize(ctx, can, 'viewCourse', { reach, course: await courseReachFacts(this.db.manager, reach, row.course_id) });
      return { id: row.course_id, entry: null };
    }
    return { id: row.course_id, entry: { id: row.id, grade: row.grade!, completed: row.completed!, term: row.term! } };
  }

  private async ownEntry(m: EntityManager, userId: number, scheduledId: number): Promise<PlanEntry> {
    const [entry] = await loadEntries(m, { userId, id: scheduledId });
    if (!entry) throw notFound(PLAN_MESSAGES.scheduledNotFound);
    return entry;
  }
}
