/**
 * School-year rules shared by the service, the seed and the factories (no service imports here):
 * the refusals' reasons, how a year is stored, and the demo's years.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { because } from '../../core/errors.js';
import { proposedSchoolYear, schoolYearStartOf, SPEC_TERMS, type YearTerms } from '../payments/pricing.js';
import type { SchoolYear, StoredTerms } from './school-year.entity.js';

export const SCHOOL_YEAR_MESSAGES = {
  notFound: 'SCHOOL_YEAR_NOT_FOUND',
  labelTaken: (label: string) => because('SCHOOL_YEAR_LABEL_TAKEN', { label }),
  labelRequired: 'SCHOOL_YEAR_LABEL_REQUIRED',
  notSet: 'SCHOOL_YEAR_NOT_SET',
} as const;

/** A year's row fields from its calendar and terms. */
export function rowOf(t: YearTerms): Pick<SchoolYear, 'label' | 'startsOn' | 'endsOn' | 'tuitionDueOn' | 'terms'> {
  const { label, startsOn, endsOn, tuitionDueOn, ...terms } = t;
  return { label, startsOn, endsOn, tuitionDueOn, terms: terms as StoredTerms };
}

/** Creates the school's current and next school years from `on` (the demo), each only if missing. */
export async function seedSchoolYears(m: EntityManager, schoolId: number, on: string): Promise<void> {
  const first = schoolYearStartOf(on);
  for (const y of [first, first + 1]) {
    const t: YearTerms = { ...SPEC_TERMS, ...proposedSchoolYear(y) };
    await m.query(
      `INSERT INTO school_years (school_id, label, starts_on, ends_on, tuition_due_on, terms) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (school_id, label) DO NOTHING`,
      [schoolId, t.label, t.startsOn, t.endsOn, t.tuitionDueOn, JSON.stringify(rowOf(t).terms)],
    );
  }
}

/** The demo's dual schools get the current and next school years of today, where missing (each start of the demo). */
export async function ensureDemoSchoolYears(db: DataSource, on = new Date().toISOString().slice(0, 10)): Promise<void> {
  const schools: { id: number }[] = await db.query(`SELECT id FROM schools WHERE dual_school_enabled ORDER BY id`);
  for (const s of schools) await seedSchoolYears(db.manager, s.id, on);
}
