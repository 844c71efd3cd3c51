import { Arg, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { checkClassSize, checkRequestWindow, checkStaffRequests } from './request-window-input.js';
import { checkExportLayout, checkSavedColumns, type ExportColumn } from './export-layouts.js';
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

@InputType({ description: "One column of the school's own export layout" })
class CourseRequestColumnInput {
  @Field(() => String, { description: 'Our field: student_id, course_code, school_year, term or alternate.' }) field: string;
  @Field(() => String, { description: 'Its header in the SIS import (1 to 40 letters, digits, spaces or _ . # ( ) / -).' }) header: string;
}

@ObjectType({ description: "One column of the school's saved export layout" })
class CourseRequestColumn {
  @Field(() => String, { description: 'Our field: student_id, course_code, school_year, term or alternate.' }) field: string;
  @Field(() => String, { description: 'Its header in the SIS import.' }) header: string;
}

@ObjectType({ description: 'Requests of a course by the grade the students will be in' })
class CourseDemandGrade {
  @Field(() => String, { description: 'The grade ("": none recorded).' }) grade: string;
  @Field(() => Int, { description: 'Students of that grade who requested it.' }) count: number;
}

@ObjectType({ description: "A course's demand" })
class CourseDemandRow {
  @Field(() => Int, { description: "The course's id." }) courseId: number;
  @Field(() => String, { description: "The course's code." }) courseCode: string;
  @Field(() => String, { description: "The course's title." }) title: string;
  @Field(() => Int, { description: 'Students with a first-choice request.' }) requested: number;
  @Field(() => Int, { description: 'Students who asked it only as an alternate.' }) alternates: number;
  @Field(() => [CourseDemandGrade], { description: 'The requests by grade.' }) byGrade: CourseDemandGrade[];
  @Field(() => Int, { description: 'Sections needed: requested / class size, rounded up.' }) sections: number;
}

@ObjectType({ description: 'Course demand for the master schedule' })
class CourseDemand {
  @Field(() => String, { description: 'The school year.' }) schoolYear: string;
  @Field(() => Int, { description: "The school's class size (students per section)." }) classSize: number;
  @Field(() => [String], { description: 'Every grade that appears, in order.' }) grades: string[];
  @Field(() => [CourseDemandRow], { description: 'The courses, by code.' }) courses: CourseDemandRow[];
}

@ObjectType({ description: 'A student behind a demand number' })
class CourseDemandStudent {
  @Field(() => Int, { description: "The student's id." }) studentId: number;
  @Field(() => String, { description: "The student's name." }) name: string;
  @Field(() => String, { description: "The student's sourcedId as rostered, else their email." }) rosteredId: string;
  @Field(() => String, { description: 'The grade in that year.' }) grade: string;
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

  @Query(() => String, {
    description:
      "Staff: their school's course requests as the SIS export CSV, in a layout (generic, powerschool, aeries, infinite-campus) or with the school's own columns.",
  })
  async courseRequestsCsv(
    @Ctx() ctx: AdapterContext,
    @Arg('schoolYear', () => String, { nullable: true, description: 'e.g. 2027-2028' }) schoolYear: string | null,
    @Arg('layout', () => String, { nullable: true, description: "generic (default), powerschool, aeries, infinite-campus, or school (the school's saved columns)." })
    layout: string | null,
    @Arg('columns', () => [CourseRequestColumnInput], { nullable: true, description: "The school's own columns, in order (values keep the layout's formats)." })
    columns: CourseRequestColumnInput[] | null,
  ): Promise<string> {
    const checked = checkExportLayout({ layout, columns: columns && columns.map((c) => ({ field: c.field, header: c.header })) });
    return (await ctx.services.courseRequests.exportCsv(ctx, schoolYear, checked)).csv;
  }

  @Query(() => [CourseRequestColumn], { nullable: true, description: "Staff: their school's saved export columns (null: none saved), the ones layout school writes." })
  async courseRequestColumns(@Ctx() ctx: AdapterContext): Promise<CourseRequestColumn[] | null> {
    return columnsOut(await ctx.services.courseRequests.exportColumns(ctx));
  }

  @Mutation(() => [CourseRequestColumn], {
    nullable: true,
    description: "Staff: saves their school's export columns, checked as the export's columns are; null or an empty list clears them.",
  })
  async setCourseRequestColumns(
    @Ctx() ctx: AdapterContext,
    @Arg('columns', () => [CourseRequestColumnInput], { nullable: true, description: 'The columns, in order.' }) columns: CourseRequestColumnInput[] | null,
  ): Promise<CourseRequestColumn[] | null> {
    const checked = checkSavedColumns(columns && columns.map((c) => ({ field: c.field, header: c.header })));
    return columnsOut(await ctx.services.courseRequests.setExportColumns(ctx, checked));
  }

  @Mutation(() => Int, { description: 'Staff: sets the class size their school plans sections at (1 to 200); the demand report divides by it.' })
  async setCourseDemandClassSize(@Ctx() ctx: AdapterContext, @Arg('classSize', () => Int, { description: 'Students per section.' }) classSize: number): Promise<number> {
    return ctx.services.courseRequests.setClassSize(ctx, checkClassSize({ class_size: classSize }));
  }

  @Query(() => CourseDemand, {
    description: "Staff: course demand for the master schedule: per course, the students who requested it, by grade, and the sections needed at the school's class size.",
  })
  async courseDemand(
    @Ctx() ctx: AdapterContext,
    @Arg('schoolYear', () => String, { nullable: true, description: "e.g. 2027-2028 (default: the window's)" }) schoolYear: string | null,
  ): Promise<CourseDemand> {
    return ctx.services.courseRequests.demand(ctx, schoolYear);
  }

  @Query(() => String, { description: 'Staff: the course demand as a CSV (course_code, course_title, requested, grade_<grade>…, alternates, sections).' })
  async courseDemandCsv(
    @Ctx() ctx: AdapterContext,
    @Arg('schoolYear', () => String, { nullable: true, description: "e.g. 2027-2028 (default: the window's)" }) schoolYear: string | null,
  ): Promise<string> {
    return (await ctx.services.courseRequests.demandCsv(ctx, schoolYear)).csv;
  }

  @Query(() => [CourseDemandStudent], { description: 'Staff: the students behind a demand number, by name.' })
  async courseDemandStudents(
    @Ctx() ctx: AdapterContext,
    @Arg('schoolYear', () => String, { nullable: true, description: "e.g. 2027-2028 (default: the window's)" }) schoolYear: string | null,
    @Arg('courseId', () => Int, { description: "The course's id." }) courseId: number,
    @Arg('grade', () => String, { nullable: true, description: 'The grade in that year ("": no grade recorded); default every grade.' }) grade: string | null,
    @Arg('alternates', () => Boolean, { nullable: true, description: 'Those who asked it only as an alternate.' }) alternates: boolean | null,
  ): Promise<CourseDemandStudent[]> {
    return ctx.services.courseRequests.demandStudents(ctx, schoolYear, courseId, grade, alternates);
  }
}

const columnsOut = (cs: ExportColumn[] | null): CourseRequestColumn[] | null => cs && cs.map((c) => ({ field: c.field, header: c.header }));
