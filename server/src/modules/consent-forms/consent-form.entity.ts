import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const CONSENT_STATES = ['admin_signed', 'student_signed', 'parent_signed', 'both_signed'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/** A student's parent consent form. It starts admin_signed (the school has signed its template). */
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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
