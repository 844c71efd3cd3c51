/**
 * Every routing decision of the platform spec (§2 route table, §4 transitions, §6 restriction),
 * as pure functions of the user and the view flags, so they are tested once and used everywhere.
 */
import type { MessageKey } from '../i18n/en';
import type { UserType } from '../graphql/generated';

export interface RoutingSchool {
  schoolType: string;
  dualSchoolEnabled: boolean;
  fourYearPlanEnabled: boolean;
  baselinePlansEnabled: boolean;
}

export interface RoutingUser {
  userType: UserType;
  applicationStatus: string | null;
  school: RoutingSchool | null;
}

export interface ViewFlags {
  adminViewing: boolean;
  parentViewing: boolean;
}

export const NOT_VIEWING: ViewFlags = { adminViewing: false, parentViewing: false };

export function afterSignInPath(userType: UserType): string {
  if (userType === 'Staff') return '/courses';
  if (userType === 'Parent') return '/parent-students';
  return '/plan';
}

export function afterSignUpPath(userType: UserType): string {
  return userType === 'Student' ? '/student-info' : '/';
}

/** A dual-school parent whose application is unfinished may reach only /application. */
export function isRestricted(user: RoutingUser | null, flags: ViewFlags): boolean {
  return (
    !!user &&
    user.userType === 'Parent' &&
    !flags.parentViewing &&
    user.school?.schoolType === 'HS' &&
    user.school.dualSchoolEnabled === true &&
    (user.applicationStatus === 'not_started' || user.applicationStatus === 'in_progress')
  );
}

export type HomeView = 'landing' | 'students-list' | 'parent-home' | 'plan' | 'profile';

export function homeView(user: RoutingUser | null, flags: ViewFlags): HomeView {
  if (!user) return 'landing';
  if (user.userType === 'Staff' && !flags.adminViewing) return 'students-list';
  if (user.userType === 'Parent' && !flags.parentViewing) return 'parent-home';
  return user.school?.fourYearPlanEnabled ? 'plan' : 'profile';
}

export type HeaderKind = 'default' | 'restricted' | 'admin-hs' | 'admin' | 'parent' | 'baseline' | 'student' | 'admin-as-student' | 'parent-as-student';

export function headerKind(user: RoutingUser | null, flags: ViewFlags): HeaderKind {
  if (!user) return 'default';
  if (isRestricted(user, flags)) return 'restricted';
  if (flags.adminViewing) return 'admin-as-student';
  if (flags.parentViewing) return 'parent-as-student';
  if (user.userType === 'Staff') return user.school?.schoolType === 'HS' ? 'admin-hs' : 'admin';
  if (user.userType === 'Parent') return 'parent';
  if (user.userType === 'BaselinePlan') return 'baseline';
  if (user.userType === 'Student') return 'student';
  return 'default';
}

export interface NavItem {
  /** The catalogue key of the link's text. */
  label: MessageKey;
  to: string;
}

/**
 * Staff: Students only without the four-year plan; else My Courses, CC Courses, Pathways, Students (+ Baseline Plans), Course Requests.
 * Staff of a school with the dual school also get Admissions (the review of applications); every staff member gets Access Log last.
 */
export function staffNav(school: RoutingSchool | null): NavItem[] {
  // Dual-school staff: admissions, and the families' tuition payments.
  const admissions: NavItem[] = school?.dualSchoolEnabled
    ? [
        { label: 'layout.navAdmissions', to: '/admissions' },
        { label: 'layout.navFamilyPayments', to: '/admissions/payments' },
        { label: 'layout.navSchoolYears', to: '/admissions/school-years' },
      ]
    : [];
  // Every staff member reads their schools' student-record access log (issue 11).
  const accessLog: NavItem = { label: 'layout.navAccessLog', to: '/access-log' };
  if (!school?.fourYearPlanEnabled) return [{ label: 'layout.navStudents', to: '/students-list' }, ...admissions, accessLog];
  const items: NavItem[] = [
    { label: 'layout.navMyCourses', to: '/courses' },
    { label: 'layout.navCcCourses', to: '/partner-courses' },
    { label: 'layout.navPathways', to: '/pathways' },
    { label: 'layout.navStudents', to: '/students-list' },
  ];
  if (school.baselinePlansEnabled) items.push({ label: 'layout.navBaselinePlans', to: '/baseline-plans' });
  // Next year's course requests come from the plans: the window, the SIS export and the course demand (issue 33).
  items.push({ label: 'layout.navCourseRequests', to: '/course-requests' });
  return [...items, ...admissions, accessLog];
}

/** Students (and anyone viewing as one): Academic Plan, Pathways, and Courses when the school plans four years. */
export function studentNav(school: RoutingSchool | null, alwaysCourses = false): NavItem[] {
  const items: NavItem[] = [
    { label: 'layout.navAcademicPlan', to: '/plan' },
    { label: 'layout.navPathways', to: '/pathways' },
  ];
  if (alwaysCourses || school?.fourYearPlanEnabled) items.push({ label: 'layout.navCourses', to: '/courses' });
  return items;
}

/** Parents: My Students and Payments are hidden while an application is complete or accepted. */
export function parentNav(applicationStatus: string | null): NavItem[] {
  const waiting = applicationStatus === 'complete' || applicationStatus === 'accepted';
  const items: NavItem[] = [];
  if (!waiting) items.push({ label: 'layout.navMyStudents', to: '/parent-home' });
  items.push({ label: 'layout.navApplications', to: '/parent-applications' });
  if (!waiting) items.push({ label: 'layout.navPayments', to: '/parent-payments' });
  return items;
}

export function navItems(kind: HeaderKind, user: RoutingUser | null): NavItem[] {
  switch (kind) {
    case 'admin-hs':
    case 'admin':
      return staffNav(user?.school ?? null);
    case 'parent':
      return parentNav(user?.applicationStatus ?? null);
    case 'baseline':
    case 'admin-as-student':
    case 'parent-as-student':
      return studentNav(user?.school ?? null, true);
    case 'student':
      return studentNav(user?.school ?? null);
    default:
      return [];
  }
}

/** Year labels set when joining a school (platform §7). */
export function yearLabelsFor(schoolType: string): string[] {
  return schoolType === 'HS' ? ['9th Grade', '10th Grade', '11th Grade', '12th Grade'] : ['1st Year', '2nd Year'];
}

/** Application progress bar: the signature is saved as step 10, so the fill is (step+1)/10. */
export function applicationProgress(step: number): number {
  return Math.min(1, Math.max(0, (step + 1) / 10));
}
