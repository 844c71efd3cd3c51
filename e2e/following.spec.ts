/**
 * Choosing pathways: a student follows a pathway on the Pathways page and "Where I stand" on the
 * plan shows it; staff choose their school's graduation pathway. Each journey puts back what it
 * changed (the caseload journey reads Lincoln's default), and the student is one no other journey uses.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('a student follows STEM on the Pathways page, sees it under "Where I stand", then unfollows it', async ({ page }) => {
  await signIn(page, 'isaac.brown@lincoln.example');
  await expect(page).not.toHaveURL(/\/log-in$/);
  await page.goto('/pathways');
  const stem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'STEM', exact: true }) });
  const toggle = stem.getByRole('button', { name: /^Follow(ing)?$/ });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(stem.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/plan');
  const section = page.getByRole('region', { name: 'Where I stand' });
  await expect(section.getByRole('link', { name: 'STEM', exact: true })).toBeVisible();
  await expect(section.getByRole('link')).toHaveCount(1);

  await page.goto('/pathways');
  await stem.getByRole('button', { name: 'Following' }).click();
  await expect(stem.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
});

test('staff choose the graduation pathway on the Pathways page, and clear the choice', async ({ page }) => {
  await signIn(page, 'admin@lincoln.example');
  await expect(page).toHaveURL(/\/courses$/);
  await page.goto('/pathways');
  const select = page.getByRole('combobox', { name: 'Graduation pathway' });
  await expect(select).toBeEnabled();
  // The pathway the name rule picks anyway, so a caseload opened meanwhile reads the same.
  await select.selectOption({ label: 'High School Graduation' });
  await expect(page.getByRole('status')).toHaveText('Graduation pathway saved.');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Graduation pathway' })).toHaveValue(/^[0-9a-f-]{36}$/);
  await page.getByRole('combobox', { name: 'Graduation pathway' }).selectOption({ index: 0 });
  await expect(page.getByRole('status')).toHaveText('Graduation pathway saved.');
  await expect(page.getByRole('combobox', { name: 'Graduation pathway' })).toHaveValue('');
});
