/**
 * Stored caseload summaries (caseload_summaries, migrations 1732300002500 and 2600): a row per
 * student kept by the database (the student's school, whether they are an active student, the name
 * and grade the caseload sorts on, and input_version, bumped by triggers on every write to the
 * student's own inputs), holding what the progress engine, the plan view and the plan review rule
 * answered (caseload.service.ts summarize) with the versions it came from: student_version, the
 * input_version read before the facts, and rules_version, the sum of schools.rules_version over
 * the schools it depended on (what the student sees and the schools of the plan's courses). A
 * summary whose counters still match is fresh; any other student is computed again. The
 * caseload's page is read from these rows (caseload-page.ts).
 *
 * This module only finds stale rows and writes them; it decides nothing about the numbers.
 */
import type { DataSource } from 'typeorm';
import type { StudentFact } from './caseload-facts.js';
import type { ReviewStatus } from './review-status.js';

export interface MissingRequirement {
  uuid: string;
  name: string;
  pathwayName: string;
}

/** One computed summary, with the schools it depended on. */
export interface ComputedSummary {
  studentId: number;
  schoolIds: number[];
  /** Followed pathways, in display order. */
  pathwayIds: number[];
  pathwaysMarked: boolean;
  requirementsMet: number;
  requirementsTotal: number;
  missing: MissingRequirement[];
  warnings: string[];
  completedUnits: number;
  reviewStatus: ReviewStatus;
  /** Newest plan entry when computed, in ms since 1970 (plans written before plan_changed_at existed). */
  lastEntryMs: number | null;
}

/** A student in reach whose summary is missing or stale, with what computing it needs. */
export interface StaleStudent extends StudentFact {
  /** input_version as read here, before the facts (int8, kept as text). */
  version: string;
}

/**
 * The active students of `schoolIds` whose summary is missing or stale, in one statement over
 * the summaries table (the users table is read for the stale rows only): fresh means the
 * student's input_version and the sum of the rules counters of the schools the summary depended
 * on both equal what the summary stored.
 */
export async function staleStudents(db: DataSource, schoolIds: number[]): Promise<StaleStudent[]> {
  const rows: (Omit<StaleStudent, 'labels'> & { labels: unknown })[] = await db.query(
    `WITH s AS MATERIALIZED (
       SELECT student_id, input_version, student_version, school_ids, rules_version
         FROM caseload_summaries WHERE school_id = ANY($1::int[]) AND active),
     -- Students of a school mostly depend on the same schools: each set's sum once, not once per student.
     sums AS (SELECT d.school_ids, (SELECT coalesce(sum(x.rules_version), 0) FROM schools x WHERE x.id = ANY(d.school_ids)) AS total
                FROM (SELECT DISTINCT school_ids FROM s WHERE school_ids IS NOT NULL) d),
     stale AS MATERIALIZED (
       SELECT s.student_id, s.input_version FROM s LEFT JOIN sums ON sums.school_ids = s.school_ids
        WHERE (s.student_version = s.input_version AND s.rules_version = sums.total) IS NOT TRUE)
     -- Users by primary key for the stale rows only (usually none or one), whatever the planner's estimates.
     SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, u.grade, u.school_id AS "schoolId",
            u.academic_year_labels AS labels, st.input_version AS version
       FROM stale st CROSS JOIN LATERAL (SELECT * FROM users WHERE users.id = st.student_id) u
      ORDER BY u.id`,
    [schoolIds],
  );
  return rows.map((r) => ({ ...r, labels: Array.isArray(r.labels) ? r.labels : [] }));
}

/** Every school's rules counter. Read before the facts of a recomputation, so a rules write racing it leaves the summary stale, never wrong. */
export async function rulesVersions(db: DataSource): Promise<Map<number, number>> {
  const rows: { id: number; version: string }[] = await db.query(`SELECT id, rules_version AS version FROM schools`);
  return new Map(rows.map((r) => [r.id, Number(r.version)]));
}

/**
 * Stores computed summaries in one statement, with the counters read before their facts were
 * loaded (`versions` by student, `rules` by school). A row a writer holds locked is skipped, not
 * waited for: that write bumps its input_version when it commits, so what would be stored is
 * already stale; skipping also means a caseload read never waits on a plan write nor deadlocks
 * with a bulk one. A skipped student is computed again on the next read.
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
    `WITH x AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(student_id int, student_version bigint, school_ids int[], rules_version bigint, pathway_ids int[],
              pathways_marked boolean, requirements_met int, requirements_total int, missing jsonb, warnings jsonb, completed_units float8,
              review_status text, last_entry_at timestamptz)),
     free AS (SELECT student_id FROM caseload_summaries WHERE student_id IN (SELECT student_id FROM x) ORDER BY student_id FOR UPDATE SKIP LOCKED)
     UPDATE caseload_summaries cs SET
       student_version = x.student_version, school_ids = x.school_ids, rules_version = x.rules_version, computed_at = now(),
       pathway_ids = x.pathway_ids, pathways_marked = x.pathways_marked, requirements_met = x.requirements_met,
       requirements_total = x.requirements_total, missing = x.missing, missing_count = jsonb_array_length(x.missing),
       warnings = x.warnings, warning_count = jsonb_array_length(x.warnings), completed_units = x.completed_units,
       review_status = x.review_status, last_entry_at = x.last_entry_at
       FROM x JOIN free ON free.student_id = x.student_id
      WHERE cs.student_id = x.student_id`,
    [JSON.stringify(rows)],
  );
}
