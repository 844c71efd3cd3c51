/**
 * The caseload's bulk loads for the students whose summary is stale (caseload-summaries.ts): one
 * statement per kind of fact for all of them (their reaches, the pathways and requirements of the
 * schools those reach, plan entries with their transfer units, fulfilment links, prerequisites,
 * followed pathways, graduation pathways, plan review facts), so the number of statements is the same for 1 student
 * as for 2,500. Nothing here decides anything:
 * caseload.service.ts feeds these facts to the progress engine and the plan view.
 */
import type { DataSource } from 'typeorm';
import type { EngineLink, EngineRequirement, PlanCourseFacts } from '../pathways/progress.js';
import { loadReviewFacts } from '../plan-review/review-facts.js';
import type { ReviewFacts } from '../plan-review/review-state.js';
import { loadReaches } from '../schools/reach.js';

export interface StudentFact {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  grade: string | null;
  schoolId: number;
  labels: string[];
}

export interface PathwayFact {
  id: number;
  uuid: string;
  name: string;
  color: string;
  schoolId: number;
}

export interface RequirementFact extends EngineRequirement {
  pathwayId: number;
}

/** A plan entry with what both the engine and the plan view need. */
export interface EntryFact extends PlanCourseFacts {
  entryId: number;
  term: string;
  position: number;
  /** The entry's own flag (the plan view's completed units); the engine reads countsAsCompleted. */
  completed: boolean;
  grade: string;
  fromRecord: boolean;
  /** The student has a course history from the school (any record). */
  hasRecord: boolean;
  title: string;
  createdAt: Date;
}

