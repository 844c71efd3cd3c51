/**
 * Which students' plans carry a prerequisite warning: the students list filters on it and the
 * counselor dashboard counts it. Its own file so that neither of those two imports the other.
 */
import type { DataSource } from 'typeorm';
import { UserType, type User } from '../accounts/user.entity.js';
import type { PlanEntry } from '../plans/plan-store.js';
import { buildView } from '../plans/plan-view.js';

/**
 * Ids of the students of `schoolIds` whose plan has at least one prerequisite warning, by the
 * plans area's rule (buildView). Three statements: students, their scheduled courses, prerequisites.
 */
export async function studentsWithWarnings(db: DataSource, schoolIds: number[]): Promise<Set<number>> {
  if (!schoolIds.length) return new Set();
  const entries: { id: number; user_id: number; course_id: number; term: string; position: number; completed: boolean; title: string; units: string }[] = await db.query(
    `SELECT sc.id, sc.user_id, sc.course_id, sc.term, sc.position, sc.completed, c.title, c.units
         FROM scheduled_courses sc
         JOIN users u ON u.id = sc.user_id
         JOIN courses c ON c.id = sc.course_id
        WHERE u.school_id = ANY($1::int[]) AND u.user_type = $2 AND u.deactivated_at IS NULL
          AND EXISTS (SELECT 1 FROM course_prerequisites p WHERE p.course_id IN (SELECT course_id FROM scheduled_courses WHERE user_id = sc.user_id))`,
    [schoolIds, UserType.Student],
  );
  if (!entries.length) return new Set();
  const userIds = [...new Set(entries.map((e) => e.user_id))];
  const courseIds = [...new Set(entries.map((e) => e.course_id))];
  const [users, prereqs]: [{ id: number; labels: string[] }[], { course_id: number; group_index: number; prerequisite_id: number }[]] = await Promise.all([
    db.query(`SELECT id, academic_year_labels AS labels FROM users WHERE id = ANY($1::int[])`, [userIds]),
    db.query(`SELECT course_id, group_index, prerequisite_id FROM course_prerequisites WHERE course_id = ANY($1::int[])`, [courseIds]),
  ]);
  const groups = new Map<number, number[][]>();
  for (const p of prereqs) {
    const g = groups.get(p.course_id) ?? [];
    (g[p.group_index] ??= []).push(p.prerequisite_id);
    groups.set(p.course_id, g);
  }
  const byUser = new Map<number, PlanEntry[]>();
  for (const e of entries) {
    const list = byUser.get(e.user_id) ?? [];
    list.push({
      id: e.id,
      userId: e.user_id,
      courseId: e.course_id,
      // Not read here (warnings only).
      source: 'planned',
      term: e.term,
      position: e.position,
      grade: '',
      completed: e.completed,
      course: {
        id: e.course_id,
        uuid: '',
        courseId: '',
        title: e.title,
        description: '',
        units: Number(e.units),
        schoolId: 0,
        prerequisiteGroups: [],
        prerequisiteGroupUuids: [],
        prerequisiteIds: (groups.get(e.course_id) ?? []).filter(Boolean),
      },
    });
    byUser.set(e.user_id, list);
  }
  const out = new Set<number>();
  for (const u of users) {
    const view = buildView({ academicYearLabels: u.labels } as User, true, byUser.get(u.id) ?? []);
    if (view.warnings.length) out.add(u.id);
  }
  return out;
}
