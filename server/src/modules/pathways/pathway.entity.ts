import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numericColumn } from '../../core/numeric.js';

/** Colours a pathway may carry (spec §9); empty means none. */
export const PATHWAY_COLORS = ['', 'red', 'blue', 'green', 'yellow', 'purple', 'orange', 'pink'] as const;

/** A set of requirements toward an academic goal, owned by a school. */
@ObjectType({ description: 'A set of requirements toward an academic goal' })
@Entity('pathways')
export class Pathway {
  @Field(() => Int, { description: 'Numeric identifier.' })
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Field(() => ID, { description: 'Stable public identifier (UUID).' })
  @Column({ type: 'uuid', unique: true, default: () => 'gen_random_uuid()' })
  uuid: string;

  @Column({ name: 'school_id', type: 'integer' })
  schoolId: number;

  @Field(() => String, { description: 'Name, as shown to people.' })
  @Column({ type: 'text' })
  name: string;

  @Field(() => String, { description: 'Free-text description.' })
  @Column({ type: 'text', default: '' })
  description: string;

  @Field(() => String, { description: 'red, blue, green, yellow, purple, orange, pink, or empty' })
  @Column({ type: 'text', default: '' })
  color: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** What a pathway asks for: a number of courses and/or units from the courses that fulfil it. */
@ObjectType({ description: 'A requirement of a pathway' })
@Entity('requirements')
export class Requirement {
  @Field(() => Int, { description: 'Numeric identifier.' })
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Field(() => ID, { description: 'Stable public identifier (UUID).' })
  @Column({ type: 'uuid', unique: true, default: () => 'gen_random_uuid()' })
  uuid: string;

  @Column({ name: 'pathway_id', type: 'integer' })
  pathwayId: number;

  @Field(() => String, { description: 'Name, as shown to people.' })
  @Column({ type: 'text' })
  name: string;

  @Field(() => String, { description: 'Free-text description.' })
  @Column({ type: 'text', default: '' })
  description: string;

  @Field(() => Float, { description: 'Units needed to fulfil it.' })
  @Column({ name: 'number_of_units', type: 'numeric', precision: 6, scale: 2, default: 0, transformer: numericColumn })
  numberOfUnits: number;

  @Field(() => Int, { description: 'Courses needed to fulfil it.' })
  @Column({ name: 'number_of_courses', type: 'integer', default: 0 })
  numberOfCourses: number;

  @Field(() => String, { nullable: true, description: 'The lowest grade (A to D-) a completed course may have to count, e.g. C; null: any passing grade.' })
  @Column({ name: 'minimum_grade', type: 'text', nullable: true })
  minimumGrade: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/**
 * A course counts toward a requirement. Rows of one course sharing a non_duplicable_group form a
 * group in which the course counts toward one requirement only.
 */
@Entity('course_requirements')
export class CourseRequirement {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'course_id', type: 'integer' })
  courseId: number;

  @Column({ name: 'requirement_id', type: 'integer' })
  requirementId: number;

  @Column({ name: 'non_duplicable_group', type: 'uuid', nullable: true })
  nonDuplicableGroup: string | null;
}
