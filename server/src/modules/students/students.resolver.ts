import { Arg, Ctx, Field, FieldResolver, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../core/context.js';
import { School } from '../schools/school.entity.js';
import type { StudentRow, StudentSort } from './students.service.js';

@ObjectType({ description: "A row of the staff's students list" })
export class StudentListItem {
  @Field(() => Int) id: number;
  @Field(() => String) firstName: string;
  @Field(() => String) lastName: string;
  @Field(() => String) email: string;
  @Field(() => String, { nullable: true }) grade: string | null;
  @Field(() => String, { nullable: true }) parentCode: string | null;
  @Field(() => String, { nullable: true, description: 'admin_signed, student_signed, parent_signed, both_signed, or null' })
  parentConsentFormState: string | null;
  @Field(() => String, { nullable: true, description: 'Community-college application status; null shows as Not Set' })
  cccApplyStatus: string | null;
  schoolId: number;
}

@ObjectType()
class StudentConnection {
  @Field(() => [StudentListItem]) nodes: StudentListItem[];
  @Field(() => Int) totalCount: number;
  @Field(() => String, { nullable: true }) endCursor: string | null;
  @Field(() => Boolean) hasNextPage: boolean;
}

@Resolver(() => StudentListItem)
export class StudentsResolver {
  @Query(() => StudentConnection, { description: 'Staff: students of the schools they reach, searched, sorted and paged' })
  async students(
    @Ctx() ctx: RequestContext,
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('schoolId', () => Int, { nullable: true }) schoolId: number | null,
    @Arg('sort', () => String, { nullable: true, description: 'first_name, last_name, email, grade or ccc_apply_status' }) sort: string | null,
    @Arg('descending', () => Boolean, { nullable: true }) descending: boolean | null,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ): Promise<StudentConnection> {
    const page = await ctx.services.students.list(ctx, {
      search, schoolId, sort: (sort ?? 'first_name') as StudentSort, descending: descending ?? false, first: first ?? 50, after,
    });
    return { nodes: page.rows as StudentRow[], totalCount: page.totalCount, endCursor: page.endCursor, hasNextPage: page.hasNextPage };
  }

  @Query(() => [String], { description: "Staff: the distinct grades of their schools' students, sorted numerically" })
  studentGrades(@Ctx() ctx: RequestContext): Promise<string[]> {
    return ctx.services.students.grades(ctx);
  }

  @Mutation(() => Boolean, { description: "Staff of the student's school: delete the student's account and every record about it (cannot be undone)" })
  async deleteStudent(@Ctx() ctx: RequestContext, @Arg('id', () => Int) id: number): Promise<boolean> {
    await ctx.services.students.deleteStudent(ctx, id);
    return true;
  }

  @FieldResolver(() => School, { nullable: true })
  school(@Root() row: StudentListItem, @Ctx() ctx: RequestContext): Promise<School | null> {
    return ctx.loaders.schoolById.load(row.schoolId);
  }
}
