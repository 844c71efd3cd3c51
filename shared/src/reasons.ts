/**
 * Why the server refused a request: a stable reason code for every error a person or a script can
 * get, with the spec's English text. The server sends the code (GraphQL `extensions.reason`, REST
 * `reason`) beside the English `message`/`error`; the client translates by the code, never by the
 * text, so a text can be reworded without breaking a translation.
 *
 * `{name}` marks a value the server fills in and also sends as a param (`extensions.params`,
 * REST `params`); a code's text and its params are the contract, the rendered text follows.
 */
export const REASONS = {
  // Every area: the defaults of the error helpers, and the adapters' own refusals.
  UNAUTHENTICATED: 'Authentication credentials were not provided or are invalid.',
  FORBIDDEN: 'You do not have permission to perform this action.',
  NOT_FOUND: 'Not found.',
  INVALID_INPUT: 'Invalid value for {field}.',
  SERVER_ERROR: 'Server error. Please try again later.',
  REQUEST_TOO_LARGE: 'The request is too large.',
  BODY_NOT_JSON: 'The request body is not valid JSON.',
  ID_INVALID: 'Not a valid {what} id: expected a whole number from 1 to {max}.',
  UUID_INVALID: 'Not a valid {what} id: expected a uuid.',
  PASSWORD_RULES: 'Your password does not meet the requirements.',
  PASSWORD_COMMON: 'This password is too common and easy to guess. Please choose a different one.',
  SIGNUP_CODE_REQUIRED: 'Please enter a sign-up code.',
  SIGNUP_CODE_TOO_SHORT: 'Sign-up code must be at least 3 characters long.',
  SIGNATURE_REQUIRED: 'Please provide your signature (your full name).',
  PARENT_SIGNATURE_REQUIRED: 'Please provide your full name as signature.',
  CONSENT_ALREADY_SIGNED: 'You have already signed this form.',
  PRICE_REQUIRED: 'price_id is required.',
  CSV_HEADER: 'The first line must name the columns: {columns}.',
  APPLICATION_FORM_DATA_INVALID: 'form_data must be a list of { step, title, data } records.',
  APPLICATION_TOO_MANY_STEPS: 'form_data has more records than the application has steps.',
  DECISION_INVALID: 'decision must be accepted or declined.',
  API_TOKEN_NAME_TOO_LONG: 'The name is too long (100 characters at most).',
  API_TOKEN_NAME_REQUIRED: 'Please name the token (for example "Nightly SIS sync").',
  API_TOKEN_LIFETIME_RANGE: 'The lifetime must be 1 to 7 days.',
  API_TOKEN_LIFETIME_WHOLE_DAYS: 'The lifetime must be a whole number of days.',
  EXPORT_GRADE_REQUIRED: 'Please choose a grade.',
  EXPORT_GRADE_TOO_LONG: 'The grade is too long.',
  EXPORT_SCHOOL_ID_INVALID: 'school_id must be a whole number.',
  FIELD_NAME_INVALID: 'Field names use lower-case letters, digits and _.',
  CONTRACT_SIGNATURE_TOO_LONG: 'A placed signature is too long.',
  CSV_ROW_TOO_LONG_IN_FILE: '{file}: Line {line}: a row is longer than {max} KB.',
  CSV_QUOTE_NOT_CLOSED_IN_FILE: '{file}: Line {line}: a quoted field is not closed.',
  CSV_SYNTAX_IN_FILE: '{file}: Line {line}: the row is not valid CSV.',

  // core/errors.ts
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again.',

  // core/http.ts
  PAGE_SIZE_PARAM_RANGE: 'page_size must be between 1 and {max}.',

  // core/ids.ts
  COURSE_REF_INVALID: "Not a valid course id: expected the course's number or its uuid.",

  // core/pagination.ts
  PAGE_CURSOR_INVALID: 'Invalid page cursor.',

  // core/policy.ts
  READ_ONLY: 'You are viewing as this student in read-only mode; changes are not allowed.',

  // core/rate-limit.ts
  RATE_LIMITED: 'Too many {name} attempts. Please wait {when} and try again.',

  // graphql: signed-out callers (server/src/graphql/anonymous.ts) and persisted queries
  GRAPHQL_SIGNED_OUT_TOO_MANY_TOKENS: 'Without signing in, a GraphQL document may hold at most {max} tokens.',
  GRAPHQL_SIGNED_OUT_TOO_MANY_FRAGMENTS: 'Without signing in, a GraphQL document may define at most {max} fragments.',
  GRAPHQL_SIGNED_OUT_TOO_MANY_SPREADS: 'Without signing in, a GraphQL document may spread fragments at most {max} times.',
  GRAPHQL_INTROSPECTION_SIGNED_IN_ONLY: 'Introspection is available to signed-in users only.',
  GRAPHQL_PERSISTED_QUERIES_OFF: 'Persisted queries are not supported: send the query text.',

  // core/validation.ts
  NUL_CHARACTER: 'Text may not contain the NUL character.',
  CONTROL_CHARACTER: '{field} may not contain control characters.',
  TEXT_NOT_UNICODE: 'Text may not contain broken characters (half of a character pair).',

  // access-log
  ACCESS_LOG_FILTERS_INVALID: 'The access-log filters are not valid (dates as YYYY-MM-DD, ids as numbers).',
  DATES_REVERSED: 'The start date must be on or before the end date.',
  ACCESS_LOG_ACTION_INVALID: 'action must be one of: {actions}.',
  DATE_INVALID: 'Dates must be written as YYYY-MM-DD.',
  ACCESS_LOG_CURSOR_INVALID: 'The page cursor is not valid; start again from the first page.',

  // accounts
  ALL_FIELDS_REQUIRED: 'All fields are required',
  NEW_PASSWORD_REQUIRED: 'Please enter your new password.',
  STUDENT_CHOICE_REQUIRED: 'Please choose a student.',
  INVALID_SIGNUP_CODE: 'Invalid sign-up code.',
  EMAIL_EXISTS: 'A user with this email already exists.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  INVALID_CREDENTIALS: 'Invalid email or password.',
  RESET_LINK_INVALID: 'This password reset link is invalid or has expired. Please request a new one.',
  CURRENT_PASSWORD_WRONG: 'Your current password is not correct.',
  CHANGE_PASSWORD_OWN_SESSION: 'Sign in as yourself to change your password.',
  ACCOUNT_DEACTIVATED: 'This account has been deactivated. Ask your school to restore it.',
  PASSWORD_SIGN_IN_PARENTS_ONLY: 'Students and staff sign in with the district button on this page, not with a password.',
  SIGN_IN_NEW_DEVICE_PAUSED: 'Too many failed sign-ins to this account from other devices. Sign in from a device you have used before, or reset your password by email: the device you reset it on will then be recognized.',
  EMAIL_PASSWORD_REQUIRED: 'Please enter your email and password.',
  EMAIL_REQUIRED: 'Please enter your email address.',
  LOCALE_INVALID: 'locale must be one of: {locales}.',
  TERM_LABELS_NOT_LIST: 'academic_year_labels must be a list of term labels.',
  TOO_MANY_TERMS: 'A plan may have at most {max} terms.',
  TERM_LABEL_MISSING: 'Every term needs a label.',
  TERM_LABEL_TOO_LONG: 'A term label may have at most {max} characters.',
  TERM_LABELS_NOT_UNIQUE: 'Term labels must be different from each other.',
  STUDENT_NOT_FOUND: 'Student not found.',
  VIEW_AS_SESSION_ENDED: 'Your own session has ended. Please sign in again.',
  VIEW_AS_NESTED: 'Return to your own view before viewing another student.',
  VIEW_AS_NOT_VIEWING: 'You are not viewing as a student.',
  CONTACT_PREFERENCE_INVALID: 'Please choose email or text message (contact_preference must be email or sms).',
  PHONE_INVALID: 'Please enter a valid mobile phone number (10 to 15 digits).',
  SMS_PHONE_REQUIRED: 'Please enter a mobile phone number to get text messages.',
  // A number outside SMS_COUNTRIES, or not a mobile one (shared/phone.ts): refused where it is typed, and not texted later.
  PHONE_NOT_MOBILE: 'Please enter a mobile phone number that can receive text messages (not a toll-free or premium-rate number).',
  PHONE_COUNTRY: 'Text messages can go only to phone numbers in {countries}.',
  // Why a queued text was not sent (the outbox's last error, for staff): the number, or a daily limit.
  SMS_NOT_TEXTABLE: 'Not sent: the number is not a mobile number in {countries} (SMS_COUNTRIES).',
  SMS_NUMBER_LIMIT: 'Not sent: this number already got {limit} text messages in the last day (SMS_LIMIT_PER_NUMBER).',
  SMS_SCHOOL_LIMIT: 'Not sent: this school already sent {limit} text messages in the last day (SMS_LIMIT_PER_SCHOOL).',
  CONTACT_PREFERENCE_PARENTS_ONLY: 'Only parents choose how they are told about plan reviews.',

  // admissions
  APPLICATION_STATUS_INVALID: 'application_status must be in_progress or complete.',
  DECLINE_REASON_REQUIRED: 'Please give a reason for declining the application.',
  UNKNOWN_APPLICATION_STEP: 'Unknown application step {step}.',
  UNKNOWN_APPLICATION_FIELD: 'Unknown field "{key}" in step {step}.',
  FIELD_NOT_BOOLEAN: '{label} must be true or false.',
  FIELD_NOT_FILE_LIST: '{label} must be a list of file names.',
  FIELD_NOT_TEXT: '{label} must be text.',
  FIELD_TEXT_TOO_LONG: '{label} may be at most {max} characters.',
  NOT_APPLICANT: 'Only parent accounts of Dual School have an admission application.',
  NOT_REVIEWER: 'Only staff of Dual School review admission applications.',
  FILE_NOT_FOUND: 'File not found.',
  ONE_FILE_PER_REQUEST: 'Send one file per request, in the multipart field "file".',
  UPLOAD_UNREADABLE: 'The upload could not be read.',
  APPLICATION_SUBMITTED: 'This application has already been submitted and can no longer be changed.',
  TRANSCRIPT_FILE_MISSING: 'Please choose a file to upload (multipart field "file").',
  TRANSCRIPT_TYPE_INVALID: 'Transcripts must be PDF, JPG, PNG, DOC or DOCX files.',
  FILE_EMPTY: 'The file is empty.',
  TOO_MANY_TRANSCRIPTS: 'An application holds at most {max} transcript files.',
  TRANSCRIPT_TOO_LARGE: 'The file is larger than {max} MB.',
  FILE_CONTENT_MISMATCH: 'The file "{name}" is not a valid {type} file.',
  APPLICATION_NOT_COMPLETE: 'Only submitted applications (status complete) can be {decision}.',
  PAGE_SIZE_RANGE: 'Page size must be between 1 and {max}.',
  UNKNOWN_APPLICATION_STATUS: 'Unknown application status.',
  APPLICATION_NOT_FOUND: 'Application not found.',

  // api-tokens
  API_TOKEN_SESSION_ONLY: 'API tokens are managed from a signed-in session on the profile page, not with an API token.',
  API_TOKEN_LIMIT: 'You have {max} active API tokens; revoke one first.',
  API_TOKEN_NOT_FOUND: 'No such API token.',

  // baseline-plans
  BASELINE_TITLE_REQUIRED: 'Please enter a title.',
  BASELINE_DESCRIPTION_REQUIRED: 'Please enter a description.',
  BASELINE_TITLE_TOO_LONG: 'The title may have at most 200 characters.',
  BASELINE_DESCRIPTION_TOO_LONG: 'The description may have at most 2000 characters.',
  BASELINE_USERNAME_INVALID: 'The username must start with baseline_plan_ and use only letters, digits, - and _ (at most 100 characters).',
  BASELINE_USER_TYPE_INVALID: 'user_type must be 4 for a baseline plan.',
  BASELINE_PLAN_REQUIRED: 'Please choose a baseline plan.',
  BASELINE_PLANS_DISABLED: 'Baseline plans are not enabled at your school.',
  BASELINE_PLAN_NOT_FOUND: 'Baseline plan not found.',
  BASELINE_USERNAME_TAKEN: 'A baseline plan with this username already exists.',
  JOIN_SCHOOL_FIRST: 'Please join a school first.',

  // blogs
  BLOG_POST_NOT_FOUND: 'Blog post not found.',

  // caseload
  CASELOAD_GRADE_INVALID: 'grade must be at most 20 characters.',
  CASELOAD_PATHWAY_INVALID: 'pathway must be a pathway uuid.',
  CASELOAD_FLAG_INVALID: 'missing, warnings and unread must be true or false.',
  CASELOAD_REVIEW_INVALID: 'review must be one of {statuses}.',
  CASELOAD_SORT_INVALID: 'sort must be one of {sorts}.',
  CASELOAD_ORDER_INVALID: 'order must be asc or desc.',
  CASELOAD_CURSOR_INVALID: 'cursor is not valid.',
  CASELOAD_STAFF_ONLY: 'Only staff can open the caseload.',
  FOLLOW_NOT_ALLOWED: 'Only students (for themselves) and staff of their school can choose the pathways a student follows.',
  PATHWAY_NOT_FOUND: 'Pathway not found.',
  PATHWAY_NOT_VISIBLE: 'This pathway belongs to a school you do not have access to.',
  FOLLOW_STUDENT_REQUIRED: 'student_id is required: name the student whose pathways to read or change.',

  // consent-forms
  EXPORT_NOT_FOUND: 'Export not found.',
  EXPORT_NOT_READY: 'The export is not finished yet.',
  EXPORT_EXPIRED: 'This export has expired. Please export again.',
  EXPORT_FAILED: 'The export could not be finished. Please try again.',
  CONSENT_FORMS_DISABLED: 'Parent consent forms are not used at your school.',
  CONSENT_STUDENT_FIRST: 'The student has not signed this form yet.',
  CONSENT_NO_FORM: 'This student has no parent consent form yet.',
  CONSENT_NONE_TO_EXPORT: 'No completed parent forms found for the selected grade and school.',
  CONSENT_FORMS_DISABLED_FOR_SCHOOL: 'Parent consent forms are not used at this school.',
  CONSENT_ONLY_STUDENT: 'Only the student can sign their own consent form.',
  FIELD_CONFIG_NOT_JSON: 'field_config is not valid JSON.',
  SIGNATURE_NAME_TOO_LONG: 'The name is too long (at most {max} characters).',
  SIGNATURE_NAME_INVALID: 'The name must contain letters and no control characters.',
  SIGNATURE_STROKES_INVALID: 'The drawn signature could not be read: send strokes as lists of [x, y] points between 0 and 1.',
  SIGNATURE_STROKES_TOO_MANY: 'The drawn signature is too large (at most {strokes} strokes and {points} points).',
  SIGNATURE_STROKES_EMPTY: 'The drawn signature is empty: draw your signature or leave the pad untouched.',
  SIGNED_PDF_NOT_ACCEPTED: 'A signed PDF is not accepted: send your typed full name (name) and, if you drew one, your signature (strokes). The form is signed on the server.',
  SIGNED_PDF_UNCHANGED: 'The uploaded PDF is the unsigned form itself: nothing was signed on it. Please sign the form with your name.',
  CONSENT_TEMPLATE_NO_SCHOOL: 'Join a school before editing its consent form template.',
  SCHOOL_NOT_FOUND: 'School not found.',
  FIELD_CONFIG_TOO_MANY: 'At most 40 student information fields.',
  FIELD_CONFIG_INVALID: 'The field configuration is not valid ({detail}).',
  FIELD_CONFIG_PAGE_OUT_OF_RANGE: 'The field {name} is placed on page {page}, but the template has {pageCount} page{s}.',
  PDF_MISSING: 'Please attach the PDF as the part named pdf.',
  PDF_NOT_PDF: 'The uploaded file is not a PDF.',
  PDF_UNREADABLE: 'The uploaded PDF could not be read.',
  PDF_TOO_LARGE: 'The PDF is larger than the limit of {max}.',
  PDF_PAGE_COUNT: 'The signed PDF has {got} page{s}; the form has {expected} page{s}.',

  // contracts
  CONTRACT_SIGNATURES_MISSING: 'Please place all required signatures and initials. Missing: {names}',
  CONTRACT_UNKNOWN_SPOT: 'Unknown signature spot: {name}.',
  CONTRACT_DATE_INVALID: 'completionDate must be an ISO date and time.',
  CONTRACT_DATA_REQUIRED: 'contractData with placedSignatures and completionDate is required.',
  CONTRACT_PARENTS_ONLY: 'Only the parent of an accepted application can sign the enrollment contract.',
  CONTRACT_NOT_ACCEPTED: 'The enrollment contract can be signed once the application is accepted.',
  CONTRACT_COMPLETED: 'This enrollment contract is already signed and can no longer be changed.',
  CONTRACT_NOT_GENERATED: 'Please generate and review the contract PDF before completing it.',

  // courses
  CSV_NO_COURSES: 'The file has a header but no courses.',
  BODY_NOT_OBJECT: 'The request body must be a JSON object.',
  COURSE_ID_REQUIRED: 'Course ID is required.',
  COURSE_TITLE_REQUIRED: 'Title is required.',
  COURSE_UNITS_INVALID: 'Units must be a number from 0 to {max}.',
  ADJUSTED_UNITS_INVALID: 'Adjusted units must be a number from 0 to {max}.',
  PREREQUISITE_GROUPS_INVALID: 'Prerequisite groups must be a list of lists of course uuids.',
  COURSE_TAGS_INVALID: 'Tags must be a map of tag keys to tag names.',
  COURSE_TAG_NAME_INVALID: 'Each tag must be a name of 1 to 100 characters.',
  COURSE_TOO_MANY_TAGS: 'A course may have at most 30 tags.',
  FIELD_TOO_LONG: '{label} must be at most {max} characters.',
  PREREQUISITE_GROUP_TOO_LARGE: 'A prerequisite group may have at most {max} courses.',
  TOO_MANY_PREREQUISITE_GROUPS: 'A course may have at most {max} prerequisite groups.',
  JOIN_A_SCHOOL_FIRST: 'Join a school first.',
  CSV_FILE_MISSING: 'Choose a CSV file to upload (form field "file").',
  COURSE_FILE_NOT_CSV: 'The file is not a CSV file: choose a .csv file saved as UTF-8 text.',
  COURSE_NOT_FOUND: 'Course not found.',
  REQUIREMENT_NOT_FOUND: 'Requirement not found.',
  COURSE_NOT_YOURS: 'You can only change the courses of your own school.',
  PARTNER_NEEDS_FULL_ACCESS: 'Only staff of a school with full access may add partner courses.',
  ACCEPT_FOR_OWN_SCHOOL: 'You can only accept courses for your own school.',
  FORM_UNREADABLE: 'The form could not be read.',
  ONE_FILE_ONLY: 'Send one file, in the form field "file".',
  COURSE_UPLOAD_UNREADABLE: 'The upload could not be read: send a multipart form with the CSV in the field "file".',
  COURSE_ID_TAKEN: 'A course with this Course ID already exists.',
  SELF_PREREQUISITE: 'A course cannot be its own prerequisite.',
  NOT_A_PARTNER_SCHOOL: 'Choose one of your partner schools.',
  REQUIREMENT_FILTER_INVALID: 'The requirement filter must be a requirement uuid.',
  SEARCH_TOO_LONG: 'Search text must be at most 200 characters.',
  PREREQUISITE_NOT_FOUND: 'Prerequisite course not found: {course}.',
  PREREQUISITE_CYCLE: '{course} already require{s} {prerequisite} (directly or through other courses): making {prerequisites} would create a cycle.',
  TRANSFER_OWN_SCHOOL: 'A course cannot be made transferable to its own school.',
  COURSE_NOT_TRANSFERABLE: 'This course is not transferable to that school.',
  TRANSFER_REMOVED: 'Transferability removed successfully.',
  TRANSFER_SCHOOL_REQUIRED: 'Choose the school that accepts the course.',
  SCHOOL_ID_INVALID: "Not a valid school id: expected the school's uuid or number.",

  // identity
  SSO_SIGN_IN_EXPIRED: 'This sign-in has expired or was already used. Please sign in again.',
  SSO_NOT_CONFIGURED: 'Single sign-on is not configured.',
  SIGN_UP_DISTRICT_SIGN_IN: 'Students and staff do not sign up with a password here: they sign in with the district button on the Sign In page.',
  SIGN_UP_EMAIL_DOMAIN: 'Students and staff sign up with their school email address ({domains}).',

  // onboarding
  GRADE_REQUIRED: 'Please choose a current grade (8, 9, 10, 11, 12, college or other).',
  DOB_INVALID: 'Please enter a valid date of birth (MMDDYYYY).',
  DOB_FUTURE: 'The date of birth cannot be in the future.',
  GUARDIAN_FIRST_NAME: 'Please enter the parent or guardian first name.',
  GUARDIAN_LAST_NAME: 'Please enter the parent or guardian last name.',
  GUARDIAN_PHONE: 'Please enter a valid parent or guardian phone number (10 to 15 digits).',
  ANSWER_TOO_LONG: 'The {field} may have at most {max} characters.',
  CITIZENSHIP_REQUIRED: 'Please choose a citizenship status (US Citizen or Non US Citizen).',
  FOSTER_CARE_REQUIRED: 'Please answer whether you have ever been in foster care (yes or no).',
  FOSTER_CARE_AGE_REQUIRED: 'Please choose when you were in foster care (current, after13, before13 or unknown).',
  HOMELESSNESS_REQUIRED: 'Please answer whether you have experienced homelessness in the last 24 months (yes or no).',
  GENDER_REQUIRED: 'Please choose a gender (female, male, non-binary or decline).',
  RACE_ETHNICITY_INVALID: 'Race/ethnicity must be a list of these options: {options}.',
  ED_GOALS_INVALID: 'ed_goals must be a list of 1 to 10 answers, each at most 500 characters.',
  ELECTRONIC_SIGNATURE_TOO_LONG: 'The electronic signature may have at most 200 characters.',
  STUDENT_ONLY: 'Only the student can do this.',
  PLAN_DISABLED: 'The four-year plan is not enabled at your school.',
  CCC_DISABLED: 'The community college application is not enabled at your school.',
  CCC_CONSENT_FIRST: 'Please sign the community college application consent first.',

  // parents
  PARENT_CODE_REQUIRED: 'Please enter a parent code.',
  PARENT_CODE_INVALID: 'No student was found with this parent code. Please check the code and try again.',

  // pathways
  PATHWAY_NAME_REQUIRED: 'Pathway name is required.',
  REQUIREMENT_NAME_REQUIRED: 'Requirement name is required.',
  NAME_TOO_LONG: 'Name must be at most 200 characters.',
  DESCRIPTION_TOO_LONG: 'Description must be at most 5000 characters.',
  PATHWAY_COLOR_INVALID: 'Pathway color must be one of red, blue, green, yellow, purple, orange, pink, or empty.',
  REQUIREMENT_UNITS_INVALID: 'Number of units must be a number from 0 to 9999.99.',
  REQUIREMENT_COURSES_INVALID: 'Number of courses must be a whole number from 0 to 10000.',
  SELECT_PATHWAY: 'Please select a pathway.',
  SELECT_REQUIREMENT: 'Please select a requirement.',
  NON_DUPLICABLES_INVALID: 'non_duplicables must be a list of requirement uuids.',
  PATHWAY_NOT_YOURS: 'You can only change pathways of your own school.',
  COURSE_NOT_REACHABLE: 'This course belongs to a school you do not have access to.',
  PATHWAY_NO_SCHOOL: 'Join a school before creating pathways.',
  FULFILLMENT_NOT_FOUND: 'This course does not fulfill that requirement.',

  // payments
  PAYMENTS_FAMILY_ONLY: 'Only the family and the dual school staff can see these payments.',
  PAYMENTS_STAFF_ONLY: 'Only dual school staff can do this.',
  PAYMENT_NOT_FOUND: 'Payment not found.',
  TEST_CHECKOUT_NOT_FOUND: 'No such test checkout.',
  PRICE_UNKNOWN: 'This price is not offered for this payment plan.',
  NOTHING_DUE: 'No tuition payment is due.',
  CARD_PAYMENTS_NOT_CONFIGURED: 'Card payments are not configured. Please pay by check.',
  PAYMENT_PROVIDER_FAILED: 'The payment provider could not start the checkout. Please try again.',
  STRIPE_SIGNATURE_INVALID: 'Invalid Stripe signature.',
  PAYMENT_NOT_DUE: 'This payment is not due.',
  STRIPE_WEBHOOKS_NOT_CONFIGURED: 'Stripe webhooks are not configured.',
  WEBHOOK_REFUSED: 'The webhook refused {type} ({status}).',

  // plans
  SCHEDULE_INVALID: 'Please choose a course and a term.',
  TERM_INVALID: 'Please choose a term of your plan.',
  TERM_LABEL_REQUIRED: 'Please enter a label.',
  TERM_POSITION_INVALID: 'Please choose a term position between 1 and the number of terms.',
  GRADE_TOO_LONG: 'A grade may have at most 20 characters.',
  GRADE_INVALID: 'Please enter a grade as text and completed as true or false.',
  POSITIONS_REQUIRED: 'updates must be a list of { id, position }.',
  POSITIONS_DUPLICATE: 'Each course may appear only once in updates.',
  SCHEDULED_NOT_FOUND: 'Scheduled course not found.',
  USER_NOT_FOUND: 'User not found.',
  NOT_A_PLAN: 'Only students and baseline plans have an academic plan.',
  ALREADY_SCHEDULED: 'This course is already in your plan.',
  NOT_SCHEDULED: 'This course is not in your plan.',
  TERM_NOT_FOUND: 'Term not found.',
  TERM_HAS_COURSES: 'Cannot delete a term that has courses.',
  POSITIONS_WRONG_TERM: 'Every course must belong to the term being reordered.',

  // roster
  ZIP_UNREADABLE: 'The file is not a zip file that can be read.',
  ZIP_TOO_MANY_FILES: 'The zip holds more than {max} files: a OneRoster bundle has a few CSV files.',
  ZIP_NO_USERS: 'The zip has no users.csv: a OneRoster bundle holds manifest.csv, orgs.csv and users.csv (and roles.csv in 1.2).',
  ZIP_FILE_TWICE: 'The zip holds {name} twice.',
  ZIP_ENCRYPTED: '{name} is encrypted in the zip: export the bundle without a password.',
  ZIP_ENTRY_TOO_LARGE: '{name} is larger than {max} once unzipped.',
  ZIP_TOO_LARGE: "The bundle's files are larger than {max} once unzipped.",
  ZIP_DAMAGED: '{name} is damaged in the zip, or larger than it declares (refused as a possible zip bomb).',
  CSV_NOT_TEXT: '{file} is not a CSV file: save it as UTF-8 text.',
  CSV_TOO_MANY_ROWS: '{file} has more than {max} rows: split it into smaller files.',
  CSV_ROW_TOO_LONG: 'Line {line}: a row is longer than {max} KB.',
  CSV_QUOTE_NOT_CLOSED: 'Line {line}: a quoted field is not closed.',
  CSV_SYNTAX: 'Line {line}: the row is not valid CSV.',
  ROW_SOURCED_ID_REQUIRED: 'sourcedId is required.',
  ROW_NAMES_REQUIRED: 'givenName and familyName are required.',
  ROW_TOO_LONG: 'A value is too long.',
  ROW_EMAIL_INVALID: 'The email is not a valid email address.',
  ROW_ONLY_STUDENTS: 'Only students are imported (role must be student).',
  ROW_GRADE_INVALID: 'The grade must be a number from 1 to 12 (or KG), or empty.',
  ROW_NO_ROLE: 'roles.csv gives this user no role.',
  ROW_ROLE_NOT_IMPORTED: 'The role "{role}" is not imported (students, staff and parents are).',
  ROW_EMAIL_TAKEN: 'This email is already used by another account.',
  ROW_OTHER_KIND: 'This sourcedId belongs to an account of another kind in this school.',
  ROW_EMAIL_REQUIRED: 'An email (or a username that is an email address) is needed to create this account.',
  ROW_NOT_LINKED: 'Saved, but not linked to {ids}: no student of the school has this sourcedId.',
  CSV_COLUMNS_MISSING: '{file} (OneRoster {version}) is missing the columns: {columns}.',
  ROSTER_ROLES_NEEDED: 'A OneRoster 1.2 users.csv holds no roles: upload the bundle (a zip with manifest.csv, orgs.csv, users.csv and roles.csv).',
  ROSTER_ROLES_MISSING: "The bundle is OneRoster 1.2 but has no roles.csv (1.2 keeps each person's role there).",
  ROSTER_VERSION_MISMATCH: 'manifest.csv says OneRoster {manifest}, but users.csv has the columns of OneRoster {header}.',
  ROW_FIELD_COUNT: 'The row has {got} fields; the first line names {want} columns.',
  ROW_SAME_EMAIL: 'The same email is on line {line}.',
  ROW_SAME_SOURCED_ID: 'The same sourcedId is on line {line}.',
  ROW_ORG_UNKNOWN: 'The org "{org}" matches no school you manage (by name or identifier).',
  ROSTER_NOT_FOUND: 'Roster import not found.',
  ROSTER_UPLOAD_UNREADABLE: 'The upload could not be read: send a multipart form with the file in the field "file".',
  ROSTER_NO_SCHOOL: 'Join or create a school before importing a roster.',
  ROSTER_NOT_CSV: 'The file is not a CSV or zip file: choose a .csv file saved as UTF-8 text, or a OneRoster bundle (.zip).',
  ROSTER_IMPORT_STOPPED: 'The import stopped before the end. Rows already saved are kept; upload the file again to finish it.',

  // schools
  SCHOOL_NAME_REQUIRED: 'Please enter the school name.',
  SCHOOL_NAME_TOO_LONG: 'School name must be at most 200 characters.',
  SCHOOL_TYPE_INVALID: 'School type must be HS (High School) or CLG (College).',
  SCHOOL_STATE_REQUIRED: 'Please enter the state.',
  SCHOOL_STATE_TOO_LONG: 'State must be at most 60 characters.',
  GRADUATION_PATHWAY_INVALID: 'pathway_uuid must be the uuid of a pathway of your school, or null to clear the graduation pathway.',
  NOT_SCHOOL_MEMBER: 'You are not a member of this school.',
  STAFF_JOIN_BY_CODE: 'Staff get access to another school through a sign-up code from that school.',
  GRADUATION_PATHWAY_STAFF_ONLY: 'Only staff of the school can set its graduation pathway.',
  PLAN_APPROVAL_STAFF_ONLY: 'Only staff of the school can turn plan review on or off.',
  PLAN_APPROVAL_ENABLED_INVALID: 'enabled must be true or false.',
  NO_SCHOOL_OF_RECORD: 'You have no school of record.',
  SELECT_SCHOOL: 'Please select a school.',

  // students
  CONSENT_FILTER_INVALID: 'consent_state must be one of {filters}.',
  PLAN_FILTER_INVALID: 'plan must be one of {filters}.',

  // system
  OUTBOX_STATUS_INVALID: 'status must be pending, sent or failed.',
  OUTBOX_LIMIT_INVALID: 'limit must be between 1 and 200.',
  OUTBOX_OFFSET_INVALID: 'offset must be a whole number from 0.',
  // notes
  NOTE_EMPTY: 'Write something first: a note cannot be empty.',
  NOTE_TOO_LONG: 'A note can be at most {max} characters.',
  NOTE_CONTROL_CHARACTERS: 'A note may not contain control characters.',
  NOTES_NOT_ALLOWED: 'Only the student, their parents and staff of their school can read or write notes on a plan.',
  NOTE_NOT_FOUND: 'Note not found.',
  NOTE_STAFF_ONLY_BY_STAFF: 'Only staff can mark a note staff-only.',
  NOTE_NOT_AUTHOR: 'You can delete only notes you wrote.',
  NOTE_DELETE_TOO_LATE: 'A note can be deleted only within {minutes} minutes of writing it.',
  // plan review
  REVIEW_COMMENT_REQUIRED: 'Please write a comment telling the student what to change.',
  REVIEW_COMMENT_TOO_LONG: 'A comment may have at most {max} characters.',
  REVIEW_STUDENT_ONLY: 'Only the student can submit their plan for review.',
  REVIEW_STAFF_ONLY: "Only staff of the student's school can approve or return a plan.",
  REVIEW_NOT_ENABLED: "Plan review is not turned on at this student's school.",
  REVIEW_ALREADY_SUBMITTED: 'This plan is already submitted for review.',
  REVIEW_NOTHING_TO_SUBMIT: 'This plan is approved and has not changed since; there is nothing to submit.',
  REVIEW_NOT_SUBMITTED: 'This plan has not been submitted for review yet.',
  REVIEW_AWAITING_RESUBMISSION: 'This plan was returned to the student; it can be reviewed again once they submit it.',
  REVIEW_ALREADY_APPROVED: 'This plan is already approved and has not changed since.',
  // what-if plans
  WHAT_IF_NOT_FOUND: 'What-if plan not found.',
  WHAT_IF_NAME_REQUIRED: 'Please enter a name for the what-if plan.',
  WHAT_IF_NAME_TOO_LONG: "A what-if plan's name may have at most {max} characters.",
  WHAT_IF_START_INVALID: 'Please start the what-if plan empty, as a copy of your plan, or from a baseline plan.',
  WHAT_IF_BASELINE_REQUIRED: 'Please choose the baseline plan to start from.',
  WHAT_IF_STUDENTS_ONLY: 'Only students have what-if plans.',
  WHAT_IF_OWNER_ONLY: 'Only the student changes their what-if plans; you see them read-only.',
  WHAT_IF_TOO_MANY: 'You already have {max} what-if plans, the most you can keep. Delete one before starting another.',
  WHAT_IF_NAME_TAKEN: 'You already have a what-if plan with this name.',
} as const;

export type Reason = keyof typeof REASONS;
export const REASON_CODES = Object.keys(REASONS) as Reason[];
/** The values a parameterised text was filled with, by placeholder name. */
export type ReasonParams = Record<string, string>;

export const isReason = (v: unknown): v is Reason => typeof v === 'string' && Object.prototype.hasOwnProperty.call(REASONS, v);

/** The placeholders of a reason's text, in order of first appearance. */
export function reasonParamNames(reason: Reason): string[] {
  return [...new Set([...REASONS[reason].matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
}

/** A reason's English text with its params filled in (a missing param keeps its placeholder). */
export function reasonText(reason: Reason, params?: ReasonParams): string {
  return REASONS[reason].replace(/\{(\w+)\}/g, (whole, name: string) => params?.[name] ?? whole);
}
