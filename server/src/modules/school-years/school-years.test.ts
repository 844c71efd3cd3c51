/** School years as data, on a real database: staff manage them, contracts keep the terms they were signed under, re-enrollment. */
import { setTestToday } from '../../core/clock.js';
import { describe, expect, it } from 'vitest';
import { DEMO, useHarness } from '../../test/harness.js';
import { pdfText } from '../../../../shared/testing/pdf-text.js';
import { User } from '../accounts/user.entity.js';
import { buildApplicant, completeRecords } from '../admissions/admissions.factories.js';
import { Application } from '../admissions/application.entity.js';
import { buildAcceptedParent, buildDualSchool, contractPayload, enrollFamily, schoolYearsOf } from '../contracts/contracts.factories.js';
import { EnrollmentContract } from '../contracts/enrollment-contract.entity.js';
import { OutboxMessage } from '../outbox/outbox.entity.js';
import { Payment } from '../payments/payment.entity.js';
import { addDays, proposedSchoolYear, schoolYearStartOf } from '../payments/pricing.js';
import { SchoolYear, SchoolYearChange } from './school-year.entity.js';

const h = useHarness();
const TODAY = new Date().toISOString().slice(0, 10);
const CURRENT = proposedSchoolYear(schoolYearStartOf(TODAY));
const NEXT = proposedSchoolYear(schoolYearStartOf(TODAY) + 1);

const YEAR_FIELDS = `id label startsOn endsOn tuitionDueOn monthlyDueDates annualTuitionCents upfrontDiscountPercent lateFeePercentPerMonth fullRefundDays halfRefundDays`;
const CREATE = `mutation($schoolId: Int!, $input: SchoolYearInputType!) { createSchoolYear(schoolId: $schoolId, input: $input) { ${YEAR_FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $input: SchoolYearInputType!) { updateSchoolYear(id: $id, input: $input) { ${YEAR_FIELDS} } }`;

async function staffOf(school: { id: number }) {
  const staff = await h.buildStaff({ school: school as never });
  return { staff, token: await h.tokenFor(staff) };
}

describe('the demo', () => {
  it('has the current and the next school year from today, none of them past', async () => {
    const token = await h.login(DEMO.admissions);
    const res = await h.gql(`{ schoolYears { label startsOn endsOn tuitionDueOn annualTuitionCents } }`, {}, token);
    expect(res.errors).toBeUndefined();
    expect(res.data!.schoolYears.map((y: { label: string }) => y.label)).toEqual([CURRENT.label, NEXT.label]);
    for (const y of res.data!.schoolYears) expect(y.endsOn >= TODAY).toBe(true);
    expect(res.data!.schoolYears[0]).toMatchObject({ startsOn: CURRENT.startsOn, tuitionDueOn: CURRENT.tuitionDueOn, annualTuitionCents: 1_000_000 });
  });
});

