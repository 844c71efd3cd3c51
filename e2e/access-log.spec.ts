import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';

test('staff views a student, then finds the view_as row in the Access Log and filters it', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/plan$|\/$/);
  await page.goto('/students-list');
  await page.getByRole('button', { name: 'View Sam Lee' }).click();
  await expect(page.getByText('Student View for')).toBeVisible();
  await page.getByRole('button', { name: 'Return to Admin View' }).click();
  await expect(page).toHaveURL(/\/students-list$/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Access Log' }).click();
  await expect(page).toHaveURL(/\/access-log$/);
  await expect(page.getByRole('heading', { name: 'Access Log' })).toBeVisible();
  await page.getByLabel('Student').fill('sam lee');
  await page.getByLabel('Action').selectOption('view_as');
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From').fill(today);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Viewed as the student' }).first();
  await expect(row).toContainText('Sam Lee');
  await expect(row).toContainText('view-as started by staff');
  await expect(page.getByText(/^\d+ entr(y|ies)$/)).toBeVisible();

  await page.getByLabel('Action').selectOption('student_deleted');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('0 entries')).toBeVisible();
});
