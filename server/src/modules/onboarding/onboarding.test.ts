/**
 * Onboarding through both APIs on a real database: student information, demographics, education
 * goals, the generated four-year plan, the community-college consent and Open CCC account, and
 * the CCCApply status on the students list; with every refusal.
 */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { REASONS } from '@planner/shared';
import { SIGNATURE_REQUIRED_MESSAGE } from '@planner/shared/student-info';
import { DEMO, useHarness } from '../../test/harness.js';
import type { User } from '../accounts/user.entity.js';
import type { Course } from '../courses/course.entity.js';
import type { School } from '../schools/school.entity.js';
import { generatePlan } from '../auto-plan/greedy-baseline.js';
import { onboardingFactories } from './onboarding.factories.js';
import { ONBOARDING_MESSAGES } from './onboarding.service.js';
import { textOf } from '../../test/reasons.js';

const h = useHarness();
const f = onboardingFactories(h);

const INFO = { grade: '10', dob: '03142010', guardianFirstName: 'Jordan', guardianLastName: 'Lee', guardianPhone: '(201) 555-0123' };
const DEMOGRAPHICS = {
  citizenshipStatus: 'US Citizen',
  fosterCare: 'yes',
  fosterCareAge: 'after13',
  homelessness: 'no',
  gender: 'non-binary',
  raceEthnicity: ['White', 'Asian'],
};
const CONSENT = {
  consentDataRelease: true,
  consentCCCApply: true,
  consentVerification: true,
  consentPrivacyPolicy: true,
  consentSubmitApplication: true,
  consentFinancialAid: false,
  consentTermsOfUse: true,
  consentPathwayPlanner: true,
  electronicSignature: 'Riley Nguyen',
};

const lincolnLike = (o: Partial<School> = {}) =>
  h.buildSchool({ cccApplyEnabled: true, parentFormEnabled: true, cccDemoEnabled: true, baselinePlansEnabled: true, ...o });

async function studentWithToken(o: { school?: School; grade?: string } = {}): Promise<{ student: User; token: string; school: School }> {
  const school = o.school ?? (await lincolnLike());
  const student = await h.buildStudent({ school, grade: o.grade ?? '10' });
  return { student, token: await h.tokenFor(student), school };
}

/** The student's token as seen by a linked parent (read-only) and by an admin (writer). */
async function viewTokens(student: User, school: School) {
  const parent = await h.buildParent({ school, students: [student] });
  const admin = await h.buildStaff({ school });
  return {
    parentView: await h.services.accounts.issueToken(student.id, { actingUserId: parent.id, readOnly: true, ttlMinutes: 60 }),
    adminView: await h.services.accounts.issueToken(student.id, { actingUserId: admin.id, readOnly: false, ttlMinutes: 60 }),
    staffToken: await h.tokenFor(admin),
    parentToken: await h.tokenFor(parent),
  };
}

const userRow = async (id: number) =>
  (await h.db.query(`SELECT grade, dob, guardian_first_name, guardian_last_name, guardian_phone, demographics, ed_goals FROM users WHERE id = $1`, [id]))[0];

