import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A dual-school family's enrollment contract: one per parent. The placements and PDF may be
 * regenerated until the parent completes it; a completed contract never changes.
 */
@Entity('enrollment_contracts')
export class EnrollmentContract {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'parent_id', type: 'integer', unique: true })
  parentId: number;

  @Column({ name: 'school_id', type: 'integer' })
  schoolId: number;

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
