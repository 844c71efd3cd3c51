import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { TuitionTerms, YearTerms } from '../payments/pricing.js';

/** What school_years.terms holds: attachment A's figures and the monthly plan's due dates. */
export interface StoredTerms extends TuitionTerms {
  monthlyDueDates: string[];
}

/**
 * A Dual School school year (2026-27): its dates and the terms a family signing for it agrees to.
 * Changing a year changes what new contracts say; a signed contract keeps the copy it was signed
 * under (enrollment_contracts.terms).
 */
@Entity('school_years')
export class SchoolYear {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'school_id', type: 'integer' })
  schoolId: number;

  @Column({ type: 'text' })
  label: string;

  /** YYYY-MM-DD */
  @Column({ name: 'starts_on', type: 'date' })
  startsOn: string;

  @Column({ name: 'ends_on', type: 'date' })
  endsOn: string;

  @Column({ name: 'tuition_due_on', type: 'date' })
  tuitionDueOn: string;

  @Column({ type: 'jsonb' })
  terms: StoredTerms;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** One change to a school year: who, when, and the year before and after (null before: created). */
@Entity('school_year_changes')
export class SchoolYearChange {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'school_year_id', type: 'integer' })
  schoolYearId: number;

  @Column({ name: 'changed_by', type: 'integer', nullable: true })
  changedBy: number | null;

  @CreateDateColumn({ name: 'changed_at', type: 'timestamptz' })
  changedAt: Date;

  @Column({ type: 'jsonb', nullable: true })
  before: YearTerms | null;

  @Column({ type: 'jsonb' })
  after: YearTerms;
}

/** The year's calendar and terms as one value: what a contract records when it is signed. */
export function yearTerms(y: SchoolYear): YearTerms {
  const { monthlyDueDates, ...money } = y.terms;
  return { label: y.label, startsOn: y.startsOn, endsOn: y.endsOn, tuitionDueOn: y.tuitionDueOn, monthlyDueDates: [...monthlyDueDates], ...money };
}
