/**
 * DataLoaders made fresh for each request: every to-one or to-many hop of a GraphQL query is
 * batched into one SQL statement per level, never one per row.
 */
import DataLoader from 'dataloader';
import { In, type DataSource, type ObjectLiteral, type EntityTarget } from 'typeorm';
import { User } from '../modules/accounts/user.entity.js';
import { TranscriptFile } from '../modules/admissions/application.entity.js';
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

export function createLoaders(db: DataSource) {
  return {
    schoolById: byKey<School, number>(db, School, 'id'),
    userById: byKey<User, number>(db, User, 'id'),
    /** The transcripts of each application (without their bytes), oldest first. */
    transcriptsByApplicationId: new DataLoader<number, TranscriptFile[]>(async (ids) => {
      const rows = await db.getRepository(TranscriptFile).find({ where: { applicationId: In(ids as number[]) }, order: { id: 'ASC' } });
      return ids.map((id) => rows.filter((r) => r.applicationId === id));
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
