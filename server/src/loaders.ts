/**
 * DataLoaders made fresh for each request: every to-one or to-many hop of a GraphQL query is
 * batched into one SQL statement per level, never one per row. It gathers every area's loaders, so it
 * sits beside services.ts, not in core/ (core imports no module).
 */
import DataLoader from 'dataloader';
import { In, type DataSource, type ObjectLiteral, type EntityTarget } from 'typeorm';
import { User } from './modules/accounts/user.entity.js';
import { planLoaders } from './modules/plans/plans.loaders.js';
import { createCourseLoaders } from './modules/courses/course.loaders.js';
import { Pathway, Requirement } from './modules/pathways/pathway.entity.js';
import { TranscriptFile } from './modules/admissions/application.entity.js';
import { contractByParentLoader, paymentsByFamilyLoader } from './modules/payments/payments.loaders.js';
import { School } from './modules/schools/school.entity.js';
import { reachLoader } from './modules/schools/reach.js';
import { courseViewLoader } from './modules/courses/course-view.js';

/** Loads rows by a numeric or text key in one `IN (...)` query, answering in the keys' order. */
export function byKey<E extends ObjectLiteral, K extends string | number>(db: DataSource, entity: EntityTarget<E>, column: keyof E & string): DataLoader<K, E | null> {
  return new DataLoader<K, E | null>(async (keys) => {
    const rows = await db.getRepository(entity).findBy({ [column]: In(keys as K[]) } as never);
    const map = new Map<unknown, E>(rows.map((r) => [r[column], r]));
    return keys.map((k) => map.get(k) ?? null);
  });
}

/** How many courses each user's plan holds (baseline plans' tiles and lists), in one grouped query. */
function scheduledCourseCount(db: DataSource): DataLoader<number, number> {
  return new DataLoader<number, number>(async (ids) => {
    const rows: { userId: number; count: number }[] = await db.query(
      `SELECT user_id AS "userId", count(*)::int AS count FROM scheduled_courses WHERE user_id = ANY($1::int[]) GROUP BY user_id`,
      [ids],
    );
    const map = new Map(rows.map((r) => [r.userId, r.count]));
    return ids.map((id) => map.get(id) ?? 0);
  });
}

export function createLoaders(db: DataSource) {
  const schoolById = byKey<School, number>(db, School, 'id');
  const courseLoaders = createCourseLoaders(db);
  return {
    schoolById,
    userById: byKey<User, number>(db, User, 'id'),
    /** Which schools and courses a user reaches (modules/schools/reach.ts), by user id. */
    reach: reachLoader(db),
    ...planLoaders(db),
    ...courseLoaders,
    /** A course card for a caller (modules/courses/course-view.ts). */
    courseView: courseViewLoader({ ...courseLoaders, schoolById }),
    pathwayById: byKey<Pathway, number>(db, Pathway, 'id'),
    /** A pathway's requirements by name (case-insensitive), then uuid. */
    requirementsByPathwayId: new DataLoader<number, Requirement[]>(async (ids) => {
      const rows = await db
        .getRepository(Requirement)
        .createQueryBuilder('r')
        .where('r.pathway_id IN (:...ids)', { ids: [...ids] })
        .orderBy('lower(r.name) COLLATE "C"', 'ASC')
        .addOrderBy('r.uuid', 'ASC')
        .getMany();
      return ids.map((id) => rows.filter((r) => r.pathwayId === id));
    }),
    /** The transcripts of each application (without their bytes), oldest first. */
    transcriptsByApplicationId: new DataLoader<number, TranscriptFile[]>(async (ids) => {
      const rows = await db.getRepository(TranscriptFile).find({ where: { applicationId: In(ids as number[]) }, order: { id: 'ASC' } });
      return ids.map((id) => rows.filter((r) => r.applicationId === id));
    }),
    paymentsByFamily: paymentsByFamilyLoader(db),
    contractByParent: contractByParentLoader(db),
    scheduledCourseCountByUser: scheduledCourseCount(db),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
