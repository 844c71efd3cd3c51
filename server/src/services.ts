/** The services of every area, wired once at start-up. Resolvers and REST routes reach them through the request context. */
import { AccessLogService } from './modules/access-log/access-log.service.js';
import type { DataSource } from 'typeorm';
import type { Config } from './config.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { ProfileService } from './modules/accounts/profile.service.js';
import { ViewAsService } from './modules/accounts/view-as.service.js';
import { AdmissionsService } from './modules/admissions/admissions.service.js';
import { BlogsService } from './modules/blogs/blogs.service.js';
import { PathwaysService } from './modules/pathways/pathways.service.js';
import { ContractsService } from './modules/contracts/contracts.service.js';
import { PaymentsService } from './modules/payments/payments.service.js';
import { SchoolYearsService } from './modules/school-years/school-years.service.js';
import { WithdrawalsService } from './modules/payments/withdrawals.service.js';
import { StatementsService } from './modules/statements/statements.service.js';
import { ConsentExportsService } from './modules/consent-forms/consent-exports.service.js';
import { ConsentFormsService } from './modules/consent-forms/consent-forms.service.js';
import { CoursesService } from './modules/courses/courses.service.js';
import { BaselinePlansService } from './modules/baseline-plans/baseline-plans.service.js';
import { OnboardingService } from './modules/onboarding/onboarding.service.js';
import { deliveredChannels } from './modules/outbox/delivery.js';
import { OutboxService } from './modules/outbox/outbox.service.js';
import { ParentsService } from './modules/parents/parents.service.js';
import { PlansService } from './modules/plans/plans.service.js';
import { WhatIfPlansService } from './modules/what-if-plans/what-if-plans.service.js';
import { SchoolsService } from './modules/schools/schools.service.js';
import { StudentsService } from './modules/students/students.service.js';
import { SystemService } from './modules/system/system.service.js';
import { ApiTokensService } from './modules/api-tokens/api-tokens.service.js';
import { SingleSignOnService } from './modules/identity/sso.service.js';
import { RosterService } from './modules/roster/roster.service.js';
import { TranscriptsService } from './modules/transcripts/transcripts.service.js';
import { CourseRequestsService } from './modules/course-requests/course-requests.service.js';
import { StudentDashboardService } from './modules/students/student-dashboard.js';
import { CaseloadService } from './modules/caseload/caseload.service.js';
import { FollowedPathwaysService } from './modules/caseload/followed-pathways.js';
import { NotesService } from './modules/notes/notes.service.js';
import { PlanReviewService } from './modules/plan-review/plan-review.service.js';
import { AutoPlanService } from './modules/auto-plan/auto-plan.service.js';
import { AutoPlanBatchService } from './modules/auto-plan/auto-plan-batch.service.js';
import { solverPool } from './modules/auto-plan/solver-pool.js';

export function createServices(db: DataSource, config: Config, databaseKind: 'embedded' | 'server') {
  const outbox = new OutboxService(db, config.smsRules);
  const accounts = new AccountsService(db, config, outbox);
  const schools = new SchoolsService(db);
  const payments = new PaymentsService(db, config, outbox);
  const schoolYears = new SchoolYearsService(db, payments);
  const consentForms = new ConsentFormsService(db, config, outbox, schools);
  const plans = new PlansService(db);
  const whatIfPlans = new WhatIfPlansService(db, schools, plans);
  // Generations (model building, HiGHS solves, decoding) run in worker threads; the pool closes with the app (app.ts, stop).
  const solvers = solverPool(config.autoPlanThreads, config.autoPlanWorkerMemoryMb);
  const autoPlan = new AutoPlanService(db, schools, solvers.plan, config.autoPlanTimeLimitSeconds, whatIfPlans, plans);
  const followedPathways = new FollowedPathwaysService(db);
  return {
    solvers,
    outbox,
    accounts,
    schools,
    profile: new ProfileService(db),
    viewAs: new ViewAsService(db, accounts, schools),
    parents: new ParentsService(db),
    students: new StudentsService(db, schools),
    plans,
    whatIfPlans,
    autoPlan,
    planReview: new PlanReviewService(db, config, outbox),
    blogs: new BlogsService(db),
    consentForms,
    consentExports: new ConsentExportsService(db, config, consentForms),
    courses: new CoursesService(db, config.courseCsvMaxBytes),
    pathways: new PathwaysService(db),
    admissions: new AdmissionsService(db, config, schools, outbox, schoolYears),
    payments,
    schoolYears,
    withdrawals: new WithdrawalsService(db, payments),
    statements: new StatementsService(db, payments),
    contracts: new ContractsService(db, config, payments, schoolYears),
    onboarding: new OnboardingService(db, autoPlan),
    baselinePlans: new BaselinePlansService(db, schools),
    apiTokens: new ApiTokensService(db),
    sso: new SingleSignOnService(db, config, accounts),
    roster: new RosterService(db, accounts, schools, config.rosterMaxBytes, config.rosterBatchSize, { oidc: config.oidc }),
    transcripts: new TranscriptsService(db, schools, config.courseHistoryMaxBytes, config.courseHistoryBatchSize),
    courseRequests: new CourseRequestsService(db),
    studentDashboard: new StudentDashboardService(db, schools),
    caseload: new CaseloadService(db, schools),
    followedPathways,
    autoPlanBatches: new AutoPlanBatchService(db, schools, autoPlan, followedPathways, config.autoPlanThreads),
    notes: new NotesService(db),
    accessLog: new AccessLogService(db, schools),
    // Bodies on the outbox page only where no mail leaves the machine (development, tests, the embedded
    // demo) and no transport delivers the message's channel.
    system: new SystemService(db, databaseKind, outbox, schools, {
      readable: config.nodeEnv !== 'production' || databaseKind === 'embedded',
      delivered: deliveredChannels(config),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
