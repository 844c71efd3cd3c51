import { expect, test } from '@playwright/test';
import { apiToken, currentSchoolYear, signIn } from './helpers';

const YEAR = currentSchoolYear();

const CASEY = 'accepted.parent@dualschool.example';
const ADMISSIONS = 'admissions@dualschool.example';

test('an accepted parent signs the enrollment contract, pays the annual tuition through the test checkout, and staff see it', async ({ page, request }) => {
  await signIn(page, CASEY);
  await expect(page).toHaveURL(/\/parent-students$/);
  await page.goto('/enrollment-contract');

  // Stage 1: adopt.
  await expect(page.getByRole('heading', { name: 'Adopt Your Signature and Initials' })).toBeVisible();
  const adopt = page.getByRole('button', { name: 'Adopt Signature and Initials' });
  await expect(adopt).toBeDisabled();
  await page.getByLabel('Full Name', { exact: true }).fill('Casey Morgan');
  await expect(adopt).toBeDisabled();
  await page.getByLabel('Initials', { exact: true }).fill('CM');
  await expect(page.getByTestId('signature-preview')).toHaveText('Casey Morgan');
  await expect(page.getByTestId('initials-preview')).toHaveText('CM');
  await adopt.click();

  // Stage 2: place the 11 spots.
  await expect(page.getByRole('heading', { name: 'Place Your Signatures and Initials' })).toBeVisible();
  await expect(page.getByText('7. Dispute Resolution')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Directory Information Opt-Out Form' })).toHaveAttribute('href', '/directory-opt-out-form');
  const next = page.getByRole('button', { name: 'Continue to Final Review' });
  await expect(page.getByText('0 of 11 placed')).toBeVisible();
  await expect(next).toBeDisabled();
  const spots = page.locator('button[data-spot]');
  await expect(spots).toHaveCount(11);
  for (let i = 0; i < 11; i++) await spots.nth(i).click();
  await expect(page.getByText('11 of 11 placed')).toBeVisible();
  await expect(page.locator('button[data-spot="ferpa_initials"]')).toHaveText('CM');
  await expect(page.locator('button[data-spot="parent_name"]')).toHaveText('Casey Morgan');
  await next.click();

  // Stage 3: the server's PDF in a frame, then submit.
  await expect(page.getByRole('heading', { name: 'Final Review and Sign' })).toBeVisible();
  await expect(page.locator('iframe[title="Enrollment contract PDF"]')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Confirm and Submit' }).click();

  await expect(page).toHaveURL(/\/enrollment-success$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Dual School!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "What's Next?" })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cachedUser') ?? '{}').applicationStatus)).toBe('enrolled');

  // Payments: the annual tuition is due; pay it upfront through the built-in test checkout.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { name: 'Payments', exact: true })).toBeVisible();
  const upcoming = page.locator('section', { has: page.getByRole('heading', { name: 'Upcoming Payments' }) });
  await expect(upcoming.getByRole('row', { name: new RegExp(`Tuition ${YEAR}`) })).toContainText('$10,000.00');
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'Payment History' }) });
  await expect(history.getByText('No payment history')).toBeVisible();
  await upcoming.getByRole('button', { name: 'Pay Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Payment Option' });
  await expect(dialog.getByRole('radio', { name: /Annual payment/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
  await expect(page.getByText('Tuition paid upfront: $9,500.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/parent-payments\?session_id=cs_test_/);
  await expect(history.getByRole('row', { name: new RegExp(`Tuition ${YEAR}`) })).toContainText('$9,500.00');
  await expect(history.getByRole('row', { name: new RegExp(`Tuition ${YEAR}`) })).toContainText('Paid');
  await expect(upcoming.getByText('No upcoming payments')).toBeVisible();

  // The dual school's staff see the family paid, with the signed contract.
  const staffToken = await apiToken(request, ADMISSIONS);
  const families = await request.get('/api/admissions/payments/', { headers: { Authorization: `Token ${staffToken}` } });
  const casey = (await families.json()).find((f: { email: string }) => f.email === CASEY);
  expect(casey.payments[0]).toMatchObject({ title: `Tuition ${YEAR}`, status: 'paid' });
  await page.evaluate(() => localStorage.clear());
  await signIn(page, ADMISSIONS);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Family Payments' }).click();
  const family = page.getByRole('region', { name: 'Casey Morgan' });
  await expect(family).toContainText('Student: Jamie Morgan');
  await expect(family.getByRole('row', { name: new RegExp(`Tuition ${YEAR}`) })).toContainText('Paid');
  await expect(family.getByRole('button', { name: 'Download Contract' })).toBeVisible();
});

test('the directory opt-out form is printable', async ({ page }) => {
  await page.goto('/directory-opt-out-form');
  await expect(page.getByRole('heading', { name: 'Directory Information Opt-Out Form' })).toBeVisible();
  await expect(page.getByText('within 15 calendar days of signing').first()).toBeVisible();
  await expect(page.getByText('Parent/Guardian Signature:')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
});
