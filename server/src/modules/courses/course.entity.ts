import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numericColumn } from '../../core/numeric.js';

/**
 * A course of a school's catalogue. Its school, prerequisite groups, units per school,
 * requirements and tags are field resolvers of the courses area (batched per request).
 */
@ObjectType({ description: "A course of a school's catalogue" })
@Entity('courses')
export class Course {
  @Field(() => Int, { description: 'Numeric id, used by the legacy REST paths' })
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Field(() => ID, { description: 'Stable public id: /course-page/{uuid}' })
  @Column({ type: 'uuid', unique: true, default: () => 'gen_random_uuid()' })
  uuid: string;

  @Column({ name: 'school_id', type: 'integer' })
  schoolId: number;

  @Field(() => String, { description: "The school's own code, e.g. MATH 2; unique within the school" })
  @Column({ name: 'course_id', type: 'text' })
  courseId: string;

  @Field(() => String, { description: 'Title, as shown to people.' })
  @Column({ type: 'text' })
  title: string;

  @Field(() => String, { description: 'Free-text description.' })
  @Column({ type: 'text', default: '' })
  description: string;

  @Field(() => Float, { description: "Units at the course's own school (step 0.01)" })
  @Column({ type: 'numeric', precision: 6, scale: 2, default: 0, transformer: numericColumn })
  units: number;

  @Field(() => String, { description: 'Subject line.' })
  @Column({ type: 'text', default: '' })
  subject: string;

  /** Seasons the course is offered in ('fall', 'spring', 'summer'); null: unknown, every term. */
  @Field(() => [String], { nullable: true, description: 'Seasons the course is offered in: fall, spring, summer; null: unknown (every term).' })
  @Column({ name: 'offered_terms', type: 'text', array: true, nullable: true })
  offeredTerms: string[] | null;

  /** Tag key to tag name, e.g. { "uc": "UC" }. */
  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  tags: Record<string, string>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** One member of one prerequisite group: a course needs at least one course of each of its groups. */
@Entity('course_prerequisites')
export class CoursePrerequisite {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'course_id', type: 'integer' })
  courseId: number;

  /** 0-based group number within the course. */
  @Column({ name: 'group_index', type: 'smallint' })
  groupIndex: number;

  @Column({ name: 'prerequisite_id', type: 'integer' })
  prerequisiteId: number;
}

/** A school's acceptance of another school's course, with the units it counts for there. */
@Entity('course_transfers')
export class CourseTransfer {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'course_id', type: 'integer' })
  courseId: number;

  /** The accepting school. */
  @Column({ name: 'school_id', type: 'integer' })
  schoolId: number;

  @Column({ name: 'adjusted_units', type: 'numeric', precision: 6, scale: 2, transformer: numericColumn })
  adjustedUnits: number;

  @Column({ name: 'accepted_by', type: 'integer', nullable: true })
  acceptedBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** Two schools whose courses students combine, e.g. a high school and its community college. Read both ways. */
@Entity('school_partnerships')
export class SchoolPartnership {
  @PrimaryColumn({ name: 'school_id', type: 'integer' })
  schoolId: number;

  @PrimaryColumn({ name: 'partner_school_id', type: 'integer' })
  partnerSchoolId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
