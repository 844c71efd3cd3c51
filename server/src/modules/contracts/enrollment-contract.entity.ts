import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { YearTerms } from '../payments/pricing.js';

/**
 * A dual-school family's enrollment contract for one school year: one per parent and year (a family
 * re-enrolling signs a new one), at most one not completed. The placements, PDF and terms may be
 * redrawn until the parent completes it; a completed contract never changes (a withdrawal only
 * records when the enrollment ended).
 */
@Entity('enrollment_contracts')
export class EnrollmentContract {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'parent_id', type: 'integer' })
  parentId: number;

  @Column({ name: 'school_id', type: 'integer' })
  schoolId: number;

  /** The school year it enrolls for; null until the PDF is first drawn (the seed's unsigned contract). */
  @Column({ name: 'school_year_id', type: 'integer', nullable: true })
  schoolYearId: number | null;

  /** The year's dates and attachment A's figures as printed on the PDF: what the family agreed to. */
  @Column({ type: 'jsonb', nullable: true })
  terms: YearTerms | null;

  /** When the enrollment ended (a withdrawal). */
  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  /** The student the contract enrolls (from the application, or the seed). */
  @Column({ name: 'student_name', type: 'text', default: '' })
  studentName: string;

  /** spot name -> placed value (initials, full name, or the local date). */
  @Column({ name: 'placed_signatures', type: 'jsonb', default: () => `'{}'::jsonb` })
  placedSignatures: Record<string, string>;

  @Column({ name: 'signer_name', type: 'text', nullable: true })
  signerName: string | null;

  @Column({ name: 'signer_email', type: 'text', nullable: true })
  signerEmail: string | null;

  /** completionDate sent with the PDF request: when the parent finished placing. */
  @Column({ name: 'signed_at', type: 'timestamptz', nullable: true })
  signedAt: Date | null;

  @Column({ type: 'bytea', nullable: true, select: false })
  pdf: Buffer | null;

  @Column({ name: 'pdf_generated_at', type: 'timestamptz', nullable: true })
  pdfGeneratedAt: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

export const contractPdfUrl = (id: string) => `/files/contracts/${id}.pdf`;
