/**
 * The Dual School's money over a year (issue 34): admissions sets up the school year, a family of
 * the journey's own (signed up, applied and accepted through the API, never the demo's accepted
 * family, which the payments journey signs) signs for it and pays monthly, misses a payment (the
 * server's day moved by the test clock, POST /api/test-clock/, never the machine's), sees the late
 * fee, which staff waive, withdraws and is refunded by the contract's rule, with the calculation
 * shown to staff before it is issued and to the family after, and reads it all on the statement.
 *
 * It runs last (zz-): it changes the current year's monthly plan and the grace period, and the
 * clock is put back whatever happens.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { emptyValues, toRecords } from '@planner/shared/application';
import { apiToken, currentSchoolYear, signIn, unique } from './helpers';

const YEAR = currentSchoolYear();
const ADMISSIONS = 'admissions@dualschool.example';
const FAMILY_PASSWORD = 'Harbor#2031';
const PARENT = { first: 'Robin', last: 'Okafor' };
const PARENT_NAME = `${PARENT.first} ${PARENT.last}`;

/** YYYY-MM-DD, `days` after today (UTC). */
function day(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const shortDay = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** No serious or critical axe violation on the screen as it is (a form or dialog open). */
async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

async function moveClock(request: APIRequestContext, today: string | null): Promise<number> {
  const res = await request.post('/api/test-clock/', { data: { today } });
  expect(res.status()).toBe(200);
  return (await res.json()).late_fees_added as number;
}

/** A dual-school family of the journey's own: signs up, submits a complete application, and admissions accept it. */
async function acceptedFamily(request: APIRequestContext): Promise<string> {
  const email = unique('money.family');
  const reg = await request.post('/api/register/', {
    data: { signup_code: 'DUAL-PARENT', email, password: FAMILY_PASSWORD, first_name: PARENT.first, last_name: PARENT.last },
  });
  expect(reg.status()).toBe(201);
  const token = (await reg.json()).token as string;
  const values = {
    ...emptyValues(),
    studentFullName: 'Ada Okafor',
    studentDOB: '04/12/2011',
    studentCurrentGrade: '8',
    studentApplyingGrade: '9',
    studentEmail: 'ada.okafor@example.org',
    parent1FullName: PARENT_NAME,
    parent1Relationship: 'Father',
    parent1Email: email,
    parent1Phone: '555-0142',
    parent1Address: '12 Pine St, Reno NV',
    emergencyName: 'Sam Neighbor',
    emergencyRelationship: 'Neighbor',
    emergencyPrimaryPhone: '555-0199',
    schoolName: 'Reno Middle School',
    schoolDates: '2022-2025',
    techComputer: true,
    techInternet: true,
    transcriptFiles: ['grades.pdf'],
    parentSignature: PARENT_NAME,
    parentSignatureDate: day(0),
  };
  const saved = await request.patch('/api/application/', {
    headers: { Authorization: `Token ${token}` },
    data: { form_data: toRecords(values), application_status: 'complete' },
  });
  expect(saved.status()).toBe(200);
  const id = (await saved.json()).id as string;
  const staff = await apiToken(request, ADMISSIONS);
  const decided = await request.post(`/api/applications/${id}/decision/`, {
    headers: { Authorization: `Token ${staff}` },
    data: { decision: 'accepted', reason: '' },
  });
  expect(decided.status()).toBe(200);
  return email;
}

async function signContract(page: Page) {
  await page.goto('/enrollment-contract');
  await page.getByLabel('Full Name', { exact: true }).fill(PARENT_NAME);
  await page.getByLabel('Initials', { exact: true }).fill('RO');
  await page.getByRole('button', { name: 'Adopt Signature and Initials' }).click();
  const spots = page.locator('button[data-spot]');
  await expect(spots).toHaveCount(11);
  for (let i = 0; i < 11; i++) await spots.nth(i).click();
  await page.getByRole('button', { name: 'Continue to Final Review' }).click();
  await expect(page.locator('iframe[title="Enrollment contract PDF"]')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Confirm and Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Dual School!' })).toBeVisible();
}

// The server's day back to the machine's, whatever happened, so nothing after this journey sees a moved day.
test.afterEach(async ({ request }) => {
  await moveClock(request, null);
});

test('admissions sets up the year; a family signs, pays monthly, misses a payment, sees the late fee (waived by staff), withdraws, is refunded and reads the statement', async ({
  page,
  request,
}) => {
  // A long journey with axe checks on a shared machine.
  test.setTimeout(180_000);
  const family = await acceptedFamily(request);

  // Admissions sets up the year: its monthly plan ($1,150 three times) and a two-day grace period.
  await signIn(page, ADMISSIONS);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'School Years' }).click();
  await expect(page.getByRole('heading', { name: 'School Years', exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Edit ${YEAR}` }).click();
  const form = page.getByRole('form', { name: `Edit ${YEAR}` });
  await expectAccessible(page);
  await form.getByLabel('Monthly payment ($)').fill('1150');
  await form.getByLabel('Monthly plan due dates').fill([day(0), day(5), day(35)].join('\n'));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${YEAR} is saved.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(YEAR) })).toContainText('3 payments of $1,150.00');
  await page.getByRole('button', { name: `Changes to ${YEAR}` }).click();
  const log = page.getByRole('region', { name: `Changes to ${YEAR}` });
  await expectAccessible(page);
  // The change is logged with who made it and the form's names for what changed.
  await expect(log.getByRole('row').nth(1)).toContainText('Morgan Ellis');
  await expect(log.getByRole('row').nth(1)).toContainText('Monthly plan due dates, Monthly payment ($)');
  const grace = page.getByRole('form', { name: 'Late-Fee Grace Period' });
  await grace.getByLabel('Grace period (days)').fill('2');
  await grace.getByRole('button', { name: 'Save' }).click();
  await expect(grace.getByText('The grace period is now 2 days.')).toBeVisible();

  // The family signs for the year and chooses the monthly plan: the dialog shows its contract's amounts.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, family, FAMILY_PASSWORD);
  await expect(page).toHaveURL(/\/parent-students$/);
  await signContract(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' }).click();
  const upcoming = page.locator('section', { has: page.getByRole('heading', { name: 'Upcoming Payments' }) });
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'Payment History' }) });
  await upcoming.getByRole('button', { name: 'Pay Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Payment Option' });
  await expect(dialog).toContainText(`Tuition for the ${YEAR} school year`);
  await dialog.getByRole('radio', { name: 'Monthly plan: $1,150.00 per month for 3 months, by automatic payment' }).check();
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
  await expect(page.getByText('Tuition monthly plan: $1,150.00 per month')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/parent-payments\?session_id=cs_test_/);
  await expect(history.getByRole('row', { name: new RegExp(`Tuition ${YEAR} \\(month 1 of 3\\)`) })).toContainText('$1,150.00');
  await expect(upcoming.getByRole('row', { name: new RegExp(`month 2 of 3`) })).toContainText(shortDay(day(5)));

  // The test clock takes a calendar day or null, nothing else.
  for (const today of ['2026-02-30', 'tomorrow', 20261201]) expect((await request.post('/api/test-clock/', { data: { today } })).status()).toBe(400);

  // Month 2 goes unpaid: eight days on (past its due date and the grace), the daily run adds the late fee, once.
  expect(await moveClock(request, day(8))).toBeGreaterThanOrEqual(1);
  expect(await moveClock(request, day(8))).toBe(0);
  await page.reload();
  const fee = upcoming.getByRole('row', { name: new RegExp(`Late fee: Tuition ${YEAR} \\(month 2 of 3\\), 1 month late`) });
  await expect(fee).toContainText('$57.50');
  await expect(fee.getByRole('button', { name: 'Pay Now' })).toBeVisible();

  // Admissions records the withdrawal on day 8: the contract's half refund, less a partner course, shown to confirm.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, ADMISSIONS);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Family Payments' }).click();
  const staffView = page.getByRole('region', { name: PARENT_NAME });
  const lateFee = staffView.getByRole('row', { name: /Late fee: .*month 2 of 3/ });
  await expect(lateFee).toContainText('$57.50');
  // Staff may waive it, with a reason the family reads.
  await lateFee.getByRole('button', { name: 'Waive' }).click();
  const waive = page.getByRole('dialog', { name: 'Waive Late Fee' });
  await waive.getByLabel('Reason (shown to the family)').fill('First month on the plan');
  await expectAccessible(page);
  await waive.getByRole('button', { name: 'Waive' }).click();
  await expect(lateFee).toContainText('Waived: First month on the plan');
  await expect(lateFee.getByRole('cell', { name: 'Waived', exact: true })).toBeVisible();
  await staffView.getByRole('button', { name: 'Record Withdrawal' }).click();
  const withdrawal = page.getByRole('dialog', { name: `Record the withdrawal of ${PARENT_NAME}` });
  await withdrawal.getByLabel('Withdrawal date').fill(day(8));
  await withdrawal.getByLabel('Reason').fill('Moving out of state');
  await withdrawal.getByLabel('Partner payments made for the student ($)').fill('399');
  await withdrawal.getByRole('button', { name: 'Compute Refund' }).click();
  const calculation = withdrawal.getByTestId('refund-calculation');
  await expect(calculation).toContainText(`${shortDay(day(8))} (day 8 of enrollment)`);
  await expect(calculation).toContainText('Within the half-refund period: 50%');
  await expect(calculation).toContainText('Tuition paid$1,150.00');
  await expect(calculation).toContainText('Less partner payments$399.00');
  await expect(calculation).toContainText('Refund$176.00');
  await expect(withdrawal.getByRole('checkbox', { name: /university guarantee/ })).not.toBeChecked();
  await expectAccessible(page);
  await withdrawal.getByRole('button', { name: 'Confirm and Issue Refund of $176.00' }).click();
  await expect(page.getByText(`The withdrawal of ${PARENT_NAME} is recorded; refund issued: $176.00.`)).toBeVisible();
  await expect(staffView).toContainText('Withdrawn on');

  // The family sees the refund and how it was reached.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, family, FAMILY_PASSWORD);
  await expect(page).not.toHaveURL(/\/log-in$/);
  await page.goto('/parent-payments');
  const refund = page.getByRole('region', { name: 'Withdrawal and Refund' });
  await expect(refund).toContainText('Moving out of state');
  await expect(refund.getByTestId('refund-calculation')).toContainText('Refund$176.00');
  await expectAccessible(page);
  await expect(history.getByRole('row', { name: /Refunded/ })).toContainText('$176.00');

  // The statement: every line of the year with the running balance, which ends at nothing owed.
  await page.getByRole('link', { name: 'Statement', exact: true }).click();
  await expect(page).toHaveURL(/\/statement$/);
  await expect(page.getByRole('heading', { name: `Statement: ${PARENT_NAME}` })).toBeVisible();
  const statement = page.getByRole('table');
  const line = (description: string | RegExp) => statement.getByRole('row').filter({ has: page.getByRole('cell', { name: description }) });
  await expect(line(`Tuition ${YEAR}, month 1 of 3`)).toContainText('$1,150.00');
  await expect(line('Payment by card')).toContainText('-$1,150.00');
  await expect(line('Late fee on month 2 of 3, 1 month late')).toContainText('$57.50');
  await expect(line('Late fee waived: First month on the plan')).toContainText('-$57.50');
  await expect(line(/^Withdrawal credit by the contract's refund rule \(50%\): Moving out of state$/)).toContainText('-$176.00');
  await expect(line('Refund to card')).toContainText('$176.00');
  await expect(statement.getByRole('row').last()).toContainText('$0.00');
  await expect(page.getByText('Balance: $0.00')).toBeVisible();
  await expectAccessible(page);
});
