/**
 * The staff screens at a laptop's width (1366 px): no table scrolls sideways, the students list's
 * actions are clickable where they are, statuses read in words, and the header shows its links
 * (the phone menu stays hidden).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, PASSWORD, signIn, submittedApplication, unique } from './helpers';

test.use({ viewport: { width: 1366, height: 900 } });

/** Every table on the page fits its container, and the page itself does not scroll sideways. */
async function expectTablesFit(page: Page, path: string, atLeast = 1) {
  const tables = await page.locator('table').evaluateAll((ts) =>
    ts.map((t) => {
      const box = t.parentElement!;
      return { table: t.scrollWidth, scroll: box.scrollWidth, client: box.clientWidth };
    }),
  );
  expect(tables.length, `tables on ${path}`).toBeGreaterThanOrEqual(atLeast);
  for (const t of tables) {
    expect(t.scroll, `${path}: ${JSON.stringify(t)}`).toBeLessThanOrEqual(t.client);
    expect(t.table, `${path}: ${JSON.stringify(t)}`).toBeLessThanOrEqual(t.client);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(1366);
}

async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

test("the students list fits: every row's actions are on screen and clickable, statuses read in words", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/log-in/);
  // The wide header: links shown, no menu button.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();

  await visit(page, '/students-list', 'Students List');
  await expectTablesFit(page, '/students-list');
  const container = (await page.locator('.table-fit').boundingBox())!;
  for (const button of await page.getByRole('button', { name: /^(View|Delete) / }).all()) {
    const b = (await button.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(container.x + container.width);
  }
  // The dashboard and the list say what a status means, never the stored value.
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: /^Consent Signed: \d+ students?\. Show them in the list\.$/ })).toBeVisible();
  await expect(main.getByRole('button', { name: /^Account Created: \d+ students?\./ })).toBeVisible();
  await expect(main).not.toContainText(/consent_signed|account_created|admin_signed|both_signed/);
  await main.getByRole('button', { name: /^Consent Signed: / }).click();
  await expect(main.getByRole('status').filter({ hasText: 'Showing students with CCCApply status: Consent Signed.' })).toBeVisible();
  await expect(main.getByRole('row', { name: /Chloe/ })).toContainText('Consent Signed');
  await main.getByRole('button', { name: 'Show all students' }).click();

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The last row's View button is clicked where it is, without any sideways scrolling.
  const scrollX = await page.evaluate(() => window.scrollX);
  const sam = page.getByRole('row').filter({ hasText: 'student@lincoln.example' });
  await sam.getByRole('button', { name: 'View Sam Lee' }).click({ trial: true });
  expect(await page.evaluate(() => window.scrollX)).toBe(scrollX);
  await sam.getByRole('button', { name: 'View Sam Lee' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByText('You are in Student View for: Sam Lee')).toBeVisible();
});

test('every staff table fits at 1366 px: lists, outbox, roster rejects, baseline plans, consent template, admissions, payments', async ({ page, browser }) => {
  page.on('dialog', (d) => void d.dismiss());
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/log-in/);

  // A roster with a long rejected row: the dialog's table of rejects fits, and the emails reach the outbox.
  await visit(page, '/students-list', 'Students List');
  await page.getByRole('button', { name: 'Import Roster' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Roster' });
  const long = `an.unusually.long.address.for.a.student.${Date.now()}@a-very-long-district-domain.example.org`;
  await dialog.getByLabel('CSV File').setInputFiles({
    name: 'roster.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `sourcedId,givenName,familyName,email,grade\nLAP-1,Robin,Quill,${unique('laptop.kid')},09\nLAP-2-WITH-A-LONG-SOURCED-IDENTIFIER-0001,,NoName,${long},10\n`,
    ),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('row', { name: /givenName and familyName are required/ })).toBeVisible();
  const rejects = await dialog.locator('table').evaluate((t) => ({ table: t.scrollWidth, box: t.parentElement!.clientWidth, boxScroll: t.parentElement!.scrollWidth }));
  expect(rejects.boxScroll).toBeLessThanOrEqual(rejects.box);
  expect(rejects.table).toBeLessThanOrEqual(rejects.box);
  await page.keyboard.press('Escape');

  await visit(page, '/students-list', 'Students List');
  await expectTablesFit(page, '/students-list');
  // Viewing as a student leaves a row in the access log.
  await page.getByRole('row').filter({ hasText: 'student@lincoln.example' }).getByRole('button', { name: 'View Sam Lee' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await page.getByRole('button', { name: 'Return to Admin View' }).click();
  await expect(page).toHaveURL(/\/students-list$/);

  for (const [path, heading] of [
    ['/access-log', 'Access Log'],
    ['/outbox', 'Outbox'],
    ['/baseline-plans', /Baseline Plans/],
    ['/consent-template', /Consent/],
  ] as const) {
    await visit(page, path, heading);
    await expectTablesFit(page, path);
  }
  // Course requests: the demand table, where the school has a request window (none in a fresh demo).
  await visit(page, '/course-requests', /^Course requests$/);
  await expectTablesFit(page, '/course-requests', 0);

  await submittedApplication(page.request, 'Maximiliano Alejandro Castellanos-Whitfield');
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const staff = await context.newPage();
  await signIn(staff, 'admissions@dualschool.example', PASSWORD);
  await expect(staff).not.toHaveURL(/log-in/);
  await visit(staff, '/admissions', 'Admissions');
  await expectTablesFit(staff, '/admissions');
  await expect(staff.getByRole('row', { name: /Maximiliano/ })).toContainText('In Progress');
  await visit(staff, '/admissions/payments', /Payments/);
  await expectTablesFit(staff, '/admissions/payments', 0);
  await visit(staff, '/students-list', 'Students List');
  await expectTablesFit(staff, '/students-list');
  await context.close();
});
