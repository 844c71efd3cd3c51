/** Per-request DataLoaders of the payments area (registered in server/src/loaders.ts). */
import DataLoader from 'dataloader';
import { In, type DataSource } from 'typeorm';
import { EnrollmentContract } from '../contracts/enrollment-contract.entity.js';
import { Payment } from './payment.entity.js';

/** A family's payments (annual and installments), by parent id, in due-date order. */
export function paymentsByFamilyLoader(db: DataSource): DataLoader<number, Payment[]> {
  return new DataLoader<number, Payment[]>(async (ids) => {
    const rows = await db.getRepository(Payment).find({ where: { familyId: In([...ids]) }, order: { dueDate: 'ASC', id: 'ASC' } });
    return ids.map((id) => rows.filter((p) => p.familyId === id));
  });
}

/** A parent's enrollment contract (without its PDF bytes), by parent id. */
export function contractByParentLoader(db: DataSource): DataLoader<number, EnrollmentContract | null> {
  return new DataLoader<number, EnrollmentContract | null>(async (ids) => {
    const rows = await db.getRepository(EnrollmentContract).findBy({ parentId: In([...ids]) });
    return ids.map((id) => rows.find((c) => c.parentId === id) ?? null);
  });
}
