import { Arg, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import type { YearTerms } from '../payments/pricing.js';
import { checkGraceDays, checkSchoolYearInput } from './school-year-input.js';
import { yearTerms, type SchoolYear, type SchoolYearChange } from './school-year.entity.js';

@ObjectType({ description: "A Dual School school year: its dates and attachment A's terms for families signing for it." })
export class SchoolYearType {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => Int, { description: 'The dual school it belongs to.' }) schoolId: number;
  @Field(() => String, { description: 'Label, e.g. 2026-27.' }) label: string;
  @Field(() => String, { description: 'First day (YYYY-MM-DD).' }) startsOn: string;
  @Field(() => String, { description: 'Last day (YYYY-MM-DD).' }) endsOn: string;
  @Field(() => String, { description: 'When the annual tuition is due (YYYY-MM-DD).' }) tuitionDueOn: string;
  @Field(() => [String], { description: "The monthly plan's due dates (YYYY-MM-DD), one per installment." }) monthlyDueDates: string[];
  @Field(() => Int, { description: 'Annual tuition per student, in US cents.' }) annualTuitionCents: number;
  @Field(() => Int, { description: 'Upfront (or check) discount, percent.' }) upfrontDiscountPercent: number;
  @Field(() => Int, { description: 'Pod discount, percent.' }) podDiscountPercent: number;
  @Field(() => Int, { description: 'Students a pod needs for its discount.' }) podMinStudents: number;
  @Field(() => Int, { description: 'Monthly installment, in US cents.' }) monthlyInstallmentCents: number;
  @Field(() => Int, { description: 'Late fee per month late, percent of the unpaid amount.' }) lateFeePercentPerMonth: number;
  @Field(() => Int, { description: 'Days after enrollment with a full refund on withdrawal.' }) fullRefundDays: number;
  @Field(() => Int, { description: 'Days after enrollment with a half refund on withdrawal.' }) halfRefundDays: number;
  @Field(() => Int, { description: 'Example partner course cost per student per semester, in US cents.' }) partnerCourseCostCents: number;
}

@ObjectType({ description: 'One logged change to a school year.' })
class SchoolYearChangeType {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => Int, { description: 'Who changed it (user id).', nullable: true }) changedBy: number | null;
  @Field(() => String, { description: "Who changed it: the person's name (null: the system, or an account no longer there).", nullable: true })
  changedByName: string | null;
  @Field(() => Date, { description: 'When.' }) changedAt: Date;
  @Field(() => [String], { description: 'The fields changed (all of them when the year was created).' }) fields: string[];
  @Field(() => String, { description: 'The year before, as JSON (null: created).', nullable: true }) before: string | null;
  @Field(() => String, { description: 'The year after, as JSON.' }) after: string;
}

@InputType({ description: 'A school year to create or change; on change, fields left out keep their value.' })
class SchoolYearInputType {
  @Field(() => String, { nullable: true, description: 'Label, e.g. 2026-27.' }) label?: string;
  @Field(() => String, { nullable: true, description: 'First day (YYYY-MM-DD).' }) startsOn?: string;
  @Field(() => String, { nullable: true, description: 'Last day (YYYY-MM-DD).' }) endsOn?: string;
  @Field(() => String, { nullable: true, description: 'Annual tuition due date (YYYY-MM-DD).' }) tuitionDueOn?: string;
  @Field(() => [String], { nullable: true, description: 'Monthly due dates (YYYY-MM-DD), in order.' }) monthlyDueDates?: string[];
  @Field(() => Int, { nullable: true, description: 'Annual tuition, in US cents.' }) annualTuitionCents?: number;
  @Field(() => Int, { nullable: true, description: 'Upfront discount, percent.' }) upfrontDiscountPercent?: number;
  @Field(() => Int, { nullable: true, description: 'Pod discount, percent.' }) podDiscountPercent?: number;
  @Field(() => Int, { nullable: true, description: 'Students a pod needs.' }) podMinStudents?: number;
  @Field(() => Int, { nullable: true, description: 'Monthly installment, in US cents.' }) monthlyInstallmentCents?: number;
  @Field(() => Int, { nullable: true, description: 'Late fee per month, percent.' }) lateFeePercentPerMonth?: number;
  @Field(() => Int, { nullable: true, description: 'Full-refund period, days.' }) fullRefundDays?: number;
  @Field(() => Int, { nullable: true, description: 'Half-refund period, days.' }) halfRefundDays?: number;
  @Field(() => Int, { nullable: true, description: 'Example partner course cost, in US cents.' }) partnerCourseCostCents?: number;
}

