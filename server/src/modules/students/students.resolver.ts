import { Arg, Ctx, Field, FieldResolver, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { CccApplyStatusEnum, ConsentFilterEnum, ConsentFormStateEnum, StudentPlanFilterEnum, StudentSortEnum } from '../../graphql/enums.js';
import { School } from '../schools/school.entity.js';
import type { StudentRow, StudentSort } from './students.service.js';

@ObjectType({ description: "A row of the staff's students list" })
export class StudentListItem {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => String, { description: 'First name.' }) firstName: string;
  @Field(() => String, { description: 'Last name.' }) lastName: string;
  @Field(() => String, { description: 'Email address (lower case).' }) email: string;
  @Field(() => String, { description: 'Grade level (e.g. 9 to 12), or the grade earned where a course is concerned.', nullable: true }) grade: string | null;
  @Field(() => String, { description: "The student's parent code, which links a parent to the student.", nullable: true }) parentCode: string | null;
  @Field(() => ConsentFormStateEnum, { nullable: true, description: 'admin_signed, student_signed, parent_signed, both_signed, or null' })
  parentConsentFormState: string | null;
  @Field(() => CccApplyStatusEnum, { nullable: true, description: 'Community-college application status; null shows as Not Set' })
  cccApplyStatus: string | null;
  schoolId: number;
}

@ObjectType({ description: 'A page of student items, with the total count and the cursor of the next page.' })
class StudentConnection {
  @Field(() => [StudentListItem], { description: 'The items of this page.' }) nodes: StudentListItem[];
  @Field(() => Int, { description: 'How many items match, across all pages.' }) totalCount: number;
  @Field(() => String, { description: 'Cursor of the last item of this page; pass it as `after` to read the next page.', nullable: true }) endCursor: string | null;
  @Field(() => Boolean, { description: 'Whether another page follows (ask again with after = endCursor).' }) hasNextPage: boolean;
}

@Resolver(() => StudentListItem)
export class StudentsResolver {
  @Query(() => StudentConnection, { description: 'Staff: students of the schools they reach, searched, sorted and paged' })
  async students(
    @Ctx() ctx: AdapterContext,
    @Arg('search', () => String, { description: 'Text matched against names and emails (case-insensitive).', nullable: true }) search: string | null,
    @Arg('schoolId', () => Int, { description: 'Numeric identifier of the school.', nullable: true }) schoolId: number | null,
    @Arg('sort', () => StudentSortEnum, { nullable: true, description: 'first_name, last_name, email, grade or ccc_apply_status' }) sort: string | null,
    @Arg('descending', () => Boolean, { description: 'Sort in descending order.', nullable: true }) descending: boolean | null,
    @Arg('first', () => Int, { description: 'How many items to return (page size).', nullable: true }) first: number | null,
    @Arg('after', () => String, { description: "Cursor from the previous page's endCursor; omitted for the first page.", nullable: true }) after: string | null,
    @Arg('consentState', () => ConsentFilterEnum, {
      nullable: true,
      description: 'Only students whose consent form is in this state: none, admin_signed, student_signed, parent_signed or both_signed.',
    })
    consentState: string | null,
    @Arg('cccApplyStatus', () => String, { nullable: true, description: 'Only students with this CCCApply status (case-insensitive; "Not Set" for none).' })
    cccApplyStatus: string | null,
    @Arg('plan', () => StudentPlanFilterEnum, { nullable: true, description: 'Only students with no plan ("none") or with a prerequisite warning ("warnings").' })
    plan: string | null,
  ): Promise<StudentConnection> {
    const page = await ctx.services.students.list(ctx, {
      search,
      schoolId,
      sort: (sort ?? 'first_name') as StudentSort,
      descending: descending ?? false,
      first: first ?? 50,
      after,
      consentState,
      cccApplyStatus,
      plan,
    });
    return { nodes: page.rows as StudentRow[], totalCount: page.totalCount, endCursor: page.endCursor, hasNextPage: page.hasNextPage };
  }

  @Query(() => [String], { description: "Staff: the distinct grades of their schools' students, sorted numerically" })
  studentGrades(@Ctx() ctx: AdapterContext): Promise<string[]> {
    return ctx.services.students.grades(ctx);
  }

  @Mutation(() => Boolean, { description: "Staff of the student's school: delete the student's account and every record about it (cannot be undone)" })
  async deleteStudent(@Ctx() ctx: AdapterContext, @Arg('id', () => Int, { description: "The student's user id" }) id: number): Promise<boolean> {
    await ctx.services.students.deleteStudent(ctx, id);
    return true;
  }

  @FieldResolver(() => School, { description: 'The school.', nullable: true })
  school(@Root() row: StudentListItem, @Ctx() ctx: AdapterContext): Promise<School | null> {
    return ctx.loaders.schoolById.load(row.schoolId);
  }
}
