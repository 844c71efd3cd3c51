/**
 * DataLoaders made fresh for each request: every to-one or to-many hop of a GraphQL query is
 * batched into one SQL statement per level, never one per row.
 */
import DataLoader from 'dataloader';
import { In, type DataSource, type ObjectLiteral, type EntityTarget } from 'typeorm';
import { User } from '../modules/accounts/user.entity.js';
import { School } from '../modules/schools/school.entity.js';

/** Loads rows by a numeric or text key in one `IN (...)` query, answering in the keys' order. */
export function byKey<E extends ObjectLiteral, K extends string | number>(
  db: DataSource,
  entity: EntityTarget<E>,
  column: keyof E & string,
): DataLoader<K, E | null> {
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
  return {
    schoolById: byKey<School, number>(db, School, 'id'),
    userById: byKey<User, number>(db, User, 'id'),
    scheduledCourseCountByUser: scheduledCourseCount(db),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
