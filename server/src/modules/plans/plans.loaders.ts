/** Per-request DataLoaders of the plan area: a plan's courses and a caller's plan entries, batched per query level. */
import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import type { School } from '../schools/school.entity.js';
import { entrySourceSql, loadCourses, type PlanCourseInfo, type PlanEntry } from './plan-store.js';

/** The schools of a plan's courses, by id, through the request's school loader (one statement). */
export async function schoolsOfEntries(schoolById: DataLoader<number, School | null>, entries: PlanEntry[]): Promise<Map<number, School>> {
  const ids = [...new Set(entries.map((e) => e.course.schoolId))];
  const map = new Map<number, School>();
  for (const s of await schoolById.loadMany(ids)) {
    if (s && !(s instanceof Error)) map.set(s.id, s);
  }
  return map;
}

export function planLoaders(db: DataSource) {
  return {
    /** Courses with their prerequisite groups, by numeric id. */
    planCourseById: new DataLoader<number, PlanCourseInfo | null>(async (ids) => {
      const byId = new Map((await loadCourses(db.manager, ids)).map((c) => [c.id, c]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    /** A user's plan entry for a course; key `${userId}:${courseId}`. */
    scheduledEntry: new DataLoader<string, PlanEntry | null>(async (keys) => {
      const pairs = keys.map((k) => k.split(':').map(Number));
      const rows: Omit<PlanEntry, 'course'>[] = await db.query(
        `SELECT sc.id, sc.user_id AS "userId", sc.course_id AS "courseId", sc.term, sc.position, sc.grade, sc.completed,
                ${entrySourceSql('sc.transcript_record_id IS NOT NULL')} AS source
           FROM scheduled_courses sc
           JOIN (SELECT unnest($1::int[]) AS user_id, unnest($2::int[]) AS course_id) k
             ON k.user_id = sc.user_id AND k.course_id = sc.course_id`,
        [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
      );
      const courses = new Map((await loadCourses(db.manager, [...new Set(rows.map((r) => r.courseId))])).map((c) => [c.id, c]));
      const byKey = new Map(rows.map((r) => [`${r.userId}:${r.courseId}`, { ...r, course: courses.get(r.courseId)! }]));
      return keys.map((k) => byKey.get(k) ?? null);
    }),
  };
}
