/**
 * The Dual School's money over a year (issue 34): admissions sets up the school year, a family
 * signs for it and pays monthly, misses a payment (the server's day moved by the test clock,
 * POST /api/test-clock/, never the machine's), sees the late fee, withdraws and is refunded by the
 * contract's rule, with the calculation shown to staff before it is issued and to the family after.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { currentSchoolYear, signIn } from './helpers';

const YEAR = currentSchoolYear();
const FAMILY = 'accepted.parent@dualschool.example';
const ADMISSIONS = 'admissions@dualschool.example';

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

async function signContract(page: Page) {
  await page.goto('/enrollment-contract');
  await page.getByLabel('Full Name', { exact: true }).fill('Casey Morgan');
  await page.getByLabel('Initials', { exact: true }).fill('CM');
  await page.getByRole('button', { name: 'Adopt Signature and Initials' }).click();
  const spots = page.locator('button[data-spot]');
  await expect(spots).toHaveCount(11);
  for (let i = 0; i < 11; i++) await spots.nth(i).click();
  await page.getByRole('button', { name: 'Continue to Final Review' }).click();
  await expect(page.locator('iframe[title="Enrollment contract PDF"]')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Confirm and Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Dual School!' })).toBeVisible();
}

test.afterEach(async ({ request }) => {
  await moveClock(request, null);
});

test('admissions sets up the year; a family signs, pays monthly, misses a payment, sees the late fee (waived by staff), withdraws and is refunded', async ({
  page,
  request,
}) => {
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
  await expect(log.getByRole('row').nth(1)).toContainText('monthlyDueDates, monthlyInstallmentCents');
  const grace = page.getByRole('form', { name: 'Late-Fee Grace Period' });
  await grace.getByLabel('Grace period (days)').fill('2');
  await grace.getByRole('button', { name: 'Save' }).click();
  await expect(grace.getByText('The grace period is now 2 days.')).toBeVisible();

  // The family signs for the year and chooses the monthly plan: the dialog shows its contract's amounts.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, FAMILY);
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
  const family = page.getByRole('region', { name: 'Casey Morgan' });
  const lateFee = family.getByRole('row', { name: /Late fee: .*month 2 of 3/ });
  await expect(lateFee).toContainText('$57.50');
  // Staff may waive it, with a reason the family reads.
  await lateFee.getByRole('button', { name: 'Waive' }).click();
  const waive = page.getByRole('dialog', { name: 'Waive Late Fee' });
  await waive.getByLabel('Reason (shown to the family)').fill('First month on the plan');
  await expectAccessible(page);
  await waive.getByRole('button', { name: 'Waive' }).click();
  await expect(lateFee).toContainText('Waived: First month on the plan');
  await expect(lateFee.getByRole('cell', { name: 'Waived', exact: true })).toBeVisible();
  await family.getByRole('button', { name: 'Record Withdrawal' }).click();
  const withdrawal = page.getByRole('dialog', { name: 'Record the withdrawal of Casey Morgan' });
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
  await expect(page.getByText('The withdrawal of Casey Morgan is recorded; refund issued: $176.00.')).toBeVisible();
  await expect(family).toContainText('Withdrawn on');

  // The family sees the refund and how it was reached.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, FAMILY);
  await expect(page).not.toHaveURL(/\/log-in$/);
  await page.goto('/parent-payments');
  const refund = page.getByRole('region', { name: 'Withdrawal and Refund' });
  await expect(refund).toContainText('Moving out of state');
  await expect(refund.getByTestId('refund-calculation')).toContainText('Refund$176.00');
  await expectAccessible(page);
  await expect(history.getByRole('row', { name: /Refunded/ })).toContainText('$176.00');
});
