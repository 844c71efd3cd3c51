import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { CONSENT_STATES, type ConsentFieldConfig, type ConsentState } from '@planner/shared/consent-form';

export { CONSENT_STATES, type ConsentState };

/**
 * A student's parent consent form. It starts admin_signed (the school has signed its template),
 * becomes student_signed when the student signs, and both_signed when the parent signs through the
 * texted link (see consent-signing.service.ts for the state machine). The server composes the
 * signed PDF (consent-pdf.ts); consent_signatures holds each signature's record (written and read
 * by consent-evidence.ts; the trail page of the PDF).
 */
@Entity('consent_forms')
export class ConsentForm {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'student_id', type: 'integer', unique: true })
  studentId: number;

  @Column({ name: 'school_id', type: 'integer' })
  schoolId: number;

  @Column({ type: 'text', default: 'admin_signed' })
  state: ConsentState;

  /** The latest signed PDF: the template's pages, then the trail page (null until the student signs); loaded only when served. */
  @Column({ name: 'signed_pdf', type: 'bytea', nullable: true, select: false })
  signedPdf: Buffer | null;

  /** The form's own pages (the template's), not counting the trail page. */
  @Column({ name: 'page_count', type: 'integer', nullable: true })
  pageCount: number | null;

  /** The template's field configuration at the student's signature, so the parent signs in the same places. */
  @Column({ name: 'field_config', type: 'jsonb', nullable: true })
  fieldConfig: ConsentFieldConfig | null;

  /** SHA-256 of the parent's link code; null before the student signs and once the form is complete. */
  @Column({ name: 'parent_code_hash', type: 'text', nullable: true, unique: true, select: false })
  parentCodeHash: string | null;

  @Column({ name: 'student_signed_at', type: 'timestamptz', nullable: true })
  studentSignedAt: Date | null;

  @Column({ name: 'parent_signed_at', type: 'timestamptz', nullable: true })
  parentSignedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A consent template: the default one (school_id null) or a school's own. */
@Entity('consent_templates')
export class ConsentTemplate {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'school_id', type: 'integer', nullable: true, unique: true })
  schoolId: number | null;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  @Column({ type: 'bytea', select: false })
  pdf: Buffer;

  @Column({ name: 'page_count', type: 'integer' })
  pageCount: number;

  @Column({ name: 'field_config', type: 'jsonb' })
  fieldConfig: ConsentFieldConfig;

  @Column({ name: 'updated_by', type: 'integer', nullable: true })
  updatedBy: number | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}

/** Who read which student's record, when and why (exports and consent-form viewer opens). */
@Entity('student_record_access')
export class StudentRecordAccess {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'actor_user_id', type: 'integer', nullable: true })
  actorUserId: number | null;

  @Column({ name: 'student_id', type: 'integer' })
  studentId: number;

  @Column({ type: 'text' })
  action: string;

  @Column({ type: 'text' })
  reason: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
