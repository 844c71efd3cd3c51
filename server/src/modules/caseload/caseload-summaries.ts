/**
 * Stored caseload summaries (caseload_summaries, migration 1732300002500): per student, what the
 * progress engine and the plan view answered (caseload.service.ts summarize), with the versions of
 * the inputs it came from: the student's users.caseload_version and the sum of schools.rules_version
 * over the schools it depended on (what the student sees and the schools of the plan's courses).
 * Triggers bump those counters on every write that can change the answer (the migration lists
 * them). A summary whose counters still match is fresh; any other student is computed again.
 *
 * The plan's review facts (plan-review/review-facts.ts) come with the same statement, live: a review
 * changes no summary. This module only reads and writes the rows; it decides nothing about the numbers.
 */
import type { DataSource } from 'typeorm';
import { UserType } from '../accounts/user.entity.js';
import { REVIEW_FACT_COLUMNS, REVIEW_FACT_JOINS, reviewFactsOf, type ReviewFactColumns } from '../plan-review/review-facts.js';
import type { StudentFact } from './caseload-facts.js';
import type { ReviewFacts } from './review-status.js';

export interface MissingRequirement {
  uuid: string;
  name: string;
  pathwayName: string;
}

/** What a caseload row needs of a summary to filter and sort (the lists come with summaryDetails). */
export interface StoredSummary {
  /** Followed pathways, in display order. */
  pathwayIds: number[];
  pathwaysMarked: boolean;
  requirementsMet: number;
  requirementsTotal: number;
  missingCount: number;
  warningCount: number;
  completedUnits: number;
  /** Newest plan entry when computed, in ms since 1970 (plans written before plan_changed_at existed). */
  lastEntryMs: number | null;
}

export interface SummaryDetails {
  missing: MissingRequirement[];
  warnings: string[];
}

/** One computed summary, with the schools it depended on. */
export interface ComputedSummary extends StoredSummary, SummaryDetails {
  studentId: number;
  schoolIds: number[];
}

/** A student in reach with their stored summary, or null when it is missing or stale. */
export interface SummaryLine extends StudentFact {
  /** users.plan_changed_at in ms since 1970 (numbers: 2,500 dates parsed from text cost more than the rest of the row). */
  planChangedMs: number | null;
  /** users.caseload_version as read with the summary (int8, kept as text). */
  version: string;
  summary: StoredSummary | null;
  /** The plan's review facts (review-status.ts), read live with the line: never stored in the summary. */
  review: ReviewFacts;
}

/**
 * Every active student of `schoolIds` with their summary, in one statement. Staleness is decided
 * here: the student's counter and the sum of the rules counters of the schools the summary
 * depended on must both equal what the summary stored.
 */
export async function readSummaries(db: DataSource, schoolIds: number[]): Promise<SummaryLine[]> {
  const rows: (Omit<SummaryLine, 'summary' | 'labels' | 'review'> & { labels: unknown; fresh: boolean } & Partial<StoredSummary> & ReviewFactColumns)[] = await db.query(
    `WITH s AS MATERIALIZED (
       SELECT u.id, u.first_name, u.last_name, u.email, u.grade, u.school_id, u.academic_year_labels, u.caseload_version,
              floor(extract(epoch FROM u.plan_changed_at) * 1000)::float8 AS plan_ms,
              cs.student_version, cs.school_ids, cs.rules_version, cs.pathway_ids, cs.pathways_marked, cs.requirements_met, cs.requirements_total,
              cs.missing_count, cs.warning_count, cs.completed_units, floor(extract(epoch FROM cs.last_entry_at) * 1000)::float8 AS entry_ms,
              ${REVIEW_FACT_COLUMNS}
         FROM users u LEFT JOIN caseload_summaries cs ON cs.student_id = u.id ${REVIEW_FACT_JOINS}
        WHERE u.school_id = ANY($1::int[]) AND u.user_type = $2 AND u.deactivated_at IS NULL),
     -- Students of a school mostly depend on the same schools: each set's sum once, not once per student.
     sums AS (SELECT d.school_ids, (SELECT coalesce(sum(x.rules_version), 0) FROM schools x WHERE x.id = ANY(d.school_ids)) AS total
                FROM (SELECT DISTINCT school_ids FROM s WHERE school_ids IS NOT NULL) d),
     f AS (SELECT s.*, (s.student_version = s.caseload_version AND s.rules_version = sums.total) IS TRUE AS fresh
             FROM s LEFT JOIN sums ON sums.school_ids = s.school_ids)
     SELECT id, first_name AS "firstName", last_name AS "lastName", email, grade, school_id AS "schoolId", plan_ms AS "planChangedMs",
            caseload_version AS version, fresh, CASE WHEN fresh THEN NULL ELSE academic_year_labels END AS labels,
            pathway_ids AS "pathwayIds", pathways_marked AS "pathwaysMarked", requirements_met AS "requirementsMet",
            requirements_total AS "requirementsTotal", missing_count AS "missingCount", warning_count AS "warningCount",
            completed_units AS "completedUnits", entry_ms AS "lastEntryMs", "reviewEnabled", "reviewLastAction", "reviewChanged"
       FROM f`,
    [schoolIds, UserType.Student],
  );
  return rows.map((r) => ({
    id: r.id, firstName: r.firstName, lastName: r.lastName, email: r.email, grade: r.grade, schoolId: r.schoolId,
    labels: Array.isArray(r.labels) ? r.labels : [],
    planChangedMs: r.planChangedMs, version: r.version,
    review: reviewFactsOf(r.id, r),
    summary: r.fresh
      ? {
          pathwayIds: r.pathwayIds!, pathwaysMarked: r.pathwaysMarked!, requirementsMet: r.requirementsMet!, requirementsTotal: r.requirementsTotal!,
          missingCount: r.missingCount!, warningCount: r.warningCount!, completedUnits: r.completedUnits!, lastEntryMs: r.lastEntryMs ?? null,
        }
      : null,
  }));
}

