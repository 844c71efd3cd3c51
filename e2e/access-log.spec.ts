import { expect, test } from '@playwright/test';
import { DEMO, signIn, unique } from './helpers';

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

test('staff deletes a student after confirming; the list no longer has them and the log has student_deleted', async ({ page, request }) => {
  const email = unique('leaving.student');
  const reg = await request.post('/api/register/', {
    data: { first_name: 'Lou', last_name: 'Leaving', email, password: 'Tangerine$Kite9', signup_code: 'LINCOLN-STUDENT' },
  });
  expect(reg.status()).toBe(201);

  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/courses$/);
  await page.goto('/students-list');
  await page.getByRole('searchbox').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 student', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Lou Leaving' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete student' });
  await expect(dialog).toContainText('Delete Lou Leaving and every record about them? This cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete Lou Leaving' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Lou Leaving and every record about them were deleted.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Lou Leaving' })).toHaveCount(0);

  await page.goto('/access-log');
  await page.getByLabel('Action', { exact: true }).selectOption('student_deleted');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Deleted the student' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/Deleted student #\d+/);
});
