/**
 * The academic plan: a student's (or a baseline-plan record's) courses in terms, their order,
 * grades, the term labels, and the prerequisite warnings. Every rule and permission of the plan
 * lives here; REST, GraphQL and the PDF read the same PlanView.
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
 * - A student may schedule a course of any school they reach (school of record, memberships), of a
 *   partner school of those, or one accepted as transferable by them. Anything else is "Course not
 *   found." (404), so the catalogue of unrelated schools is not probed through the plan.
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
import { hasNul, NUL_MESSAGE, parseInput, z } from '../../core/validation.js';
import { isId, MAX_ID, parseCourseRef, parseId, parseUuid, toId } from '../../core/ids.js';
import { parseLabels, MAX_LABEL_LENGTH } from '../accounts/profile.service.js';
import { User } from '../accounts/user.entity.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { moveItem, prerequisiteWarnings, renumberPositions, termDisplayOrder, type PrerequisiteWarning } from './plan-rules.js';

export const PLAN_MESSAGES = {
  ...PLAN_POLICY_MESSAGES,
  alreadyScheduled: 'This course is already in your plan.',
  notScheduled: 'This course is not in your plan.',
  scheduledNotFound: 'Scheduled course not found.',
  termInvalid: 'Please choose a term of your plan.',
  termNotFound: 'Term not found.',
  termHasCourses: 'Cannot delete a term that has courses.',
  labelRequired: 'Please enter a label.',
  positionInvalid: 'Please choose a term position between 1 and the number of terms.',
  gradeTooLong: 'A grade may have at most 20 characters.',
  updatesRequired: 'updates must be a list of { id, position }.',
  wrongTerm: 'Every course must belong to the term being reordered.',
} as const;

export const MAX_GRADE_LENGTH = 20;
const MAX_UPDATES = 500;

/** A plan entry's own fields (GET /api/get-scheduled-course/). */
export interface ScheduledFields {
  id: number;
  grade: string;
  completed: boolean;
  term: string;
}

/** A course as the plan shows it: its codes, units, school and prerequisite groups. */
export interface PlanCourseInfo {
  id: number;
  uuid: string;
  courseId: string;
  title: string;
  description: string;
  units: number;
  schoolId: number;
  /** Display strings: the course_ids of a group joined with ' or '. */
  prerequisiteGroups: string[];
  /** Course uuids of each group. */
  prerequisiteGroupUuids: string[][];
  /** Numeric course ids of each group, for the warning rule. */
  prerequisiteIds: number[][];
}

/** One plan entry (a scheduled course) with its course. The same shape as the ScheduledCourse entity. */
export interface PlanEntry {
  id: number;
  userId: number;
  courseId: number;
  term: string;
  position: number;
  grade: string;
  completed: boolean;
  course: PlanCourseInfo;
}

export interface PlanTermView {
  /** The term value stored on its courses (1-based position as text). */
  term: string;
  /** 1-based position among the labels; null for an extra term that is not one of them. */
  position: number | null;
  label: string;
  courses: PlanEntry[];
  units: number;
}

export interface PlanView {
  user: User;
  readOnly: boolean;
  labels: string[];
  terms: PlanTermView[];
  entries: PlanEntry[];
  warnings: PrerequisiteWarning[];
  totalUnits: number;
  completedUnits: number;
}

/** A term named by its 1-based position: anything but a whole number from 1 up is a 400 (a position past the last term is a 404). */
function termPosition(raw: unknown): number {
  const position = toId(raw);
  if (position === null) throw badInput(PLAN_MESSAGES.positionInvalid);
  return position;
}

const idSchema = z.coerce.number().int().positive().max(MAX_ID);
const termSchema = z.union([z.string(), z.number()]);

