/**
 * The route table of platform §2, with the one guard it has: the restricted dual-school parent.
 *
 * The paths are the spec's and stay as they are; each screen lives in client/src/pages/<folder>/,
 * its GraphQL operations beside it in <folder>.graphql. Where a path does not name its folder:
 *
 *   path                                      folder
 *   /sign-up /log-in /forgot-password
 *   /reset-password/… /dual-parent-login      accounts/
 *   /student-onboarding /admin-onboarding
 *   /onboarding-questions /student-info
 *   /student-demographics                     onboarding/
 *   /course-page/:uuid /partner-courses       courses/
 *   /blog-page/:id                            blog/
 *   /students-list                            students/
 *   /course-requests                          course-requests/
 *   /auto-gen-plans                           baseline-plans/
 *   /parent-home /parent-students             parents/
 *   /parent-applications /application-summary application/
 *   /parent-payments /admissions/payments     payments/
 *   /admissions/school-years                  school-years/
 *   /statement                                statements/
 *   /privacy-policy /terms-of-use
 *   /service-agreement /acceptable-use-policy legal/
 *   /parent-form /parent-sign/… /parent-form-…
 *   /consent-template                         consent/
 *   /enrollment-contract /enrollment-success
 *   /directory-opt-out-form                   contracts/
 *   /test /outbox /graphiql                   system/
 *   / (signed out)                            landing/
 */
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AppHeader } from './layout/AppHeader';
import { Footer } from './layout/Footer';
import LandingPage from './pages/landing/LandingPage';
import { homeView, isRestricted } from './session/routing';
import { useSession } from './session/SessionProvider';
import { useT } from './i18n';