describe('student information', () => {
  it('saves grade, dob and the guardian (REST), and GET /api/user/ reads them back', async () => {
    const { student, token, school } = await studentWithToken({ grade: '9' });
    const res = await h.api
      .post('/api/student-info/')
      .set(h.auth(token))
      .send({ ...INFO, grade: 11 });
    expect(res.status).toBe(200);
    expect(await userRow(student.id)).toMatchObject({
      grade: '11',
      dob: '03142010',
      guardian_first_name: 'Jordan',
      guardian_last_name: 'Lee',
      guardian_phone: '(201) 555-0123',
    });
    const user = await h.api.get('/api/user/').set(h.auth(token));
    expect(user.body).toEqual({
      first_name: 'Test',
      last_name: 'Student',
      email: student.email,
      dob: '03142010',
      grade: '11',
      school: { name: school.name },
    });
  });

  it('saves through GraphQL', async () => {
    const { student, token } = await studentWithToken();
    const g = await h.gql(
      'mutation ($i: StudentInfoInput!) { saveStudentInfo(input: $i) { grade dob guardianFirstName guardianLastName guardianPhone } }',
      { i: { ...INFO, grade: 'college' } },
      token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.saveStudentInfo).toEqual({ ...INFO, grade: 'college' });
    expect((await userRow(student.id)).grade).toBe('college');
  });

  it('refuses each missing or wrong field with a clear message and saves nothing', async () => {
    const { student, token } = await studentWithToken();
    const cases: [Record<string, unknown>, string][] = [
      [{ grade: '13' }, textOf(ONBOARDING_MESSAGES.grade)],
      [{ grade: '' }, textOf(ONBOARDING_MESSAGES.grade)],
      [{ dob: '2010-03-14' }, textOf(ONBOARDING_MESSAGES.dob)],
      [{ dob: '02302010' }, textOf(ONBOARDING_MESSAGES.dob)],
      [{ dob: '01012999' }, textOf(ONBOARDING_MESSAGES.dobFuture)],
      [{ guardianFirstName: '  ' }, textOf(ONBOARDING_MESSAGES.guardianFirstName)],
      [{ guardianLastName: undefined }, textOf(ONBOARDING_MESSAGES.guardianLastName)],
      [{ guardianPhone: '12345' }, textOf(ONBOARDING_MESSAGES.guardianPhone)],
      [{ guardianPhone: 'call me maybe 5551234567' }, textOf(ONBOARDING_MESSAGES.guardianPhone)],
      [{ guardianFirstName: 'x'.repeat(101) }, 'The parent or guardian first name may have at most 100 characters.'],
    ];
    for (const [change, message] of cases) {
      const res = await h.api
        .post('/api/student-info/')
        .set(h.auth(token))
        .send({ ...INFO, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body).toMatchObject({ error: message });
    }
    expect((await h.api.post('/api/student-info/').set(h.auth(token)).send([1, 2])).status).toBe(400);
    expect(await userRow(student.id)).toMatchObject({ grade: '10', dob: null, guardian_first_name: null });
    const g = await h.gql('mutation ($i: StudentInfoInput!) { saveStudentInfo(input: $i) { grade } }', { i: { ...INFO, grade: 'twelve' } }, token);
    expect(g.code).toBe('BAD_USER_INPUT');
    expect(g.errors![0].message).toBe(textOf(ONBOARDING_MESSAGES.grade));
  });

  it('refuses a guardian phone the consent link cannot be texted to, with 400 and a reason on both APIs, saving nothing', async () => {
    const { student, token } = await studentWithToken();
    const refused = {
      PHONE_COUNTRY: ['+44 7400 123456', '+44 20 7946 0958', '+882 1234 5678', '+88213 1234 5678', '+1 416 555 0123'],
      PHONE_NOT_MOBILE: ['+1 900 555 0123', '1 (900) 555-0123', '+1 976 555 0123', '(800) 555-0123', '(555) 123-4567', '+1 201 555 01234567'],
      GUARDIAN_PHONE: ['12345', '611', '1'.repeat(16), '201-555-CALL', 'text 2015550123'],
    } as const;
    for (const [reason, phones] of Object.entries(refused) as [keyof typeof refused, readonly string[]][]) {
      const text = reason === 'PHONE_COUNTRY' ? 'Text messages can go only to phone numbers in US.' : REASONS[reason];
      for (const guardianPhone of phones) {
        const res = await h.api
          .post('/api/student-info/')
          .set(h.auth(token))
          .send({ ...INFO, guardianPhone });
        expect(res.status, guardianPhone).toBe(400);
        expect(res.body, guardianPhone).toMatchObject({ error: text, reason });
        const g = await h.gql('mutation ($i: StudentInfoInput!) { saveStudentInfo(input: $i) { guardianPhone } }', { i: { ...INFO, guardianPhone } }, token);
        expect(g.code, guardianPhone).toBe('BAD_USER_INPUT');
        expect(g.errors![0]!.message, guardianPhone).toBe(text);
        expect(g.errors![0]!.extensions, guardianPhone).toMatchObject({ reason });
      }
    }
    expect(await userRow(student.id)).toMatchObject({ guardian_phone: null });
  });

  it('is for the student only: parents viewing (read-only), admins viewing, staff, parents and anonymous callers are refused', async () => {
    const { student, school } = await studentWithToken();
    const t = await viewTokens(student, school);
    const parentView = await h.api.post('/api/student-info/').set(h.auth(t.parentView)).send(INFO);
    expect(parentView.status).toBe(403);
    expect(parentView.body).toMatchObject({ error: textOf(READ_ONLY_MESSAGE), reason: READ_ONLY_MESSAGE });
    const adminView = await h.api.post('/api/student-info/').set(h.auth(t.adminView)).send(INFO);
    expect(adminView.status).toBe(403);
    expect(adminView.body).toMatchObject({ error: textOf(ONBOARDING_MESSAGES.studentsOnly) });
    for (const token of [t.staffToken, t.parentToken]) {
      expect((await h.api.post('/api/student-info/').set(h.auth(token)).send(INFO)).status).toBe(403);
    }
    expect((await h.api.post('/api/student-info/').send(INFO)).status).toBe(401);
    expect((await h.gql('mutation ($i: StudentInfoInput!) { saveStudentInfo(input: $i) { grade } }', { i: INFO }, t.parentView)).code).toBe('FORBIDDEN');
    expect((await userRow(student.id)).dob).toBeNull();
  });
});

describe('student demographics', () => {
  it('saves every answer, the race/ethnicity list in the form order (REST)', async () => {
    const { student, token } = await studentWithToken();
    const res = await h.api.post('/api/student-demographics/').set(h.auth(token)).send(DEMOGRAPHICS);
    expect(res.status).toBe(200);
    expect((await userRow(student.id)).demographics).toEqual({ ...DEMOGRAPHICS, raceEthnicity: ['Asian', 'White'] });
  });

  it('drops the foster-care age when foster care is no, and saves through GraphQL', async () => {
    const { student, token } = await studentWithToken();
    const g = await h.gql(
      'mutation ($i: StudentDemographicsInput!) { saveStudentDemographics(input: $i) { fosterCare fosterCareAge raceEthnicity } }',
      { i: { ...DEMOGRAPHICS, fosterCare: 'no', fosterCareAge: 'current', raceEthnicity: [] } },
      token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.saveStudentDemographics).toEqual({ fosterCare: 'no', fosterCareAge: null, raceEthnicity: [] });
    expect((await userRow(student.id)).demographics.fosterCareAge).toBeNull();
  });

  it('refuses missing or unknown answers, and a missing foster-care age when foster care is yes', async () => {
    const { student, token } = await studentWithToken();
    const cases: [Record<string, unknown>, string][] = [
      [{ citizenshipStatus: 'Martian' }, textOf(ONBOARDING_MESSAGES.citizenship)],
      [{ fosterCare: undefined }, textOf(ONBOARDING_MESSAGES.fosterCare)],
      [{ fosterCareAge: undefined }, textOf(ONBOARDING_MESSAGES.fosterCareAge)],
      [{ fosterCareAge: 'sometimes' }, textOf(ONBOARDING_MESSAGES.fosterCareAge)],
      [{ homelessness: 'maybe' }, textOf(ONBOARDING_MESSAGES.homelessness)],
      [{ gender: '' }, textOf(ONBOARDING_MESSAGES.gender)],
      [{ raceEthnicity: 'White' }, textOf(ONBOARDING_MESSAGES.raceEthnicity)],
      [{ raceEthnicity: ['Purple'] }, textOf(ONBOARDING_MESSAGES.raceEthnicity)],
    ];
    for (const [change, message] of cases) {
      const res = await h.api
        .post('/api/student-demographics/')
        .set(h.auth(token))
        .send({ ...DEMOGRAPHICS, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body).toMatchObject({ error: message });
    }
    expect((await userRow(student.id)).demographics).toBeNull();
  });

  it('is refused to a parent viewing the student', async () => {
    const { student, school } = await studentWithToken();
    const { parentView } = await viewTokens(student, school);
    expect((await h.api.post('/api/student-demographics/').set(h.auth(parentView)).send(DEMOGRAPHICS)).status).toBe(403);
  });
});

describe('education goals', () => {
  it('saves the answers as a list (REST and GraphQL) and refuses anything else', async () => {
    const { student, token } = await studentWithToken();
    const goals = ['10th Grade', 'taking advanced classes, credit towards an AA degree', 'Math I, Spanish I'];
    const res = await h.api.post('/api/update-ed-goals/').set(h.auth(token)).send({ ed_goals: goals });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ed_goals: goals });
    expect((await userRow(student.id)).ed_goals).toEqual(goals);

    const g = await h.gql('mutation ($g: [String!]!) { updateEdGoals(edGoals: $g) }', { g: ['11th Grade'] }, token);
    expect(g.data).toEqual({ updateEdGoals: ['11th Grade'] });

    for (const bad of [undefined, [], [1], Array(11).fill('x'), ['x'.repeat(501)]]) {
      const r = await h.api.post('/api/update-ed-goals/').set(h.auth(token)).send({ ed_goals: bad });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: textOf(ONBOARDING_MESSAGES.edGoals) });
    }
    expect((await userRow(student.id)).ed_goals).toEqual(['11th Grade']);
  });
});