export interface CaseloadFacts {
  students: StudentFact[];
  /** Student id -> the schools whose pathways the student sees (modules/schools/reach.ts). */
  visibleSchools: Map<number, number[]>;
  pathways: Map<number, PathwayFact>;
  requirementsBySchool: Map<number, RequirementFact[]>;
  plans: Map<number, EntryFact[]>;
  linksByCourse: Map<number, EngineLink[]>;
  prerequisites: Map<number, number[][]>;
  marked: Map<number, number[]>;
  graduationPathway: Map<number, number | null>;
  /** Student id -> their plan's review facts (plan-review/review-facts.ts). */
  review: Map<number, ReviewFacts>;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** Facts for the students given (the stale ones, as caseload-summaries.ts read them). */
export async function loadCaseloadFacts(db: DataSource, students: StudentFact[]): Promise<CaseloadFacts> {
  const ids = students.map((s) => s.id);
  const schoolIds = [...new Set(students.map((s) => s.schoolId))];
  const reaches = await loadReaches(db.manager, ids);
  const visibleSchools = new Map(reaches.map((r) => [r.userId, r.schoolIds]));
  const reached = [...new Set([...schoolIds, ...reaches.flatMap((r) => r.schoolIds)])];

  const [pathwayRows, reqRows, entryRows, markedRows, schoolRows, review] = await Promise.all([
    db.query(`SELECT id, uuid, name, color, school_id AS "schoolId" FROM pathways WHERE school_id = ANY($1::int[])`, [reached]) as Promise<PathwayFact[]>,
    db.query(
      `SELECT r.id, r.uuid, r.name, r.number_of_courses AS "requiredCourses", r.number_of_units::float8 AS "requiredUnits", r.minimum_grade AS "minimumGrade",
              r.pathway_id AS "pathwayId", p.school_id AS "schoolId"
         FROM requirements r JOIN pathways p ON p.id = r.pathway_id WHERE p.school_id = ANY($1::int[])`,
      [reached],
    ) as Promise<(RequirementFact & { schoolId: number })[]>,
    db.query(
      `SELECT sc.id AS "entryId", sc.user_id AS "userId", sc.term, sc.position, sc.completed, sc.grade, sc.created_at AS "createdAt",
              sc.transcript_record_id IS NOT NULL AS "fromRecord", EXISTS (SELECT 1 FROM transcript_records tr WHERE tr.student_id = sc.user_id) AS "hasRecord",
              c.id, c.course_id AS "courseId", c.title, c.school_id AS "schoolId", c.units::float8 AS units,
              ct.adjusted_units::float8 AS "adjustedUnits"
         FROM scheduled_courses sc
         JOIN users u ON u.id = sc.user_id
         JOIN courses c ON c.id = sc.course_id
         LEFT JOIN course_transfers ct ON ct.course_id = c.id AND ct.school_id = u.school_id
        WHERE sc.user_id = ANY($1::int[])`,
      [ids],
    ) as Promise<(EntryFact & { userId: number })[]>,
    db.query(`SELECT student_id AS "studentId", pathway_id AS "pathwayId" FROM student_pathways WHERE student_id = ANY($1::int[])`, [ids]) as Promise<
      { studentId: number; pathwayId: number }[]
    >,
    db.query(`SELECT id, graduation_pathway_id AS "pathwayId" FROM schools WHERE id = ANY($1::int[])`, [schoolIds]) as Promise<
      { id: number; pathwayId: number | null }[]
    >,
    loadReviewFacts(db, ids),
  ]);

  const courseIds = [...new Set(entryRows.map((e) => e.id))];
  const [linkRows, prereqRows] = await Promise.all([
    db.query(
      `SELECT course_id AS "courseId", requirement_id AS "requirementId", non_duplicable_group AS "group" FROM course_requirements WHERE course_id = ANY($1::int[])`,
      [courseIds],
    ) as Promise<EngineLink[]>,
    db.query(
      `SELECT course_id AS "courseId", group_index AS "groupIndex", prerequisite_id AS "prerequisiteId" FROM course_prerequisites WHERE course_id = ANY($1::int[])`,
      [courseIds],
    ) as Promise<{ courseId: number; groupIndex: number; prerequisiteId: number }[]>,
  ]);

  const requirementsBySchool = new Map<number, RequirementFact[]>();
  for (const r of reqRows)
    push(requirementsBySchool, r.schoolId, {
      id: r.id,
      uuid: r.uuid,
      name: r.name,
      requiredCourses: r.requiredCourses,
      requiredUnits: Number(r.requiredUnits),
      minimumGrade: r.minimumGrade ?? null,
      pathwayId: r.pathwayId,
    });
  const plans = new Map<number, EntryFact[]>();
  for (const e of entryRows) {
    push(plans, e.userId, {
      entryId: e.entryId,
      term: e.term,
      position: e.position,
      completed: e.completed,
      grade: e.grade,
      fromRecord: e.fromRecord,
      hasRecord: e.hasRecord,
      title: e.title,
      createdAt: e.createdAt,
      id: e.id,
      courseId: e.courseId,
      schoolId: e.schoolId,
      units: Number(e.units),
      adjustedUnits: e.adjustedUnits === null ? null : Number(e.adjustedUnits),
    });
  }
  const linksByCourse = new Map<number, EngineLink[]>();
  for (const l of linkRows) push(linksByCourse, l.courseId, l);
  const prerequisites = new Map<number, number[][]>();
  for (const p of prereqRows) {
    const groups = prerequisites.get(p.courseId) ?? [];
    (groups[p.groupIndex] ??= []).push(p.prerequisiteId);
    prerequisites.set(p.courseId, groups);
  }
  const marked = new Map<number, number[]>();
  for (const m of markedRows) push(marked, m.studentId, m.pathwayId);
  return {
    students,
    visibleSchools,
    pathways: new Map(pathwayRows.map((p) => [p.id, p])),
    requirementsBySchool,
    plans,
    linksByCourse,
    prerequisites,
    marked,
    graduationPathway: new Map(schoolRows.map((s) => [s.id, s.pathwayId])),
    review,
  };
}

/** Pathways by id (the ones the caseload's rows follow), in one statement. */
export async function loadPathways(db: DataSource, ids: number[]): Promise<Map<number, PathwayFact>> {
  if (!ids.length) return new Map();
  const rows: PathwayFact[] = await db.query(`SELECT id, uuid, name, color, school_id AS "schoolId" FROM pathways WHERE id = ANY($1::int[])`, [ids]);
  return new Map(rows.map((p) => [p.id, p]));
}
