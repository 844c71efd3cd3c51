import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numericColumn } from '../../core/numeric.js';

/** HS high school (four year labels), CLG college (two). */
export enum SchoolType {
  HS = 'HS',
  CLG = 'CLG',
}
registerEnumType(SchoolType, {
  name: 'SchoolType',
  description: 'HS high school, CLG college',
  valuesConfig: { HS: { description: 'A high school (four year labels).' }, CLG: { description: 'A college (two year labels).' } },
});

/** A school or college. Its feature flags decide what the client shows and what the server allows. */
@ObjectType({ description: 'A school or college with its feature flags' })
@Entity('schools')
export class School {
  @Field(() => Int, { description: 'Numeric id (sent as school_id by the export call)' })
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Field(() => String, { description: 'Stable public identifier (UUID).' })
  @Column({ type: 'uuid', unique: true, default: () => 'gen_random_uuid()' })
  uuid: string;

  @Field(() => String, { description: 'Name, as shown to people.' })
  @Column({ type: 'text' })
  name: string;

  @Field(() => SchoolType, { description: 'HS or CLG.' })
  @Column({ name: 'school_type', type: 'text' })
  schoolType: SchoolType;

  @Field(() => String, { description: 'State, e.g. CA' })
  @Column({ type: 'text', default: '' })
  location: string;

  @Field(() => String, { description: 'CSS colour used for course card borders and pathway chips' })
  @Column({ name: 'primary_color', type: 'text', default: '#1f4e79' })
  primaryColor: string;

  @Field(() => Boolean, { description: 'School feature flag: dual school is on.' })
  @Column({ name: 'dual_school_enabled', type: 'boolean', default: false })
  dualSchoolEnabled: boolean;

  @Field(() => Boolean, { description: 'School feature flag: four year plan is on.' })
  @Column({ name: 'four_year_plan_enabled', type: 'boolean', default: true })
  fourYearPlanEnabled: boolean;

  @Field(() => Boolean, { description: 'School feature flag: baseline plans is on.' })
  @Column({ name: 'baseline_plans_enabled', type: 'boolean', default: false })
  baselinePlansEnabled: boolean;

  @Field(() => Boolean, { description: 'School feature flag: hs full access is on.' })
  @Column({ name: 'hs_full_access_enabled', type: 'boolean', default: false })
  hsFullAccessEnabled: boolean;

  @Field(() => Boolean, { description: 'School feature flag: ccc apply is on.' })
  @Column({ name: 'ccc_apply_enabled', type: 'boolean', default: false })
  cccApplyEnabled: boolean;

  @Field(() => Boolean, { description: 'School feature flag: parent form is on.' })
  @Column({ name: 'parent_form_enabled', type: 'boolean', default: false })
  parentFormEnabled: boolean;

  @Field(() => Boolean, { description: 'School feature flag: ccc demo is on.' })
  @Column({ name: 'ccc_demo_enabled', type: 'boolean', default: false })
  cccDemoEnabled: boolean;

  @Field(() => Boolean, { description: 'School feature flag: students submit their plan for review and staff approve or return it.' })
  @Column({ name: 'plan_approval_enabled', type: 'boolean', default: false })
  planApprovalEnabled: boolean;

  /** Most units one term of a plan holds; null: the default of the school type (term-caps.ts). */
  @Column({ name: 'term_unit_cap', type: 'numeric', precision: 6, scale: 2, nullable: true, transformer: numericColumn })
  termUnitCap: number | null;

  /** Most courses one term of a plan holds; null: the default of the school type. */
  @Column({ name: 'term_course_cap', type: 'integer', nullable: true })
  termCourseCap: number | null;

  @Field(() => Int, { description: 'The first grade (9 to 12) in which a student may take a partner college course.' })
  @Column({ name: 'dual_enrollment_from_grade', type: 'integer', default: 9 })
  dualEnrollmentFromGrade: number;
  /** Days after a due date before the first late fee (Dual School; staff set it). */
  @Column({ name: 'late_fee_grace_days', type: 'integer', default: 5 })
  lateFeeGraceDays: number;

  /** The pathway the caseload follows for a student who marked none; null: by name (caseload/followed-pathways.ts). */
  @Column({ name: 'graduation_pathway_id', type: 'integer', nullable: true })
  graduationPathwayId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A staff member's (or student's) access to a school beyond their school of record. */
@Entity('school_memberships')
export class SchoolMembership {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'school_id', type: 'integer' })
  schoolId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** The year labels a school's students start with: HS four grades, CLG two years. */
export function defaultYearLabels(type: SchoolType): string[] {
  return type === SchoolType.HS ? ['9th Grade', '10th Grade', '11th Grade', '12th Grade'] : ['1st Year', '2nd Year'];
}
