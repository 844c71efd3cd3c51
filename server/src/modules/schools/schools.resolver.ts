import { Arg, Ctx, FieldResolver, Float, ID, InputType, Int, Field, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { School } from './school.entity.js';
import { checkAutoPlanSettings, checkGraduationPathway, checkPlanApproval, checkSchoolCreate } from './school-input.js';
import { termCapsOf } from './term-caps.js';

@InputType({ description: 'The fields to create school.' })
class CreateSchoolInput {
  @Field(() => String, { description: 'Name, as shown to people.' }) name: string;
  @Field(() => String, { description: 'HS or CLG' }) schoolType: string;
  @Field(() => String, { description: 'State' }) location: string;
}

@InputType({ description: "The planning settings of the caller's school of record." })
class AutoPlanSettingsInput {
  @Field(() => Float, { nullable: true, description: 'Most units one term of a plan holds; null: the default of the school type (7 high school, 16 college).' })
  termUnitCap: number | null;
  @Field(() => Int, { nullable: true, description: 'Most courses one term of a plan holds; null: the default of the school type (8 high school, 6 college).' })
  termCourseCap: number | null;
  @Field(() => Int, { description: 'The first grade (9 to 12) in which a student may take a partner college course.' })
  dualEnrollmentFromGrade: number;
}

@Resolver(() => School)
export class SchoolsResolver {
  @Query(() => [School], { description: 'Reads the schools.' })
  schools(@Ctx() ctx: AdapterContext): Promise<School[]> {
    return ctx.services.schools.list(ctx);
  }

  @Query(() => [School], { description: 'The schools the caller reaches: school of record and memberships' })
  accessibleSchools(@Ctx() ctx: AdapterContext): Promise<School[]> {
    return ctx.services.schools.accessibleSchools(ctx);
  }

  @Mutation(() => School, { description: 'Creates the school.' })
  createSchool(@Ctx() ctx: AdapterContext, @Arg('input', () => CreateSchoolInput, { description: 'The fields to save.' }) input: CreateSchoolInput): Promise<School> {
    return ctx.services.schools.create(ctx, checkSchoolCreate({ name: input.name, school_type: input.schoolType, location: input.location }));
  }

  @Mutation(() => School, { description: 'Joins the school.' })
  joinSchool(@Ctx() ctx: AdapterContext, @Arg('uuid', () => String, { description: 'Stable public identifier (UUID).' }) uuid: string): Promise<School> {
    return ctx.services.schools.join(ctx, uuid);
  }

  @Mutation(() => School, { description: 'Sets the school of record.' })
  setSchoolOfRecord(@Ctx() ctx: AdapterContext, @Arg('uuid', () => String, { description: 'Stable public identifier (UUID).' }) uuid: string): Promise<School> {
    return ctx.services.schools.setSchoolOfRecord(ctx, uuid);
  }

  @Mutation(() => School, {
    description: "Staff: sets (or clears, with null) their school of record's graduation pathway, the caseload's default for a student who marked none",
  })
  async setGraduationPathway(
    @Ctx() ctx: AdapterContext,
    @Arg('pathwayUuid', () => ID, { nullable: true, description: 'A pathway of the school (uuid); null: the pathway whose name contains "graduation".' })
    pathwayUuid: string | null,
  ): Promise<School> {
    return (await ctx.services.schools.setGraduationPathway(ctx, checkGraduationPathway({ pathway_uuid: pathwayUuid ?? null }))).school;
  }

  @Mutation(() => School, { description: 'Staff: turns plan review and approval on or off for their school of record' })
  setPlanApprovalEnabled(
    @Ctx() ctx: AdapterContext,
    @Arg('enabled', () => Boolean, { description: 'Whether students submit their plans for review and staff approve them.' }) enabled: boolean,
  ): Promise<School> {
    return ctx.services.schools.setPlanApproval(ctx, checkPlanApproval({ enabled }));
  }

  @Mutation(() => School, { description: 'Staff: sets the planning settings (per-term caps, first grade for college courses) of their school of record' })
  setAutoPlanSettings(
    @Ctx() ctx: AdapterContext,
    @Arg('input', () => AutoPlanSettingsInput, { description: 'The settings to save.' }) input: AutoPlanSettingsInput,
  ): Promise<School> {
    return ctx.services.schools.setAutoPlanSettings(
      ctx,
      checkAutoPlanSettings({
        term_unit_cap: input.termUnitCap ?? null,
        term_course_cap: input.termCourseCap ?? null,
        dual_enrollment_from_grade: input.dualEnrollmentFromGrade,
      }),
    );
  }

  @FieldResolver(() => Float, { description: 'Most units one term of a plan holds (the school setting, else the default of its type).' })
  termUnitCap(@Root() school: School): number {
    return termCapsOf(school).units;
  }

  @FieldResolver(() => Int, { description: 'Most courses one term of a plan holds (the school setting, else the default of its type).' })
  termCourseCap(@Root() school: School): number {
    return termCapsOf(school).courses;
  }

  // The settings themselves, so a form can show a cap left to its default as empty and saving it
  // unchanged keeps following the default (the two fields above give the value in force).
  @FieldResolver(() => Float, {
    nullable: true,
    description: "The school's own cap on units per term; null: the default of its type (termUnitCap is the value in force).",
  })
  termUnitCapSetting(@Root() school: School): number | null {
    return school.termUnitCap;
  }

  @FieldResolver(() => Int, {
    nullable: true,
    description: "The school's own cap on courses per term; null: the default of its type (termCourseCap is the value in force).",
  })
  termCourseCapSetting(@Root() school: School): number | null {
    return school.termCourseCap;
  }

  @FieldResolver(() => ID, {
    nullable: true,
    description: 'The chosen graduation pathway (uuid); null: none chosen, the pathway whose name contains "graduation" is used.',
  })
  graduationPathwayUuid(@Root() school: School, @Ctx() ctx: AdapterContext): Promise<string | null> {
    return ctx.services.schools.graduationPathwayUuid(school);
  }
}
