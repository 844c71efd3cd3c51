import { expect, test, type Page } from '@playwright/test';
import { currentSchoolYear, PASSWORD, signIn, unique } from './helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

async function expectStep(page: Page, n: number, title: string) {
  await expect(page.getByRole('heading', { name: `${n}. ${title}` })).toBeVisible();
  await expect(page.getByText(`Step ${n} of 9`)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuenow', String(n * 10));
}

test('a dual-school parent signs up, applies with a transcript, staff accept, the parent is asked to sign the contract', async ({ page, browser }) => {
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });

  // Sign-up with the dual-school code (never shown): mismatched passwords first, no call made.
  const email = unique('dual.parent');
  await page.goto('/dual-parent-login');
  await expect(page.getByRole('heading', { name: 'Apply to Dual School' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/log-in');
  await expect(page.getByText('DUAL-PARENT')).toHaveCount(0);
  await page.getByLabel('First Name').fill('Jamie');
  await page.getByLabel('Last Name').fill('Rivers');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Harbor#2031');
  await page.getByLabel('Confirm Password').fill('Harbor#2032');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match.')).toHaveCSS('color', 'rgb(255, 0, 0)');
  await page.getByLabel('Confirm Password').fill('Harbor#2031');
  await page.getByRole('button', { name: 'Create Account' }).click();

  // Held on /application with the special header.
  await expect(page).toHaveURL(/\/application$/);
  await expect(page.locator('header').getByText('Dual School Admission Application')).toBeVisible();
  await expectStep(page, 1, 'Applicant Information');
  await page.goto('/parent-home');
  await expect(page).toHaveURL(/\/application$/);

  // Step 1: the browser's required fields hold Next until filled.
  await expectStep(page, 1, 'Applicant Information');
  await page.getByRole('button', { name: 'Next' }).click();
  await expectStep(page, 1, 'Applicant Information');
  await page.getByLabel(/^Full Legal Name/).fill('Avery Rivers');
  await page.getByLabel(/^Date of Birth/).fill('04/12/2011');
  await page.getByLabel(/^Current Grade/).fill('8');
  await page.getByLabel(/^Applying for Grade/).fill('9');
  await page.getByLabel(/^Student Email/).fill('avery@example.org');
  await page.getByRole('button', { name: 'Next' }).click();

  await expectStep(page, 2, 'Family Information');
  await page.getByLabel(/^Parent\/Guardian #1 Full Name/).fill('Jamie Rivers');
  await page.getByLabel(/^Parent\/Guardian #1 Relationship/).fill('Mother');
  await page.getByLabel(/^Parent\/Guardian #1 Email/).fill(email);
  await page.getByLabel(/^Parent\/Guardian #1 Phone/).fill('555-0100');
  await page.getByLabel(/^Parent\/Guardian #1 Address/).fill('1 Lake Rd, Reno NV');
  await page.getByRole('button', { name: 'Next' }).click();

  await expectStep(page, 3, 'Emergency Contact Information');
  await expect(page.getByLabel(/^Emergency Contact Name/)).toHaveAttribute('required', '');
  await page.getByLabel('Same as Parent/Guardian #1').check();
  await expect(page.getByLabel(/^Emergency Contact Name/)).not.toHaveAttribute('required', '');
  await page.getByRole('button', { name: 'Next' }).click();

  await expectStep(page, 4, 'Student Educational Background');
  await page.getByLabel(/^Current\/Most Recent School/).fill('Reno Middle School');
  await page.getByLabel(/^Dates Attended/).fill('2022-2025');
  await page.getByRole('button', { name: 'Next' }).click();

  await expectStep(page, 5, 'Academic & Personal Interests');
  await page.getByLabel('Academic Strengths').fill('Math and science');
  await page.getByRole('button', { name: 'Next' }).click();
  await expectStep(page, 6, 'Additional Information');
  await page.getByRole('button', { name: 'Next' }).click();
  await expectStep(page, 7, 'Technology Access');
  await page.getByLabel('The student has daily access to a computer').check();
  await page.getByLabel('The student has reliable internet access').check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 8: two files, one request each; the disguised one fails with its own alert.
  await expectStep(page, 8, 'Transcript Upload');
  await page.getByLabel(/^Unofficial transcripts/).setInputFiles([
    { name: 'report-card.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') },
  ]);
  const uploaded = page.getByRole('list', { name: 'Uploaded transcripts' });
  await expect(uploaded.getByRole('listitem')).toHaveText(['report-card.pdf']);
  expect(alerts).toEqual(['Failed to upload fake.pdf']);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectStep(page, 9, 'Signature & Acknowledgment');

  // A reload resumes at the last step with data (the transcript step) with the data merged back.
  await page.reload();
  await expectStep(page, 8, 'Transcript Upload');
  await expect(uploaded.getByRole('listitem')).toHaveText(['report-card.pdf']);
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 7, 'Technology Access');
  await expect(page.getByLabel('The student has daily access to a computer')).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 9: the terms, then the signature; submit.
  await expectStep(page, 9, 'Signature & Acknowledgment');
  const terms = page.getByRole('region', { name: 'Terms' });
  await expect(terms).toContainText('Annual tuition is $10,000');
  await expect(terms).toContainText('6 participating state university campuses');
  await expect(terms).toContainText('virtual interview');
  await page.getByLabel(/^Parent\/Guardian Signature/).fill('Jamie Rivers');
  await page.getByLabel(/^Date/).fill('2025-03-01');
  await page.getByRole('button', { name: 'Submit Application' }).click();

  await expect(page).toHaveURL(/\/parent-applications$/);
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  const row = page.getByRole('row', { name: /Avery Rivers/ });
  await expect(row).toContainText('submitted for review');
  await expect(row).toContainText('within 2-3 business days');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Applications' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Students' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Payments' })).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cachedUser') ?? '{}').applicationStatus)).toBe('complete');

  await row.getByRole('link', { name: 'View Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Summary' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Full Legal Name\s*Avery Rivers/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Emergency Contact Same as Parent 1\s*Yes/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Has Daily Computer Access\s*Yes/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Transcript Files\s*report-card.pdf/ })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/parent-applications$/);

  // Staff of the dual school review it, download the transcript and accept.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, 'admissions@dualschool.example', PASSWORD);
  await staff.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admissions' }).click();
  await expect(staff.getByRole('heading', { name: 'Admissions' })).toBeVisible();
  const staffRow = staff.getByRole('row', { name: /Avery Rivers/ });
  await expect(staffRow).toContainText('Submitted');
  await expect(staffRow).toContainText(email);
  await staffRow.getByRole('link', { name: /Review/ }).click();
  await expect(staff.getByRole('heading', { name: 'Avery Rivers' })).toBeVisible();
  const downloadWait = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Download report-card.pdf' }).click();
  const download = await downloadWait;
  expect(download.suggestedFilename()).toBe('report-card.pdf');
  await staff.getByRole('button', { name: 'Accept Application' }).click();
  await expect(staff.getByText('Application accepted. The parent has been emailed.')).toBeVisible();
  await expect(staff.getByTestId('application-status')).toHaveText('Accepted');
  await staffContext.close();

  // The parent is asked to sign the enrollment contract.
  await page.reload();
  await expect(page.locator('.alert', { hasText: 'Action Required' })).toContainText(`sign the enrollment contract for the ${currentSchoolYear()} school year`);
  await expect(page.getByRole('link', { name: 'Sign Enrollment Contract' })).toHaveAttribute('href', '/enrollment-contract');
});
