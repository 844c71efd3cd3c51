/**
 * Writing the access log (access-log.service.ts reads it): the services that read or disclose a
 * student's record call these in the same transaction, so they import no service to log.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { Caller } from '../../context.js';
import type { AccessAction } from './access-actions.js';

export interface AccessEntry {
  studentId: number;
  action: AccessAction;
  reason: string;
  schoolId?: number | null;
}

/**
 * Appends one row. The actor is the person behind the token: on a view-as token the admin or
 * parent who is acting (acting_user_id keeps who), otherwise the caller.
 */
export async function recordAccess(db: DataSource | EntityManager, caller: Caller | null, e: AccessEntry): Promise<void> {
  const actor = caller ? (caller.actingUserId ?? caller.user.id) : null;
  await db.query(`INSERT INTO student_record_access (actor_user_id, acting_user_id, student_id, school_id, action, reason) VALUES ($1, $2, $3, $4, $5, $6)`, [
    actor,
    caller?.actingUserId ? caller.user.id : null,
    e.studentId,
    e.schoolId ?? null,
    e.action,
    e.reason,
  ]);
}

/**
 * Appends one row per student, in one statement whatever their number (the caseload logs the
 * students of the page it answers, or of the list it exports).
 */
export async function recordAccessMany(
  db: DataSource | EntityManager,
  caller: Caller,
  students: { studentId: number; schoolId: number | null }[],
  action: AccessAction,
  reason: string,
): Promise<void> {
  if (!students.length) return;
  await db.query(
    `INSERT INTO student_record_access (actor_user_id, acting_user_id, student_id, school_id, action, reason)
     SELECT $1, $2, s.student_id, s.school_id, $5, $6 FROM unnest($3::int[], $4::int[]) AS s(student_id, school_id)`,
    [
      caller.actingUserId ?? caller.user.id,
      caller.actingUserId ? caller.user.id : null,
      students.map((s) => s.studentId),
      students.map((s) => s.schoolId),
      action,
      reason,
    ],
  );
}
