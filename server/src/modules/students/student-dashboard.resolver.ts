import { Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import type { StudentDashboard as Dashboard } from './student-dashboard.js';

@ObjectType({ description: 'One bar of a dashboard chart: a value and how many have it.' })
class DashboardBucket {
  @Field(() => String, { description: 'The value counted, e.g. a consent state or a status.' }) key: string;
  @Field(() => Int, { description: 'How many have this value.' }) count: number;
}

@ObjectType({ description: "The counselor dashboard: counts over the students of the staff member's schools." })
class StudentDashboard {
  @Field(() => Int, { description: 'Students of the schools the staff member reaches.' }) totalStudents: number;
  @Field(() => [DashboardBucket], { description: 'Students per consent-form state (none, admin_signed, student_signed, parent_signed, both_signed).' })
  consentStates: DashboardBucket[];
  @Field(() => [DashboardBucket], { description: 'Students per CCCApply status ("Not Set" for none), most common first.' }) cccApplyStatuses: DashboardBucket[];
  @Field(() => Int, { description: 'Students with no course on their plan.' }) studentsWithoutPlan: number;
  @Field(() => Int, { description: 'Students whose plan has at least one prerequisite warning.' }) studentsWithWarnings: number;
  @Field(() => [DashboardBucket], {
    description: 'Dual School applications of the same schools per status (not_started, in_progress, complete, accepted, enrolled, declined).',
  })
  applicationStatuses: DashboardBucket[];
}

@Resolver()
export class StudentDashboardResolver {
  @Query(() => StudentDashboard, { description: 'Staff: the counselor dashboard counts, computed in a fixed number of SQL statements.' })
  studentDashboard(@Ctx() ctx: AdapterContext): Promise<Dashboard> {
    return ctx.services.studentDashboard.dashboard(ctx);
  }
}
