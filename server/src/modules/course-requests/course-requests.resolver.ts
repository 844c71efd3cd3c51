import { Arg, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { checkRequestWindow, checkStaffRequests } from './request-window-input.js';
import type { CourseRequestView, OwnRequestWindowView, RequestWindowView } from './course-requests.service.js';

@ObjectType({ description: "A school's course-request window for the next school year" })
class CourseRequestWindow {
  @Field(() => String, { description: 'The school year it collects, e.g. 2027-2028.' }) schoolYear: string;
  @Field(() => String, { description: 'First day (YYYY-MM-DD, UTC).' }) opensOn: string;
  @Field(() => String, { description: 'Last day (YYYY-MM-DD, UTC).' }) closesOn: string;
  @Field(() => String, { description: 'upcoming, open or closed.' }) state: string;
  @Field(() => Date, { nullable: true, description: 'When the requests were kept as submitted at the close.' }) keptAt: Date | null;
}

@ObjectType({ description: "A student's view of their school's course-request window" })
class OwnCourseRequestWindow {
  @Field(() => String, { description: 'The school year it collects, e.g. 2027-2028.' }) schoolYear: string;
  @Field(() => String, { description: 'First day (YYYY-MM-DD, UTC).' }) opensOn: string;
  @Field(() => String, { description: 'Last day (YYYY-MM-DD, UTC).' }) closesOn: string;
  @Field(() => String, { description: 'upcoming, open or closed.' }) state: string;
  @Field(() => Boolean, { description: "The student's requests are kept as submitted: only staff change them." }) kept: boolean;
}

@ObjectType({ description: "A student's request for a course in the next school year" })
class CourseRequest {
  @Field(() => Int, { description: "The student's id." }) studentId: number;
  @Field(() => String, { description: "The student's sourcedId as rostered, else their email." }) rosteredId: string;
  @Field(() => Int, { description: "The course's id." }) courseId: number;
  @Field(() => String, { description: "The course's code." }) courseCode: string;
  @Field(() => String, { description: 'The school year.' }) schoolYear: string;
  @Field(() => String, { description: 'Fall, Spring or Summer for dated terms; Year for grade-level terms.' }) term: string;
  @Field(() => Boolean, { description: 'An alternate request.' }) alternate: boolean;
  @Field(() => Boolean, { description: 'Kept as submitted; false: read live from the plan.' }) kept: boolean;
}

@ObjectType({ description: 'A page of course requests' })
class CourseRequestPage {
  @Field(() => String, { description: 'The school year.' }) schoolYear: string;
  @Field(() => Int, { description: 'All requests of the year.' }) count: number;
  @Field(() => String, { nullable: true, description: 'The cursor of the next page.' }) next: string | null;
  @Field(() => [CourseRequest], { description: 'The requests of this page.' }) results: CourseRequest[];
}

@InputType({ description: 'A course request as staff set it' })
class CourseRequestInput {
  @Field(() => Int, { description: "The course's id (of the school's catalogue)." }) courseId: number;
  @Field(() => String, { description: 'The SIS term, e.g. Year, Fall, Spring.' }) term: string;
  @Field(() => Boolean, { nullable: true, description: 'An alternate request (default false).' }) alternate: boolean | null;
}

const windowOf = (w: RequestWindowView | null): CourseRequestWindow | null =>
  w && { schoolYear: w.schoolYear, opensOn: w.opensOn, closesOn: w.closesOn, state: w.state, keptAt: w.frozenAt };

@Resolver()
export class CourseRequestsResolver {
  @Query(() => CourseRequestWindow, { nullable: true, description: "Staff: their school's course-request window (null: none set)." })
  async courseRequestWindow(@Ctx() ctx: AdapterContext): Promise<CourseRequestWindow | null> {
    return windowOf(await ctx.services.courseRequests.window(ctx));
  }

  @Query(() => OwnCourseRequestWindow, {
    nullable: true,
    description:
      "A student (or whoever views as them): their school's course-request window for a school year to come, and whether their requests are kept (null: none, or not a student).",
  })
  async myCourseRequestWindow(@Ctx() ctx: AdapterContext): Promise<OwnRequestWindowView | null> {
    return ctx.services.courseRequests.ownWindow(ctx);
  }

  @Mutation(() => CourseRequestWindow, { description: "Staff: sets their school's course-request window." })
  async setCourseRequestWindow(
    @Ctx() ctx: AdapterContext,
    @Arg('schoolYear', () => String, { description: 'e.g. 2027-2028' }) schoolYear: string,
    @Arg('opensOn', () => String, { description: 'YYYY-MM-DD' }) opensOn: string,
    @Arg('closesOn', () => String, { description: 'YYYY-MM-DD' }) closesOn: string,
  ): Promise<CourseRequestWindow> {
    return windowOf(await ctx.services.courseRequests.setWindow(ctx, checkRequestWindow({ school_year: schoolYear, opens_on: opensOn, closes_on: closesOn })))!;
  }

  @Mutation(() => [CourseRequest], {
    description: "Staff: replaces a student's course requests for the window's school year; they are kept (the student can no longer change them).",
  })
  async setStudentCourseRequests(
    @Ctx() ctx: AdapterContext,
    @Arg('studentId', () => Int, { description: "The student's id." }) studentId: number,
    @Arg('requests', () => [CourseRequestInput], { description: 'The requests, each course once.' }) requests: CourseRequestInput[],
  ): Promise<CourseRequest[]> {
    const body = {
      requests: requests.map((r) => ({ course_id: r.courseId, term: r.term, ...(r.alternate === null || r.alternate === undefined ? {} : { alternate: r.alternate }) })),
    };
    return ctx.services.courseRequests.setStudentRequests(ctx, studentId, checkStaffRequests(body));
  }

  @Query(() => CourseRequestPage, { description: "Staff: their school's course requests for a school year (default: the window's), paged." })
  async courseRequests(
    @Ctx() ctx: AdapterContext,
    @Arg('schoolYear', () => String, { nullable: true, description: 'e.g. 2027-2028' }) schoolYear: string | null,
    @Arg('pageSize', () => Int, { nullable: true, description: '1 to 1000, default 100.' }) pageSize: number | null,
    @Arg('cursor', () => String, { nullable: true, description: 'From the previous page.' }) cursor: string | null,
  ): Promise<CourseRequestPage> {
    const page = await ctx.services.courseRequests.list(ctx, schoolYear, pageSize, cursor);
    return { ...page, results: page.results.map((r: CourseRequestView) => ({ ...r })) };
  }

  @Query(() => String, { description: "Staff: their school's course requests as the SIS export CSV (student_id, course_code, school_year, term, alternate)." })
  async courseRequestsCsv(
    @Ctx() ctx: AdapterContext,
    @Arg('schoolYear', () => String, { nullable: true, description: 'e.g. 2027-2028' }) schoolYear: string | null,
  ): Promise<string> {
    return (await ctx.services.courseRequests.exportCsv(ctx, schoolYear)).csv;
  }
}
