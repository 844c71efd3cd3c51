/**
 * The academic plan: a student's (or a baseline-plan record's) courses in terms, their order,
 * grades, the term labels, and the prerequisite warnings. The plan's operations and rules live
 * here; beside it: the payloads (plan-input.ts), the rows and the plan's lock (plan-store.ts), and
 * the PlanView that REST, GraphQL, the PDF and the students dashboard read (plan-view.ts).
 *
 * Whose plan: always the caller's own user. Staff reach a student's (or a baseline plan's) plan
 * through a view-as token, which acts as that user; a parent's view-as token reads only.
 *
 * Which plan: the official plan (scheduled_courses), or, when a call names `whatIfId`, one of the
 * student's what-if plans (modules/what-if-plans/). The same rules run on both through the plan
 * store's PlanRef; a what-if plan is the student's to change, and any view-as token reads it only.
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
import type { Caller, RequestContext } from '../../context.js';
import { recordAccess } from '../access-log/record-access.js';
import { can as whatIfCan } from '../what-if-plans/what-if-plans.policy.js';
import { findWhatIf, type WhatIfRow } from '../what-if-plans/what-if-store.js';
import { badInput, because, conflict, notFound } from '../../core/errors.js';
import { authorize, permits, requireCaller } from '../../core/policy.js';
import { can, PLAN_POLICY_MESSAGES } from './plans.policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { isId, parseCourseRef, parseId, parseUuid } from '../../core/ids.js';
import { parseLabels } from '../accounts/profile-input.js';
import { User } from '../accounts/user.entity.js';
import { courseReachFacts } from '../schools/reach.js';
import { can as requestCan } from '../course-requests/course-requests.policy.js';
import { holdsKeptRequests, keptYear } from '../course-requests/request-store.js';
import { requestTerm } from '../course-requests/request-terms.js';
import { schoolYearEndOf } from '../transcripts/term-placement.js';
import { moveItem } from './plan-rules.js';
import {
  applyPositions,
  entryTable,
  loadCourses,
  loadEntries,
  lockPlan,
  officialPlan,
  renumberTerms,
  saveLabels,
  SCHEDULED_NOT_FOUND,
  whatIfPlan,
  writePositions,
  type PlanCourseInfo,
  type PlanEntry,
  type PlanRef,
  type ScheduledFields,
} from './plan-store.js';
import { buildView, type PlanView } from './plan-view.js';
import {
  MAX_UPDATES,
  parseTerm,
  PLAN_INPUT_MESSAGES,
  termValue,
  type GradeInput,
  type MoveInput,
  type PositionsInput,
  type ScheduleInput,
  type TermInput,
} from './plan-input.js';

export const PLAN_MESSAGES = {
  ...PLAN_POLICY_MESSAGES,
  ...PLAN_INPUT_MESSAGES,
  alreadyScheduled: 'ALREADY_SCHEDULED',
  notScheduled: 'NOT_SCHEDULED',
  scheduledNotFound: SCHEDULED_NOT_FOUND,
  termNotFound: 'TERM_NOT_FOUND',
  termHasCourses: 'TERM_HAS_COURSES',
  wrongTerm: 'POSITIONS_WRONG_TERM',
} as const;

export class PlansService {
  constructor(private readonly db: DataSource) {}

  // ---- reading --------------------------------------------------------------------------------

  /**
   * The caller's plan (or the plan of the student they view as), with terms and warnings; with
   * `whatIfId`, one of the student's what-if plans instead, read-only on any view-as token.
   */
  async plan(ctx: RequestContext, whatIfId?: unknown): Promise<PlanView> {
    const { caller, owner, plan, whatIf } = await this.target(ctx, 'view', whatIfId);
    // The labels are read fresh: a term edit earlier in the same session must show.
    const fresh = await this.db.getRepository(User).findOneByOrFail({ id: owner.id });
    const entries = await loadEntries(this.db.manager, plan);
    if (!whatIf) return buildView(fresh, caller.readOnly, entries);
    // Staff and parents viewing as the student read it: their read is logged like a PDF export.
    if (caller.actingUserId !== null) {
      await recordAccess(this.db, caller, { studentId: owner.id, action: 'what_if_view', reason: 'what-if plan read while viewing as the student' });
    }
    const labelled = Object.assign(new User(), fresh, { academicYearLabels: whatIf.labels });
    return { ...buildView(labelled, caller.readOnly || caller.actingUserId !== null, entries), whatIf: { id: whatIf.id, name: whatIf.name } };
  }

  /** The plan entries alone, in term then position order (GET /api/user-scheduled-courses/). */
  async entries(ctx: RequestContext): Promise<PlanEntry[]> {
    return (await this.plan(ctx)).terms.flatMap((t) => t.courses);
  }

  /** GET /api/check-course-scheduled/{course id or uuid}/: whether the course is in the caller's plan. */
  async isScheduled(ctx: RequestContext, course: string | number): Promise<boolean> {
    const owner = authorize(ctx, can, 'view', null).user;
    return (await this.namedCourse(ctx, owner, course, officialPlan(owner.id))).entry !== null;
  }

  /** The caller's plan entry for a course (in the official plan, or in one of their what-if plans), or null. */
  async entryForCourse(ctx: RequestContext, courseId: number, whatIfId?: unknown): Promise<PlanEntry | null> {
    const caller = requireCaller(ctx);
    if (!permits(caller, can, 'view', null) || !isId(courseId)) return null;
    if (whatIfId === undefined || whatIfId === null) {
      const [entry] = await loadEntries(this.db.manager, officialPlan(caller.user.id), { courseId });
      return entry ?? null;
    }
    const { plan } = await this.target(ctx, 'view', whatIfId);
    const [entry] = await loadEntries(this.db.manager, plan, { courseId });
    return entry ?? null;
  }

  /**
   * GET /api/get-scheduled-course/{course id or uuid}/: the entry's own fields, read with the course
   * in one statement (the course page asks this often and needs no course details); 404 when the
   * course is not in the plan.
   */
  async scheduledFields(ctx: RequestContext, course: string | number): Promise<ScheduledFields> {
    const owner = authorize(ctx, can, 'view', null).user;
    const { entry } = await this.namedCourse(ctx, owner, course, officialPlan(owner.id));
    if (!entry) throw notFound(because(PLAN_MESSAGES.notScheduled));
    return entry;
  }

  /** A course the caller can reach, by uuid, as the plan shows it (the student course page). */
  async courseByUuid(ctx: RequestContext, uuid: string): Promise<PlanCourseInfo> {
    const caller = authorize(ctx, can, 'viewCourse', null);
    parseUuid(uuid, 'course');
    const rows: { id: number }[] = await this.db.query(`SELECT id FROM courses WHERE uuid = $1`, [uuid]);
    if (!rows.length) throw notFound(because(PLAN_MESSAGES.courseNotFound));
    const reach = await ctx.loaders.reach.load(caller.user.id);
    authorize(ctx, can, 'viewCourse', { reach, course: await courseReachFacts(this.db.manager, reach, rows[0].id) });
    const [course] = await loadCourses(this.db.manager, [rows[0].id]);
    return course;
  }

  // ---- scheduling -----------------------------------------------------------------------------

  async schedule(ctx: RequestContext, checked: Checked<ScheduleInput>, whatIfId?: unknown): Promise<PlanEntry> {
    const { owner, plan } = await this.target(ctx, 'edit', whatIfId);
    const input = valid(checked);
    // Read before the transaction: the embedded database serves one connection, and the transaction holds it.
    const reach = await ctx.loaders.reach.load(owner.id);
    const kept = await this.keptYearOf(owner, plan);
    return this.db.transaction(async (m) => {
      const labels = await lockPlan(m, plan);
      const term = parseTerm(input.term, labels.length);
      authorize(ctx, can, 'scheduleCourse', { reach, course: await courseReachFacts(m, reach, input.course_id) });
      this.refuseKeptTerms(ctx, owner, kept, labels, [term]);
      const t = entryTable(plan);
      const taken = await m.query(`SELECT 1 FROM ${t.table} WHERE ${t.owner} = $1 AND course_id = $2`, [t.key, input.course_id]);
      if (taken.length) throw conflict(because(PLAN_MESSAGES.alreadyScheduled));
      const [{ next }] = await m.query(`SELECT count(*)::int AS next FROM ${t.table} WHERE ${t.owner} = $1 AND term = $2`, [t.key, term]);
      const [row] = await m.query(`INSERT INTO ${t.table} (${t.owner}, course_id, term, position) VALUES ($1, $2, $3, $4) RETURNING id`, [
        t.key,
        input.course_id,
        term,
        next,
      ]);
      const [entry] = await loadEntries(m, plan, { id: row.id });
      return entry;
    });
  }

  /** Removes a course (by course id or uuid) from the plan and closes the gap in its term. */
  async unschedule(ctx: RequestContext, course: string | number, whatIfId?: unknown): Promise<void> {
    const { owner, plan } = await this.target(ctx, 'edit', whatIfId);
    // Read before the transaction: the embedded database serves one connection, and the transaction holds it.
    const { id: courseId } = await this.namedCourse(ctx, owner, course, plan);
    const t = entryTable(plan);
    const kept = await this.keptYearOf(owner, plan);
    await this.db.transaction(async (m) => {
      const labels = await lockPlan(m, plan);
      const rows = await loadEntries(m, plan, { courseId });
      if (rows.length) authorize(ctx, can, 'changeEntry', { fromRecord: rows[0].source === 'record' });
      if (rows.length) this.refuseKeptTerms(ctx, owner, kept, labels, [rows[0].term]);
      if (rows.length) await m.query(`DELETE FROM ${t.table} WHERE id = $1`, [rows[0].id]);
      if (!rows.length) throw notFound(because(PLAN_MESSAGES.notScheduled));
      await renumberTerms(m, plan, [rows[0].term]);
    });
  }

  async updateGrade(ctx: RequestContext, checked: Checked<GradeInput>, whatIfId?: unknown): Promise<PlanEntry> {
    const { plan } = await this.target(ctx, 'edit', whatIfId);
    const { scheduledId, grade, completed } = valid(checked);
    const entry = await this.ownEntry(this.db.manager, plan, scheduledId);
    if (grade !== undefined || completed !== undefined) authorize(ctx, can, 'changeEntry', { fromRecord: entry.source === 'record' });
    const changes: Record<string, unknown> = {};
    if (grade !== undefined) changes.grade = grade;
    if (completed !== undefined) changes.completed = completed;
    if (Object.keys(changes).length) {
      const t = entryTable(plan);
      await this.db.query(`UPDATE ${t.table} SET grade = COALESCE($3, grade), completed = COALESCE($4, completed) WHERE id = $1 AND ${t.owner} = $2`, [
        entry.id,
        t.key,
        changes.grade ?? null,
        changes.completed ?? null,
      ]);
    }
    return { ...entry, grade: (changes.grade as string | undefined) ?? entry.grade, completed: (changes.completed as boolean | undefined) ?? entry.completed };
  }

  // ---- order and terms of courses -------------------------------------------------------------

  /**
   * PUT /api/update-course-positions/: new positions for some of the caller's courses. Each
   * touched term is renumbered 0..n-1 in one transaction, under the plan's lock.
   */
  async updatePositions(ctx: RequestContext, checked: Checked<PositionsInput>, whatIfId?: unknown): Promise<void> {
    const { plan } = await this.target(ctx, 'edit', whatIfId);
    const { updates } = valid(checked);
    await this.db.transaction(async (m) => {
      await lockPlan(m, plan);
      await applyPositions(m, plan, new Map(updates.map((u) => [u.id, u.position])));
    });
  }

  /** GraphQL reorderTerm: the courses of one term in their new order (a subset keeps the others after them). */
  async reorderTerm(ctx: RequestContext, rawTerm: string | number, ids: number[], whatIfId?: unknown): Promise<void> {
    const { plan } = await this.target(ctx, 'edit', whatIfId);
    if (!Array.isArray(ids) || !ids.length || ids.length > MAX_UPDATES) throw badInput(because(PLAN_MESSAGES.updatesRequired));
    if (new Set(ids).size !== ids.length) throw badInput(because(PLAN_MESSAGES.duplicateUpdates));
    const scheduledIds = ids.map((i) => parseId(i, 'scheduled course'));
    await this.db.transaction(async (m) => {
      await lockPlan(m, plan);
      const term = termValue(rawTerm);
      const t = entryTable(plan);
      const rows: { id: number; term: string }[] = await m.query(`SELECT id, term FROM ${t.table} WHERE ${t.owner} = $1 AND id = ANY($2::int[])`, [t.key, scheduledIds]);
      if (rows.length !== ids.length) throw notFound(because(PLAN_MESSAGES.scheduledNotFound));
      if (rows.some((r) => r.term !== term)) throw badInput(because(PLAN_MESSAGES.wrongTerm));
      await applyPositions(m, plan, new Map(ids.map((id, index) => [id, index])));
    });
  }

  /**
   * PUT /api/courses/{scheduledId}/ (term): moves a course to another term, at `position` there
   * (default: the end). Both terms are renumbered in the same transaction.
   */
  async moveToTerm(ctx: RequestContext, checked: Checked<MoveInput>, whatIfId?: unknown): Promise<PlanEntry> {
    const { owner, plan } = await this.target(ctx, 'edit', whatIfId);
    const input = valid(checked);
    const scheduledId = input.scheduledId;
    const kept = await this.keptYearOf(owner, plan);
    return this.db.transaction(async (m) => {
      const labels = await lockPlan(m, plan);
      const term = parseTerm(input.term, labels.length);
      const entry = await this.ownEntry(m, plan, scheduledId);
      authorize(ctx, can, 'changeEntry', { fromRecord: entry.source === 'record' });
      if (entry.term !== term) this.refuseKeptTerms(ctx, owner, kept, labels, [entry.term, term]);
      const from = entry.term;
      const t = entryTable(plan);
      const target: { id: number }[] = await m.query(`SELECT id FROM ${t.table} WHERE ${t.owner} = $1 AND term = $2 AND id <> $3 ORDER BY position, id`, [
        t.key,
        term,
        entry.id,
      ]);
      const order = target.map((r) => r.id);
      const at = Math.min(input.position ?? order.length, order.length);
      order.splice(at, 0, entry.id);
      await m.query(`UPDATE ${t.table} SET term = $3 WHERE id = $1 AND ${t.owner} = $2`, [entry.id, t.key, term]);
      await writePositions(
        m,
        plan,
        order.map((id, position) => ({ id, position })),
      );
      if (from !== term) await renumberTerms(m, plan, [from]);
      const [moved] = await loadEntries(m, plan, { id: entry.id });
      return moved;
    });
  }

  /**
   * "Replace my plan" with a generated one (modules/auto-plan/): the caller's official plan gets
   * the added courses, each after what its term holds, and the moved ones in their new terms, in
   * one transaction and under the plan page's own rules (a read-only token, an entry from the
   * school's record, a term of the kept course-request year are refused as a single change would
   * be). What the plan holds besides stays. A course planned meanwhile is not added twice, and an
   * entry no longer where the generator found it is left where it is.
   */
  async applyGenerated(
    ctx: RequestContext,
    added: { courseId: number; term: string }[],
    moved: { courseId: number; from: string; term: string }[],
  ): Promise<{ added: number; moved: number }> {
    const { owner, plan } = await this.target(ctx, 'edit', undefined);
    const kept = await this.keptYearOf(owner, plan);
    return this.db.transaction(async (m) => {
      const labels = await lockPlan(m, plan);
      this.refuseKeptTerms(ctx, owner, kept, labels, [...added.map((a) => a.term), ...moved.flatMap((v) => [v.from, v.term])]);
      const existing = await loadEntries(m, plan);
      const byCourse = new Map(existing.map((e) => [e.courseId, e]));
      const next = new Map<string, number>();
      for (const e of existing) next.set(e.term, Math.max(next.get(e.term) ?? 0, e.position + 1));
      const take = (term: string) => {
        const position = next.get(term) ?? 0;
        next.set(term, position + 1);
        return position;
      };
      const left = new Set<string>();
      let movedCount = 0;
      for (const v of moved) {
        const entry = byCourse.get(v.courseId);
        if (!entry || entry.term !== v.from) continue;
        authorize(ctx, can, 'changeEntry', { fromRecord: entry.source === 'record' });
        await m.query(`UPDATE scheduled_courses SET term = $3, position = $4 WHERE id = $1 AND user_id = $2`, [entry.id, owner.id, v.term, take(v.term)]);
        left.add(v.from);
        movedCount++;
      }
      const rows = added.filter((a) => !byCourse.has(a.courseId)).map((a) => ({ ...a, position: take(a.term) }));
      if (rows.length) {
        await m.query(
          `INSERT INTO scheduled_courses (user_id, course_id, term, position)
           SELECT $1, c, t, p FROM unnest($2::int[], $3::text[], $4::int[]) AS x(c, t, p)`,
          [owner.id, rows.map((r) => r.courseId), rows.map((r) => r.term), rows.map((r) => r.position)],
        );
      }
      if (left.size) await renumberTerms(m, plan, [...left]);
      return { added: rows.length, moved: movedCount };
    });
  }

  // ---- term labels ----------------------------------------------------------------------------

  async addTerm(ctx: RequestContext, checked: Checked<string>, whatIfId?: unknown): Promise<string[]> {
    const { plan } = await this.target(ctx, 'edit', whatIfId);
    const label = valid(checked);
    return this.db.transaction(async (m) => {
      const labels = parseLabels([...(await lockPlan(m, plan)), label]);
      await saveLabels(m, plan, labels);
      return labels;
    });
  }

  /**
   * Renames the term at `position` and optionally moves it to `newPosition` (both 1-based). The
   * whole label list is saved and every course's term is renumbered in the same transaction, so
   * courses stay with their term.
   */
  async updateTerm(ctx: RequestContext, checked: Checked<TermInput>, newPosition?: number | null, whatIfId?: unknown): Promise<string[]> {
    const { owner, plan } = await this.target(ctx, 'edit', whatIfId);
    const { position, label } = valid(checked);
    const kept = await this.keptYearOf(owner, plan);
    return this.db.transaction(async (m) => {
      const labels = await lockPlan(m, plan);
      if (!Number.isInteger(position) || position < 1 || position > labels.length) throw notFound(because(PLAN_MESSAGES.termNotFound));
      const to = newPosition ?? position;
      if (!Number.isInteger(to) || to < 1 || to > labels.length) throw badInput(because(PLAN_MESSAGES.positionInvalid));
      const renamed = labels.slice();
      renamed[position - 1] = label;
      const next = parseLabels(moveItem(renamed, position - 1, to - 1));
      // A move alone keeps every course with its term; a new name may take the term out of the kept year, or bring its courses into it.
      if (next[to - 1] !== labels[position - 1]) {
        await this.refuseKeptRequestTerm(ctx, m, owner, kept, labels, position);
        await this.refuseIntoKeptYear(ctx, m, plan, owner, kept, { labels, position }, { labels: next, position: to });
      }
      // Where each old position goes: the same move applied to the positions themselves.
      const order = moveItem(
        labels.map((_, i) => i + 1),
        position - 1,
        to - 1,
      );
      const moves = order.map((old, i) => ({ from: String(old), to: String(i + 1) })).filter((x) => x.from !== x.to);
      if (moves.length) {
        const t = entryTable(plan);
        await m.query(
          `UPDATE ${t.table} sc SET term = v.new_term
             FROM (SELECT unnest($2::text[]) AS old_term, unnest($3::text[]) AS new_term) v
            WHERE sc.${t.owner} = $1 AND sc.term = v.old_term`,
          [t.key, moves.map((x) => x.from), moves.map((x) => x.to)],
        );
      }
      await saveLabels(m, plan, next);
      return next;
    });
  }

  /** Deletes an empty term; the later terms (and their courses) move up one place. */
  async deleteTerm(ctx: RequestContext, checked: Checked<number>, whatIfId?: unknown): Promise<string[]> {
    const { owner, plan } = await this.target(ctx, 'edit', whatIfId);
    const position = valid(checked);
    const kept = await this.keptYearOf(owner, plan);
    return this.db.transaction(async (m) => {
      const labels = await lockPlan(m, plan);
      if (!Number.isInteger(position) || position < 1 || position > labels.length) throw notFound(because(PLAN_MESSAGES.termNotFound));
      await this.refuseKeptRequestTerm(ctx, m, owner, kept, labels, position);
      const t = entryTable(plan);
      const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM ${t.table} WHERE ${t.owner} = $1 AND term = $2`, [t.key, String(position)]);
      if (n > 0) throw conflict(because(PLAN_MESSAGES.termHasCourses));
      const later = labels.map((_, i) => i + 1).filter((p) => p > position);
      if (later.length) {
        const t = entryTable(plan);
        await m.query(
          `UPDATE ${t.table} sc SET term = v.new_term
             FROM (SELECT unnest($2::text[]) AS old_term, unnest($3::text[]) AS new_term) v
            WHERE sc.${t.owner} = $1 AND sc.term = v.old_term`,
          [t.key, later.map(String), later.map((p) => String(p - 1))],
        );
      }
      const next = labels.filter((_, i) => i !== position - 1);
      await saveLabels(m, plan, next);
      return next;
    });
  }

  // ---- helpers --------------------------------------------------------------------------------

  /**
   * The course a plan call names (its numeric id or uuid; anything else is a 400) with the owner's
   * plan entry for it, in one statement. A course that does not exist is a 404; so is one the owner
   * has not scheduled and cannot reach, so other schools' catalogues are not probed through the plan.
   */
  private async namedCourse(ctx: RequestContext, owner: User, given: string | number, plan: PlanRef): Promise<{ id: number; entry: ScheduledFields | null }> {
    const ref = parseCourseRef(given);
    const t = entryTable(plan);
    const [row]: ({ course_id: number } & { [K in keyof ScheduledFields]: ScheduledFields[K] | null })[] = await this.db.query(
      `SELECT c.id AS course_id, s.id, s.grade, s.completed, s.term
         FROM courses c
         LEFT JOIN LATERAL (SELECT id, grade, completed, term FROM ${t.table}
                             WHERE ${t.owner} = $1 AND course_id = c.id ORDER BY position, id LIMIT 1) s ON true
        WHERE ${ref.id !== undefined ? 'c.id = $2' : 'c.uuid = $2'}`,
      [t.key, ref.id ?? ref.uuid],
    );
    if (!row) throw notFound(because(PLAN_MESSAGES.courseNotFound));
    if (row.id === null) {
      const reach = await ctx.loaders.reach.load(owner.id);
      authorize(ctx, can, 'viewCourse', { reach, course: await courseReachFacts(this.db.manager, reach, row.course_id) });
      return { id: row.course_id, entry: null };
    }
    return { id: row.course_id, entry: { id: row.id, grade: row.grade!, completed: row.completed!, term: row.term! } };
  }

  /** An entry of this plan; another plan's entry (the student's own other plan too) answers 404 like a missing one. */
  private async ownEntry(m: EntityManager, plan: PlanRef, scheduledId: number): Promise<PlanEntry> {
    const [entry] = await loadEntries(m, plan, { id: scheduledId });
    if (!entry) throw notFound(because(PLAN_MESSAGES.scheduledNotFound));
    return entry;
  }

  /**
   * The school year whose course requests the student has submitted (modules/course-requests/):
   * null for a what-if plan, which is no request. Read before a plan's transaction (the close may
   * keep the school's requests in a transaction of its own).
   */
  private keptYearOf(owner: User, plan: PlanRef): Promise<string | null> {
    return plan.kind === 'official' ? keptYear(this.db.manager, owner) : Promise.resolve(null);
  }

  /** A change to a term in the kept school year is refused to the student (COURSE_REQUESTS_CLOSED); staff viewing as them may make it. */
  private refuseKeptTerms(ctx: RequestContext, owner: User, kept: string | null, labels: string[], terms: string[]): void {
    if (kept === null) return;
    const inYear = terms.some((t) => requestTerm(t, labels, owner.grade, kept, schoolYearEndOf(new Date())) !== null);
    if (inYear) authorize(ctx, requestCan, 'changeKeptYear', { kept: true, schoolYear: kept });
  }

  /**
   * Renaming or deleting the term at `position` (1-based) of the kept year while it holds the
   * student's kept requests is refused to the student (COURSE_REQUESTS_CLOSED): the plan would no
   * longer show what was requested. Staff viewing as them may.
   */
  private async refuseKeptRequestTerm(ctx: RequestContext, m: EntityManager, owner: User, kept: string | null, labels: string[], position: number): Promise<void> {
    if (kept === null) return;
    const term = requestTerm(String(position), labels, owner.grade, kept, schoolYearEndOf(new Date()));
    if (term !== null && (await holdsKeptRequests(m, owner.id, kept, term))) authorize(ctx, requestCan, 'changeKeptYear', { kept: true, schoolYear: kept });
  }

  /**
   * Renaming a term so that it lands in the kept year (or in another term of it) while it holds
   * courses is refused to the student (COURSE_REQUESTS_CLOSED), as renaming out of it is: the
   * courses would join the requests as submitted. An empty term brings nothing in. Staff viewing as
   * them may.
   */
  private async refuseIntoKeptYear(
    ctx: RequestContext,
    m: EntityManager,
    plan: PlanRef,
    owner: User,
    kept: string | null,
    before: { labels: string[]; position: number },
    after: { labels: string[]; position: number },
  ): Promise<void> {
    if (kept === null) return;
    const currentEnd = schoolYearEndOf(new Date());
    const was = requestTerm(String(before.position), before.labels, owner.grade, kept, currentEnd);
    const becomes = requestTerm(String(after.position), after.labels, owner.grade, kept, currentEnd);
    if (becomes === null || becomes === was) return;
    const t = entryTable(plan);
    const held = await m.query(`SELECT 1 FROM ${t.table} WHERE ${t.owner} = $1 AND term = $2 LIMIT 1`, [t.key, String(before.position)]);
    if (held.length) authorize(ctx, requestCan, 'changeKeptYear', { kept: true, schoolYear: kept });
  }

  /**
   * The plan a call names: the caller's official plan, or, with `whatIfId`, one of the student's
   * what-if plans (another student's, or a missing one, is 404; any view-as token reads only).
   */
  private async target(
    ctx: RequestContext,
    action: 'view' | 'edit',
    whatIfId: unknown,
  ): Promise<{ caller: Caller; owner: User; plan: PlanRef; whatIf: WhatIfRow | null }> {
    if (whatIfId === undefined || whatIfId === null) {
      const caller = authorize(ctx, can, action, null);
      return { caller, owner: caller.user, plan: officialPlan(caller.user.id), whatIf: null };
    }
    const caller = requireCaller(ctx);
    const verb = action === 'view' ? 'read' : 'write';
    authorize(ctx, whatIfCan, verb, null);
    const id = parseId(whatIfId, 'what-if plan');
    const row = await findWhatIf(this.db.manager, id);
    const student = row && row.studentId === caller.user.id ? { id: caller.user.id, type: caller.user.userType, schoolId: caller.user.schoolId } : null;
    authorize(ctx, whatIfCan, verb, { student, reach: [], linked: false });
    return { caller, owner: caller.user, plan: whatIfPlan(caller.user.id, id), whatIf: row };
  }
}