describe('generate four-year plan', () => {
  /** A small catalogue: an English chain, a math chain, and an AA pathway with a college course. */
  async function catalogue(school: School) {
    const e9 = await f.buildCourse(school, { courseId: '2401', title: 'English 9' });
    const e10 = await f.buildCourse(school, { courseId: '2501', title: 'English 10', prerequisites: [[e9]] });
    const e11 = await f.buildCourse(school, { courseId: '2601', title: 'English 11', prerequisites: [[e10]] });
    const e12 = await f.buildCourse(school, { courseId: '2715', title: 'English 12', prerequisites: [[e11]] });
    const alg = await f.buildCourse(school, { courseId: '4301', title: 'Algebra I' });
    const geo = await f.buildCourse(school, { courseId: '4401', title: 'Geometry', prerequisites: [[alg]] });
    const alg2 = await f.buildCourse(school, { courseId: '4506', title: 'Algebra II', prerequisites: [[geo]] });
    const psych = await f.buildCourse(school, { courseId: 'PSYC 1', title: 'General Psychology', units: 3 });
    const grad = await f.buildPathway(school, 'High School Graduation', [
      { name: 'English', numberOfCourses: 3, courses: [e9, e10, e11, e12] },
      { name: 'Math', numberOfCourses: 1, courses: [alg2] },
    ]);
    const aa = await f.buildPathway(school, 'AA in Psychology', [{ name: 'Psychology', numberOfCourses: 1, courses: [psych] }]);
    return { e9, e10, e11, e12, alg, geo, alg2, psych, grad, aa };
  }

  it("places the required courses in a grade-10 student's remaining terms, after their prerequisites (REST)", async () => {
    const { student, token, school } = await studentWithToken({ grade: '10' });
    await catalogue(school);
    await h.api
      .post('/api/update-ed-goals/')
      .set(h.auth(token))
      .send({ ed_goals: ['10th Grade', 'graduating from high school', 'None of the above'] });
    const res = await h.api.post('/api/generate-four-year-plan/').set(h.auth(token)).send({});
    expect(res.status).toBe(200);
    expect(res.body.added_courses).toBe(6);
    // 10th Grade is term 2: English 9, 10, 11 one year apart; Algebra I -> Geometry -> Algebra II. Nothing in 9th grade.
    expect(await f.planOf(student)).toEqual([
      { code: '2401', term: '2', position: 0 },
      { code: '4301', term: '2', position: 1 },
      { code: '2501', term: '3', position: 0 },
      { code: '4401', term: '3', position: 1 },
      { code: '2601', term: '4', position: 0 },
      { code: '4506', term: '4', position: 1 },
    ]);
    // The psychology AA pathway does not match the goal: nothing of it is planned.
    expect((await f.planOf(student)).some((c) => c.code === 'PSYC 1')).toBe(false);

    // Generating again adds nothing: every requirement is already met.
    const again = await h.api.post('/api/generate-four-year-plan/').set(h.auth(token)).send({});
    expect(again.body).toEqual({ added_courses: 0, courses: [] });
  });

  it('generates on one database connection, as on the embedded database: no transaction stays open while the solver reads', async () => {
    const { student, token, school } = await studentWithToken({ grade: '10' });
    await catalogue(school);
    const api = await h.appWithOneConnection();
    await api
      .post('/api/update-ed-goals/')
      .set(h.auth(token))
      .send({ ed_goals: ['10th Grade', 'graduating from high school', 'None of the above'] });
    // Before, the request held the only connection in its transaction and waited for a second: it never answered.
    const res = await api.post('/api/generate-four-year-plan/').set(h.auth(token)).send({}).timeout(30_000);
    expect(res.status).toBe(200);
    expect(res.body.added_courses).toBe(6);
    expect((await f.planOf(student)).map((c) => c.code)).toEqual(['2401', '4301', '2501', '4401', '2601', '4506']);
  });

  it('finishes with nothing added when the plan generator fails (a solver thread out of memory), not with a 500', async () => {
    const { student, token, school } = await studentWithToken({ grade: '10' });
    await catalogue(school);
    // Solver threads with a 4 MB heap: every generation ends its thread out of memory.
    const api = await h.appWith({ autoPlanWorkerMemoryMb: 4 });
    await api
      .post('/api/update-ed-goals/')
      .set(h.auth(token))
      .send({ ed_goals: ['10th Grade', 'graduating from high school', 'None of the above'] });
    const res = await api.post('/api/generate-four-year-plan/').set(h.auth(token)).send({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ added_courses: 0, courses: [] });
    expect(await f.planOf(student)).toEqual([]);
    // Once the generator works again, the same step plans the courses.
    const again = await h.api.post('/api/generate-four-year-plan/').set(h.auth(token)).send({});
    expect(again.body.added_courses).toBe(6);
    // A second app with its own threads takes a while to start on a busy machine.
  }, 90_000);

  it('keeps the courses already planned, follows the AA goal and uses the onboarding grade (GraphQL)', async () => {
    const { student, token, school } = await studentWithToken({ grade: '9' });
    const c = await catalogue(school);
    await f.schedule(student, [{ course: c.e9, term: 1 }]);
    await h.gql(
      'mutation ($g: [String!]!) { updateEdGoals(edGoals: $g) }',
      {
        g: ['11th Grade', 'credit towards an AA degree, graduating from high school', 'Math I'],
      },
      token,
    );
    const g = await h.gql('mutation { generateFourYearPlan { addedCount courses { courseId term position } } }', {}, token);
    expect(g.errors).toBeUndefined();
    const plan = await f.planOf(student);
    // The 11th-grade answer: nothing new before term 3. English 9 (term 1) stays and satisfies English 10.
    // Algebra II needs Algebra I and Geometry first: three years do not fit in two, so it is skipped.
    expect(plan).toEqual([
      { code: '2401', term: '1', position: 0 },
      { code: '2501', term: '3', position: 0 },
      { code: 'PSYC 1', term: '3', position: 1 },
      { code: '2601', term: '4', position: 0 },
    ]);
    expect(g.data!.generateFourYearPlan.addedCount).toBe(3);
  });

  it('gets the fewest-terms plan where the greedy generator needed a term more', async () => {
    // One course a year. Core: Intro A (1000) or Intro B (2000); Capstone (3000) needs Intro B.
    // Greedy takes Intro A for Core (code order), then Intro B and the Capstone: three years. Intro
    // B counts for Core and opens the Capstone: two years.
    const school = await lincolnLike({ termCourseCap: 1 });
    const { student, token } = await studentWithToken({ school, grade: '9' });
    const introA = await f.buildCourse(school, { courseId: '1000', title: 'Intro A' });
    const introB = await f.buildCourse(school, { courseId: '2000', title: 'Intro B' });
    const capstone = await f.buildCourse(school, { courseId: '3000', title: 'Capstone', prerequisites: [[introB]] });
    await f.buildPathway(school, 'High School Graduation', [
      { name: 'Core', numberOfCourses: 1, courses: [introA, introB] },
      { name: 'Capstone', numberOfCourses: 1, courses: [capstone] },
    ]);
    const greedy = generatePlan({
      termCount: 4,
      firstTerm: 0,
      unitCap: 7,
      courseCap: 1,
      courses: [introA, introB, capstone].map((c) => ({ id: c.id, code: c.courseId, units: 1, prerequisiteGroups: c === capstone ? [[introB.id]] : [] })),
      pathways: [
        {
          id: 1,
          name: 'High School Graduation',
          requirements: [
            { id: 1, numberOfCourses: 1, numberOfUnits: 0, courses: [introA, introB].map((c) => ({ courseId: c.id, nonDuplicableGroup: null })) },
            { id: 2, numberOfCourses: 1, numberOfUnits: 0, courses: [{ courseId: capstone.id, nonDuplicableGroup: null }] },
          ],
        },
      ],
      existing: [],
    });
    expect(greedy.map((g) => [g.courseId, g.term])).toEqual([
      [introA.id, 0],
      [introB.id, 1],
      [capstone.id, 2],
    ]);

    const res = await h.api.post('/api/generate-four-year-plan/').set(h.auth(token)).send({});
    expect(res.status).toBe(200);
    expect(res.body.added_courses).toBe(2);
    expect(await f.planOf(student)).toEqual([
      { code: '2000', term: '1', position: 0 },
      { code: '3000', term: '2', position: 0 },
    ]);
  });

  it('still adds the best plan when no complete plan exists, never moving what the student has', async () => {
    // The diploma's four years of English in a chain, for a grade-11 student who has English 9
    // only: the two years left cannot hold English 10, 11 and 12. The plan still gets English 10
    // and 11 (as far as the chain goes) and the math after the Algebra I already planned.
    const { student, token, school } = await studentWithToken({ grade: '11' });
    const c = await catalogue(school);
    await f.buildPathway(school, 'Diploma English', [{ name: 'English', numberOfCourses: 4, courses: [c.e9, c.e10, c.e11, c.e12] }]);
    await h.api
      .post('/api/update-ed-goals/')
      .set(h.auth(token))
      .send({ ed_goals: ['11th Grade', 'graduating from high school'] });
    await f.schedule(student, [
      { course: c.e9, term: 1 },
      { course: c.alg, term: 2 },
    ]);
    const res = await h.api.post('/api/generate-four-year-plan/').set(h.auth(token)).send({});
    expect(res.status).toBe(200);
    // The two planned courses stay as they were (the factory numbers positions across the plan).
    expect(await f.planOf(student)).toEqual([
      { code: '2401', term: '1', position: 0 },
      { code: '4301', term: '2', position: 1 },
      { code: '2501', term: '3', position: 0 },
      { code: '4401', term: '3', position: 1 },
      { code: '2601', term: '4', position: 0 },
      { code: '4506', term: '4', position: 1 },
    ]);
  });

  it('reads the same number of statements whatever the size of the catalogue', async () => {
    const small = await studentWithToken({ grade: '9' });
    await catalogue(small.school);
    const big = await studentWithToken({ grade: '9' });
    const c = await catalogue(big.school);
    const extra: Course[] = [];
    for (let i = 0; i < 12; i++) extra.push(await f.buildCourse(big.school, { courseId: `EL${i}`, prerequisites: i ? [[extra[i - 1]]] : [] }));
    await f.buildPathway(big.school, 'Electives', [
      { numberOfCourses: 12, courses: extra },
      { numberOfCourses: 2, courses: [c.psych] },
    ]);
    const mutation = 'mutation { generateFourYearPlan { addedCount } }';
    const a = await f.countedGql(mutation, small.token);
    const b = await f.countedGql(mutation, big.token);
    expect(a.result.errors).toBeUndefined();
    expect(b.result.errors).toBeUndefined();
    expect((b.result.data as any).generateFourYearPlan.addedCount).toBeGreaterThan((a.result.data as any).generateFourYearPlan.addedCount);
    expect(b.statements.length).toBe(a.statements.length);
  });

  it('is refused to a parent viewing the student, and where the four-year plan is off', async () => {
    const { student, school } = await studentWithToken();
    const { parentView } = await viewTokens(student, school);
    expect((await h.api.post('/api/generate-four-year-plan/').set(h.auth(parentView)).send({})).status).toBe(403);
    const off = await studentWithToken({ school: await lincolnLike({ fourYearPlanEnabled: false }) });
    const res = await h.api.post('/api/generate-four-year-plan/').set(h.auth(off.token)).send({});
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: textOf(ONBOARDING_MESSAGES.planDisabled) });
    expect(await f.planOf(student)).toEqual([]);
  });
});