export class PlansService {
  constructor(
    private readonly db: DataSource,
    private readonly schools: SchoolsService,
  ) {}

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
  async isScheduled(ctx: RequestContext, course: unknown): Promise<boolean> {
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
  async scheduledFields(ctx: RequestContext, course: unknown): Promise<ScheduledFields> {
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
    authorize(ctx, can, 'viewCourse', { reachable: await this.reachable(this.db.manager, await this.schools.accessibleSchoolIds(caller.user), rows[0].id) });
    const [course] = await loadCourses(this.db.manager, [rows[0].id]);
    return course;
  }

  // ---- scheduling -----------------------------------------------------------------------------

  async schedule(ctx: RequestContext, raw: unknown): Promise<PlanEntry> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const input = parseInput(z.object({ course_id: idSchema, term: termSchema }), raw, 'Please choose a course and a term.');
    // Read before the transaction: the embedded database serves one connection, and the transaction holds it.
    const schoolIds = await this.schools.accessibleSchoolIds(owner);
    return this.db.transaction(async (m) => {
      const labels = await lockPlan(m, owner.id);
      const term = parseTerm(input.term, labels.length);
      authorize(ctx, can, 'scheduleCourse', { reachable: await this.reachable(m, schoolIds, input.course_id) });
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
  async unschedule(ctx: RequestContext, course: unknown): Promise<void> {
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

  async updateGrade(ctx: RequestContext, rawScheduledId: unknown, raw: unknown): Promise<PlanEntry> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const scheduledId = parseId(rawScheduledId, 'scheduled course');
    const input = parseInput(
      z.object({
        grade: z.preprocess((v) => (v === undefined || v === null ? undefined : typeof v === 'number' ? String(v) : v), z.string().optional()),
        completed: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional()),
      }),
      raw,
      'Please enter a grade as text and completed as true or false.',
    );
    const grade = input.grade?.trim();
    if (grade !== undefined && hasNul(grade)) throw badInput(NUL_MESSAGE);
    if (grade !== undefined && grade.length > MAX_GRADE_LENGTH) throw badInput(PLAN_MESSAGES.gradeTooLong);
    const entry = await this.ownEntry(this.db.manager, owner.id, scheduledId);
    const changes: Record<string, unknown> = {};
    if (grade !== undefined) changes.grade = grade;
    if (input.completed !== undefined) changes.completed = input.completed;
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
  async updatePositions(ctx: RequestContext, raw: unknown): Promise<void> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const { updates } = parseInput(
      z.object({ updates: z.array(z.object({ id: idSchema, position: z.coerce.number().int().min(0).max(10_000) })).min(1).max(MAX_UPDATES) }),
      raw,
      PLAN_MESSAGES.updatesRequired,
    );
    if (new Set(updates.map((u) => u.id)).size !== updates.length) throw badInput('Each course may appear only once in updates.');
    await this.db.transaction(async (m) => {
      await lockPlan(m, owner.id);
      await applyPositions(m, owner.id, new Map(updates.map((u) => [u.id, u.position])));
    });
  }

  /** GraphQL reorderTerm: the courses of one term in their new order (a subset keeps the others after them). */
  async reorderTerm(ctx: RequestContext, rawTerm: unknown, ids: number[]): Promise<void> {
    const owner = authorize(ctx, can, 'edit', null).user;
    if (!Array.isArray(ids) || !ids.length || ids.length > MAX_UPDATES) throw badInput(PLAN_MESSAGES.updatesRequired);
    if (new Set(ids).size !== ids.length) throw badInput('Each course may appear only once in updates.');
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
  async moveToTerm(ctx: RequestContext, rawScheduledId: unknown, raw: unknown): Promise<PlanEntry> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const scheduledId = parseId(rawScheduledId, 'scheduled course');
    const input = parseInput(
      z.object({ term: termSchema, position: z.coerce.number().int().min(0).max(10_000).optional() }),
      raw,
      PLAN_MESSAGES.termInvalid,
    );
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

  async addTerm(ctx: RequestContext, rawLabel: unknown): Promise<string[]> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const label = requireLabel(rawLabel);
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
  async updateTerm(ctx: RequestContext, rawPosition: unknown, rawLabel: unknown, newPosition?: number | null): Promise<string[]> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const position = termPosition(rawPosition);
    const label = requireLabel(rawLabel);
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
  async deleteTerm(ctx: RequestContext, rawPosition: unknown): Promise<string[]> {
    const owner = authorize(ctx, can, 'edit', null).user;
    const position = termPosition(rawPosition);
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
  private async namedCourse(ctx: RequestContext, owner: User, given: unknown): Promise<{ id: number; entry: ScheduledFields | null }> {
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
      authorize(ctx, can, 'viewCourse', { reachable: await this.reachable(this.db.manager, await this.schools.accessibleSchoolIds(owner), row.course_id) });
      return { id: row.course_id, entry: null };
    }
    return { id: row.course_id, entry: { id: row.id, grade: row.grade!, completed: row.completed!, term: row.term! } };
  }

  private async ownEntry(m: EntityManager, userId: number, scheduledId: number): Promise<PlanEntry> {
    const [entry] = await loadEntries(m, { userId, id: scheduledId });
    if (!entry) throw notFound(PLAN_MESSAGES.scheduledNotFound);
    return entry;
  }

  /** Whether `user` may put `courseId` in a plan: a course of a school they reach, a partner of one, or accepted by one. */
  /** Whether a course belongs to one of `schoolIds`, to a partner of one, or was accepted by one. */
  private async reachable(m: EntityManager, schoolIds: number[], courseId: number): Promise<boolean> {
    if (!schoolIds.length) return false;
    const rows = await m.query(
      `SELECT 1 FROM courses c
        WHERE c.id = $1 AND (
          c.school_id = ANY($2::int[])
          OR EXISTS (SELECT 1 FROM school_partnerships sp
                      WHERE (sp.school_id = ANY($2::int[]) AND sp.partner_school_id = c.school_id)
                         OR (sp.partner_school_id = ANY($2::int[]) AND sp.school_id = c.school_id))
          OR EXISTS (SELECT 1 FROM course_transfers ct WHERE ct.course_id = c.id AND ct.school_id = ANY($2::int[])))`,
      [courseId, schoolIds],
    );
    return rows.length > 0;
  }
}

// ---- module helpers ---------------------------------------------------------------------------

function requireLabel(raw: unknown): string {
  const label = typeof raw === 'string' ? raw.trim() : '';
  if (!label) throw badInput(PLAN_MESSAGES.labelRequired);
  if (hasNul(label)) throw badInput(NUL_MESSAGE);
  if (label.length > MAX_LABEL_LENGTH) throw badInput(`A term label may have at most ${MAX_LABEL_LENGTH} characters.`);
  return label;
}

function termValue(raw: unknown): string {
  if (typeof raw === 'number' && Number.isInteger(raw)) return String(raw);
  if (typeof raw === 'string' && /^\s*\d{1,3}\s*$/.test(raw)) return String(Number(raw));
  throw badInput(PLAN_MESSAGES.termInvalid);
}

/** A term value (number or numeric text) checked against the plan's terms 1..count. */
export function parseTerm(raw: unknown, count: number): string {
  const value = termValue(raw);
  const n = Number(value);
  if (n < 1 || n > count) throw badInput(PLAN_MESSAGES.termInvalid);
  return value;
}

/**
 * Locks the plan for this transaction (the owner's user row, FOR UPDATE) and returns its labels.
 * Every plan write takes this lock first, so concurrent reorders and moves run one after another.
 */
async function lockPlan(m: EntityManager, userId: number): Promise<string[]> {
  const [row] = await m.query(`SELECT academic_year_labels FROM users WHERE id = $1 FOR UPDATE`, [userId]);
  if (!row) throw notFound('User not found.');
  return Array.isArray(row.academic_year_labels) ? row.academic_year_labels : [];
}

async function saveLabels(m: EntityManager, userId: number, labels: string[]): Promise<void> {
  await m.query(`UPDATE users SET academic_year_labels = $2::jsonb WHERE id = $1`, [userId, JSON.stringify(labels)]);
}

async function writePositions(m: EntityManager, userId: number, rows: { id: number; position: number }[]): Promise<void> {
  if (!rows.length) return;
  await m.query(
    `UPDATE scheduled_courses sc SET position = v.position
       FROM (SELECT unnest($2::int[]) AS id, unnest($3::int[]) AS position) v
      WHERE sc.id = v.id AND sc.user_id = $1 AND sc.position IS DISTINCT FROM v.position`,
    [userId, rows.map((r) => r.id), rows.map((r) => r.position)],
  );
}

/** Applies requested positions: checks every id is the owner's and renumbers each touched term. */
async function applyPositions(m: EntityManager, userId: number, requested: Map<number, number>): Promise<void> {
  const rows: { id: number; term: string; position: number }[] = await m.query(
    `SELECT id, term, position FROM scheduled_courses WHERE user_id = $1 ORDER BY position, id`,
    [userId],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of requested.keys()) if (!byId.has(id)) throw notFound(PLAN_MESSAGES.scheduledNotFound);
  const terms = new Set([...requested.keys()].map((id) => byId.get(id)!.term));
  const updates = [...terms].flatMap((term) => renumberPositions(rows.filter((r) => r.term === term), requested));
  await writePositions(m, userId, updates);
}

async function renumberTerms(m: EntityManager, userId: number, terms: string[]): Promise<void> {
  const rows: { id: number; term: string; position: number }[] = await m.query(
    `SELECT id, term, position FROM scheduled_courses WHERE user_id = $1 AND term = ANY($2::text[]) ORDER BY position, id`,
    [userId, terms],
  );
  await writePositions(m, userId, terms.flatMap((t) => renumberPositions(rows.filter((r) => r.term === t))));
}

/** Plan entries with their courses: two statements whatever the number of courses. */
async function loadEntries(m: EntityManager, where: { userId: number; id?: number; courseId?: number }): Promise<PlanEntry[]> {
  const params: unknown[] = [where.userId];
  let sql = `SELECT id, user_id AS "userId", course_id AS "courseId", term, position, grade, completed
               FROM scheduled_courses WHERE user_id = $1`;
  if (where.id !== undefined) {
    params.push(where.id);
    sql += ` AND id = $${params.length}`;
  }
  if (where.courseId !== undefined) {
    params.push(where.courseId);
    sql += ` AND course_id = $${params.length}`;
  }
  const rows: Omit<PlanEntry, 'course'>[] = await m.query(`${sql} ORDER BY position, id`, params);
  if (!rows.length) return [];
  const courses = new Map((await loadCourses(m, [...new Set(rows.map((r) => r.courseId))])).map((c) => [c.id, c]));
  return rows.map((r) => ({ ...r, course: courses.get(r.courseId)! }));
}

/** Courses with their prerequisite groups, in two statements. Exported for the per-request loader. */
export async function loadCourses(m: Pick<EntityManager, 'query'>, ids: readonly number[]): Promise<PlanCourseInfo[]> {
  if (!ids.length) return [];
  const courses: Omit<PlanCourseInfo, 'prerequisiteGroups' | 'prerequisiteGroupUuids' | 'prerequisiteIds'>[] = await m.query(
    `SELECT id, uuid, course_id AS "courseId", title, description, units::float8 AS units, school_id AS "schoolId"
       FROM courses WHERE id = ANY($1::int[])`,
    [ids],
  );
  const prereqs: { course: number; groupIndex: number; id: number; uuid: string; code: string }[] = await m.query(
    `SELECT cp.course_id AS course, cp.group_index AS "groupIndex", p.id, p.uuid, p.course_id AS code
       FROM course_prerequisites cp JOIN courses p ON p.id = cp.prerequisite_id
      WHERE cp.course_id = ANY($1::int[])
      ORDER BY cp.course_id, cp.group_index, p.course_id`,
    [ids],
  );
  const groups = new Map<number, Map<number, typeof prereqs>>();
  for (const p of prereqs) {
    const byGroup = groups.get(p.course) ?? new Map();
    groups.set(p.course, byGroup);
    byGroup.set(p.groupIndex, [...(byGroup.get(p.groupIndex) ?? []), p]);
  }
  const byId = new Map(courses.map((c) => {
    const g = [...(groups.get(c.id)?.entries() ?? [])].sort(([a], [b]) => a - b).map(([, members]) => members);
    return [c.id, {
      ...c,
      units: Number(c.units),
      prerequisiteGroups: g.map((members) => members.map((x) => x.code).join(' or ')),
      prerequisiteGroupUuids: g.map((members) => members.map((x) => x.uuid)),
      prerequisiteIds: g.map((members) => members.map((x) => x.id)),
    }];
  }));
  return ids.map((id) => byId.get(id)).filter((c): c is PlanCourseInfo => !!c);
}

/** Terms in display order with their courses, warnings and totals: the one view every output uses. */
export function buildView(user: User, readOnly: boolean, entries: PlanEntry[]): PlanView {
  const labels = Array.isArray(user.academicYearLabels) ? user.academicYearLabels : [];
  const terms: PlanTermView[] = termDisplayOrder(labels).map((position) => ({
    term: String(position), position, label: labels[position - 1], courses: [], units: 0,
  }));
  const byTerm = new Map(terms.map((t) => [t.term, t]));
  // Courses whose term is not one of the labels still show, in extra terms after the others.
  const extras = [...new Set(entries.map((e) => e.term).filter((t) => !byTerm.has(t)))].sort((a, b) => {
    const na = Number(a), nb = Number(b);
    if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
    return Number.isFinite(na) ? -1 : Number.isFinite(nb) ? 1 : a.localeCompare(b);
  });
  for (const term of extras) {
    const t: PlanTermView = { term, position: null, label: /^\d+$/.test(term) ? `Term ${term}` : term, courses: [], units: 0 };
    terms.push(t);
    byTerm.set(term, t);
  }
  for (const e of [...entries].sort((a, b) => a.position - b.position || a.id - b.id)) byTerm.get(e.term)!.courses.push(e);
  for (const t of terms) t.units = round2(t.courses.reduce((s, e) => s + e.course.units, 0));
  const rank = new Map(terms.map((t, i) => [t.term, i]));
  const ordered = terms.flatMap((t) => t.courses);
  const warnings = prerequisiteWarnings(
    ordered.map((e) => ({ scheduledCourseId: e.id, courseId: e.courseId, title: e.course.title, term: e.term, rank: rank.get(e.term)! })),
    new Map(ordered.map((e) => [e.courseId, e.course.prerequisiteIds])),
    (term) => byTerm.get(term)?.label ?? term,
  );
  return {
    user,
    readOnly,
    labels,
    terms,
    entries: ordered,
    warnings,
    totalUnits: round2(ordered.reduce((s, e) => s + e.course.units, 0)),
    completedUnits: round2(ordered.filter((e) => e.completed).reduce((s, e) => s + e.course.units, 0)),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
