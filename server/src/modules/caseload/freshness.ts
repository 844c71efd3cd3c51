/**
 * When a stored caseload summary still holds: the rules, and the list of writes that make one
 * stale. The database side is migration 1732300002770 (with the triggers 1732300002500/2600
 * created, whose functions it rewrote); freshness.test.ts checks that the database's triggers are
 * exactly the ones listed here.
 *
 * A summary (caseload_summaries, one row per student once computed) stores what the progress
 * engine, the plan view and the review rule answered, with two counters read before its facts:
 *  - student_version: users.caseload_version, the student's own counter;
 *  - rules_version: the sum of schools.rules_version over school_ids, the schools the answer
 *    depended on (the student's, those they see, those of their plan's courses).
 * It is fresh while both still equal their sources, compared as a whole (STALE below). Counters
 * compared for equality, not times compared for order: a summary computed beside an uncommitted
 * write can never look newer than it; any write after the counters were read leaves it stale.
 *
 * A read computes at most REQUEST_BOUND stale students (those never computed first) and queues
 * the rest (CASELOAD_QUEUE, caseload.service.ts refreshQueued): a stale student is listed with
 * their last summary and `updating` true, a student never computed with zeros and `updating` true.
 * Nobody is ever left out of a page or its count: the page is users joined with their summaries.
 */

/** Most stale students one caseload read computes (about 40 ms of work at district plan sizes). */
export const REQUEST_BOUND = 100;

/** The job queue that computes the rest, BACKGROUND_BATCH students per statement group. */
export const CASELOAD_QUEUE = 'caseload-summaries';
export const BACKGROUND_BATCH = 500;

/** What a write bumps: the student's counter or the school's. */
export type Bumps = 'users.caseload_version' | 'schools.rules_version';

/**
 * Every write that makes a summary stale. A table without `rowTriggers` has three statement-level
 * triggers, <table>_caseload_ins, _upd and _del (a bulk write bumps each student or school once);
 * users and schools bump their own row before an update of the columns named. Triggers, not calls
 * in the services, so every writer counts: services, imports, seeds, an operator's SQL.
 */
export const STALE_WHEN: { table: string; bumps: Bumps; whose: string; rowTriggers?: string[] }[] = [
  // The student's own inputs.
  { table: 'scheduled_courses', bumps: 'users.caseload_version', whose: "the plan entry's student" },
  { table: 'student_pathways', bumps: 'users.caseload_version', whose: 'the student who follows the pathway' },
  { table: 'school_memberships', bumps: 'users.caseload_version', whose: 'the member (what they see)' },
  { table: 'plan_review_events', bumps: 'users.caseload_version', whose: 'the student whose plan it is' },
  { table: 'plan_approved_versions', bumps: 'users.caseload_version', whose: 'the student whose plan it is' },
  { table: 'plan_approved_entries', bumps: 'users.caseload_version', whose: 'the student of the approved version' },
  // school_id and academic_year_labels; the name, grade and status are read live, so they bump nothing.
  { table: 'users', bumps: 'users.caseload_version', whose: 'the user', rowTriggers: ['users_caseload_stamp'] },
  // A school's rules: every summary whose school_ids hold the school.
  { table: 'courses', bumps: 'schools.rules_version', whose: "the course's school" },
  { table: 'course_prerequisites', bumps: 'schools.rules_version', whose: "the course's school" },
  { table: 'course_transfers', bumps: 'schools.rules_version', whose: "the accepting school (only its students' units change)" },
  { table: 'pathways', bumps: 'schools.rules_version', whose: "the pathway's school" },
  { table: 'requirements', bumps: 'schools.rules_version', whose: "the pathway's school" },
  { table: 'course_requirements', bumps: 'schools.rules_version', whose: "the course's school and the requirement's" },
  { table: 'school_partnerships', bumps: 'schools.rules_version', whose: 'both schools' },
  // graduation_pathway_id and plan_approval_enabled.
  { table: 'schools', bumps: 'schools.rules_version', whose: 'the school', rowTriggers: ['schools_caseload_stamp', 'schools_caseload_review_stamp'] },
];

/** The sum of the rules counters of the schools in `schoolIds` (an int[] expression) now. */
export const rulesNowSql = (schoolIds: string) => `(SELECT coalesce(sum(fs.rules_version), 0) FROM schools fs WHERE fs.id = ANY(${schoolIds}))`;

/**
 * Whether the summary `m` (left-joined, null when never computed) of the student `u` is stale:
 * the one freshness rule, used by the stale check and by the page's `updating` marker. `rulesNow`:
 * the current sum for m.school_ids when the caller computed it once per distinct set.
 */
export const staleSql = (u: string, m: string, rulesNow = rulesNowSql(`${m}.school_ids`)) =>
  `(${m}.student_id IS NULL OR ${m}.student_version IS DISTINCT FROM ${u}.caseload_version OR ${m}.rules_version IS DISTINCT FROM ${rulesNow})`;

/** The active students of the schools in `schools` (a parameter such as $1), as `u`. */
export const studentsInReach = (schools: string) => `u.school_id = ANY(${schools}::int[]) AND u.user_type = 1 AND u.deactivated_at IS NULL`;
