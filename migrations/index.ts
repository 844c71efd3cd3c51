/** Every migration, oldest first. A landed migration is never edited: add a new one. */
import { AutoPlan1732300002800 } from './1732300002800-AutoPlan.js';
import { CoreChecks1732300003000 } from './1732300003000-CoreChecks.js';
import { AutoPlanBatches1732300003100 } from './1732300003100-AutoPlanBatches.js';
import { CourseDemandClassSize1732300003300 } from './1732300003300-CourseDemandClassSize.js';
import { CourseRequestColumns1732300003500 } from './1732300003500-CourseRequestColumns.js';
import { CaseloadStampLockOrder1732300003600 } from './1732300003600-CaseloadStampLockOrder.js';
import { Foundation1732200000000 } from './1732200000000-Foundation.js';
import { Planning1732300000000 } from './1732300000000-Planning.js';
import { StudentProfile1732300000050 } from './1732300000050-StudentProfile.js';
import { CccApplyStatus1732300000300 } from './1732300000300-CccApplyStatus.js';
import { Admissions1732300000400 } from './1732300000400-Admissions.js';
import { ConsentForms1732300000500 } from './1732300000500-ConsentForms.js';
import { Onboarding1732300000600 } from './1732300000600-Onboarding.js';
import { ContractsPayments1732300000700 } from './1732300000700-ContractsPayments.js';
import { AccessLog1732300000800 } from './1732300000800-AccessLog.js';
import { Operations1732300000900 } from './1732300000900-Operations.js';
import { UserLocale1732300001000 } from './1732300001000-UserLocale.js';
import { BackgroundJobs1732300001200 } from './1732300001200-BackgroundJobs.js';
import { JobLeasesRetention1732300001300 } from './1732300001300-JobLeasesRetention.js';
import { OutboxScope1732300001400 } from './1732300001400-OutboxScope.js';
import { SignInThrottle1732300001500 } from './1732300001500-SignInThrottle.js';
import { ConsentEvidence1732300001600 } from './1732300001600-ConsentEvidence.js';
import { SingleSignOn1732300001700 } from './1732300001700-SingleSignOn.js';
import { RosterSync1732300001800 } from './1732300001800-RosterSync.js';
import { JobQueueFairShare1732300001900 } from './1732300001900-JobQueueFairShare.js';
import { Caseload1732300002000 } from './1732300002000-Caseload.js';
import { MessageLocales1732300002100 } from './1732300002100-MessageLocales.js';
import { PlanNotes1732300002300 } from './1732300002300-PlanNotes.js';
import { WhatIfPlans1732300002400 } from './1732300002400-WhatIfPlans.js';
import { CaseloadSummaries1732300002500 } from './1732300002500-CaseloadSummaries.js';
import { CaseloadRows1732300002600 } from './1732300002600-CaseloadRows.js';
import { PlanReview1732300002200 } from './1732300002200-PlanReview.js';
import { KnownDevices1732300002700 } from './1732300002700-KnownDevices.js';
import { OidcIdentities1732300002720 } from './1732300002720-OidcIdentities.js';
import { CaseloadFreshness1732300002770 } from './1732300002770-CaseloadFreshness.js';
import { Transcripts1732300002850 } from './1732300002850-Transcripts.js';
import { MinimumGrades1732300002860 } from './1732300002860-MinimumGrades.js';
import { CourseRequests1732300002870 } from './1732300002870-CourseRequests.js';
import { ReadFences1732300002950 } from './1732300002950-ReadFences.js';
import { JobPriorityLapses1732300002760 } from './1732300002760-JobPriorityLapses.js';
import { SchoolYears1732300002900 } from './1732300002900-SchoolYears.js';

export const migrations = [
  Foundation1732200000000, Planning1732300000000, StudentProfile1732300000050, CccApplyStatus1732300000300, Admissions1732300000400,
  ConsentForms1732300000500, Onboarding1732300000600, ContractsPayments1732300000700, AccessLog1732300000800,
  Operations1732300000900, UserLocale1732300001000, BackgroundJobs1732300001200,
  JobLeasesRetention1732300001300, OutboxScope1732300001400, SignInThrottle1732300001500, ConsentEvidence1732300001600,
  SingleSignOn1732300001700,
  RosterSync1732300001800,
  JobQueueFairShare1732300001900,
  Caseload1732300002000,
  MessageLocales1732300002100,
  PlanNotes1732300002300,
  WhatIfPlans1732300002400,
  CaseloadSummaries1732300002500,
  CaseloadRows1732300002600,
  PlanReview1732300002200,
  KnownDevices1732300002700,
  OidcIdentities1732300002720,
  CaseloadFreshness1732300002770,
  JobPriorityLapses1732300002760,
  AutoPlan1732300002800,
  Transcripts1732300002850,
  MinimumGrades1732300002860,
  CourseRequests1732300002870,
  SchoolYears1732300002900,
  ReadFences1732300002950,
  CoreChecks1732300003000,
  AutoPlanBatches1732300003100,
  CourseDemandClassSize1732300003300,
  CourseRequestColumns1732300003500,
  CaseloadStampLockOrder1732300003600,
];
