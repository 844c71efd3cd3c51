/**
 * The review facts of many students in one statement: the school's flag, the latest event, and
 * whether the plan differs from its latest approved version (compared in SQL, course, term and
 * grade, both ways). The plan review service reads one student; the caseload reads the students
 * whose stored summary is stale (caseload-facts.ts) and stores the status it gives.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { ReviewAction, ReviewFacts } from './review-state.js';

/** The joins giving a students query (users aliased `u`) its review facts. */
const REVIEW_FACT_JOINS = `
       LEFT JOIN schools review_school ON review_school.id = u.school_id
       LEFT JOIN LATERAL (SELECT action FROM plan_review_events WHERE student_id = u.id ORDER BY id DESC LIMIT 1) review_event ON true
       LEFT JOIN LATERAL (SELECT id FROM plan_approved_versions WHERE student_id = u.id ORDER BY version DESC LIMIT 1) review_version ON true`;

/** The columns those joins give: "reviewEnabled", "reviewLastAction", "reviewChanged". */
const REVIEW_FACT_COLUMNS = `review_school.plan_approval_enabled AS "reviewEnabled", review_event.action AS "reviewLastAction",
            CASE WHEN review_version.id IS NULL THEN false ELSE EXISTS (
              (SELECT course_id, term, grade FROM plan_approved_entries WHERE version_id = review_version.id
               EXCEPT SELECT course_id, term, grade FROM scheduled_courses WHERE user_id = u.id)
              UNION ALL
              (SELECT course_id, term, grade FROM scheduled_courses WHERE user_id = u.id
               EXCEPT SELECT course_id, term, grade FROM plan_approved_entries WHERE version_id = review_version.id)
            ) END AS "reviewChanged"`;

interface ReviewFactColumns {
  reviewEnabled: boolean | null;
  reviewLastAction: ReviewAction | null;
  reviewChanged: boolean;
}

const reviewFactsOf = (studentId: number, row: ReviewFactColumns): ReviewFacts => ({
  studentId,
  enabled: row.reviewEnabled === true,
  lastAction: row.reviewLastAction,
  changedSinceApproval: row.reviewChanged,
});

export async function loadReviewFacts(db: DataSource | EntityManager, studentIds: number[]): Promise<Map<number, ReviewFacts>> {
  if (!studentIds.length) return new Map();
  const rows: ({ id: number } & ReviewFactColumns)[] = await db.query(
    `SELECT u.id, ${REVIEW_FACT_COLUMNS} FROM users u ${REVIEW_FACT_JOINS} WHERE u.id = ANY($1::int[])`,
    [studentIds],
  );
  return new Map(rows.map((r) => [r.id, reviewFactsOf(r.id, r)]));
}
