/**
 * The plan store: plan entries (scheduled courses) with their courses, the plan's lock and the
 * writes that keep positions dense. Read by the plan service, the plan's per-request loaders
 * (plans.loaders.ts) and other areas' views; it holds no permission rule (plans.policy.ts does).
 */
import type { EntityManager } from 'typeorm';
import type { School } from '../schools/school.entity.js';
import { because, notFound } from '../../core/errors.js';
import { renumberPositions } from './plan-rules.js';

export const SCHEDULED_NOT_FOUND = 'SCHEDULED_NOT_FOUND';

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
  /** The school, once the plan query has read the plan's schools beforehand (plans.resolver.ts planWithSchools); the GraphQL field loads it otherwise. */
  school?: School | null;
}

/**
 * Where an entry's grade and completion come from: the school's record (an imported transcript
 * record placed it: locked for the student and parents), the student (self-reported: a grade or
 * completion the record does not know), or nobody yet (a course planned, no grade, not completed).
 */
export const ENTRY_SOURCES = ['record', 'self_reported', 'planned'] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

/** One plan entry (a scheduled course) with its course. The same shape as the ScheduledCourse entity. */
export interface PlanEntry {
  id: number;
  userId: number;
  courseId: number;
  term: string;
  position: number;
  grade: string;
  completed: boolean;
  source: EntrySource;
  course: PlanCourseInfo;
}

/**
 * Which plan a read or write names. The official plan is the user's scheduled_courses; a what-if
 * plan (one of a student's alternatives, modules/what-if-plans/) has its entries in
 * what_if_entries under its own id. The same rules run on both, parameterised here, while the
 * official plan's table holds nothing but the official plan: every other area reads
 * scheduled_courses and so never sees an alternative.
 */
export type PlanRef = { kind: 'official'; userId: number } | { kind: 'whatIf'; userId: number; whatIfId: number };

export const officialPlan = (userId: number): PlanRef => ({ kind: 'official', userId });
export const whatIfPlan = (userId: number, whatIfId: number): PlanRef => ({ kind: 'whatIf', userId, whatIfId });

export const WHAT_IF_NOT_FOUND = 'WHAT_IF_NOT_FOUND';

/** The table of a plan's entries, its owner column and key: names from this fixed pair only, never from input. */
export function entryTable(plan: PlanRef): { table: 'scheduled_courses' | 'what_if_entries'; owner: 'user_id' | 'plan_id'; key: number } {
  return plan.kind === 'official'
    ? { table: 'scheduled_courses', owner: 'user_id', key: plan.userId }
    : { table: 'what_if_entries', owner: 'plan_id', key: plan.whatIfId };
}

/**
 * Locks the plan for this transaction and returns its labels. The official plan's lock is the
 * owner's user row (by updating it); the same update stamps plan_changed_at (the caseload's "last
 * plan change", and what plan approval compares with), undone with the transaction when the write
 * fails. A what-if plan's lock is its own row (stamping updated_at, never plan_changed_at: an
 * alternative is not the plan); a what-if plan that is not the student's is "not found".
 * Every plan write takes this lock first, so concurrent reorders and moves run one after another.
 */
export async function lockPlan(m: EntityManager, plan: PlanRef): Promise<string[]> {
  const [rows] =
    plan.kind === 'official'
      ? await m.query(`UPDATE users SET plan_changed_at = now() WHERE id = $1 RETURNING academic_year_labels`, [plan.userId])
      : await m.query(`UPDATE what_if_plans SET updated_at = now() WHERE id = $1 AND student_id = $2 RETURNING academic_year_labels`, [plan.whatIfId, plan.userId]);
  const row = rows?.[0];
  if (!row) throw notFound(because(plan.kind === 'official' ? 'USER_NOT_FOUND' : WHAT_IF_NOT_FOUND));
  return Array.isArray(row.academic_year_labels) ? row.academic_year_labels : [];
}

export async function saveLabels(m: EntityManager, plan: PlanRef, labels: string[]): Promise<void> {
  if (plan.kind === 'official') await m.query(`UPDATE users SET academic_year_labels = $2::jsonb WHERE id = $1`, [plan.userId, JSON.stringify(labels)]);
  else await m.query(`UPDATE what_if_plans SET academic_year_labels = $2::jsonb WHERE id = $1 AND student_id = $3`, [plan.whatIfId, JSON.stringify(labels), plan.userId]);
}

