import { registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type ApplicationStatus, type ContactPreference, type Locale, UserType } from '@planner/shared';

// The values cross the wire, so @planner/shared defines them; the user's modules keep importing them from here.
export { APPLICATION_STATUSES, CONTACT_PREFERENCES, LOCALES, UserType, type ApplicationStatus, type ContactPreference, type Locale } from '@planner/shared';

// GraphQL speaks the names (Student, Staff, ...); REST and the database keep the spec's numbers.
registerEnumType(UserType, {
  name: 'UserType',
  description: 'The kind of account: user_type 1 to 4 of the REST API.',
  valuesConfig: {
    Student: { description: 'A student (user_type 1).' },
    Staff: { description: 'A teacher or administrator (user_type 2).' },
    Parent: { description: 'A parent or guardian (user_type 3).' },
    BaselinePlan: { description: 'A baseline-plan record (user_type 4).' },
  },
});

@Entity('users')
export class User {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** Lower-cased; baseline-plan records carry a generated username instead. */
  @Column({ type: 'text', unique: true })
  email: string;

  /** Password hash (argon2id, or scrypt until the next sign-in: core/passwords.ts); empty for records that never sign in (baseline plans). */
  @Column({ name: 'password_hash', type: 'text', default: '' })
  passwordHash: string;

  @Column({ name: 'first_name', type: 'text', default: '' })
  firstName: string;

  @Column({ name: 'last_name', type: 'text', default: '' })
  lastName: string;

  @Column({ name: 'user_type', type: 'smallint' })
  userType: UserType;

  /** School of record; null until the user joins or creates one. */
  @Column({ name: 'school_id', type: 'integer', nullable: true })
  schoolId: number | null;

  /** Students only: the code a parent types to link to this student. */
  @Column({ name: 'parent_code', type: 'text', nullable: true, unique: true })
  parentCode: string | null;

  /** Term labels of the student's plan, in order; a term is its 1-based position. */
  @Column({ name: 'academic_year_labels', type: 'jsonb', default: () => `'[]'::jsonb` })
  academicYearLabels: string[];

  @Column({ type: 'text', nullable: true })
  grade: string | null;

  /** Date of birth as the spec sends it: MMDDYYYY digits. */
  @Column({ type: 'text', nullable: true })
  dob: string | null;

  /** Dual-school parents: where their admission application stands. */
  @Column({ name: 'application_status', type: 'text', nullable: true })
  applicationStatus: ApplicationStatus | null;

  /** Student information (spec 3 §3): the parent or guardian the consent form is texted to. */
  @Column({ name: 'guardian_first_name', type: 'text', nullable: true })
  guardianFirstName: string | null;

  @Column({ name: 'guardian_last_name', type: 'text', nullable: true })
  guardianLastName: string | null;

  @Column({ name: 'guardian_phone', type: 'text', nullable: true })
  guardianPhone: string | null;

  /** The demographics payload of spec 3 §3, as sent (citizenshipStatus, fosterCare, ... raceEthnicity). */
  @Column({ type: 'jsonb', nullable: true })
  demographics: Record<string, unknown> | null;

  /** Answers of the onboarding questions (ed_goals). */
  @Column({ name: 'ed_goals', type: 'jsonb', nullable: true })
  edGoals: string[] | null;

  /**
   * Language the person chose (issue 12): one of LOCALES ('en', 'es', 'vi', 'zh'), for the screens
   * and for the server's emails and texts (messages/messages.ts).
   */
  @Column({ type: 'text', default: 'en' })
  locale: Locale;

  /** How a parent wants to hear of their student's plan review: an email, or a text to `phone`. */
  @Column({ name: 'contact_preference', type: 'text', default: 'email' })
  contactPreference: ContactPreference;

  /** A parent's own mobile number for texts: digits, with a leading + when typed with one (profile-input.ts). */
  @Column({ type: 'text', nullable: true })
  phone: string | null;

  /** Set when the school or the district roster deactivates the person: neither a password nor single sign-on signs them in, they are hidden from lists, data kept. */
  @Column({ name: 'deactivated_at', type: 'timestamptz', nullable: true })
  deactivatedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A parent's link to a student, made with the student's parent code. */
@Entity('parent_student_links')
export class ParentStudentLink {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'parent_id', type: 'integer' })
  parentId: number;

  @Column({ name: 'student_id', type: 'integer' })
  studentId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

export function fullName(u: Pick<User, 'firstName' | 'lastName'>): string {
  return `${u.firstName} ${u.lastName}`.trim();
}
