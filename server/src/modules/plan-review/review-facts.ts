/**
 * The review facts of many students in ONE statement (the caseload's bulk load, and the plan review
 * service for one student): the school's flag, the latest event, and whether the plan differs from
 * its latest approved version (compared in SQL, course, term and grade, both ways).
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { ReviewAction, ReviewFacts } from './review-state.js';

export async function loadReviewFacts(db: DataSource | EntityManager, studentIds: number[]): Promise<Map<number, ReviewFacts>> {
  if (!studentIds.length) return new Map();
  const rows: { studentId: number; enabled: boolean | null; lastAction: ReviewAction | null; changedSinceApproval: boolean }[] = await db.query(
    `SELECT u.id AS "studentId", s.plan_approval_enabled AS enabled, e.action AS "lastAction",
            CASE WHEN v.id IS NULL THEN false ELSE EXISTS (
              (SELECT course_id, term, grade FROM plan_approved_entries WHERE version_id = v.id
               EXCEPT SELECT course_id, term, grade FROM scheduled_courses WHERE user_id = u.id)
              UNION ALL
              (SELECT course_id, term, grade FROM scheduled_courses WHERE user_id = u.id
               EXCEPT SELECT course_id, term, grade FROM plan_approved_entries WHERE version_id = v.id)
            ) END AS "changedSinceApproval"
       FROM users u
       LEFT JOIN schools s ON s.id = u.school_id
       LEFT JOIN LATERAL (SELECT action FROM plan_review_events WHERE student_id = u.id ORDER BY id DESC LIMIT 1) e ON true
       LEFT JOIN LATERAL (SELECT id FROM plan_approved_versions WHERE student_id = u.id ORDER BY version DESC LIMIT 1) v ON true
      WHERE u.id = ANY($1::int[])`,
    [studentIds],
  );
  return new Map(rows.map((r) => [r.studentId, { studentId: r.studentId, enabled: r.enabled === true, lastAction: r.lastAction, changedSinceApproval: r.changedSinceApproval }]));
}
