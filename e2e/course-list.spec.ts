/**
 * The compact course list with a catalogue of over 1,000 courses (Lincoln's 121 plus 900 uploaded
 * through the course CSV route), "Where I stand" on the plan, and an axe audit of both, at 1366 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, DEMO, signIn } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

const BULK = 900;

async function audit(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, DEMO.admin);
  const lines = ['Course ID,Title,Description,Units,Prerequisites,Tags'];
  for (let i = 0; i < BULK; i++) lines.push(`BULK ${String(i).padStart(4, '0')},Bulk Course ${i},Seeded for the compact list.,${1 + (i % 5)},[],[]`);
  const res = await request.post('/api/upload-courses-csv/', {
    headers: { Authorization: `Token ${token}` },
    multipart: { file: { name: 'bulk.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) } },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
});

test('a counselor finds one course among more than 1,000 in the compact list, switches to cards and back', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.removeItem('courseListView'));
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/courses$/);

  const table = page.getByRole('table', { name: 'Courses, one per line' });
  await expect(table).toBeVisible();
  const count = Number((await page.getByText(/^[\d,]+ courses$/).textContent())!.replace(/\D/g, ''));
  expect(count).toBeGreaterThanOrEqual(1000);
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  // One page at a time: 50 rows (and the header row), then 50 more.
  await expect(table.getByRole('row')).toHaveCount(51);
  await expect(page.getByText(`Showing 50 of ${count} courses`)).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Course ID', 'Title', 'Units', 'School', 'Requirements', 'Transferable']);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(table.getByRole('row')).toHaveCount(101);
  await audit(page);

  // Search stays: one course, on one line.
  await page.getByRole('searchbox', { name: 'Search courses' }).fill('BULK 0777');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row.locator('th, td')).toHaveText(['BULK 0777', 'Bulk Course 777', '3', 'Lincoln High School', '0', 'Not transferable']);

  // The card view is one click away and remembered on the next visit.
  await page.getByRole('button', { name: 'Cards' }).click();
  await expect(table).toBeHidden();
  await expect(page.getByRole('link', { name: 'BULK 0777 Bulk Course 777' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.course-card').first()).toBeVisible();
  await page.getByRole('button', { name: 'List' }).click();
  await expect(table).toBeVisible();

  // A row's course id opens the course page.
  await page.getByRole('searchbox', { name: 'Search courses' }).fill('BULK 0777');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await table.getByRole('link', { name: 'BULK 0777' }).click();
  await expect(page).toHaveURL(/\/course-page\/[0-9a-f-]{36}$/);
});

test("partner courses: Valley's catalogue in the compact list marks the courses Lincoln accepted as transferable", async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.removeItem('courseListView'));
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/courses$/);
  await page.goto('/partner-courses');
  const table = page.getByRole('table', { name: 'Courses, one per line' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('Valley Community College');
  // The demo school accepted four Valley courses as transferable.
  let marked = 0;
  for (let i = 0; i < 20 && marked === 0; i++) {
    marked = await table.getByText('Transferable', { exact: true }).count();
    if (marked === 0 && (await page.getByRole('button', { name: 'Load more' }).isVisible())) await page.getByRole('button', { name: 'Load more' }).click();
  }
  expect(marked).toBeGreaterThan(0);
  await audit(page);
});

test('a student sees where they stand on the plan, linked to the progress page', async ({ page }) => {
  await signIn(page, DEMO.student);
  await expect(page).not.toHaveURL(/\/log-in$/);
  await page.goto('/plan');
  const section = page.getByRole('region', { name: 'Where I stand' });
  await expect(section).toBeVisible();
  const bars = section.getByRole('progressbar');
  expect(await bars.count()).toBeGreaterThan(0);
  await expect(bars.first()).toHaveAttribute('aria-valuetext', /^\d+ of \d+ requirements \(\d+%\)$/);
  await audit(page);
  const link = section.getByRole('link').first();
  const name = (await link.textContent())!;
  await link.click();
  await expect(page).toHaveURL(/\/pathways\/[0-9a-f-]{36}\/progress$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
});
