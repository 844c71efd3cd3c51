import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, DEMO, signIn, unique } from './helpers';

/** Serious or critical axe violations (WCAG 2.1 A/AA and best practice) on the page as it stands. */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

const column = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

test('a student copies their plan into a what-if plan, adds a course, compares it with the official plan, and makes it official', async ({ page, request }) => {
  // A long journey with three axe audits on two shared cores.
  test.setTimeout(180_000);
  // Lincoln's course uuids by course_id, from Sam Lee's demo plan.
  const samToken = await apiToken(request, DEMO.student);
  const sam = await request.get('/api/user-scheduled-courses/', { headers: { Authorization: `Token ${samToken}` } });
  const courses = new Map(((await sam.json()) as { course: { course_id: string; uuid: string; id: number } }[]).map((e) => [e.course.course_id, e.course]));

  const email = unique('whatif.student');
  const reg = await request.post('/api/register/', {
    data: { signup_code: 'LINCOLN-STUDENT', email, password: 'Sunrise#2031', first_name: 'Robin', last_name: 'Vale' },
  });
  expect(reg.status()).toBe(201);
  const token = (await reg.json()).token as string;
  // The official plan: Algebra I in 9th grade.
  const added = await request.post('/api/add-scheduled-course/', {
    headers: { Authorization: `Token ${token}` },
    data: { course_id: courses.get('4301')!.id, term: '1' },
  });
  expect(added.status()).toBe(201);

  await signIn(page, email, 'Sunrise#2031');
  await expect(page.getByRole('heading', { name: 'Robin Vale - Academic Plan' })).toBeVisible();

  // A what-if plan, as a copy of the official plan.
  await page.getByRole('button', { name: 'New what-if plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New what-if plan' });
  await dialog.getByLabel('Name').fill('Engineering');
  await expect(dialog.getByLabel('Start from')).toHaveValue('official');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Robin Vale - What-if plan: Engineering' })).toBeVisible();
  await expect(page).toHaveURL(/\/plan\?whatIf=\d+$/);
  const whatIf = new URL(page.url()).searchParams.get('whatIf')!;
  await expect(page.getByRole('combobox', { name: 'Plan', exact: true })).toHaveValue(whatIf);
  await expect(column(page, '9th Grade').locator('[data-course="4301"]')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Biology goes into the what-if plan, not the official one: found in the catalogue opened from it.
  await page.getByRole('link', { name: 'Add courses to this plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/courses\\?whatIf=${whatIf}$`));
  await expect(page.getByText('Courses you add here go to your what-if plan.')).toBeVisible();
  const search = page.getByRole('searchbox');
  await search.fill('7201');
  await search.press('Enter');
  await page
    .getByRole('link', { name: /^7201\b/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/course-page/${courses.get('7201')!.uuid}\\?whatIf=${whatIf}$`));
  await expect(page.getByText('You are changing the what-if plan “Engineering”.')).toBeVisible();
  await page.getByLabel('Term').selectOption({ label: '9th Grade' });
  await page.getByRole('button', { name: 'Add to Plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/plan\\?whatIf=${whatIf}$`));
  await expect(column(page, '9th Grade').locator('[data-course="7201"]')).toBeVisible();
  await page.getByRole('combobox', { name: 'Plan', exact: true }).selectOption({ label: 'My official plan' });
  await expect(page.getByRole('heading', { name: 'Robin Vale - Academic Plan' })).toBeVisible();
  await expect(column(page, '9th Grade').locator('[data-course="4301"]')).toBeVisible();
  await expect(page.locator('[data-course="7201"]')).toHaveCount(0);

  // Compare: Science counts Biology in the what-if plan only.
  await page.getByRole('combobox', { name: 'Plan', exact: true }).selectOption({ label: 'What-if: Engineering' });
  await page.getByRole('link', { name: 'Compare plans' }).click();
  await expect(page.getByRole('heading', { name: 'Compare plans', level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Engineering' })).toBeVisible();
  const science = page.getByRole('row', { name: /High School Graduation: Science/ });
  await expect(science.getByRole('cell').nth(0)).toHaveText(/Not met · 0 of 2 courses/);
  await expect(science.getByRole('cell').nth(1)).toHaveText(/Not met · 1 of 2 courses/);
  const maths = page.getByRole('row', { name: /High School Graduation: Mathematics/ });
  await expect(maths.getByRole('cell').nth(0)).toHaveText(/1 of 3 courses/);
  await expect(maths.getByRole('cell').nth(1)).toHaveText(/1 of 3 courses/);
  expect(await axeViolations(page)).toEqual([]);

  // Make it official: the official plan now holds Biology too.
  await page.getByRole('link', { name: 'Back to the plan' }).click();
  await expect(page.getByRole('heading', { name: 'Robin Vale - What-if plan: Engineering' })).toBeVisible();
  await page.getByRole('button', { name: 'Make this my plan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Make this my plan' });
  await expect(confirm.getByText('Your official plan will be replaced by the terms and courses of “Engineering”.', { exact: false })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Yes, make it my plan' }).click();
  await expect(page.getByRole('heading', { name: 'Robin Vale - Academic Plan' })).toBeVisible();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(column(page, '9th Grade').locator('[data-course="7201"]')).toBeVisible();
  await expect(column(page, '9th Grade').locator('[data-course="4301"]')).toBeVisible();

  const official = await request.get('/api/user-scheduled-courses/', { headers: { Authorization: `Token ${token}` } });
  expect(((await official.json()) as { course: { course_id: string } }[]).map((e) => e.course.course_id).sort()).toEqual(['4301', '7201']);
});
