import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { DEMO, signIn } from './helpers';

test('staff opens the Caseload, filters missing requirements, sorts, exports CSV and opens a student', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/courses$/);
  await page.goto('/students-list');
  await page.getByRole('link', { name: 'Caseload' }).click();
  await expect(page).toHaveURL(/\/caseload$/);
  await expect(page.getByRole('heading', { name: 'Caseload' })).toBeVisible();

  // Sam Lee follows Lincoln's graduation pathway by default and his plan is counted by the engine.
  const sam = page.getByRole('row').filter({ hasText: 'Lee, Sam' });
  await expect(sam).toContainText('High School Graduation');
  await expect(sam).toContainText(/\d+ of 6 requirements/);
  await expect(sam).toContainText('Draft');

  const count = page.getByText(/^\d+ students?$/);
  const all = Number((await count.textContent())!.split(' ')[0]);
  await page.getByLabel('Missing requirements', { exact: true }).check();
  await expect(async () => {
    const missing = Number((await count.textContent())!.split(' ')[0]);
    expect(missing).toBeLessThanOrEqual(all);
    expect(missing).toBeGreaterThan(0);
  }).toPass();
  // Every row left misses something: none reads "6 of 6".
  await expect(page.getByRole('row').filter({ hasText: '6 of 6 requirements' })).toHaveCount(0);

  // Sorting by grade (descending on the second click): the first row is a 12th grader.
  const gradeHeader = page.getByRole('columnheader', { name: /Grade/ });
  await gradeHeader.getByRole('button').click();
  await expect(gradeHeader).toHaveAttribute('aria-sort', 'ascending');
  await gradeHeader.getByRole('button').click();
  await expect(gradeHeader).toHaveAttribute('aria-sort', 'descending');
  // (The first cell is the row's selection box.)
  await expect(page.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('12');

  // The table fits the screen: no horizontal scrolling at 1366 px.
  const overflow = await page.locator('table.caseload').evaluate((t) => t.scrollWidth - (t.parentElement as HTMLElement).clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' ') + ' ' + n.failureSummary)
            .join(' | ')}`,
      ),
  ).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('caseload.csv');
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe(
    'Last name,First name,Email,Grade,Pathways,Requirements met,Requirements total,Missing requirements,Prerequisite warnings,Completed units,Review status,Last plan change,Unread notes',
  );
  expect(csv.length - 1).toBe(Number((await count.textContent())!.split(' ')[0]));
  expect(csv[1].split(',')[3]).toBe('12');

  // Opening a row views the plan as the student (read-only review).
  await page.getByRole('button', { name: 'Open the plan of Lee, Sam' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByText('You are in Student View for:')).toContainText('Sam Lee');
});
