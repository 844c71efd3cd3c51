import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A course placed in a term of a student's (or a baseline plan's) plan. */
@ObjectType({ description: "A course in a term of a student's plan" })
@Entity('scheduled_courses')
export class ScheduledCourse {
  @Field(() => Int, { description: 'Numeric identifier.' })
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** The student, or the type-4 baseline-plan record, whose plan this is. */
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'course_id', type: 'integer' })
  courseId: number;

  @Field(() => String, { description: "1-based position among the user's academic_year_labels, as text" })
  @Column({ type: 'text' })
  term: string;

  @Field(() => Int, { description: 'Order within the term' })
  @Column({ type: 'integer', default: 0 })
  position: number;

  @Field(() => String, { description: 'Free text, e.g. A or B+' })
  @Column({ type: 'text', default: '' })
  grade: string;

  @Field(() => Boolean, { description: 'Whether it is completed.' })
  @Column({ type: 'boolean', default: false })
  completed: boolean;

  /** The school's record this entry shows (its grade and completion are the record's); null: the student's own. */
  @Column({ name: 'transcript_record_id', type: 'integer', nullable: true })
  transcriptRecordId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
