/**
 * The server's outgoing messages in English: the texts people have always received, word for word.
 * Every other catalogue translates these keys (messages.test.ts checks each has every key with the
 * same ICU arguments). Syntax: ICU MessageFormat (intl-messageformat): {name} inserts a value,
 * {n, plural, one {# day} other {# days}} agrees with a number, written in the recipient's locale.
 */
export const en = {
  // Password reset, asked for on the Sign In page.
  'email.resetPassword.subject': 'Reset your password',
  'email.resetPassword.body':
    'Hello {firstName},\n\nSomeone asked to reset the password of your account. To choose a new one, open this link within {minutes, plural, one {# minute} other {# minutes}}:\n\n{link}\n\nIf it was not you, ignore this email: your password stays as it is.',

  // Welcome email of an account someone else created (roster import).
  'email.setPassword.subject': 'Set your password for Pathway Planner',
  'email.setPassword.body':
    'Hello {firstName},\n\n{schoolName} created your Pathway Planner account for planning your courses. To choose your password, open this link within {days, plural, one {# day} other {# days}}:\n\n{link}\n\nThen sign in with this email address.',

  // The parent's consent-signing link, by text to the guardian phone and by email to linked parents.
  'consent.parentLink.subject': 'Parent consent form',
  'consent.parentLink.body': '{studentName} has signed the parent consent form for dual enrollment at {schoolName}. Please review and sign it: {link}',

  // Dual School admissions decisions, emailed to the parent who applied.
  'email.admission.greeting': 'Dear {parentName},',
  'email.admission.greetingNoName': 'Dear parent,',
  /** Stands for the student's name when the application gives none. */
  'email.admission.yourStudent': 'your student',
  'email.admission.signature': '{schoolName} Admissions',
  'email.admissionAccepted.subject': 'Your {schoolName} application has been accepted',
  'email.admissionAccepted.body':
    'Congratulations! The application for {studentName} has been accepted to {schoolName} for the {schoolYear} school year.\n\nNext step: sign the enrollment contract. Sign in and open Applications, or go to {contractLink}.',
  'email.admissionAccepted.note': 'Note from the admissions team: {reason}',
  'email.admissionDeclined.subject': 'An update on your {schoolName} application',
  'email.admissionDeclined.body':
    'Thank you for applying to {schoolName}. After review, we are unable to offer {studentName} a place at this time.\n\nReason: {reason}\n\nIf you have questions, reply to this email or contact the admissions team.',

  // Plan review, to each linked parent (email or text, as they prefer) when the counselor decides.
  'planReview.approved.subject': "{studentName}'s academic plan was approved",
  'planReview.approved.body': 'Hello {parentName},\n\n{counselorName} at {schoolName} approved the academic plan of {studentName}. Sign in to see it: {link}',
  'planReview.returned.subject': "{studentName}'s academic plan was returned with comments",
  'planReview.returned.body':
    'Hello {parentName},\n\n{counselorName} at {schoolName} returned the academic plan of {studentName} with this comment:\n\n{comment}\n\n{studentName} can revise the plan and submit it again. Sign in to see it: {link}',
  // Texts, to a guardian's phone (the consent link) or a parent's (plan review). A text carries the
  // school's name (set by staff) and a link, never words a student typed. Typed by a student: a
  // self-registered student's first and last name, and whatever they write (notes, comments, goals,
  // plan and term names, the guardian's name in student information). A rostered student's name
  // comes from the district, but a text cannot tell which kind it holds, so no text names the
  // student: the name is shown behind the link, to whoever signs in or opens it. Emails (to accounts
  // that chose their own address, as text only) keep the name.
  'sms.consentLink.body': '{schoolName}: a parent consent form for dual enrollment is waiting for your signature. Review and sign it: {link}',
  'sms.planReview.approved.subject': 'Academic plan approved',
  'sms.planReview.approved.body': "{schoolName}: your student's academic plan was approved. Sign in to see it: {link}",
  'sms.planReview.returned.subject': 'Academic plan returned with comments',
  'sms.planReview.returned.body': "{schoolName}: your student's academic plan was returned with comments. Sign in to see them: {link}",
  // The plan PDF (GET /api/plan-pdf/), in the reader's language. Names, course ids and titles, and
  // term labels a person typed print as stored; the default term labels below are translated.
  'pdf.plan.title': '{name} - Academic Plan',
  'pdf.plan.whatIfTitle': '{name} - What-if plan: {plan}',
  'pdf.plan.generated': 'Generated {date}',
  'pdf.plan.termSummary': '{courses, plural, one {# course} other {# courses}}, {units}',
  'pdf.plan.units': '{units, plural, one {# unit} other {# units}}',
  'pdf.plan.noCourses': 'No courses scheduled for this year.',
  'pdf.plan.column.courseId': 'Course ID',
  'pdf.plan.column.title': 'Title',
  'pdf.plan.column.units': 'Units',
  'pdf.plan.column.grade': 'Grade',
  'pdf.plan.column.completed': 'Completed',
  'pdf.plan.yes': 'Yes',
  'pdf.plan.no': 'No',
  'pdf.plan.totals': 'Totals',
  'pdf.plan.totalsLine':
    '{courses, plural, one {# course} other {# courses}} in {terms, plural, one {# term} other {# terms}}; {planned} planned, {completed} completed.',
  'pdf.plan.warnings': 'Prerequisite Warnings',
  'pdf.plan.noWarnings': 'None: every prerequisite is scheduled in the same or an earlier term.',
  'pdf.plan.requirements': 'Requirements',
  'pdf.plan.requirementLine': '{name} ({pathway}): {done} completed, {planned} planned, {missing} missing',
  'pdf.plan.minimumGrade': 'grade {grade} or better',
  'pdf.plan.noRequirements': 'No requirements to show.',
  'pdf.plan.fromRecord': 'school record',
  'pdf.plan.warning': 'Prerequisite not met for "{title}" in {term}',
  'pdf.plan.footer': '{title} - page {page} of {pages}',
  // The default term labels (a school's first terms), as the PDF prints them.
  'term.grade9': '9th Grade',
  'term.grade10': '10th Grade',
  'term.grade11': '11th Grade',
  'term.grade12': '12th Grade',
  'term.year1': '1st Year',
  'term.year2': '2nd Year',

  // Headings and labels of the legal documents (the enrollment contract, the default consent
  // letter): their body stays the spec's English, see contracts/contract-text.ts.
  'legal.englishGoverns': 'The English text of this document is the one that binds. Headings are shown in your language too.',

  // The enrollment contract's title, headings and labels (contracts/contract-text.ts says why only these).
  'contract.title': '{school} Enrollment Contract, {year} School Year',
  'contract.heading.program': '1. Program Structure',
  'contract.heading.legal': '2. Legal Compliance: FERPA, COPPA and Privacy',
  'contract.heading.conduct': '3. Code of Conduct and Technology Use',
  'contract.heading.academic': '4. College-Level Academic Responsibilities',
  'contract.heading.enrollment': '5. Enrollment Terms: Tuition, Withdrawal and Termination',
  'contract.heading.guarantee': '6. University Guarantee and Limitation of Liability',
  'contract.heading.dispute': '7. Dispute Resolution',
  'contract.heading.agreement': '8. Entire Agreement',
  'contract.heading.signatures': '9. Signatures',
  'contract.heading.attachment_a': 'Attachment A: Tuition and Fee Schedule',
  'contract.heading.attachment_b': 'Attachment B: Directory Information Opt-Out',
  'contract.initials': 'Parent/Guardian initials: {topic}',
  'contract.topic.ferpa': 'FERPA',
  'contract.topic.coppa': 'COPPA and privacy',
  'contract.topic.tech': 'code of conduct and technology',
  'contract.topic.academic': 'academic responsibilities',
  'contract.topic.enrollment': 'enrollment terms',
  'contract.topic.liability': 'guarantee and liability',
  'contract.topic.dispute': 'dispute resolution',
  'contract.topic.agreement': 'entire agreement',
  'contract.spot.signature': 'Parent/Guardian signature',
  'contract.spot.name': 'Parent/Guardian printed name',
  'contract.spot.date': 'Date',
  'contract.optOutForm': 'Directory Information Opt-Out Form',
  'contract.pdf.parties': 'Student: {student}    Parent/Guardian: {parent} ({email})',
  'contract.pdf.enrolledStudent': 'the enrolled student',
  'contract.pdf.spotLabel': '{label}:',
  'contract.pdf.footer': '{title} - page {page} of {pages}',

  // The default consent letter's headings and labels (consent-forms/default-template.ts says why only these).
  'consent.template.title': 'Parent/Guardian Consent for Dual Enrollment',
  'consent.template.subtitle': 'Community college courses taken while in high school',
  'consent.template.studentInformation': 'Student Information',
  'consent.template.studentAcknowledgment': 'Student Acknowledgment',
  'consent.template.parentConsent': 'Parent/Guardian Consent',
  'consent.template.blank.first_name': 'Student First Name',
  'consent.template.blank.last_name': 'Student Last Name',
  'consent.template.blank.email': 'Student Email',
  'consent.template.blank.school': 'School',
  'consent.template.blank.dob': 'Date of Birth',
  'consent.template.blank.grade': 'Current Grade',
  'consent.template.blank.graduation_year': 'Expected Graduation Year',
  'consent.template.studentSignature': 'Student Signature',
  'consent.template.parentPrintedName': 'Parent/Guardian Printed Name',
  'consent.template.parentSignature': 'Parent/Guardian Signature',
  'consent.template.date': 'Date',
  'consent.template.questions': 'Questions? Ask your school counselor. Keep a copy of the signed form for your records.',

  // The family's receipt after a payment is received (card, monthly invoice, or a check staff recorded).
  'payments.receipt.subject': 'Payment received: {amount, number, ::currency/USD}',
  'payments.receipt.body':
    'We received your payment of {amount, number, ::currency/USD} for {title} on {date, date, long}, {method, select, check {by check} other {by card}}.\n\nReference: {reference}\n\nEvery payment, and anything still due, is on your payments page: {link}',

  // A family's statement for a school year (screen and PDF), in the reader's language.
  'statement.line.annual': 'Tuition {year}',
  'statement.line.monthly': 'Tuition {year}, month {month} of {months}',
  'statement.line.lateFee': 'Late fee on tuition {year}, {late, plural, one {# month} other {# months}} late',
  'statement.line.lateFeeMonthly': 'Late fee on month {month} of {months}, {late, plural, one {# month} other {# months}} late',
  'statement.line.waiver': 'Late fee waived: {reason}',
  'statement.line.upfrontDiscount': 'Upfront price discount',
  'statement.line.paymentCard': 'Payment by card',
  'statement.line.paymentCheck': 'Payment by check',
  'statement.line.failed': 'Card payment failed (nothing charged)',
  'statement.line.withdrawalCredit': "Withdrawal credit by the contract's refund rule ({percent}%): {reason}",
  'statement.line.refundCard': 'Refund to card',
  'statement.line.refundCheck': 'Refund by check',
  'pdf.statement.title': 'Statement {year} - {name}',
  'pdf.statement.school': '{school}, generated {date, date, long}',
  'pdf.statement.column.date': 'Date',
  'pdf.statement.column.description': 'Description',
  'pdf.statement.column.reference': 'Reference',
  'pdf.statement.column.amount': 'Amount',
  'pdf.statement.column.balance': 'Balance',
  'pdf.statement.date': '{date, date, medium}',
  'pdf.statement.money': '{amount, number, ::currency/USD}',
  'pdf.statement.totals':
    'Due {due, number, ::currency/USD}; paid {paid, number, ::currency/USD}; waived or credited {credited, number, ::currency/USD}; refunded {refunded, number, ::currency/USD}.',
  'pdf.statement.balance': 'Balance: {amount, number, ::currency/USD}',
  'pdf.statement.empty': 'Nothing is recorded for this school year.',
  'pdf.statement.footer': '{title} - page {page} of {pages}',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Partial<Record<MessageKey, string>>;
