import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';

test('staff views a student, then finds the view_as row in the Access Log and filters it', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/courses$/);
  await page.goto('/students-list');
  await page.getByRole('button', { name: 'View Sam Lee' }).click();
  await expect(page.getByText('You are in Student View for:')).toContainText('Sam Lee');
  await page.getByRole('button', { name: 'Return to Admin View' }).click();
  await expect(page).toHaveURL(/\/students-list$/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Access Log' }).click();
  await expect(page).toHaveURL(/\/access-log$/);
  await expect(page.getByRole('heading', { name: 'Access Log' })).toBeVisible();
  await page.getByLabel('Student', { exact: true }).fill('sam lee');
  await page.getByLabel('Action', { exact: true }).selectOption('view_as');
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Viewed as the student' }).first();
  await expect(row).toContainText('Sam Lee');
  await expect(row).toContainText('view-as started by staff');
  await expect(page.getByText(/^\d+ entr(y|ies)$/)).toBeVisible();

  await page.getByLabel('Action', { exact: true }).selectOption('student_deleted');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('0 entries')).toBeVisible();
});
