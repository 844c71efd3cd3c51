/**
 * Per-request DataLoaders of the course card: every hop (prerequisites, transfers, requirements,
 * the caller's plan) is one SQL statement for all the courses of a page, never one per course.
 */
import DataLoader from 'dataloader';
import { In, type DataSource } from 'typeorm';
import { Course } from './course.entity.js';

export interface PrerequisiteRow {
  courseId: number;
  groupIndex: number;
  id: number;
  uuid: string;
  code: string;
  title: string;
}

export interface TransferRow {
  courseId: number;
  schoolId: number;
  schoolUuid: string;
  schoolName: string;
  primaryColor: string;
  adjustedUnits: number;
}

export interface RequirementRow {
  courseId: number;
  uuid: string;
  name: string;
  nonDuplicableGroup: string | null;
  pathwayUuid: string;
  pathwayName: string;
  pathwayColor: string;
  schoolId: number;
  schoolUuid: string;
  schoolName: string;
  primaryColor: string;
}

function grouped<K, R>(keys: readonly K[], rows: R[], keyOf: (r: R) => K): R[][] {
  const map = new Map<K, R[]>();
  for (const r of rows) {
    const k = keyOf(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return keys.map((k) => map.get(k) ?? []);
}

export function createCourseLoaders(db: DataSource) {
  return {
    /** Courses by numeric id (also for other areas: a plan entry's course). */
    courseById: new DataLoader<number, Course | null>(async (ids) => {
      const rows = await db.getRepository(Course).findBy({ id: In(ids as number[]) });
      const map = new Map(rows.map((c) => [c.id, c]));
      return ids.map((id) => map.get(id) ?? null);
    }),
    /** Members of every prerequisite group of a course, with the member's code and title. */
    coursePrerequisites: new DataLoader<number, PrerequisiteRow[]>(async (ids) => {
      const rows: PrerequisiteRow[] = await db.query(
        `SELECT p.course_id AS "courseId", p.group_index AS "groupIndex", pc.id, pc.uuid, pc.course_id AS code, pc.title
           FROM course_prerequisites p JOIN courses pc ON pc.id = p.prerequisite_id
          WHERE p.course_id = ANY($1::int[])
          ORDER BY p.course_id, p.group_index, pc.course_id`,
        [ids],
      );
      return grouped(ids, rows, (r) => r.courseId);
    }),
    /** Schools that accepted a course as transferable, with the adjusted units. */
    courseTransfers: new DataLoader<number, TransferRow[]>(async (ids) => {
      const rows: TransferRow[] = await db.query(
        `SELECT t.course_id AS "courseId", s.id AS "schoolId", s.uuid AS "schoolUuid", s.name AS "schoolName",
                s.primary_color AS "primaryColor", t.adjusted_units::float8 AS "adjustedUnits"
           FROM course_transfers t JOIN schools s ON s.id = t.school_id
          WHERE t.course_id = ANY($1::int[])
          ORDER BY t.course_id, s.name`,
        [ids],
      );
      return grouped(ids, rows, (r) => r.courseId);
    }),
    /** Requirements a course fulfils, with their pathway and the pathway's school. */
    courseRequirements: new DataLoader<number, RequirementRow[]>(async (ids) => {
      const rows: RequirementRow[] = await db.query(
        `SELECT cr.course_id AS "courseId", r.uuid, r.name, cr.non_duplicable_group AS "nonDuplicableGroup",
                p.uuid AS "pathwayUuid", p.name AS "pathwayName", p.color AS "pathwayColor",
                s.id AS "schoolId", s.uuid AS "schoolUuid", s.name AS "schoolName", s.primary_color AS "primaryColor"
           FROM course_requirements cr
           JOIN requirements r ON r.id = cr.requirement_id
           JOIN pathways p ON p.id = r.pathway_id
           JOIN schools s ON s.id = p.school_id
          WHERE cr.course_id = ANY($1::int[])
          ORDER BY cr.course_id, p.name, r.name, r.uuid`,
        [ids],
      );
      return grouped(ids, rows, (r) => r.courseId);
    }),
    /** The course ids in a user's plan. */
    scheduledCourseIds: new DataLoader<number, Set<number>>(async (userIds) => {
      const rows: { userId: number; courseId: number }[] = await db.query(
        `SELECT user_id AS "userId", course_id AS "courseId" FROM scheduled_courses WHERE user_id = ANY($1::int[])`,
        [userIds],
      );
      return grouped(userIds, rows, (r) => r.userId).map((list) => new Set(list.map((r) => r.courseId)));
    }),
  };
}
