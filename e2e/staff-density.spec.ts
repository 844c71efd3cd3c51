/**
 * Staff screens that fit a working day at 1366 x 900: the caseload and the partner courses show at
 * least 15 rows on the first screen, one line each; filters sit on one line; every checkbox sits
 * beside its label; a dialog's close button shares the title's line; nothing overflows at 390 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, DEMO, signIn } from './helpers';

const SCREEN = { width: 1366, height: 900 };

/** Rows of `table` whose whole box is inside the first screen (the page not scrolled). */
async function rowsOnFirstScreen(page: Page, rows: Locator): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect()).filter((b) => b.top >= 0 && b.bottom <= window.innerHeight).length);
}

async function rowHeights(rows: Locator): Promise<number[]> {
  return rows.evaluateAll((trs) => trs.map((tr) => Math.round(tr.getBoundingClientRect().height)));
}

/** The checkbox sits left of its label's text, on the same line. */
async function expectBesideItsLabel(box: Locator) {
  const label = box.locator('xpath=ancestor::label[1]');
  const b = (await box.boundingBox())!;
  const l = (await label.boundingBox())!;
  expect(b.width, 'the checkbox is not stretched').toBeLessThan(40);
  expect(l.height, 'box and text on one line').toBeLessThan(b.height * 2.6);
  expect(b.x - l.x, 'the box starts the label').toBeLessThan(4);
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 391 && !e.parentElement?.closest('[class*="wrap"], .table-fit, [style*="overflow"]'))
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: ${wide.join('; ')}`).toBeLessThanOrEqual(390);
}

test.beforeAll(async ({ request }) => {
  // Enough students at Lincoln for a screen's worth of caseload, imported the way a district would.
  const token = await apiToken(request, DEMO.admin);
  const stamp = Date.now();
  const rows = Array.from({ length: 18 }, (_, i) => `DENSE-${stamp}-${i},Dana${i},Zeta${String(i).padStart(2, '0')},dense.${stamp}.${i}@example.org,${9 + (i % 4)}`);
  const started = await request.post('/api/roster-import/', {
    headers: { Authorization: `Token ${token}` },
    multipart: { file: { name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(`sourcedId,givenName,familyName,email,grade\n${rows.join('\n')}\n`) } },
  });
  expect(started.status()).toBe(202);
  const { id } = await started.json();
  await expect
    .poll(async () => (await (await request.get(`/api/roster-imports/${id}/`, { headers: { Authorization: `Token ${token}` } })).json()).state, { timeout: 30_000 })
    .toBe('done');
});

test('the caseload shows at least 15 students on the first screen, one line each, filters on one line', async ({ page }) => {
  await page.setViewportSize(SCREEN);
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/log-in/);
  await page.goto('/caseload');
  await expect(page.getByRole('heading', { name: 'Caseload', level: 1 })).toBeVisible();
  const rows = page.locator('table.caseload tbody tr');
  await expect(rows.nth(15)).toBeVisible();

  expect(await rowsOnFirstScreen(page, rows)).toBeGreaterThanOrEqual(15);
  await page.screenshot({ path: test.info().outputPath('caseload-1366.png') });
  // Nothing scrolls sideways.
  const overflow = await page.locator('table.caseload').evaluate((t) => t.scrollWidth - (t.parentElement as HTMLElement).clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // One line a row: no row taller than the shortest by more than a few pixels.
  const heights = await rowHeights(rows);
  expect(Math.max(...heights) - Math.min(...heights), JSON.stringify(heights)).toBeLessThanOrEqual(4);

  // The three filters and the three checkboxes on one line.
  const filters = page.getByRole('form', { name: 'Caseload filters' });
  const tops = await filters
    .locator('select, input[type=checkbox]')
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2)));
  expect(tops).toHaveLength(6);
  expect(Math.max(...tops) - Math.min(...tops), JSON.stringify(tops)).toBeLessThanOrEqual(6);
  for (const name of ['Missing requirements', 'Has warnings', 'Unread notes']) {
    await expectBesideItsLabel(filters.getByRole('checkbox', { name }));
  }

  // A cut list shows whole on hover, and while its row has keyboard focus.
  const sam = rows.filter({ hasText: 'Lee, Sam' });
  const missing = sam.locator('td.missing');
  const full = missing.locator('.full');
  await expect(full).toBeHidden();
  await missing.hover();
  await expect(full).toBeVisible();
  expect((await full.textContent())!.length).toBeGreaterThan(0);
  await expect(full).toHaveText((await missing.locator('.clip').textContent())!);
  await page.mouse.move(0, 0);
  await expect(full).toBeHidden();
  await sam.getByRole('button', { name: 'Open the plan of Lee, Sam' }).focus();
  await expect(full).toBeVisible();

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await expectNoSidewaysScroll(page, '/caseload');
});

test('the partner courses show at least 15 courses on the first screen, one line each', async ({ page }) => {
  await page.setViewportSize(SCREEN);
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/log-in/);
  await page.goto('/partner-courses');
  await expect(page.getByRole('heading', { name: 'Partner Courses', level: 1 })).toBeVisible();
  const rows = page.locator('table.course-rows tbody tr');
  await expect(rows.nth(20)).toBeVisible();
  expect(await rowsOnFirstScreen(page, rows)).toBeGreaterThanOrEqual(15);
  await page.screenshot({ path: test.info().outputPath('partner-courses-1366.png') });
  const wrapOverflow = await page.locator('table.course-rows').evaluate((t) => t.scrollWidth - (t.parentElement as HTMLElement).clientWidth);
  expect(wrapOverflow).toBeLessThanOrEqual(0);
  const heights = await rowHeights(rows);
  expect(Math.max(...heights) - Math.min(...heights), JSON.stringify(heights)).toBeLessThanOrEqual(4);
  await expect(rows.first()).toContainText('Valley Community College');

  await expectNoSidewaysScroll(page, '/partner-courses');
});

test("a dialog's close button shares the title's line; a note's Staff only box sits beside its label", async ({ page }) => {
  await page.setViewportSize(SCREEN);
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/log-in/);
  await page.goto('/students-list');
  await page.getByRole('button', { name: 'Import Roster' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Roster' });
  const title = (await dialog.getByRole('heading', { name: 'Import Roster' }).boundingBox())!;
  const close = (await dialog.getByRole('button', { name: 'Close dialog' }).boundingBox())!;
  expect(close.y, 'the close button starts within the title line').toBeLessThan(title.y + title.height);
  expect(close.x, 'and to its right').toBeGreaterThan(title.x + title.width);
  await dialog.getByRole('button', { name: 'Close dialog' }).click();

  await page.goto('/caseload');
  await page.getByRole('button', { name: 'Open the plan of Lee, Sam' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  const notes = page.getByRole('region', { name: 'Notes' });
  await expectBesideItsLabel(notes.getByRole('checkbox', { name: 'Staff only: hide from the student and parents' }));
});
