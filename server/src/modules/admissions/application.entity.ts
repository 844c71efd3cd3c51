import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { StepRecord } from '@planner/shared/application';

/**
 * A Dual School admission application: one per parent account. Its status is the parent's
 * users.application_status (the session reads it there); this row holds the form and the decision.
 */
@Entity('applications')
export class Application {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'parent_id', type: 'integer', unique: true })
  parentId: number;

  /** The dual school applied to (the parent's school at creation). */
  @Column({ name: 'school_id', type: 'integer' })
  schoolId: number;

  /** The school year admissions offered on accepting (null before, or for a decline). */
  @Column({ name: 'school_year_id', type: 'integer', nullable: true })
  schoolYearId: number | null;

  /** The saved step records (step, title, data), in step order. */
  @Column({ name: 'form_data', type: 'jsonb', default: () => `'[]'::jsonb` })
  formData: StepRecord[];

  @Column({ name: 'submitted_at', type: 'timestamptz', nullable: true })
  submittedAt: Date | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  @Column({ name: 'decided_by', type: 'integer', nullable: true })
  decidedBy: number | null;

  @Column({ name: 'decision_reason', type: 'text', default: '' })
  decisionReason: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A transcript uploaded with an application; the bytes are read only when the file is served. */
@Entity('transcript_files')
export class TranscriptFile {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'application_id', type: 'integer' })
  applicationId: number;

  /** The uploaded name, sanitized (no path, no control characters). */
  @Column({ name: 'file_name', type: 'text' })
  fileName: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ type: 'integer' })
  size: number;

  @Column({ type: 'bytea', select: false })
  data: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
