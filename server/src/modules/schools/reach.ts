/**
 * Reach: which schools, courses and pathways a person sees. The one rule, used by every policy
 * that asks (courses, plans, pathways); computed once per request by the `reach` loader.
 *
 *  - A person's own schools are their school of record and every school they are a member of
 *    (a student joins a school; staff join or create one). A view-as token acts as the student,
 *    so a counselor or parent viewing a student reaches what the student reaches; a parent's own
 *    account belongs to no school and reaches nothing.
 *  - They reach their own schools and every partner of one of them (school_partnerships, read
 *    both ways): a high school's students see its partner college's catalogue and pathways.
 *  - A course is reached when its school is reached, or when one of their own schools accepted it
 *    as transferable (course_transfers). Reading a course and putting it in a plan ask the same
 *    question, so a course a student may schedule is one they may open, and the other way round.
 *
 * Why a transfer to any own school, not only to the school of record: transferability is accepted
 * by staff "for a school they belong to" (any membership, spec 2 §1 and the acceptFor rule), and
 * the course card lists every accepting school as a column of that course. A member of the
 * accepting school is one of the people the acceptance is for; limiting it to the school of record
 * would hide from a counselor the very course they just accepted for their second school, and
 * would let a student schedule (the plan always counted every own school) what they cannot open.
 *
 * The lists that are about "my school" (My Courses, Partner Courses, partner schools) stay on the
 * school of record and its partners; they are views within the reach, not another rule.
 */
import DataLoader from 'dataloader';
import type { DataSource, EntityManager } from 'typeorm';

/** The schools a person reaches, loaded once per request. */
export interface Reach {
  userId: number;
  /** The school of record. */
  schoolId: number | null;
  /** School of record and memberships. */
  ownIds: number[];
  /** Partners (either direction) of the school of record: the Partner Courses list. */
  recordPartnerIds: number[];
  /** Own schools and every partner of one of them: whose catalogues and pathways they see. */
  schoolIds: number[];
  /** The school of record has hs_full_access_enabled. */
  fullAccess: boolean;
}

/** A course's facts for the reach rule. */
export interface CourseReachFacts {
  schoolId: number;
  /** Accepted as transferable by one of the person's own schools. */
  acceptedByOwn: boolean;
}

export const NO_REACH = (userId: number): Reach => ({ userId, schoolId: null, ownIds: [], recordPartnerIds: [], schoolIds: [], fullAccess: false });

/** Whether a person reaches a school (its catalogue, its pathways). */
export const reachesSchool = (reach: Pick<Reach, 'schoolIds'>, schoolId: number): boolean => reach.schoolIds.includes(schoolId);

/** The one course rule: a course of a reached school, or one accepted by one of the person's own schools. */
export const reachesCourse = (reach: Pick<Reach, 'schoolIds'>, course: CourseReachFacts): boolean => reachesSchool(reach, course.schoolId) || course.acceptedByOwn;

type Query = Pick<EntityManager, 'query'>;

/** Reaches by user id: one statement for every user asked in the same tick. */
export async function loadReaches(q: Query, userIds: readonly number[]): Promise<Reach[]> {
  const rows: { user_id: number; kind: 'record' | 'own' | 'partner' | 'record-partner'; school_id: number; full: boolean | null }[] = await q.query(
    `WITH u AS (SELECT id, school_id FROM users WHERE id = ANY($1::int[])),
     own AS (SELECT m.user_id, m.school_id FROM school_memberships m JOIN u ON u.id = m.user_id
             UNION SELECT id, school_id FROM u WHERE school_id IS NOT NULL)
     SELECT u.id AS user_id, 'record' AS kind, s.id AS school_id, s.hs_full_access_enabled AS full FROM u JOIN schools s ON s.id = u.school_id
     UNION ALL SELECT user_id, 'own', school_id, NULL FROM own
     UNION ALL SELECT own.user_id, 'partner', sp.partner_school_id, NULL FROM own JOIN school_partnerships sp ON sp.school_id = own.school_id
     UNION ALL SELECT own.user_id, 'partner', sp.school_id, NULL FROM own JOIN school_partnerships sp ON sp.partner_school_id = own.school_id
     UNION ALL SELECT u.id, 'record-partner', sp.partner_school_id, NULL FROM u JOIN school_partnerships sp ON sp.school_id = u.school_id
     UNION ALL SELECT u.id, 'record-partner', sp.school_id, NULL FROM u JOIN school_partnerships sp ON sp.partner_school_id = u.school_id`,
    [userIds],
  );
  // Grouped once: the caseload asks for thousands of students in one call.
  const byUser = new Map<number, typeof rows>();
  for (const r of rows) {
    const list = byUser.get(r.user_id);
    if (list) list.push(r);
    else byUser.set(r.user_id, [r]);
  }
  return userIds.map((userId) => {
    const mine = byUser.get(userId) ?? [];
    const ids = (...kinds: string[]) => [...new Set(mine.filter((r) => kinds.includes(r.kind)).map((r) => r.school_id))].sort((a, b) => a - b);
    const record = mine.find((r) => r.kind === 'record');
    const ownIds = ids('own');
    return {
      userId,
      schoolId: record?.school_id ?? null,
      ownIds,
      recordPartnerIds: ids('record-partner'),
      schoolIds: [...new Set([...ownIds, ...ids('partner')])].sort((a, b) => a - b),
      fullAccess: !!record?.full,
    };
  });
}

/** The per-request loader: a person's reach by user id (server/src/loaders.ts). */
export const reachLoader = (db: DataSource) => new DataLoader<number, Reach>((ids) => loadReaches(db.manager, ids));

/** The ids of a person's own schools (school of record and memberships), in one statement. */
export async function ownSchoolIds(q: Query, user: { id: number; schoolId: number | null }): Promise<number[]> {
  const rows: { school_id: number }[] = await q.query(`SELECT school_id FROM school_memberships WHERE user_id = $1`, [user.id]);
  const ids = new Set(rows.map((r) => r.school_id));
  if (user.schoolId !== null) ids.add(user.schoolId);
  return [...ids];
}

/** Whether one of the person's own schools accepted a course as transferable. */
export async function acceptedByOwn(q: Query, reach: Reach, courseId: number): Promise<boolean> {
  if (!reach.ownIds.length) return false;
  const rows = await q.query(`SELECT 1 FROM course_transfers WHERE course_id = $1 AND school_id = ANY($2::int[]) LIMIT 1`, [courseId, reach.ownIds]);
  return rows.length > 0;
}

/** A course's reach facts in one statement (null: no such course). */
export async function courseReachFacts(q: Query, reach: Reach, courseId: number): Promise<CourseReachFacts | null> {
  const [row]: { school_id: number; accepted: boolean }[] = await q.query(
    `SELECT c.school_id, EXISTS (SELECT 1 FROM course_transfers t WHERE t.course_id = c.id AND t.school_id = ANY($2::int[])) AS accepted
       FROM courses c WHERE c.id = $1`,
    [courseId, reach.ownIds],
  );
  return row ? { schoolId: row.school_id, acceptedByOwn: row.accepted } : null;
}

/** SQL condition (for a course aliased `c`) of the course rule; `own` and `schools` are the bound parameter names. */
export const reachedCourseSql = (schools: string, own: string): string =>
  `(c.school_id = ANY(${schools}::int[]) OR EXISTS (SELECT 1 FROM course_transfers t WHERE t.course_id = c.id AND t.school_id = ANY(${own}::int[])))`;