export const toSchoolYearType = (y: SchoolYear): SchoolYearType => ({ id: y.id, schoolId: y.schoolId, ...yearTerms(y) });

/** The fields that differ between two versions of a year. */
function changedFields(before: YearTerms | null, after: YearTerms): string[] {
  const keys = Object.keys(after) as (keyof YearTerms)[];
  return before ? keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])) : keys;
}

/** The input as given, nulls (GraphQL's "left out") dropped so they keep their value. */
const given = (input: SchoolYearInputType) => Object.fromEntries(Object.entries({ ...input }).filter(([, v]) => v !== null && v !== undefined));

@Resolver()
export class SchoolYearsResolver {
  @Query(() => [SchoolYearType], { description: 'Dual-school staff: the school years of their dual schools (or of one), oldest first.' })
  async schoolYears(
    @Ctx() ctx: AdapterContext,
    @Arg('schoolId', () => Int, { nullable: true, description: 'Only this dual school.' }) schoolId: number | null,
  ): Promise<SchoolYearType[]> {
    return (await ctx.services.schoolYears.list(ctx, schoolId)).map(toSchoolYearType);
  }

  @Query(() => [SchoolYearChangeType], { description: 'Dual-school staff: the logged changes of a school year, newest first.' })
  async schoolYearChanges(@Ctx() ctx: AdapterContext, @Arg('id', () => Int, { description: 'The school year.' }) id: number): Promise<SchoolYearChangeType[]> {
    const changes = await ctx.services.schoolYears.changes(ctx, id);
    // The people who made them, read together (one query however many changes).
    const people = await Promise.all(changes.map((c: SchoolYearChange) => (c.changedBy === null ? null : ctx.loaders.userById.load(c.changedBy))));
    return changes.map((c: SchoolYearChange, i) => ({
      id: c.id,
      changedBy: c.changedBy,
      changedByName: people[i] ? `${people[i].firstName} ${people[i].lastName}`.trim() || people[i].email : null,
      changedAt: c.changedAt,
      fields: changedFields(c.before, c.after),
      before: c.before ? JSON.stringify(c.before) : null,
      after: JSON.stringify(c.after),
    }));
  }

  @Query(() => Int, { description: "Dual-school staff: the school's late-fee grace period, days after a due date." })
  lateFeeGraceDays(@Ctx() ctx: AdapterContext, @Arg('schoolId', () => Int, { description: 'The dual school.' }) schoolId: number): Promise<number> {
    return ctx.services.schoolYears.graceDays(ctx, schoolId);
  }

  @Mutation(() => SchoolYearType, { description: 'Dual-school staff: a new school year (dates and amounts default to the usual calendar and attachment A).' })
  async createSchoolYear(
    @Ctx() ctx: AdapterContext,
    @Arg('schoolId', () => Int, { description: 'The dual school.' }) schoolId: number,
    @Arg('input', () => SchoolYearInputType, { description: 'The year.' }) input: SchoolYearInputType,
  ): Promise<SchoolYearType> {
    return toSchoolYearType(await ctx.services.schoolYears.create(ctx, schoolId, checkSchoolYearInput(given(input))));
  }

  @Mutation(() => SchoolYearType, { description: 'Dual-school staff: change a school year (signed contracts keep their terms).' })
  async updateSchoolYear(
    @Ctx() ctx: AdapterContext,
    @Arg('id', () => Int, { description: 'The school year.' }) id: number,
    @Arg('input', () => SchoolYearInputType, { description: 'The fields to change.' }) input: SchoolYearInputType,
  ): Promise<SchoolYearType> {
    return toSchoolYearType(await ctx.services.schoolYears.update(ctx, id, checkSchoolYearInput(given(input))));
  }

  @Mutation(() => Int, { description: "Dual-school staff: set the school's late-fee grace period (days)." })
  setLateFeeGraceDays(
    @Ctx() ctx: AdapterContext,
    @Arg('schoolId', () => Int, { description: 'The dual school.' }) schoolId: number,
    @Arg('days', () => Int, { description: 'Days after a due date before the first late fee (0 to 60).' }) days: number,
  ): Promise<number> {
    return ctx.services.schoolYears.setGraceDays(ctx, schoolId, checkGraceDays(days));
  }
}
