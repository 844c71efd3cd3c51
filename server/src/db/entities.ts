/** Every TypeORM entity of the app; each area adds its own here. */
import { AuthToken, PasswordReset, SignupCode } from '../modules/accounts/auth-token.entity.js';
import { ParentStudentLink, User } from '../modules/accounts/user.entity.js';
import { Application, TranscriptFile } from '../modules/admissions/application.entity.js';
import { Blog } from '../modules/blogs/blog.entity.js';
import { EnrollmentContract } from '../modules/contracts/enrollment-contract.entity.js';
import { CheckoutSessionRow, Payment, PaymentRecord, StripeEventRow } from '../modules/payments/payment.entity.js';
import { ConsentForm, ConsentTemplate, StudentRecordAccess } from '../modules/consent-forms/consent-form.entity.js';
import { Course, CoursePrerequisite, CourseTransfer, SchoolPartnership } from '../modules/courses/course.entity.js';
import { CccApplyConsent } from '../modules/onboarding/cccapply-consent.entity.js';
import { OutboxMessage } from '../modules/outbox/outbox.entity.js';
import { CourseRequirement, Pathway, Requirement } from '../modules/pathways/pathway.entity.js';
import { ScheduledCourse } from '../modules/plans/scheduled-course.entity.js';
import { School, SchoolMembership } from '../modules/schools/school.entity.js';
import { SchoolYear, SchoolYearChange } from '../modules/school-years/school-year.entity.js';
import { Withdrawal } from '../modules/payments/withdrawal.entity.js';

export const entities = [
  School,
  SchoolYear,
  SchoolYearChange,
  Withdrawal,
  SchoolMembership,
  User,
  ParentStudentLink,
  AuthToken,
  PasswordReset,
  SignupCode,
  Blog,
  OutboxMessage,
  ConsentForm,
  SchoolPartnership,
  Course,
  CoursePrerequisite,
  CourseTransfer,
  Pathway,
  Requirement,
  CourseRequirement,
  ScheduledCourse,
  Application,
  TranscriptFile,
  ConsentTemplate,
  StudentRecordAccess,
  EnrollmentContract,
  Payment,
  PaymentRecord,
  CheckoutSessionRow,
  StripeEventRow,
  CccApplyConsent,
];
