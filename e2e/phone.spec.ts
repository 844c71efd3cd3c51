/**
 * The screens at a phone's width (390 px, below the 767 px breakpoint): the signed-in headers' menu
 * by keyboard, the plan in one column with a course added and moved from the phone, the staff lists
 * as stacked cards with their actions, and the accessibility audit of these views.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, DEMO, PASSWORD, signIn, submittedApplication, unique } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

async function audit(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${page.url()} [${v.impact}] ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** Nothing on the page reaches past the screen's right edge. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });

async function newStudent(page: Page): Promise<void> {
  const email = unique('phone.student');
  const reg = await page.request.post('/api/register/', {
    data: { signup_code: 'LINCOLN-STUDENT', email, password: 'Sunrise#2031', first_name: 'Noa', last_name: 'Reyes' },
  });
  expect(reg.status()).toBe(201);
  await signIn(page, email, 'Sunrise#2031');
  await expect(page.getByRole('heading', { name: 'Noa Reyes - Academic Plan' })).toBeVisible();
}

test('a student opens the menu by keyboard, closes it with Escape, and reaches Pathways from it', async ({ page }) => {
  await newStudent(page);
  const banner = page.getByRole('banner');
  // The wide header's links are not shown; the menu button is.
  await expect(banner.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(menuButton(page)).toBeVisible();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

  // Keyboard only: Tab from the product name reaches the menu button; Enter opens it, focus moves in.
  await banner.getByRole('link', { name: 'Pathway Planner' }).focus();
  await page.keyboard.press('Tab');
  await expect(menuButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  const menu = banner.getByRole('navigation', { name: 'Menu' });
  const controls = await menuButton(page).getAttribute('aria-controls');
  expect(await page.locator(`[id="${controls}"]`).getByRole('navigation', { name: 'Menu' }).count()).toBe(1);
  await expect(menu.getByRole('link')).toHaveText(['Academic Plan', 'Pathways', 'Courses', 'My Profile']);
  await expect(menu.getByRole('link', { name: 'Academic Plan' })).toBeFocused();

  // Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  await expect(menuButton(page)).toBeFocused();

  // Choosing a page closes the menu.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Pathways' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pathways$/);
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  await expectNoSidewaysScroll(page);

  // The open menu passes the audit.
  await menuButton(page).click();
  await expect(menu).toBeVisible();
  expect(await audit(page)).toEqual([]);
});

test('staff and parent headers put every item in the menu; the restricted dual-school header keeps its progress bar', async ({ page, browser }) => {
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/log-in/);
  await menuButton(page).click();
  await expect(page.getByRole('banner').getByRole('navigation', { name: 'Menu' }).getByRole('link')).toHaveText([
    'My Courses',
    'CC Courses',
    'Pathways',
    'Students',
    'Baseline Plans',
    'Course Requests',
    'Access Log',
    'My Profile',
  ]);

  const parent = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(parent, DEMO.parent);
  await expect(parent).not.toHaveURL(/log-in/);
  await menuButton(parent).click();
  const parentMenu = parent.getByRole('banner').locator('.header-menu-panel');
  await expect(parentMenu.getByRole('link')).toHaveText(['My Students', 'Applications', 'Payments', 'My Profile']);
  await expect(parentMenu.getByRole('button', { name: 'Switch the language to Español' })).toBeVisible();
  await parent.context().close();

  // A dual-school parent who has not finished the application: held on /application.
  const dual = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await dual.goto('/dual-parent-login');
  await dual.getByLabel('First Name').fill('Ari');
  await dual.getByLabel('Last Name').fill('Stone');
  await dual.getByLabel('Email').fill(unique('phone.dual'));
  await dual.getByLabel('Password', { exact: true }).fill('Harbor#2031');
  await dual.getByLabel('Confirm Password').fill('Harbor#2031');
  await dual.getByRole('button', { name: 'Create Account' }).click();
  await expect(dual).toHaveURL(/\/application$/);
  await expect(dual.getByRole('banner').getByRole('progressbar', { name: 'Application progress' })).toBeVisible();
  await expect(dual.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeHidden();
  await menuButton(dual).click();
  const dualMenu = dual.getByRole('banner').locator('.header-menu-panel');
  await expect(dualMenu.getByRole('button', { name: 'Switch the language to Español' })).toBeFocused();
  await expect(dualMenu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(dual.getByRole('banner').getByRole('progressbar', { name: 'Application progress' })).toBeVisible();
  await expectNoSidewaysScroll(dual);
  expect(await audit(dual)).toEqual([]);
  await dual.keyboard.press('Escape');
  await expect(menuButton(dual)).toBeFocused();
  await dual.context().close();
});

test('a student adds a course from the phone, sees all four terms in one column, and moves a course by keyboard', async ({ page }) => {
  await newStudent(page);
  const terms = page.locator('.plan-term');
  await expect(terms).toHaveCount(4);
  // One column: every term starts at the same left edge, each below the last, none past the screen.
  const boxes = await terms.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  for (const [i, b] of boxes.entries()) {
    expect(b.left).toBe(boxes[0].left);
    expect(b.right).toBeLessThanOrEqual(390);
    if (i > 0) expect(b.top).toBeGreaterThan(boxes[i - 1].bottom);
  }
  await expectNoSidewaysScroll(page);

  // Add Algebra I to 11th Grade from the course list, through the menu.
  await menuButton(page).click();
  await page.getByRole('banner').getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Courses' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  const token = await apiToken(page.request, DEMO.student);
  const res = await page.request.get('/api/user-scheduled-courses/', { headers: { Authorization: `Token ${token}` } });
  const uuid = ((await res.json()) as { course: { course_id: string; uuid: string } }[]).find((e) => e.course.course_id === '4301')!.course.uuid;
  await page.goto(`/course-page/${uuid}`);
  await page.getByLabel('Term').selectOption({ label: '11th Grade' });
  await page.getByRole('button', { name: 'Add to Plan' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  const term = (label: string) => page.getByRole('region', { name: label, exact: true });
  await expect(term('11th Grade').locator('[data-course="4301"]')).toBeVisible();

  // Keyboard move in the stacked layout: the left arrow goes to the previous term (10th Grade).
  await page.locator('[data-course="4301"]').focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: /Algebra I is over 11th Grade/ })).toBeAttached();
  // As in plan.spec.ts: a key pressed before dnd-kit listens (one tick after the drag starts) is
  // lost; press again only when no move was announced.
  await expect(async () => {
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('status').filter({ hasText: /Algebra I is over 10th Grade/ })).toBeAttached({ timeout: 3000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Space');
  await expect(term('10th Grade').locator('[data-course="4301"]')).toBeVisible();
  await page.reload();
  await expect(term('10th Grade').locator('[data-course="4301"]')).toBeVisible();
  await expect(term('11th Grade').locator('[data-course]')).toHaveCount(0);
  expect(await audit(page)).toEqual([]);
});

/** Each row is a card no wider than the screen, its cells labelled with their column's name. */
async function expectCards(page: Page, firstLabel: string) {
  const row = page.locator('table.data tbody tr').first();
  await expect(row).toBeVisible();
  const box = (await row.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const label = await row
    .locator('td')
    .first()
    .evaluate((td) => getComputedStyle(td, '::before').content);
  expect(label).toBe(JSON.stringify(firstLabel));
  await expectNoSidewaysScroll(page);
}

test('the students, access-log and admissions lists are stacked cards with the same actions', async ({ page, browser }) => {
  page.on('dialog', (d) => void d.dismiss());
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/log-in/);
  await page.goto('/students-list');
  await expect(page.getByRole('heading', { name: 'Students List' })).toBeVisible();
  await expectCards(page, 'First Name');
  const sam = page.locator('table.data tbody tr').filter({ hasText: 'student@lincoln.example' });
  // Statuses in words, never as stored.
  await expect(page.locator('main')).not.toContainText(/consent_signed|account_created|both_signed|admin_signed/);
  // The sort buttons stay above the cards.
  await page.getByRole('button', { name: /^Last Name/ }).click();
  await expect(page.getByRole('columnheader', { name: /Last Name/ }).or(page.locator('th[aria-sort="ascending"]'))).toHaveAttribute('aria-sort', 'ascending');
  expect(await audit(page)).toEqual([]);
  // The card's actions work: Delete asks first; View Student opens the plan in student view.
  await sam.getByRole('button', { name: 'Delete Sam Lee' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await sam.getByRole('button', { name: 'View Sam Lee' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByText('You are in Student View for: Sam Lee')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Return to Admin View' }).click();
  await expect(page).toHaveURL(/\/students-list$/);
  await page.goto('/access-log');
  await expect(page.getByRole('heading', { name: 'Access Log' })).toBeVisible();
  await expectCards(page, 'When');
  await expect(page.locator('table.data tbody tr').first()).toContainText('Viewed as the student');
  expect(await audit(page)).toEqual([]);

  // A dual-school family has submitted an application (the admissions list has a row).
  await submittedApplication(page.request, 'Rowan Castellanos-Whitfield');
  const staff = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(staff, 'admissions@dualschool.example', PASSWORD);
  await expect(staff).not.toHaveURL(/log-in/);
  await staff.goto('/admissions');
  await expect(staff.getByRole('heading', { name: 'Admissions' })).toBeVisible();
  await expectCards(staff, 'Student');
  const review = staff
    .locator('table.data tbody tr')
    .first()
    .getByRole('link', { name: /^Review application of/ });
  await expect(review).toBeVisible();
  expect(await audit(staff)).toEqual([]);
  await review.click();
  await expect(staff).toHaveURL(/\/admissions\/[^/]+$/);
  await expect(staff.getByTestId('application-status')).not.toHaveText(/_/);
  await staff.context().close();
});

test('a visitor reads the landing page in Vietnamese, then in Chinese, from the four-language switch', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('group', { name: 'Language' }).getByRole('button')).toHaveText(['Español', 'Tiếng Việt', '中文']);
  await banner.getByRole('button', { name: 'Switch the language to Tiếng Việt' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mọi học sinh đều xứng đáng có một con đường rõ ràng đến đại học và nghề nghiệp');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expectNoSidewaysScroll(page);
  expect(await audit(page)).toEqual([]);

  await banner.getByRole('button', { name: 'Chuyển ngôn ngữ sang 中文' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('每个学生都应该有一条通往大学和职业的清晰道路');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(banner.getByRole('button', { name: '将语言切换为 English' })).toHaveAttribute('lang', 'en');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('landing-zh.png') });
  // The choice outlives a reload (kept in the browser for a visitor without an account).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('每个学生都应该有一条通往大学和职业的清晰道路');
});