export async function writePositions(m: EntityManager, plan: PlanRef, rows: { id: number; position: number }[]): Promise<void> {
  if (!rows.length) return;
  const t = entryTable(plan);
  await m.query(
    `UPDATE ${t.table} sc SET position = v.position
       FROM (SELECT unnest($2::int[]) AS id, unnest($3::int[]) AS position) v
      WHERE sc.id = v.id AND sc.${t.owner} = $1 AND sc.position IS DISTINCT FROM v.position`,
    [t.key, rows.map((r) => r.id), rows.map((r) => r.position)],
  );
}

/** Applies requested positions: checks every id is the plan's and renumbers each touched term. */
export async function applyPositions(m: EntityManager, plan: PlanRef, requested: Map<number, number>): Promise<void> {
  const t = entryTable(plan);
  const rows: { id: number; term: string; position: number }[] = await m.query(`SELECT id, term, position FROM ${t.table} WHERE ${t.owner} = $1 ORDER BY position, id`, [
    t.key,
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of requested.keys()) if (!byId.has(id)) throw notFound(because(SCHEDULED_NOT_FOUND));
  const terms = new Set([...requested.keys()].map((id) => byId.get(id)!.term));
  const updates = [...terms].flatMap((term) =>
    renumberPositions(
      rows.filter((r) => r.term === term),
      requested,
    ),
  );
  await writePositions(m, plan, updates);
}

export async function renumberTerms(m: EntityManager, plan: PlanRef, terms: string[]): Promise<void> {
  const t = entryTable(plan);
  const rows: { id: number; term: string; position: number }[] = await m.query(
    `SELECT id, term, position FROM ${t.table} WHERE ${t.owner} = $1 AND term = ANY($2::text[]) ORDER BY position, id`,
    [t.key, terms],
  );
  await writePositions(
    m,
    plan,
    terms.flatMap((term) => renumberPositions(rows.filter((r) => r.term === term))),
  );
}

/**
 * Renumbers every term of these official plans 0..n-1 in their order (after writes that append or
 * remove in bulk). The updated rows are named by user_id too, not by the join alone: else the
 * planner, misjudging how many entries a plan has, may join by reading the whole table (its time
 * grew with every plan written by a long course-history import).
 */
export async function renumberOfficialPlans(m: Pick<EntityManager, 'query'>, userIds: number[]): Promise<void> {
  await m.query(
    `UPDATE scheduled_courses sc SET position = v.rn - 1
       FROM (SELECT id, row_number() OVER (PARTITION BY user_id, term ORDER BY position, id) AS rn FROM scheduled_courses WHERE user_id = ANY($1::int[])) v
      WHERE sc.user_id = ANY($1::int[]) AND sc.id = v.id AND sc.position <> v.rn - 1`,
    [userIds],
  );
}

/** An entry's source from its row (`recordCondition`: whether it came from the school's record), for every query that reads entries. */
export const entrySourceSql = (recordCondition: string): string =>
  `CASE WHEN ${recordCondition} THEN 'record' WHEN completed OR grade <> '' THEN 'self_reported' ELSE 'planned' END`;

/** Plan entries with their courses: two statements whatever the number of courses. */
export async function loadEntries(m: Pick<EntityManager, 'query'>, plan: PlanRef, where: { id?: number; courseId?: number } = {}): Promise<PlanEntry[]> {
  const t = entryTable(plan);
  const params: unknown[] = [t.key];
  // Only the official plan holds record entries; a what-if plan's copy is the student's own.
  const record = t.table === 'scheduled_courses' ? 'transcript_record_id IS NOT NULL' : 'false';
  let sql = `SELECT id, $${params.length + 1}::int AS "userId", course_id AS "courseId", term, position, grade, completed,
                    ${entrySourceSql(record)} AS source
               FROM ${t.table} WHERE ${t.owner} = $1`;
  params.push(plan.userId);
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

/** Courses with their prerequisite groups, in two statements. Also read by the per-request loaders (plans.loaders.ts). */
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
  const byId = new Map(
    courses.map((c) => {
      const g = [...(groups.get(c.id)?.entries() ?? [])].sort(([a], [b]) => a - b).map(([, members]) => members);
      return [
        c.id,
        {
          ...c,
          units: Number(c.units),
          prerequisiteGroups: g.map((members) => members.map((x) => x.code).join(' or ')),
          prerequisiteGroupUuids: g.map((members) => members.map((x) => x.uuid)),
          prerequisiteIds: g.map((members) => members.map((x) => x.id)),
        },
      ];
    }),
  );
  return ids.map((id) => byId.get(id)).filter((c): c is PlanCourseInfo => !!c);
}