describe('community-college consent and Open CCC account', () => {
  const statusOf = async (studentId: number) =>
    (
      await h.db.query(
        `SELECT u.ccc_apply_status AS status, c.electronic_signature, c.consent_financial_aid, c.consent_ccc_apply, c.ip
         FROM cccapply_consents c JOIN users u ON u.id = c.student_id WHERE c.student_id = $1`,
        [studentId],
      )
    )[0];

  it('stores the consent and the signature; the status shows on the students list (REST and GraphQL)', async () => {
    const { student, token, school } = await studentWithToken();
    const staffToken = await h.tokenFor(await h.buildStaff({ school }));
    const listed = async () => {
      const rest = await h.api.get('/api/students-in-school/').set(h.auth(staffToken));
      const g = await h.gql('{ students(first: 50) { nodes { id cccApplyStatus } } }', {}, staffToken);
      return {
        rest: rest.body.find((s: { id: number }) => s.id === student.id).ccc_apply_status,
        gql: g.data!.students.nodes.find((s: { id: number }) => s.id === student.id).cccApplyStatus,
      };
    };
    expect(await listed()).toEqual({ rest: null, gql: null });

    const res = await h.api.post('/api/cccapply/consent/').set(h.auth(token)).send(CONSENT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ccc_apply_status: 'consent_signed' });
    expect(await statusOf(student.id)).toMatchObject({
      status: 'consent_signed',
      electronic_signature: 'Riley Nguyen',
      consent_financial_aid: false,
      consent_ccc_apply: true,
    });
    expect((await statusOf(student.id)).ip).not.toBe('');
    expect(await listed()).toEqual({ rest: 'consent_signed', gql: 'consent_signed' });

    const created = await h.api.post('/api/cccapply/account-created/').set(h.auth(token)).send({});
    expect(created.body).toEqual({ ccc_apply_status: 'account_created' });
    expect(await listed()).toEqual({ rest: 'account_created', gql: 'account_created' });

    // Signing again replaces the consent but keeps the account step.
    const g = await h.gql(
      'mutation ($i: CccApplyConsentInput!) { signCccApplyConsent(input: $i) }',
      { i: { ...CONSENT, electronicSignature: 'Riley Q. Nguyen' } },
      token,
    );
    expect(g.data).toEqual({ signCccApplyConsent: 'account_created' });
    expect((await statusOf(student.id)).electronic_signature).toBe('Riley Q. Nguyen');
    expect((await h.gql('{ myCccApplyStatus }', {}, token)).data).toEqual({ myCccApplyStatus: 'account_created' });
  });

  it('refuses a missing signature with the spec text, and the account step before the consent', async () => {
    const { student, token } = await studentWithToken();
    const res = await h.api
      .post('/api/cccapply/consent/')
      .set(h.auth(token))
      .send({ ...CONSENT, electronicSignature: '   ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: textOf(SIGNATURE_REQUIRED_MESSAGE), reason: SIGNATURE_REQUIRED_MESSAGE });
    const bad = await h.api
      .post('/api/cccapply/consent/')
      .set(h.auth(token))
      .send({ ...CONSENT, consentCCCApply: 'sure' });
    expect(bad.body).toMatchObject({ error: 'consentCCCApply must be true or false.' });
    const early = await h.gql('mutation { confirmOpenCccAccount }', {}, token);
    expect(early.code).toBe('BAD_USER_INPUT');
    expect(early.errors![0].message).toBe(textOf(ONBOARDING_MESSAGES.consentFirst));
    expect(await statusOf(student.id)).toBeUndefined();
  });

  it('is refused to parents viewing, to admins viewing, and where the school does not use it', async () => {
    const { student, school } = await studentWithToken();
    const t = await viewTokens(student, school);
    expect((await h.api.post('/api/cccapply/consent/').set(h.auth(t.parentView)).send(CONSENT)).status).toBe(403);
    expect((await h.api.post('/api/cccapply/consent/').set(h.auth(t.adminView)).send(CONSENT)).status).toBe(403);
    const off = await studentWithToken({ school: await h.buildSchool() });
    const res = await h.api.post('/api/cccapply/consent/').set(h.auth(off.token)).send(CONSENT);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: textOf(ONBOARDING_MESSAGES.cccDisabled) });
    expect(await statusOf(student.id)).toBeUndefined();
  });
});

describe('GET /api/user/', () => {
  it('answers the demo student with the school name, and 401 without a token', async () => {
    const res = await h.api.get('/api/user/').set(h.auth(await h.login(DEMO.student)));
    expect(res.body).toEqual({
      first_name: 'Sam',
      last_name: 'Lee',
      email: DEMO.student,
      dob: '03142010',
      grade: '10',
      school: { name: 'Lincoln High School' },
    });
    expect((await h.api.get('/api/user/')).status).toBe(401);
  });
});