// Route-level code splitting: each screen loads on demand; the landing page is in the first bundle.
const StudentsListPage = lazy(() => import('./pages/students/StudentsListPage'));
const AccessLogPage = lazy(() => import('./pages/access-log/AccessLogPage'));
const StatementPage = lazy(() => import('./pages/statements/StatementPage'));
const CourseRequestsPage = lazy(() => import('./pages/course-requests/CourseRequestsPage'));
const CaseloadPage = lazy(() => import('./pages/caseload/CaseloadPage'));
const ParentHomePage = lazy(() => import('./pages/parents/ParentHomePage'));
const PlanPage = lazy(() => import('./pages/plan/PlanPage'));
const ComparePlansPage = lazy(() => import('./pages/plan/ComparePlansPage'));
const ProfilePage = lazy(() => import('./pages/profile/ProfilePage'));
const SignUpPage = lazy(() => import('./pages/accounts/SignUpPage'));
const LogInPage = lazy(() => import('./pages/accounts/LogInPage'));
const ForgotPasswordPage = lazy(() => import('./pages/accounts/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/accounts/ResetPasswordPage'));
const DualParentSignUpPage = lazy(() => import('./pages/accounts/DualParentSignUpPage'));
const JoinSchoolPage = lazy(() => import('./pages/onboarding/JoinSchoolPage'));
const CreateSchoolPage = lazy(() => import('./pages/onboarding/CreateSchoolPage'));
const BlogPostPage = lazy(() => import('./pages/blog/BlogPostPage'));
const PrivacyPolicyPage = lazy(() => import('./pages/legal/PrivacyPolicyPage'));
const TermsOfUsePage = lazy(() => import('./pages/legal/TermsOfUsePage'));
const ServiceAgreementPage = lazy(() => import('./pages/legal/ServiceAgreementPage'));
const AcceptableUsePolicyPage = lazy(() => import('./pages/legal/AcceptableUsePolicyPage'));
const ApplicationPage = lazy(() => import('./pages/application/ApplicationPage'));
const ParentApplicationsPage = lazy(() => import('./pages/application/ParentApplicationsPage'));
const ApplicationSummaryPage = lazy(() => import('./pages/application/ApplicationSummaryPage'));
const AdmissionsListPage = lazy(() => import('./pages/admissions/AdmissionsListPage'));
const AdmissionReviewPage = lazy(() => import('./pages/admissions/AdmissionReviewPage'));
const EnrollmentContractPage = lazy(() => import('./pages/contracts/EnrollmentContractPage'));
const EnrollmentSuccessPage = lazy(() => import('./pages/contracts/EnrollmentSuccessPage'));
const DirectoryOptOutFormPage = lazy(() => import('./pages/contracts/DirectoryOptOutFormPage'));
const ParentPaymentsPage = lazy(() => import('./pages/payments/ParentPaymentsPage'));
const FamilyPaymentsPage = lazy(() => import('./pages/payments/FamilyPaymentsPage'));
const SchoolYearsPage = lazy(() => import('./pages/school-years/SchoolYearsPage'));
const StudentInfoPage = lazy(() => import('./pages/onboarding/StudentInfoPage'));
const StudentDemographicsPage = lazy(() => import('./pages/onboarding/StudentDemographicsPage'));
const OnboardingQuestionsPage = lazy(() => import('./pages/onboarding/OnboardingQuestionsPage'));
const BaselinePlansPage = lazy(() => import('./pages/baseline-plans/BaselinePlansPage'));
const CccConsentPage = lazy(() => import('./pages/cccapply/CccConsentPage'));
const OpenAccountSetupPage = lazy(() => import('./pages/cccapply/OpenAccountSetupPage'));
const CccConfirmationPage = lazy(() => import('./pages/cccapply/CccConfirmationPage'));
const CccApplicationPage = lazy(() => import('./pages/cccapply/CccApplicationPage'));
const CccSuccessPage = lazy(() => import('./pages/cccapply/CccSuccessPage'));
const StatusPage = lazy(() => import('./pages/system/StatusPage'));
const OutboxPage = lazy(() => import('./pages/system/OutboxPage'));
const GraphiqlPage = lazy(() => import('./pages/system/GraphiqlPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const CoursesPage = lazy(() => import('./pages/courses/CoursesPage'));
const PartnerCoursesPage = lazy(() => import('./pages/courses/PartnerCoursesPage'));
const CoursePage = lazy(() => import('./pages/courses/CoursePage'));
const PathwaysPage = lazy(() => import('./pages/pathways/PathwaysPage'));
const PathwayPage = lazy(() => import('./pages/pathways/PathwayPage'));
const PathwayProgressPage = lazy(() => import('./pages/pathways/PathwayProgressPage'));
const StudentConsentPage = lazy(() => import('./pages/consent/StudentConsentPage'));
const ParentSignPage = lazy(() => import('./pages/consent/ParentSignPage'));
const ParentFormViewerPage = lazy(() => import('./pages/consent/ParentFormViewerPage'));
const ParentFormSuccessPage = lazy(() => import('./pages/consent/ParentFormSuccessPage'));
const ParentFormConfirmationPage = lazy(() => import('./pages/consent/ParentFormConfirmationPage'));
const ConsentTemplatePage = lazy(() => import('./pages/consent/ConsentTemplatePage'));

function Home() {
  const { user, flags } = useSession();
  switch (homeView(user, flags)) {
    case 'landing':
      return <LandingPage />;
    case 'students-list':
      return <StudentsListPage />;
    case 'parent-home':
      return <ParentHomePage />;
    case 'plan':
      return <PlanPage />;
    default:
      return <ProfilePage />;
  }
}

/** A dual-school parent with an unfinished application reaches only /application. */
function RestrictionGuard({ children }: { children: ReactNode }) {
  const { user, flags } = useSession();
  const { pathname } = useLocation();
  if (isRestricted(user, flags) && pathname !== '/application') return <Navigate to="/application" replace />;
  return <>{children}</>;
}

export default function App() {
  const t = useT();
  const { loading } = useSession();
  // The session's answer comes through a synchronous store update: the shell (header, route table,
  // footer) it reveals renders from a deferred copy of the flag, as a transition in short slices
  // that yield, not inside that update (total blocking time). Loading again shows at once.
  const settled = !useDeferredValue(loading);
  if (loading || !settled) {
    return (
      <div className="page app-content" role="status" aria-live="polite">
        {t('common.loading')}
      </div>
    );
  }
  return (
    <>
      <AppHeader />
      <div className="app-content">
        <RestrictionGuard>
          <Suspense
            fallback={
              <div className="page" role="status">
                {t('common.loading')}
              </div>
            }
          >
            <Routes>
              <Route path="/" element={<Home />} />
              <Route path="/sign-up" element={<SignUpPage />} />
              <Route path="/log-in" element={<LogInPage />} />
              <Route path="/forgot-password" element={<ForgotPasswordPage />} />
              <Route path="/reset-password/:uidb64/:token" element={<ResetPasswordPage />} />
              <Route path="/dual-parent-login" element={<DualParentSignUpPage />} />
              <Route path="/student-onboarding" element={<JoinSchoolPage />} />
              <Route path="/admin-onboarding" element={<CreateSchoolPage />} />
              <Route path="/onboarding-questions" element={<OnboardingQuestionsPage />} />
              <Route path="/student-info" element={<StudentInfoPage />} />
              <Route path="/student-demographics" element={<StudentDemographicsPage />} />
              <Route path="/courses" element={<CoursesPage />} />
              <Route path="/course-page/:uuid" element={<CoursePage />} />
              <Route path="/courses/:id" element={<CoursePage />} />
              <Route path="/partner-courses" element={<PartnerCoursesPage />} />
              <Route path="/pathways" element={<PathwaysPage />} />
              <Route path="/pathways/:uuid" element={<PathwayPage />} />
              <Route path="/pathways/:uuid/progress" element={<PathwayProgressPage />} />
              <Route path="/blog-page/:id" element={<BlogPostPage />} />
              <Route path="/plan" element={<PlanPage />} />
              <Route path="/plan/compare" element={<ComparePlansPage />} />
              <Route path="/students-list" element={<StudentsListPage />} />
              <Route path="/access-log" element={<AccessLogPage />} />
              <Route path="/course-requests" element={<CourseRequestsPage />} />
              <Route path="/caseload" element={<CaseloadPage />} />
              <Route path="/auto-gen-plans" element={<BaselinePlansPage />} />
              <Route path="/baseline-plans" element={<BaselinePlansPage />} />
              <Route path="/profile" element={<ProfilePage />} />
              <Route path="/parent-home" element={<ParentHomePage />} />
              <Route path="/parent-students" element={<ParentHomePage />} />
              <Route path="/parent-applications" element={<ParentApplicationsPage />} />
              <Route path="/parent-payments" element={<ParentPaymentsPage />} />
              <Route path="/statement" element={<StatementPage />} />
              <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
              <Route path="/terms-of-use" element={<TermsOfUsePage />} />
              <Route path="/service-agreement" element={<ServiceAgreementPage />} />
              <Route path="/acceptable-use-policy" element={<AcceptableUsePolicyPage />} />
              <Route path="/parent-form" element={<StudentConsentPage />} />
              <Route path="/parent-sign/:code" element={<ParentSignPage />} />
              <Route path="/parent-form-viewer/:code" element={<ParentFormViewerPage />} />
              <Route path="/parent-form-success" element={<ParentFormSuccessPage />} />
              <Route path="/parent-form-confirmation" element={<ParentFormConfirmationPage />} />
              <Route path="/consent-template" element={<ConsentTemplatePage />} />
              <Route path="/cccapply/consent" element={<CccConsentPage />} />
              <Route path="/cccapply/open-account-setup" element={<OpenAccountSetupPage />} />
              <Route path="/cccapply/confirmation" element={<CccConfirmationPage />} />
              <Route path="/cccapply/application" element={<CccApplicationPage />} />
              <Route path="/cccapply/success" element={<CccSuccessPage />} />
              <Route path="/application" element={<ApplicationPage />} />
              <Route path="/application-summary" element={<ApplicationSummaryPage />} />
              <Route path="/admissions" element={<AdmissionsListPage />} />
              <Route path="/admissions/payments" element={<FamilyPaymentsPage />} />
              <Route path="/admissions/school-years" element={<SchoolYearsPage />} />
              <Route path="/admissions/:id" element={<AdmissionReviewPage />} />
              <Route path="/enrollment-contract" element={<EnrollmentContractPage />} />
              <Route path="/directory-opt-out-form" element={<DirectoryOptOutFormPage />} />
              <Route path="/enrollment-success" element={<EnrollmentSuccessPage />} />
              <Route path="/test" element={<StatusPage />} />
              <Route path="/outbox" element={<OutboxPage />} />
              <Route path="/graphiql" element={<GraphiqlPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Suspense>
        </RestrictionGuard>
      </div>
      <Footer />
    </>
  );
}
