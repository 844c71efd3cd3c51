/** GraphQL twin of onboarding.rest.ts: the same service calls, camelCase names. */
import { Arg, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { CccApplyStatusEnum, FosterCareAgeEnum, YesNoEnum } from '../../graphql/enums.js';
import { checkConsent, checkDemographics, checkEdGoals, checkStudentInfo } from './onboarding-input.js';

@InputType({ description: 'Student information (/student-info); dob as MMDDYYYY' })
class StudentInfoInput {
  @Field(() => String, { description: '8, 9, 10, 11, 12, college or other' }) grade: string;
  @Field(() => String, { description: 'MMDDYYYY' }) dob: string;
  @Field(() => String, { description: 'The guardian first name.' }) guardianFirstName: string;
  @Field(() => String, { description: 'The guardian last name.' }) guardianLastName: string;
  @Field(() => String, { description: 'The guardian phone.' }) guardianPhone: string;
}

@ObjectType({ description: 'Student information as saved' })
class StudentInfo {
  @Field(() => String, { description: 'Grade level (e.g. 9 to 12), or the grade earned where a course is concerned.' }) grade: string;
  @Field(() => String, { description: 'MMDDYYYY' }) dob: string;
  @Field(() => String, { description: 'The guardian first name.' }) guardianFirstName: string;
  @Field(() => String, { description: 'The guardian last name.' }) guardianLastName: string;
  @Field(() => String, { description: 'The guardian phone.' }) guardianPhone: string;
}

@InputType({ description: 'Demographics (/student-demographics)' })
class StudentDemographicsInput {
  @Field(() => String, { description: 'US Citizen or Non US Citizen' }) citizenshipStatus: string;
  @Field(() => YesNoEnum, { description: 'yes or no' }) fosterCare: string;
  @Field(() => FosterCareAgeEnum, { nullable: true, description: 'current, after13, before13 or unknown; required when fosterCare is yes' })
  fosterCareAge?: string | null;
  @Field(() => YesNoEnum, { description: 'yes or no (the last 24 months)' }) homelessness: string;
  @Field(() => String, { description: 'female, male, non-binary or decline' }) gender: string;
  @Field(() => [String], { description: 'The race ethnicity.' }) raceEthnicity: string[];
}

@ObjectType({ description: 'Demographics as saved' })
class StudentDemographics {
  @Field(() => String, { description: 'The citizenship status.' }) citizenshipStatus: string;
  @Field(() => YesNoEnum, { description: 'The foster care.' }) fosterCare: string;
  @Field(() => FosterCareAgeEnum, { description: 'The foster care age.', nullable: true }) fosterCareAge: string | null;
  @Field(() => YesNoEnum, { description: 'The homelessness.' }) homelessness: string;
  @Field(() => String, { description: 'The gender.' }) gender: string;
  @Field(() => [String], { description: 'The race ethnicity.' }) raceEthnicity: string[];
}

@InputType({ description: 'The community-college application consent; the booleans are stored as sent' })
class CccApplyConsentInput {
  @Field(() => Boolean, { description: 'Consent given: data release.', nullable: true }) consentDataRelease?: boolean;
  @Field(() => Boolean, { description: 'Consent given: CCC apply.', nullable: true }) consentCCCApply?: boolean;
  @Field(() => Boolean, { description: 'Consent given: verification.', nullable: true }) consentVerification?: boolean;
  @Field(() => Boolean, { description: 'Consent given: privacy policy.', nullable: true }) consentPrivacyPolicy?: boolean;
  @Field(() => Boolean, { description: 'Consent given: submit application.', nullable: true }) consentSubmitApplication?: boolean;
  @Field(() => Boolean, { description: 'Consent given: financial aid.', nullable: true }) consentFinancialAid?: boolean;
  @Field(() => Boolean, { description: 'Consent given: terms of use.', nullable: true }) consentTermsOfUse?: boolean;
  @Field(() => Boolean, { description: 'Consent given: pathway planner.', nullable: true }) consentPathwayPlanner?: boolean;
  @Field(() => String, { description: "The student's typed full name" }) electronicSignature: string;
}

@ObjectType({ description: 'A course the plan generator added' })
class GeneratedCourse {
  @Field(() => Int, { description: 'Numeric course id' }) courseId: number;
  @Field(() => String, { description: '1-based position among the term labels, as text' }) term: string;
  @Field(() => Int, { description: 'Position (0-based order).' }) position: number;
}

@ObjectType({ description: 'A generated plan.' })
class GeneratedPlan {
  @Field(() => Int, { description: 'The added count.' }) addedCount: number;
  @Field(() => [GeneratedCourse], { description: 'The courses.' }) courses: GeneratedCourse[];
}

@Resolver()
export class OnboardingResolver {
  @Mutation(() => StudentInfo, { description: 'POST /api/student-info/' })
  saveStudentInfo(
    @Ctx() ctx: AdapterContext,
    @Arg('input', () => StudentInfoInput, { description: 'The fields to save.' }) input: StudentInfoInput,
  ): Promise<StudentInfo> {
    return ctx.services.onboarding.saveStudentInfo(ctx, checkStudentInfo({ ...input }, ctx.config.smsRules.countries));
  }

  @Mutation(() => StudentDemographics, { description: 'POST /api/student-demographics/' })
  saveStudentDemographics(
    @Ctx() ctx: AdapterContext,
    @Arg('input', () => StudentDemographicsInput, { description: 'The fields to save.' }) input: StudentDemographicsInput,
  ): Promise<StudentDemographics> {
    return ctx.services.onboarding.saveDemographics(ctx, checkDemographics({ ...input }));
  }

  @Mutation(() => [String], { description: 'POST /api/update-ed-goals/: the onboarding answers, several answers joined by ", "' })
  updateEdGoals(@Ctx() ctx: AdapterContext, @Arg('edGoals', () => [String], { description: 'Education goals.' }) edGoals: string[]): Promise<string[]> {
    return ctx.services.onboarding.updateEdGoals(ctx, checkEdGoals(edGoals));
  }

  @Mutation(() => GeneratedPlan, { description: "POST /api/generate-four-year-plan/: adds pathway courses to the student's remaining terms" })
  async generateFourYearPlan(@Ctx() ctx: AdapterContext): Promise<GeneratedPlan> {
    const courses = await ctx.services.onboarding.generateFourYearPlan(ctx);
    return { addedCount: courses.length, courses };
  }

  @Mutation(() => CccApplyStatusEnum, { description: 'POST /api/cccapply/consent/; answers the CCCApply status (consent_signed or account_created)' })
  signCccApplyConsent(
    @Ctx() ctx: AdapterContext,
    @Arg('input', () => CccApplyConsentInput, { description: 'The fields to save.' }) input: CccApplyConsentInput,
  ): Promise<string> {
    return ctx.services.onboarding.signCccApplyConsent(ctx, checkConsent({ ...input }));
  }

  @Mutation(() => CccApplyStatusEnum, { description: 'POST /api/cccapply/account-created/: the student has created the Open CCC account' })
  confirmOpenCccAccount(@Ctx() ctx: AdapterContext): Promise<string> {
    return ctx.services.onboarding.confirmOpenCccAccount(ctx);
  }

  @Query(() => CccApplyStatusEnum, { nullable: true, description: "The caller's CCCApply status: consent_signed, account_created, or null (Not Set)" })
  myCccApplyStatus(@Ctx() ctx: AdapterContext): Promise<string | null> {
    return ctx.services.onboarding.cccApplyStatus(ctx);
  }
}
