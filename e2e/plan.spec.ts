import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfText } from '../shared/testing/pdf-text';
import { apiToken, DEMO, signIn, unique } from './helpers';

/** Lincoln's course uuids by course_id, read from Sam Lee's demo plan. */
async function lincolnCourses(request: import('@playwright/test').APIRequestContext): Promise<Map<string, string>> {
  const token = await apiToken(request, DEMO.student);
  const res = await request.get('/api/user-scheduled-courses/', { headers: { Authorization: `Token ${token}` } });
  expect(res.status()).toBe(200);
  const entries: { course: { course_id: string; uuid: string } }[] = await res.json();
  return new Map(entries.map((e) => [e.course.course_id, e.course.uuid]));
}

async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  // The mouse does not scroll: start with the tile mid-screen, as a person would, away from the
  // edges where dnd-kit scrolls the page under the pointer (the panels above the grid push it low).
  await from.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  // Past the 6 px activation distance, then across in steps so the drop target is tracked.
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}

const column = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });
const tile = (page: Page, courseId: string) => page.locator(`[data-course="${courseId}"]`);

test('a student adds three courses, drags one to an earlier term, sees the warning, reloads, fixes it by keyboard, and exports the PDF', async ({ page, request }) => {
  const courses = await lincolnCourses(request);
  const email = unique('plan.student');
  const reg = await request.post('/api/register/', {
    data: { signup_code: 'LINCOLN-STUDENT', email, password: 'Sunrise#2031', first_name: 'Robin', last_name: 'Park' },
  });
  expect(reg.status()).toBe(201);
  await signIn(page, email, 'Sunrise#2031');
  await expect(page.getByRole('heading', { name: 'Robin Park - Academic Plan' })).toBeVisible();

  for (const [courseId, term] of [
    ['4301', '9th Grade'],
    ['4401', '10th Grade'],
    ['4506', '11th Grade'],
  ] as const) {
    await page.goto(`/course-page/${courses.get(courseId)}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(courseId);
    await page.getByLabel('Term').selectOption({ label: term });
    await page.getByRole('button', { name: 'Add to Plan' }).click();
    await expect(page).toHaveURL(/\/plan$/);
    await expect(column(page, term).locator(`[data-course="${courseId}"]`)).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Prerequisite Warnings' })).toHaveCount(0);

  // The course page now offers the grade and removal instead of adding.
  await page.goto(`/course-page/${courses.get('4301')}`);
  await page.getByRole('button', { name: 'Edit Course Grade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Course Grade' });
  await expect(dialog.getByPlaceholder('Enter your grade (e.g., A, B+)')).toBeFocused();
  await dialog.getByPlaceholder('Enter your grade (e.g., A, B+)').fill('A-');
  await dialog.getByLabel('Completed').check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Course Completed - Grade: A-')).toBeVisible();

  // Mouse: Algebra II from 11th to 9th grade, before Geometry (10th): a warning appears.
  await page.goto('/plan');
  // Dropped on the column's heading (not on a tile): the course goes to the end of the term.
  await drag(page, tile(page, '4506'), column(page, '9th Grade').getByRole('heading', { name: '9th Grade' }));
  await expect(column(page, '9th Grade').locator('[data-course="4506"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Prerequisite Warnings' })).toBeVisible();
  await expect(page.getByText('Prerequisite not met for "Algebra II with Financial Applications" in 9th Grade')).toBeVisible();

  // The order is the server's: the same after a reload.
  await page.reload();
  await expect(column(page, '9th Grade').locator('[data-course]')).toHaveText([/4301.*Algebra I.*Grade: A-/, /4506.*Algebra II/]);
  await expect(column(page, '11th Grade').getByText('No courses scheduled for this year.')).toBeVisible();
  await expect(page.getByText('Prerequisite not met for "Algebra II with Financial Applications" in 9th Grade')).toBeVisible();

  // Keyboard: Geometry from 10th to 9th grade (Space, Left arrow, Space): the prerequisite is met.
  await tile(page, '4401').focus();
  // dnd-kit's live region tells where the course is at each step.
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Geometry is over 10th Grade, position 1 of 1.' })).toBeAttached();
  // dnd-kit listens for the arrow keys one tick after the drag starts (its KeyboardSensor attaches
  // its keydown listener in a setTimeout): a key pressed in between is lost, and a person presses
  // again. 9th Grade is the first term, so a second press cannot overshoot it.
  await expect(async () => {
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('status').filter({ hasText: /Geometry is over 9th Grade, position \d of 3\./ })).toBeAttached({ timeout: 3000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: /Geometry was dropped over 9th Grade/ })).toBeAttached();
  await expect(column(page, '9th Grade').locator('[data-course="4401"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Prerequisite Warnings' })).toHaveCount(0);
  await page.reload();
  await expect(column(page, '9th Grade').locator('[data-course="4401"]')).toBeVisible();

  // The list view shows the same terms.
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('region', { name: '10th Grade' }).getByText('No courses scheduled for this year.')).toBeVisible();
  await page.getByRole('button', { name: 'Grid' }).click();

  // A term is renamed, and one holding courses cannot be deleted.
  await page.getByRole('button', { name: 'Edit term 12th Grade' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Term' });
  await edit.getByLabel('Term Label').fill('Senior Year');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Senior Year' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit term 9th Grade' }).click();
  await page.getByRole('dialog', { name: 'Edit Term' }).getByRole('button', { name: 'Delete Term' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Term' }).getByRole('alert')).toHaveText('Cannot delete a term that has courses.');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The PDF: real text with every course and the plan's name.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const pdf = await request.get('/api/plan-pdf/', { headers: { Authorization: `Token ${token}` } });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(await pdf.body());
  for (const s of [
    'Robin Park - Academic Plan',
    '9th Grade',
    'Senior Year',
    'Algebra I (Lincoln High School)',
    'Geometry (Lincoln High School)',
    'Algebra II with Financial Applications (Lincoln High School)',
    'A-',
    '3 courses in 4 terms; 3 units planned, 1 unit completed.',
  ]) {
    expect(text).toContain(s);
  }
  // The button opens it in a new tab.
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print / Export PDF' }).click();
  await (await popup).waitForURL(/^blob:/);
});

test("staff search and sort the students list and view a student's plan", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/courses$/);
  await page.goto('/students-list');
  await expect(page.getByRole('heading', { name: 'Students List' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /CCCApply Status/ })).toBeVisible();
  const firstName = page.getByRole('columnheader', { name: /First Name/ });
  await expect(firstName).toHaveAttribute('aria-sort', 'ascending');
  await firstName.getByRole('button').click();
  await expect(firstName).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('columnheader', { name: /Email/ }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstName).toHaveAttribute('aria-sort', 'none');

  await page.getByRole('searchbox', { name: 'Search students' }).fill('LEE');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('1 student', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: /student@lincoln\.example/ });
  await expect(row.getByRole('cell', { name: 'Not Set' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Parent Form for Sam Lee' })).toBeVisible();

  // Export Parent Forms: the button waits for a grade and a school.
  await page.getByRole('button', { name: 'Export Parent Forms' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Parent Forms' });
  await expect(dialog.getByText('Please select a grade')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Export' })).toBeDisabled();
  await dialog.getByLabel('Grade').selectOption('10');
  await expect(dialog.getByRole('button', { name: 'Export' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await row.getByRole('button', { name: 'EdPlan for Sam Lee' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByRole('heading', { name: 'Sam Lee - Academic Plan' })).toBeVisible();
  await expect(column(page, '9th Grade').locator('[data-course="2401"]')).toContainText('English 9');
  await expect(column(page, '11th Grade').locator('[data-course="7301"]')).toContainText('Chemistry');
  await expect(page.getByRole('button', { name: 'Add Term' })).toBeVisible();
});

test('a parent sees the plan read-only: no term editing and no course controls', async ({ page, request }) => {
  const courses = await lincolnCourses(request);
  await signIn(page, DEMO.parent);
  await page.getByRole('button', { name: 'View Student' }).click();
  await expect(page.getByRole('heading', { name: 'Sam Lee - Academic Plan' })).toBeVisible();
  await expect(column(page, '10th Grade').locator('[data-course="4401"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Term' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Edit term/ })).toHaveCount(0);
  await page.goto(`/course-page/${courses.get('4401')}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Geometry');
  await expect(page.getByRole('button', { name: /Add to Plan|Edit Course Grade|Remove from Plan/ })).toHaveCount(0);
});
