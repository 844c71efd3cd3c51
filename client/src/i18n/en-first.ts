/**
 * The English texts of the first screen (the landing page, its header and footer, the language
 * switch and the common words), part of en.ts. They ship in the first bundle; the rest of en.ts
 * loads with the signed-in routes (SignedInApp.tsx), so the landing page downloads only these.
 */
export const enFirst = {
  // common
  'common.firstName': 'First Name',
  'common.lastName': 'Last Name',
  'common.email': 'Email',
  'common.loading': 'Loading...',
  'common.cancel': 'Cancel',
  'common.description': 'Description',
  'common.signIn': 'Sign In',
  'common.dismiss': 'Dismiss',
  'common.action': 'Action',
  'common.loadMore': 'Load more',
  'common.back': 'Back',
  'common.next': 'Next',
  'common.title': 'Title',
  // i18n
  'i18n.switchTo': 'Switch the language to {language}',
  'i18n.language': 'Language',
  // app
  'app.signOut': 'Sign Out',
  // layout
  'layout.pathwayPlanner': 'Pathway Planner',
  'layout.main': 'Main',
  'layout.myProfile': 'My Profile',
  'layout.youAreInStudentView': 'You are in Student View for: {name}',
  'layout.youAreInBaselinePlanView': 'You are in Baseline Plan View for: {name}',
  'layout.returnToAdminView': 'Return to Admin View',
  'layout.returnToParentView': 'Return to Parent View',
  'layout.dualSchoolAdmissionApplication': 'Dual School Admission Application',
  'layout.applicationProgress': 'Application progress',
  'layout.yearPathwayPlanner': '© {year} Pathway Planner',
  'layout.legal': 'Legal',
  'layout.navAdmissions': 'Admissions',
  'layout.navFamilyPayments': 'Family Payments',
  'layout.navSchoolYears': 'School Years',
  'layout.navStudents': 'Students',
  'layout.navMyCourses': 'My Courses',
  'layout.navCcCourses': 'CC Courses',
  'layout.navPathways': 'Pathways',
  'layout.navBaselinePlans': 'Baseline Plans',
  'layout.navAcademicPlan': 'Academic Plan',
  'layout.navCourses': 'Courses',
  'layout.navMyStudents': 'My Students',
  'layout.navApplications': 'Applications',
  'layout.navPayments': 'Payments',
  'layout.privacyPolicy': 'Privacy Policy',
  'layout.termsOfUse': 'Terms of Use',
  'layout.serviceAgreement': 'Service Agreement',
  'layout.acceptableUsePolicy': 'Acceptable Use Policy',
  'layout.articles': 'Articles',
  'layout.faqs': 'FAQs',
  'layout.demo': 'Demo',
  'layout.aboutUs': 'About Us',
  // landing
  'landing.everyStudentDeservesAClearPath': 'Every student deserves a clear path to college and career',
  'landing.pathwayPlannerIsADualEnrollment':
    'Pathway Planner is a dual-enrollment and four-year academic planning platform for public schools. Students map their courses toward graduation, college credit and the careers they want; parents see the same plan; counselors guide hundreds of students without losing sight of any one of them.',
  'landing.signUp': 'Sign Up',
  'landing.learnMore': 'Learn More',
  'landing.alreadyHaveAnAccount': 'Already have an account?',
  'landing.advancingEducationalEquity': 'Advancing educational equity',
  'landing.opportunityShouldNotDependOnA': 'Opportunity should not depend on a zip code',
  'landing.studentsFromLowIncomeFamiliesAnd':
    'Students from low-income families and students who will be the first in their families to attend college are the least likely to take college courses in high school, even though they gain the most from them. Pathway Planner puts the same guidance in front of every student, so access to dual enrollment no longer depends on who happens to know how the system works.',
  'landing.aK16Mindset': 'A K-16 mindset',
  'landing.planningDoesNotStopAtThe':
    'Planning does not stop at the high school diploma. Pathway Planner connects high school courses to college programs and careers, so students, families and schools can think of kindergarten through a four-year degree as one continuous journey rather than separate systems that rarely talk to each other.',
  'landing.transferableDualEnrollmentMadeEasy': 'Transferable dual enrollment, made easy',
  'landing.builtForHighSchools': 'Built for high schools',
  'landing.schoolsPublishTheirPartnerCollegeCourses':
    'Schools publish their partner college courses once. Students then see which college courses fit their schedule, which meet high school requirements, and how the credit is expected to transfer, so a dual enrollment course counts toward a degree instead of becoming an elective that goes nowhere.',
  'landing.fourYearPlanningSimplified': 'Four-year planning, simplified',
  'landing.onePlanBringsTogetherDualEnrollment':
    'One plan brings together dual enrollment, graduation requirements, career technical education (CTE) pathways and NCAA eligibility for student athletes. Students can see at a glance what they have completed, what is still required and what each choice opens up.',
  'landing.moreTimeForCounselorsMoreChoice': 'More time for counselors, more choice for students',
  'landing.helpForCounselorsAt3501': 'Help for counselors at 350:1',
  'landing.withAStudentToCounselorRatio':
    'With a student-to-counselor ratio of 350:1, no counselor can hand-build a plan for every student each year. Pathways and ready-made baseline plans give each student a sound starting point, and counselors can spend their time on the conversations that need a person.',
  'landing.supportForIndividualGoals': 'Support for individual goals',
  'landing.whetherAStudentIsAimingFor':
    'Whether a student is aiming for a university, a skilled trade, the military or a college team, the plan adapts to that goal. Students explore options, compare pathways and adjust their plan as their interests grow.',
  'landing.noArticlesHaveBeenPublishedYet': 'No articles have been published yet.',
  'landing.recentArticles': 'Recent Articles',
  'landing.frequentlyAskedQuestions': 'Frequently Asked Questions',
  'landing.isPathwayPlannerFreeForStudents': 'Is Pathway Planner free for students?',
  'landing.yesPathwayPlannerIsAlwaysFree':
    'Yes. Pathway Planner is always free for students and their families. The platform is funded by grants, school and district partnerships and other sources, so no student ever pays to plan their courses.',
  'landing.whatIsDualEnrollment': 'What is dual enrollment?',
  'landing.dualEnrollmentLetsHighSchoolStudents':
    'Dual enrollment lets high school students take college courses, taught at their high school, on a college campus or online, and earn high school and college credit for the same course. In many states the courses are free or low-cost for students.',
  'landing.whatAreTheDualAdvantagesOf': 'What are the DUAL advantages of dual enrollment?',
  'landing.ollarsSavedCollegeCreditEarnedIn': 'ollars saved: college credit earned in high school costs families little or nothing.',
  'landing.niversityReadinessStudentsExperienceColl':
    'niversity readiness: students experience college-level expectations with their high school support still around them.',
  'landing.cceleratedProgressTransferableCreditsCan': 'ccelerated progress: transferable credits can shorten the time, and the cost, of a degree.',
  'landing.astingMomentumStudentsWhoTakeCollege':
    'asting momentum: students who take college courses in high school are more likely to enroll in college and to finish a degree.',
  'landing.howDoesPathwayPlannerSupportSchools': 'How does Pathway Planner support schools?',
  'landing.schoolsGetASharedPlaceFor':
    "Schools get a shared place for courses, pathways and four-year plans. Counselors and administrators can publish pathways and baseline plans, review every student's plan, and view the planner as a student sees it. Our team helps each school set up its course catalogue and partner college courses, and trains staff before students are invited.",
  'landing.whatIsTheTransferabilityEngine': 'What is the transferability engine?',
  'landing.theTransferabilityEngineComparesEachDual':
    'The transferability engine compares each dual-enrollment course with published articulation and transfer agreements and general education requirements. Before enrolling, a student can see whether a course is expected to transfer to the colleges they are interested in and what it would count toward. Students should still confirm final credit decisions with the receiving college.',
  'landing.canPathwayPlannerHelpUsEnhance': 'Can Pathway Planner help us enhance our curriculum?',
  'landing.yesPlanningDataReportedInAggregate':
    'Yes. Planning data, reported in aggregate, shows which courses students want, where pathways have gaps and where demand outgrows the seats available. Schools use it to plan new dual enrollment and CTE offerings with their college partners and to align high school courses with the programs students aim for.',
  'landing.seePathwayPlannerInAction': 'See Pathway Planner in action',
  'landing.aShortWalkthroughOfHowA': 'A short walkthrough of how a student builds a four-year plan with dual enrollment courses.',
  'landing.productDemoVideo': 'Product demo video',
  'landing.aboutUs': 'About Us',
  'landing.pathwayPlannerWasFoundedByA':
    "Pathway Planner was founded by a school counselor and a software engineer who both saw talented students miss out on college credit simply because planning was too complicated. We work with public schools, community colleges and families to make every student's path visible.",
  'landing.copy': 'Copy',
  'landing.email': 'email',
  'landing.linkedin': 'LinkedIn',
  'landing.nameOpensInANewTab': ': {name} (opens in a new tab)',
  'landing.blogsLoading': 'Loading blogs...',
  'landing.blogsError': 'Error fetching the blogs',
};
