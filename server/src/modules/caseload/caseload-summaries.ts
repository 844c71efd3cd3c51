/**
 * Stored caseload summaries (caseload_summaries): finding the students whose summary is missing or
 * stale (the rule: freshness.ts) and storing computed ones. It decides nothing about the numbers
 * (caseload.service.ts summarize) nor about the page (caseload-page.ts).
 */
import type { DataSource } from 'typeorm';
import type { StudentFact } from './caseload-facts.js';
import { rulesNowSql, staleSql, studentsInReach } from './freshness.js';
import type { ReviewStatus } from './review-status.js';

export interface MissingRequirement {
  uuid: string;
  name: string;
  pathwayName: string;
  /** Courses counted that are completed, planned, and still missing: "3 completed, 2 planned, 1 missing". */
  doneCourses: number;
  plannedCourses: number;
  missingCourses: number;
}

/** What a summary answers of a student's plan (the engine, the plan view, the review rule). */
export interface SummaryFields {
  /** Followed pathways, in display order. */
  pathwayIds: number[];
  pathwaysMarked: boolean;
  requirementsMet: number;
  requirementsTotal: number;
  missing: MissingRequirement[];
  warnings: string[];
  completedUnits: number;
  reviewStatus: ReviewStatus;
}

/** One computed summary, with the schools it depended on. */
export interface ComputedSummary extends SummaryFields {
  studentId: number;
  schoolIds: number[];
  /** Newest plan entry when computed, in ms since 1970 (plans written before plan_changed_at existed). */
  lastEntryMs: number | null;
}

/** A student in reach whose summary is missing or stale, with what computing it needs. */
export interface StaleStudent extends StudentFact {
  /** users.caseload_version as read here, before the facts (int8, kept as text). */
  version: string;
}

/**
 * Up to `limit` of the active students of `schoolIds` whose summary is missing or stale (those
 * never computed first, then by id), and how many there are in all, in one statement. The rules
 * sum is computed once per distinct set of schools (a school's students share a handful), not per
 * student.
 */
export async function staleStudents(db: DataSource, schoolIds: number[], limit: number): Promise<{ students: StaleStudent[]; total: number }> {
  const rows: (StaleStudent & { total: number; labels: unknown })[] = await db.query(
    `WITH reach AS MATERIALIZED (
       SELECT u.id, u.caseload_version, m.student_id, m.student_version, m.school_ids, m.rules_version
         FROM users u LEFT JOIN caseload_summaries m ON m.student_id = u.id WHERE ${studentsInReach('$1')}),
     rules AS (SELECT d.school_ids, ${rulesNowSql('d.school_ids')} AS v FROM (SELECT DISTINCT school_ids FROM reach WHERE school_ids IS NOT NULL) d),
     stale AS (
       SELECT r.id, r.student_id IS NULL AS never, count(*) OVER ()::int AS total
         FROM reach r LEFT JOIN rules ON rules.school_ids = r.school_ids
        WHERE ${staleSql('r', 'r', 'rules.v')}
        ORDER BY never DESC, r.id LIMIT $2)
     SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, u.grade, u.school_id AS "schoolId",
            u.academic_year_labels AS labels, u.caseload_version::text AS version, s.total
       FROM stale s JOIN users u ON u.id = s.id
      ORDER BY s.never DESC, u.id`,
    [schoolIds, limit],
  );
  return {
    total: rows[0]?.total ?? 0,
    students: rows.map(({ total: _, ...r }) => ({ ...r, labels: Array.isArray(r.labels) ? r.labels : [] })),
  };
}

/** Every school's rules counter. Read before the facts of a computation, so a rules write racing it leaves the summary stale, never wrong. */
export async function rulesVersions(db: DataSource): Promise<Map<number, number>> {
  const rows: { id: number; version: string }[] = await db.query(`SELECT id, rules_version AS version FROM schools`);
  return new Map(rows.map((r) => [r.id, Number(r.version)]));
}

/**
 * Stores computed summaries in one statement, with the counters read before their facts were
 * loaded (`versions` by student, `rules` by school). A write after that read leaves the stored
 * summary stale, so the next read or job computes it again. Rows are written in student id order,
 * so two stores of overlapping students (a read and the queue) never deadlock.
 */
export async function storeSummaries(db: DataSource, computed: ComputedSummary[], versions: Map<number, string>, rules: Map<number, number>): Promise<void> {
  if (!computed.length) return;
  const rows = computed.map((c) => ({
    student_id: c.studentId,
    student_version: versions.get(c.studentId),
    school_ids: c.schoolIds,
    rules_version: c.schoolIds.reduce((sum, id) => sum + (rules.get(id) ?? 0), 0),
    pathway_ids: c.pathwayIds,
    pathways_marked: c.pathwaysMarked,
    requirements_met: c.requirementsMet,
    requirements_total: c.requirementsTotal,
    missing: c.missing,
    warnings: c.warnings,
    completed_units: c.completedUnits,
    review_status: c.reviewStatus,
    last_entry_at: c.lastEntryMs === null ? null : new Date(c.lastEntryMs).toISOString(),
  }));
  await db.query(
    `INSERT INTO caseload_summaries (student_id, student_version, school_ids, rules_version, computed_at, pathway_ids, pathways_marked,
            requirements_met, requirements_total, missing, missing_count, warnings, warning_count, completed_units, review_status, last_entry_at)
     SELECT x.student_id, x.student_version, x.school_ids, x.rules_version, now(), x.pathway_ids, x.pathways_marked,
            x.requirements_met, x.requirements_total, x.missing, jsonb_array_length(x.missing), x.warnings, jsonb_array_length(x.warnings),
            x.completed_units, x.review_status, x.last_entry_at
       FROM jsonb_to_recordset($1::jsonb) AS x(student_id int, student_version bigint, school_ids int[], rules_version bigint, pathway_ids int[],
            pathways_marked boolean, requirements_met int, requirements_total int, missing jsonb, warnings jsonb, completed_units float8,
            review_status text, last_entry_at timestamptz)
      -- A student deleted since their facts were read has nothing to store.
      WHERE EXISTS (SELECT 1 FROM users WHERE users.id = x.student_id)
      ORDER BY x.student_id
     ON CONFLICT (student_id) DO UPDATE SET
       student_version = EXCLUDED.student_version, school_ids = EXCLUDED.school_ids, rules_version = EXCLUDED.rules_version,
       computed_at = EXCLUDED.computed_at, pathway_ids = EXCLUDED.pathway_ids, pathways_marked = EXCLUDED.pathways_marked,
       requirements_met = EXCLUDED.requirements_met, requirements_total = EXCLUDED.requirements_total, missing = EXCLUDED.missing,
       missing_count = EXCLUDED.missing_count, warnings = EXCLUDED.warnings, warning_count = EXCLUDED.warning_count,
       completed_units = EXCLUDED.completed_units, review_status = EXCLUDED.review_status, last_entry_at = EXCLUDED.last_entry_at`,
    [JSON.stringify(rows)],
  );
}
