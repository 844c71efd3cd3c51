import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';

async function signInAs(page: Page, email: string, landing: RegExp) {
  await signIn(page, email);
  await expect(page).toHaveURL(landing);
}

/** Staff with more than 50 courses see the compact list first; these journeys read the cards. */
async function showCards(page: Page) {
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Cards' }).click();
}

async function searchCourses(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test('staff add a course with two prerequisite groups and tags and see its card', async ({ page }) => {
  await signInAs(page, DEMO.admin, /\/courses$/);
  await expect(page.getByRole('heading', { name: 'My Courses' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Course' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Course ID').fill('E2E 101');
  await dialog.getByLabel('Title').fill('Robotics Lab');
  await dialog.getByLabel('Description').fill('Build, program, and test robots.');
  await dialog.getByLabel('Units').fill('2.5');
  await expect(dialog.locator('[title^="Each prerequisite group is a set of courses"]')).toHaveAttribute(
    'title',
    'Each prerequisite group is a set of courses where students must complete at least one course from each group.',
  );

  await dialog.getByLabel('Search courses for Prerequisite Group 1').fill('Algebra I');
  await dialog.getByRole('option', { name: /^4301 Algebra I/ }).click();
  await dialog.getByLabel('Search courses for Prerequisite Group 1').fill('Geometry');
  await dialog.getByRole('option', { name: /^4401 Geometry/ }).click();
  await dialog.getByRole('button', { name: 'Add prerequisite group' }).click();
  await dialog.getByLabel('Search courses for Prerequisite Group 2').fill('English 9');
  await dialog.getByRole('option', { name: /^2401 English 9/ }).click();
  await dialog.getByRole('checkbox', { name: 'UC', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'Honors' }).check();
  await dialog.getByRole('button', { name: 'Add Course' }).click();
  await expect(dialog).toBeHidden();

  await showCards(page);
  await searchCourses(page, 'E2E 101');
  const card = page.getByRole('link', { name: 'E2E 101 Robotics Lab' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Lincoln High School');
  await expect(card).toContainText('Prerequisites: 4301 or 4401; 2401');
  await expect(card.getByRole('columnheader')).toHaveText(['Lincoln High School 2.5 units']);
  await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Honors', 'UC']);

  // The same Course ID again: the server's answer is shown.
  await page.getByRole('button', { name: 'Add Course' }).click();
  const again = page.getByRole('dialog', { name: 'Add New Course' });
  await again.getByLabel('Course ID').fill('E2E 101');
  await again.getByLabel('Title').fill('Duplicate');
  await again.getByRole('button', { name: 'Add Course' }).click();
  await expect(again.getByRole('alert')).toContainText('Error adding course:');
  await expect(again.getByRole('alert')).toContainText('"error": "A course with this Course ID already exists."');
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();

  // The card opens the course page (Enter works too).
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/course-page\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E2E 101 Robotics Lab' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Course Details' })).toBeVisible();
  page.once('dialog', (d) => d.accept());
  await page.getByRole('button', { name: 'Delete course' }).click();
  await expect(page).toHaveURL(/\/courses$/);
});

test('staff upload a CSV with one bad row and see the error table', async ({ page }) => {
  await signInAs(page, DEMO.admin, /\/courses$/);
  await page.getByRole('button', { name: 'Upload Courses CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Courses CSV' });
  const csv = [
    'Course ID,Title,Description,Units,Prerequisites,Tags',
    'CSV 2,Data Science II,"Statistics, models, and projects",3,"[[""CSV 1""]]","[""UC""]"',
    'CSV 1,Data Science I,Intro,3,[],[]',
    'CSV 3,Broken Units,Intro,lots,[],[]',
  ].join('\n');
  await dialog.getByLabel('CSV File').setInputFiles({ name: 'courses.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Some courses could not be uploaded. Check the console for details.');
  const table = dialog.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Line', 'Course ID', 'Reason']);
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText(['4', 'CSV 3', 'Units "lots" is not a number.']);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await showCards(page);
  await searchCourses(page, 'Data Science');
  await expect(page.getByRole('link', { name: 'CSV 2 Data Science II' })).toContainText('Prerequisites: CSV 1');
  await expect(page.getByRole('link', { name: /^CSV 3/ })).toHaveCount(0);
});

test('staff accept a partner course as transferable; the student sees it with the adjusted units; staff remove it', async ({ page, context }) => {
  await signInAs(page, DEMO.admin, /\/courses$/);
  await page.goto('/partner-courses');
  await expect(page.getByRole('heading', { name: 'Partner Courses' })).toBeVisible();
  await showCards(page);
  await searchCourses(page, 'Personality');
  await page.getByRole('link', { name: /^PSYCH 3 Personality/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^PSYCH 3 Personality/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Course Details' })).toBeVisible(); // Lincoln has hs_full_access_enabled
  await page.getByRole('button', { name: 'Accept Transferability' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept Transferability' });
  await dialog.getByLabel('Adjusted Units').fill('2');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('button', { name: 'Remove Transferability' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Lincoln High School 2 units' })).toBeVisible();
  const coursePage = page.url();

  // The student's Explore Courses now lists it, with Lincoln's adjusted units.
  await page.evaluate(() => localStorage.clear());
  await context.clearCookies();
  await signInAs(page, DEMO.student, /\/plan$/);
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Explore Courses' })).toBeVisible();
  await searchCourses(page, 'PSYCH 3');
  const card = page.getByRole('link', { name: /^PSYCH 3 Personality/ });
  await expect(card.getByRole('columnheader')).toHaveText([/^Valley Community College 3 units$/, 'Lincoln High School 2 units']);
  await card.click();
  await expect(page.getByRole('button', { name: 'Remove Transferability' })).toHaveCount(0);

  // Staff remove it again.
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, DEMO.admin, /\/courses$/);
  await page.goto(coursePage);
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to remove transferability?');
    void d.accept();
  });
  await page.getByRole('button', { name: 'Remove Transferability' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Transferability removed successfully.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept Transferability' })).toBeVisible();
});
