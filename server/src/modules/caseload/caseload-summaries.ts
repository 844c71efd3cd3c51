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
  /** input_version as read here, before the facts (int8, kept as text). */
  version: string;
}

/** What the stale check found, with the sum of every school's rules counter as of that check. */
export interface StaleCheck {
  students: StaleStudent[];
  /** The sum of schools.rules_version over all schools, in the check's snapshot (int8, as text). */
  rulesTotal: string;
}

/**
 * The active students of `schoolIds` whose summary is missing or stale, in one statement over the
 * summaries table (users is read for the stale rows only). Stale means either counter moved:
 *  - the student's input_version differs from the one stored: a partial index holds exactly those
 *    rows, so they are found without reading the others;
 *  - the sum of the rules counters of the schools the summary depended on differs from the one
 *    stored: checked once per distinct (schools, stored sum) pair, of which a school has a handful.
 *    This second check reads every summary in reach, so it is skipped when `rulesCheckedAt` equals
 *    the sum of all rules counters now: counters only grow, so no school's rules changed since a
 *    check that found (and had recomputed) every such summary, and every summary stored since was
 *    checked against the rules current when it was stored (storeSummaries).
 */
export async function staleStudents(db: DataSource, schoolIds: number[], rulesCheckedAt: string | null): Promise<StaleCheck> {
  const [result]: { rulesTotal: string; students: (Omit<StaleStudent, 'labels'> & { labels: unknown })[] }[] = await db.query(
    `WITH total AS (SELECT coalesce(sum(rules_version), 0)::text AS v FROM schools),
     pairs AS (
       SELECT school_ids, rules_version FROM caseload_summaries
        WHERE $2::text IS DISTINCT FROM (SELECT v FROM total) AND school_id = ANY($1::int[]) AND active AND school_ids IS NOT NULL
        GROUP BY school_ids, rules_version),
     moved AS (
       SELECT p.school_ids, p.rules_version FROM pairs p
        WHERE p.rules_version <> (SELECT coalesce(sum(x.rules_version), 0) FROM schools x WHERE x.id = ANY(p.school_ids))),
     stale AS MATERIALIZED (
       SELECT student_id, input_version FROM caseload_summaries
        WHERE school_id = ANY($1::int[]) AND active AND student_version IS DISTINCT FROM input_version
       UNION
       SELECT cs.student_id, cs.input_version FROM moved m
         JOIN caseload_summaries cs ON cs.school_ids = m.school_ids AND cs.rules_version = m.rules_version
        WHERE cs.school_id = ANY($1::int[]) AND cs.active)
     SELECT (SELECT v FROM total) AS "rulesTotal",
            -- Users by primary key for the stale rows only (usually none or one), whatever the planner's estimates.
            (SELECT coalesce(json_agg(json_build_object(
                      'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email, 'grade', u.grade, 'schoolId', u.school_id,
                      'labels', u.academic_year_labels, 'version', st.input_version::text) ORDER BY u.id), '[]'::json)
               FROM stale st CROSS JOIN LATERAL (SELECT * FROM users WHERE users.id = st.student_id) u) AS students`,
    [schoolIds, rulesCheckedAt],
  );
  return {
    rulesTotal: result.rulesTotal,
    students: result.students.map((r) => ({ ...r, labels: Array.isArray(r.labels) ? r.labels : [] })),
  };
}

/** Every school's rules counter. Read before the facts of a recomputation, so a rules write racing it leaves the summary stale, never wrong. */
export async function rulesVersions(db: DataSource): Promise<Map<number, number>> {
  const rows: { id: number; version: string }[] = await db.query(`SELECT id, rules_version AS version FROM schools`);
  return new Map(rows.map((r) => [r.id, Number(r.version)]));
}

/**
 * Stores computed summaries in one statement, with the counters read before their facts were
 * loaded (`versions` by student, `rules` by school). Two kinds of rows are left as they are:
 *  - a row a writer holds locked: every write to a student's inputs or record bumps its
 *    input_version when it commits, so what would be stored is already stale; skipping also means
 *    a caseload read never waits on a plan write nor deadlocks with a bulk one;
 *  - a summary whose schools' rules counters moved since they were read: it was computed from
 *    rules that no longer hold (staleStudents relies on this to skip its rules check).
 * Either student is computed again on a later read.
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
     free AS (SELECT student_id FROM caseload_summaries WHERE student_id = ANY($2::int[]) ORDER BY student_id FOR UPDATE SKIP LOCKED)
     UPDATE caseload_summaries cs SET
       student_version = x.student_version, school_ids = x.school_ids, rules_version = x.rules_version, computed_at = now(),
       pathway_ids = x.pathway_ids, pathways_marked = x.pathways_marked, requirements_met = x.requirements_met,
       requirements_total = x.requirements_total, missing = x.missing, missing_count = jsonb_array_length(x.missing),
       warnings = x.warnings, warning_count = jsonb_array_length(x.warnings), completed_units = x.completed_units,
       review_status = x.review_status, last_entry_at = x.last_entry_at
       FROM x JOIN free ON free.student_id = x.student_id
      WHERE cs.student_id = x.student_id AND cs.student_id = ANY($2::int[])
        AND x.rules_version = (SELECT coalesce(sum(s.rules_version), 0) FROM schools s WHERE s.id = ANY(x.school_ids))`,
    [JSON.stringify(rows), rows.map((r) => r.student_id)],
  );
}