describe('admissions staff manage school years', () => {
  it("create a year from its label alone: the usual calendar and attachment A's amounts, logged", async () => {
    const school = await buildDualSchool(h);
    const { staff, token } = await staffOf(school);
    const label = `${schoolYearStartOf(TODAY) + 2}-${String((schoolYearStartOf(TODAY) + 3) % 100).padStart(2, '0')}`;
    const res = await h.gql(CREATE, { schoolId: school.id, input: { label } }, token);
    expect(res.errors).toBeUndefined();
    const y = res.data!.createSchoolYear;
    const proposed = proposedSchoolYear(schoolYearStartOf(TODAY) + 2);
    expect(y).toMatchObject({ label, startsOn: proposed.startsOn, endsOn: proposed.endsOn, tuitionDueOn: proposed.tuitionDueOn, annualTuitionCents: 1_000_000 });
    expect(y.monthlyDueDates).toHaveLength(10);
    expect(y).toMatchObject({ upfrontDiscountPercent: 5, lateFeePercentPerMonth: 5, fullRefundDays: 7, halfRefundDays: 30 });
    const log = await h.db.getRepository(SchoolYearChange).findBy({ schoolYearId: y.id });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ changedBy: staff.id, before: null });
    expect(log[0].after.label).toBe(label);

    const again = await h.gql(CREATE, { schoolId: school.id, input: { label } }, token);
    expect(again.code).toBe('CONFLICT');
    expect(again.errors![0].message).toBe(`This school already has the ${label} school year.`);
  });

  it('change a year: each change is logged with the fields that changed, before and after', async () => {
    const school = await buildDualSchool(h);
    const { staff, token } = await staffOf(school);
    const [, next] = await schoolYearsOf(h, school);
    const res = await h.gql(UPDATE, { id: next.id, input: { annualTuitionCents: 1_050_000, lateFeePercentPerMonth: 4 } }, token);
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateSchoolYear).toMatchObject({ annualTuitionCents: 1_050_000, lateFeePercentPerMonth: 4, label: next.label });
    const changes = await h.gql(`query($id: Int!) { schoolYearChanges(id: $id) { changedBy changedByName fields before after } }`, { id: next.id }, token);
    expect(changes.data!.schoolYearChanges).toHaveLength(1);
    expect(changes.data!.schoolYearChanges[0]).toMatchObject({
      changedBy: staff.id,
      changedByName: `${staff.firstName} ${staff.lastName}`,
      fields: ['annualTuitionCents', 'lateFeePercentPerMonth'],
    });
    expect(JSON.parse(changes.data!.schoolYearChanges[0].before).annualTuitionCents).toBe(1_000_000);
    // The same values again change nothing and log nothing.
    await h.gql(UPDATE, { id: next.id, input: { annualTuitionCents: 1_050_000 } }, token);
    expect(await h.db.getRepository(SchoolYearChange).countBy({ schoolYearId: next.id })).toBe(1);
  });

  it.each([
    [{ label: '2026-28' }, 'SCHOOL_YEAR_LABEL_INVALID'],
    [{ label: "2026-27'; DROP TABLE school_years; --" }, 'INVALID_INPUT'],
    [{ startsOn: '2026-02-30' }, 'SCHOOL_YEAR_DATE_INVALID'],
    [{ startsOn: '2027-07-01', endsOn: '2027-06-01' }, 'SCHOOL_YEAR_DATES_ORDER'],
    [{ monthlyDueDates: ['2026-09-01', '2026-08-01'] }, 'SCHOOL_YEAR_MONTHLY_DATES'],
    [{ monthlyDueDates: [] }, 'SCHOOL_YEAR_MONTHLY_DATES'],
    [{ monthlyDueDates: Array.from({ length: 13 }, (_, i) => addDays('2026-08-01', i * 20)) }, 'SCHOOL_YEAR_MONTHLY_DATES'],
    [{ annualTuitionCents: -1 }, 'SCHOOL_YEAR_AMOUNT_INVALID'],
    [{ annualTuitionCents: 2_000_000_000 }, 'SCHOOL_YEAR_AMOUNT_INVALID'],
    [{ lateFeePercentPerMonth: 101 }, 'SCHOOL_YEAR_PERCENT_INVALID'],
    [{ upfrontDiscountPercent: 60, podDiscountPercent: 50 }, 'SCHOOL_YEAR_PERCENT_INVALID'],
    [{ fullRefundDays: 40, halfRefundDays: 30 }, 'SCHOOL_YEAR_REFUND_DAYS'],
  ])('refuses %j with %s and changes nothing', async (input, reason) => {
    const school = await buildDualSchool(h);
    const { token } = await staffOf(school);
    const [year] = await schoolYearsOf(h, school);
    const res = await h.gql(UPDATE, { id: year.id, input }, token);
    expect(res.code).toBe('BAD_USER_INPUT');
    expect(res.errors![0].extensions!.reason).toBe(reason);
    expect(await h.db.getRepository(SchoolYear).findOneByOrFail({ id: year.id })).toEqual(year);
  });

  it('are refused to parents, to staff of another school (not found), and to anyone signed out', async () => {
    const school = await buildDualSchool(h);
    const [year] = await schoolYearsOf(h, school);
    const parent = await buildAcceptedParent(h, { school });
    expect((await h.gql(UPDATE, { id: year.id, input: { annualTuitionCents: 1 } }, parent.token)).code).toBe('FORBIDDEN');
    const other = await h.login(DEMO.admissions);
    expect((await h.gql(UPDATE, { id: year.id, input: { annualTuitionCents: 1 } }, other)).code).toBe('NOT_FOUND');
    expect((await h.gql(CREATE, { schoolId: school.id, input: { label: '2040-41' } }, other)).code).toBe('NOT_FOUND');
    expect((await h.gql(`query($s: Int) { schoolYears(schoolId: $s) { id } }`, { s: school.id }, other)).code).toBe('NOT_FOUND');
    expect((await h.gql(UPDATE, { id: year.id, input: { annualTuitionCents: 1 } })).code).toBe('UNAUTHENTICATED');
    expect((await h.gql(UPDATE, { id: 99_999_999, input: {} }, (await staffOf(school)).token)).code).toBe('NOT_FOUND');
    expect((await h.db.getRepository(SchoolYear).findOneByOrFail({ id: year.id })).terms.annualTuitionCents).toBe(1_000_000);
  });

  it("set the school's late-fee grace period (0 to 60 days)", async () => {
    const school = await buildDualSchool(h);
    const { token } = await staffOf(school);
    const set = await h.gql(`mutation($s: Int!, $d: Int!) { setLateFeeGraceDays(schoolId: $s, days: $d) }`, { s: school.id, d: 10 }, token);
    expect(set.data!.setLateFeeGraceDays).toBe(10);
    expect((await h.gql(`query($s: Int!) { lateFeeGraceDays(schoolId: $s) }`, { s: school.id }, token)).data!.lateFeeGraceDays).toBe(10);
    const bad = await h.gql(`mutation($s: Int!, $d: Int!) { setLateFeeGraceDays(schoolId: $s, days: $d) }`, { s: school.id, d: 61 }, token);
    expect(bad.errors![0].extensions!.reason).toBe('LATE_FEE_GRACE_DAYS_INVALID');
  });
});

