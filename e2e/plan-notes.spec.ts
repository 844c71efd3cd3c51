import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';

/** A signed-in page of its own (its own storage), so the three people's sessions never mix. */
async function personPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

const notesPanel = (page: Page, name = 'Notes') => page.getByRole('region', { name });

test('a counselor, the student and a parent write in the notes of the plan; staff-only notes stay with staff; the caseload counts unread', async ({ browser }) => {
  // Three people's sessions and two accessibility scans: longer than one page's journey.
  test.setTimeout(180_000);
  // The counselor opens Sam's plan from the caseload and writes a note and a staff-only note.
  const counselor = await personPage(browser, DEMO.admin);
  await expect(counselor).toHaveURL(/\/courses$/);
  await counselor.goto('/caseload');
  await counselor.getByRole('button', { name: 'Open the plan of Lee, Sam' }).click();
  await expect(counselor).toHaveURL(/\/plan$/);
  let panel = notesPanel(counselor);
  await expect(panel.getByText('No notes yet.')).toBeVisible();
  await panel.getByLabel('New note').fill('Please read https://example.org/a-g before our meeting.');
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await panel.getByLabel('New note').fill('Counselor memo: ask about the family schedule.');
  await panel.getByLabel('Staff only: hide from the student and parents').check();
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  const memo = panel.getByRole('listitem').filter({ hasText: 'Counselor memo' });
  await expect(memo).toContainText('Staff only');
  await expect(memo).toContainText('Alex Rivera');
  const link = panel.getByRole('link', { name: 'https://example.org/a-g' });
  await expect(link).toHaveAttribute('href', 'https://example.org/a-g');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  // The student sees the first note but not the staff-only one, and replies (markup stays text).
  const student = await personPage(browser, DEMO.student);
  await expect(student).toHaveURL(/\/plan$/);
  panel = notesPanel(student);
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(panel).toContainText('Please read https://example.org/a-g before our meeting.');
  await expect(panel).toContainText('Alex Rivera');
  await expect(panel.getByText('Counselor memo')).toHaveCount(0);
  await expect(panel.getByLabel('Staff only: hide from the student and parents')).toHaveCount(0);
  await panel.getByLabel('New note').fill('Thanks! <b>I will</b> read it.');
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByText('Thanks! <b>I will</b> read it.')).toBeVisible();
  await expect(panel.locator('b')).toHaveCount(0);
  // Within 15 minutes the author may delete their own note; not the counselor's.
  await expect(
    panel
      .getByRole('listitem')
      .filter({ hasText: 'Thanks!' })
      .getByRole('button', { name: /^Delete the note by Sam Lee/ }),
  ).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: 'Please read' }).getByRole('button')).toHaveCount(0);

  // The parent sees the thread from My Students and writes; their read-only view of the plan reads only.
  const parent = await personPage(browser, DEMO.parent);
  await expect(parent).toHaveURL(/\/parent-students$/);
  await parent.getByRole('button', { name: 'Notes of Sam Lee' }).click();
  panel = notesPanel(parent, 'Notes of Sam Lee');
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByText('Counselor memo')).toHaveCount(0);
  await panel.getByLabel('New note').fill('We will talk about it at home.');
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  await expect(panel.getByRole('listitem').last()).toContainText('Jordan Lee');
  await expect(panel.getByRole('listitem').last()).toContainText('Parent');

  await parent.getByRole('button', { name: 'View Student' }).click();
  await expect(parent).toHaveURL(/\/plan$/);
  panel = notesPanel(parent);
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  await expect(panel.getByLabel('New note')).toHaveCount(0);
  await expect(panel.getByText('Counselor memo')).toHaveCount(0);
  const axe = await new AxeBuilder({ page: parent }).include('.notes-panel').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(
    axe.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    ),
  ).toEqual([]);

  // Back on the caseload, the counselor has two unread notes from Sam and his parent (their own never count).
  await counselor.getByRole('button', { name: 'Return to Admin View' }).click();
  // The admin's own token is back once the view has left the plan.
  await expect(counselor).toHaveURL(/\/(students-list|caseload)$/);
  await counselor.goto('/caseload');
  const sam = counselor.getByRole('row').filter({ hasText: 'Lee, Sam' });
  await expect(sam.getByRole('cell').last()).toHaveText('2');
  // Opening the thread marks it read.
  await counselor.getByRole('button', { name: 'Open the plan of Lee, Sam' }).click();
  panel = notesPanel(counselor);
  await expect(panel.getByRole('listitem')).toHaveCount(4);
  const axeStaff = await new AxeBuilder({ page: counselor }).include('.notes-panel').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(
    axeStaff.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    ),
  ).toEqual([]);
  await counselor.getByRole('button', { name: 'Return to Admin View' }).click();
  // The admin's own token is back once the view has left the plan.
  await expect(counselor).toHaveURL(/\/(students-list|caseload)$/);
  await counselor.goto('/caseload');
  await expect(counselor.getByRole('row').filter({ hasText: 'Lee, Sam' }).getByRole('cell').last()).toHaveText('');
});