/** Every school's rules counter. Read before the facts of a recomputation, so a rules write racing it leaves the summary stale, never wrong. */
export async function rulesVersions(db: DataSource): Promise<Map<number, number>> {
  const rows: { id: number; version: string }[] = await db.query(`SELECT id, rules_version AS version FROM schools`);
  return new Map(rows.map((r) => [r.id, Number(r.version)]));
}

/**
 * Stores computed summaries in one statement, with the counters read before their facts were
 * loaded (`versions` by student, `rules` by school). Rows go in student order, so two requests
 * storing overlapping students take their row locks in the same order.
 */
export async function storeSummaries(db: DataSource, computed: ComputedSummary[], versions: Map<number, string>, rules: Map<number, number>): Promise<void> {
  if (!computed.length) return;
  const rows = [...computed].sort((a, b) => a.studentId - b.studentId).map((c) => ({
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
    last_entry_at: c.lastEntryMs === null ? null : new Date(c.lastEntryMs).toISOString(),
  }));
  await db.query(
    `INSERT INTO caseload_summaries (student_id, student_version, school_ids, rules_version, computed_at, pathway_ids, pathways_marked,
                                     requirements_met, requirements_total, missing, missing_count, warnings, warning_count, completed_units, last_entry_at)
     SELECT x.student_id, x.student_version, x.school_ids, x.rules_version, now(), x.pathway_ids, x.pathways_marked,
            x.requirements_met, x.requirements_total, x.missing, jsonb_array_length(x.missing), x.warnings, jsonb_array_length(x.warnings),
            x.completed_units, x.last_entry_at
       FROM jsonb_to_recordset($1::jsonb) AS x(student_id int, student_version bigint, school_ids int[], rules_version bigint, pathway_ids int[],
            pathways_marked boolean, requirements_met int, requirements_total int, missing jsonb, warnings jsonb, completed_units float8, last_entry_at timestamptz)
       JOIN users u ON u.id = x.student_id
     ON CONFLICT (student_id) DO UPDATE SET
       student_version = EXCLUDED.student_version, school_ids = EXCLUDED.school_ids, rules_version = EXCLUDED.rules_version,
       computed_at = EXCLUDED.computed_at, pathway_ids = EXCLUDED.pathway_ids, pathways_marked = EXCLUDED.pathways_marked,
       requirements_met = EXCLUDED.requirements_met, requirements_total = EXCLUDED.requirements_total, missing = EXCLUDED.missing,
       missing_count = EXCLUDED.missing_count, warnings = EXCLUDED.warnings, warning_count = EXCLUDED.warning_count,
       completed_units = EXCLUDED.completed_units, last_entry_at = EXCLUDED.last_entry_at`,
    [JSON.stringify(rows)],
  );
}

/** The missing requirements and warning texts of the students given (a page, or every row of an export). */
export async function summaryDetails(db: DataSource, studentIds: number[]): Promise<Map<number, SummaryDetails>> {
  if (!studentIds.length) return new Map();
  const rows: { id: number; missing: MissingRequirement[]; warnings: string[] }[] = await db.query(
    `SELECT student_id AS id, missing, warnings FROM caseload_summaries WHERE student_id = ANY($1::int[])`,
    [studentIds],
  );
  return new Map(rows.map((r) => [r.id, { missing: r.missing, warnings: r.warnings }]));
}