describe('contracts under a school year', () => {
  it("a contract signed under a year's terms keeps them after staff change the amounts; a family signing later gets the new ones", async () => {
    const school = await buildDualSchool(h);
    const { token } = await staffOf(school);
    const [current] = await schoolYearsOf(h, school);
    const first = await enrollFamily(h, { school });
    const signed = await h.db.getRepository(EnrollmentContract).findOneByOrFail({ parentId: first.parent.id });
    expect(signed).toMatchObject({ schoolYearId: current.id, terms: expect.objectContaining({ label: current.label, annualTuitionCents: 1_000_000 }) });

    await h.gql(UPDATE, { id: current.id, input: { annualTuitionCents: 1_200_000, monthlyInstallmentCents: 120_000 } }, token);

    const after = await h.db.getRepository(EnrollmentContract).findOneByOrFail({ id: signed.id });
    expect(after.terms).toEqual(signed.terms);
    expect((await h.db.getRepository(Payment).findOneByOrFail({ familyId: first.parent.id })).amountCents).toBe(1_000_000);
    // Its PDF printed the terms it was signed under.
    const pdf = await h.api.get(`/files/contracts/${signed.id}.pdf`).set(h.auth(first.token)).buffer(true);
    const text = (await pdfText(pdf.body as Buffer)).replace(/\s+/g, ' ');
    expect(text).toContain(`Annual tuition for the ${current.label} school year is $10,000`);
    expect(text).toContain('Annual tuition: $10,000 per student');

    const second = await enrollFamily(h, { school });
    const due = await h.db.getRepository(Payment).findOneByOrFail({ familyId: second.parent.id });
    expect(due).toMatchObject({ title: `Tuition ${current.label}`, amountCents: 1_200_000, schoolYearId: current.id });
    const c2 = await h.db.getRepository(EnrollmentContract).findOneByOrFail({ parentId: second.parent.id });
    const text2 = (await pdfText((await h.api.get(`/files/contracts/${c2.id}.pdf`).set(h.auth(second.token)).buffer(true)).body as Buffer)).replace(/\s+/g, ' ');
    expect(text2).toContain('Annual tuition: $12,000 per student');
    expect(text2).toContain('Monthly plan: $1,200 per month for 10 months');

    // The payment dialog's figures are each family's contract's, never the spec's constants.
    const CONFIG = `{ checkoutConfig { annualCents upfrontCents monthlyCents monthlyInstallments } }`;
    expect((await h.gql(CONFIG, {}, first.token)).data!.checkoutConfig).toEqual({
      annualCents: 1_000_000,
      upfrontCents: 950_000,
      monthlyCents: 100_000,
      monthlyInstallments: 10,
    });
    expect((await h.gql(CONFIG, {}, second.token)).data!.checkoutConfig).toEqual({
      annualCents: 1_200_000,
      upfrontCents: 1_140_000,
      monthlyCents: 120_000,
      monthlyInstallments: 10,
    });
  });

  it('the family is offered the year admissions chose: the email, contract, payment and its due date name it', async () => {
    const school = await buildDualSchool(h);
    const { token } = await staffOf(school);
    const [, next] = await schoolYearsOf(h, school);
    const parent = await buildApplicant(h, school);
    const parentToken = await h.tokenFor(parent);
    const saved = await h.api.patch('/api/application/').set(h.auth(parentToken)).send({ form_data: completeRecords(), application_status: 'complete' });
    expect(saved.status).toBe(200);
    const app = await h.db.getRepository(Application).findOneByOrFail({ parentId: parent.id });

    const wrong = await h.api.post(`/api/applications/${app.id}/decision/`).set(h.auth(token)).send({ decision: 'accepted', reason: '', school_year_id: 99_999_999 });
    expect(wrong.status).toBe(404);
    expect(wrong.body.reason).toBe('SCHOOL_YEAR_NOT_FOUND');
    const otherYear = (await schoolYearsOf(h, await buildDualSchool(h)))[0];
    expect(
      (await h.api.post(`/api/applications/${app.id}/decision/`).set(h.auth(token)).send({ decision: 'accepted', reason: '', school_year_id: otherYear.id })).status,
    ).toBe(404);

    const res = await h.api.post(`/api/applications/${app.id}/decision/`).set(h.auth(token)).send({ decision: 'accepted', reason: '', school_year_id: next.id });
    expect(res.status).toBe(200);
    expect((await h.db.getRepository(Application).findOneByOrFail({ id: app.id })).schoolYearId).toBe(next.id);
    const mail = await h.db.getRepository(OutboxMessage).findOneByOrFail({ recipient: parent.email });
    expect(mail.body).toContain(`${next.label} school year`);

    const doc = await h.gql(`{ enrollmentContractDocument { title } }`, {}, parentToken);
    expect(doc.data!.enrollmentContractDocument.title).toBe(`Dual School Enrollment Contract, ${next.label} School Year`);
    expect((await h.api.post('/api/generate-enrollment-contract-pdf/').set(h.auth(parentToken)).send(contractPayload())).status).toBe(200);
    const mine = await h.gql(`{ myEnrollmentContract { schoolYear } }`, {}, parentToken);
    expect(mine.data!.myEnrollmentContract.schoolYear).toBe(next.label);
    expect((await h.api.post('/api/enrollment-contract-completion/').set(h.auth(parentToken)).send({})).status).toBe(200);
    const due = await h.api.get('/api/payments-due/').set(h.auth(parentToken));
    expect(due.body).toEqual([expect.objectContaining({ title: `Tuition ${next.label}`, due_date: next.tuitionDueOn, school_year: next.label, amount: 10000 })]);
  });

  it('a dual school with no year set up cannot accept nor have contracts signed, and says why', async () => {
    const school = await h.buildSchool({ dualSchoolEnabled: true });
    const parent = await h.buildParent({ school, applicationStatus: 'accepted' });
    const res = await h.api
      .post('/api/generate-enrollment-contract-pdf/')
      .set(h.auth(await h.tokenFor(parent)))
      .send(contractPayload());
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ reason: 'SCHOOL_YEAR_NOT_SET', error: 'The school has not opened a school year for enrollment yet. Please contact the school.' });
    expect(await h.db.getRepository(EnrollmentContract).countBy({ parentId: parent.id })).toBe(0);
  });

  it("re-enrollment: an enrolled family signs next year's contract once it opens, with its own tuition; the application is not repeated", async () => {
    const school = await buildDualSchool(h);
    const { token } = await staffOf(school);
    const [current, next] = await schoolYearsOf(h, school);
    const fam = await enrollFamily(h, { school });
    // Not open yet (next year starts more than 6 months away): the signed contract stays the family's.
    await h.gql(UPDATE, { id: next.id, input: { startsOn: addDays(TODAY, 400), endsOn: addDays(TODAY, 700) } }, token);
    const early = await h.api.post('/api/generate-enrollment-contract-pdf/').set(h.auth(fam.token)).send(contractPayload());
    expect(early.status).toBe(409);
    expect(early.body.reason).toBe('CONTRACT_COMPLETED');
    const OFFER = `{ reEnrollmentOffer { schoolYear startsOn annualTuitionCents tuitionDueOn } }`;
    expect((await h.gql(OFFER, {}, fam.token)).data!.reEnrollmentOffer).toBeNull();

    await h.gql(UPDATE, { id: next.id, input: { startsOn: addDays(TODAY, 60), endsOn: addDays(TODAY, 360), annualTuitionCents: 1_100_000 } }, token);
    const opened = (await h.gql(OFFER, {}, fam.token)).data!.reEnrollmentOffer;
    expect(opened).toEqual({ schoolYear: next.label, startsOn: addDays(TODAY, 60), annualTuitionCents: 1_100_000, tuitionDueOn: expect.any(String) });
    // Nobody else is offered it: staff, and a family still to sign its first contract.
    expect((await h.gql(OFFER, {}, token)).data!.reEnrollmentOffer).toBeNull();
    expect((await h.gql(OFFER, {}, (await buildAcceptedParent(h, { school })).token)).data!.reEnrollmentOffer).toBeNull();
    expect((await h.api.post('/api/generate-enrollment-contract-pdf/').set(h.auth(fam.token)).send(contractPayload())).status).toBe(200);
    expect((await h.api.post('/api/enrollment-contract-completion/').set(h.auth(fam.token)).send({})).status).toBe(200);

    const contracts = await h.db.getRepository(EnrollmentContract).find({ where: { parentId: fam.parent.id }, order: { createdAt: 'ASC' } });
    expect(contracts.map((c) => [c.schoolYearId, c.terms!.annualTuitionCents, c.studentName])).toEqual([
      [current.id, 1_000_000, 'Jesse Avery'],
      [next.id, 1_100_000, 'Jesse Avery'],
    ]);
    const dues = await h.db.getRepository(Payment).find({ where: { familyId: fam.parent.id }, order: { dueDate: 'ASC' } });
    expect(dues.map((p) => [p.title, p.amountCents])).toEqual([
      [`Tuition ${current.label}`, 1_000_000],
      [`Tuition ${next.label}`, 1_100_000],
    ]);
    expect((await h.db.getRepository(User).findOneByOrFail({ id: fam.parent.id })).applicationStatus).toBe('enrolled');
    expect((await h.gql(OFFER, {}, fam.token)).data!.reEnrollmentOffer).toBeNull();
    // Signed for both years: nothing more to sign.
    expect((await h.api.post('/api/generate-enrollment-contract-pdf/').set(h.auth(fam.token)).send(contractPayload())).status).toBe(409);
  });

  it("re-enrollment opens by the server's day, the one a browser journey moves with the test clock", async () => {
    const school = await buildDualSchool(h);
    const { token } = await staffOf(school);
    const [, next] = await schoolYearsOf(h, school);
    const fam = await enrollFamily(h, { school });
    await h.gql(UPDATE, { id: next.id, input: { startsOn: addDays(TODAY, 400), endsOn: addDays(TODAY, 700) } }, token);
    const OFFER = `{ reEnrollmentOffer { schoolYear } }`;
    expect((await h.gql(OFFER, {}, fam.token)).data!.reEnrollmentOffer).toBeNull();
    process.env.TEST_CLOCK = '1';
    try {
      // 250 days on, next year starts in 150 days: under six months, so it is offered.
      setTestToday(addDays(TODAY, 250));
      expect((await h.gql(OFFER, {}, fam.token)).data!.reEnrollmentOffer).toEqual({ schoolYear: next.label });
    } finally {
      setTestToday(null);
      delete process.env.TEST_CLOCK;
    }
    expect((await h.gql(OFFER, {}, fam.token)).data!.reEnrollmentOffer).toBeNull();
  });
});
