/** Builds the executable schema from the resolver classes; no database is needed (codegen runs first). */
import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import type { AdapterContext } from '../adapters.js';
import { assertOperationAllowed } from '../core/policy.js';
import { checkArgumentText } from './argument-text.js';
import { answerPlainFieldsDirectly, installDirectFieldResolvers } from './direct-fields.js';
import { AccessLogResolver } from '../modules/access-log/access-log.resolver.js';
import { AutoPlanResolver } from '../modules/auto-plan/auto-plan.resolver.js';
import { AutoPlanBatchResolver } from '../modules/auto-plan/auto-plan-batch.resolver.js';
import { AccountsResolver } from '../modules/accounts/accounts.resolver.js';
import { AdmissionsResolver, ApplicationListItemResolver } from '../modules/admissions/admissions.resolver.js';
import { BaselinePlansResolver } from '../modules/baseline-plans/baseline-plans.resolver.js';
import { OnboardingResolver } from '../modules/onboarding/onboarding.resolver.js';
import { BlogsResolver } from '../modules/blogs/blogs.resolver.js';
import { ContractsResolver } from '../modules/contracts/contracts.resolver.js';
import { PaymentsResolver } from '../modules/payments/payments.resolver.js';
import { StatementsResolver } from '../modules/statements/statements.resolver.js';
import { SchoolYearsResolver } from '../modules/school-years/school-years.resolver.js';
import { WithdrawalsResolver } from '../modules/payments/withdrawals.resolver.js';
import { ConsentFormsResolver } from '../modules/consent-forms/consent-forms.resolver.js';
import { CoursesResolver } from '../modules/courses/courses.resolver.js';
import { ParentsResolver } from '../modules/parents/parents.resolver.js';
import { planEntryFields, PlanCourseResolver, PlansResolver } from '../modules/plans/plans.resolver.js';
import { WhatIfPlansResolver } from '../modules/what-if-plans/what-if-plans.resolver.js';
import { EligibleCoursesResolver, PathwaysResolver, RequirementsResolver } from '../modules/pathways/pathways.resolver.js';
import { SchoolsResolver } from '../modules/schools/schools.resolver.js';
import { StudentsResolver } from '../modules/students/students.resolver.js';
import { SystemResolver } from '../modules/system/system.resolver.js';
import { ApiTokensResolver } from '../modules/api-tokens/api-tokens.resolver.js';
import { RosterResolver } from '../modules/roster/roster.resolver.js';
import { TranscriptsResolver } from '../modules/transcripts/transcripts.resolver.js';
import { CourseRequestsResolver } from '../modules/course-requests/course-requests.resolver.js';
import { StudentDashboardResolver } from '../modules/students/student-dashboard.resolver.js';
import { OutboxResolver } from '../modules/outbox/outbox.resolver.js';
import { CaseloadResolver } from '../modules/caseload/caseload.resolver.js';
import { NotesResolver } from '../modules/notes/notes.resolver.js';
import { PlanReviewResolver } from '../modules/plan-review/plan-review.resolver.js';

export const resolvers = [
  AccountsResolver,
  SchoolsResolver,
  BlogsResolver,
  ParentsResolver,
  StudentsResolver,
  ConsentFormsResolver,
  SystemResolver,
  PlansResolver,
  PlanCourseResolver,
  WhatIfPlansResolver,
  CoursesResolver,
  PathwaysResolver,
  RequirementsResolver,
  EligibleCoursesResolver,
  AdmissionsResolver,
  ApplicationListItemResolver,
  ContractsResolver,
  PaymentsResolver,
  StatementsResolver,
  SchoolYearsResolver,
  WithdrawalsResolver,
  OnboardingResolver,
  BaselinePlansResolver,
  AccessLogResolver,
  ApiTokensResolver,
  RosterResolver,
  TranscriptsResolver,
  CourseRequestsResolver,
  StudentDashboardResolver,
  OutboxResolver,
  CaseloadResolver,
  NotesResolver,
  PlanReviewResolver,
  AutoPlanResolver,
  AutoPlanBatchResolver,
] as const;

/**
 * The read-only guard of view-as tokens, wrapped around every mutation's resolver (REST routes use
 * the same rule). Not a type-graphql global middleware: that would run on every field of every
 * answer and turn each plain field into a promise (bench/README.md, GraphQL overhead).
 */
function guardMutations(schema: GraphQLSchema): GraphQLSchema {
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const resolve = field.resolve;
    if (!resolve) continue;
    field.resolve = (source, args, context: AdapterContext, info) => {
      assertOperationAllowed(context.caller, info.fieldName, true);
      return resolve(source, args, context, info);
    };
  }
  return schema;
}

let cached: Promise<GraphQLSchema> | undefined;
export function buildAppSchema(): Promise<GraphQLSchema> {
  if (!cached) answerPlainFieldsDirectly();
  cached ??= buildSchema({
    // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- type-graphql types its resolver classes as Function
    resolvers: resolvers as unknown as [Function, ...Function[]],
    validate: false,
    emitSchemaFile: false,
  })
    // Fields of every row of a plan answer, without type-graphql's per-call wrapper (direct-fields.ts).
    .then((schema) => installDirectFieldResolvers(schema, planEntryFields))
    .then(guardMutations)
    // Outermost: a control character is refused before the read-only guard, as REST refuses it first.
    .then(checkArgumentText);
  return cached;
}
